"""Diamant at the table (issue 12): the entry field never records what was not typed, decisions are
read as people type them in every language, ties and final breakdowns are explained, and facts that
do not apply are left out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import diamant
from companion.games.diamant import explain
from companion.games.diamant.explain import hazard_name
from companion.games.diamant.notation import (
    LEAVE,
    NotationError,
    format_decision,
    parse_entry,
    suggest_entry,
)
from companion.i18n import LOCALES, translator
from companion.messages import describe_error

from .helpers import H, L, R, T, play, start

EN, FA, HANT, HANS = (translator(locale) for locale in LOCALES)


def refused(text, state, tr=EN):
    """The error ``parse_entry`` raises for ``text`` (and the state it was given is left as it was)."""
    before = state
    with pytest.raises(NotationError) as info:
        parse_entry(text, state, tr)
    assert state == before
    return info.value


# -- 1. completion never records what was not typed ------------------------------------------------
@pytest.mark.parametrize(("ruleset", "text", "choices"), [
    ("diamant-classic", "L", ["leave", "landslide"]),      # L Enter recorded a landslide
    ("diamant-classic", "l", ["leave", "landslide"]),
    ("diamant", "L", ["leave", "lava"]),                    # ... and lava in Diamant
    ("incan-gold", "s", ["spider", "snake"]),
    ("incan-gold", "r", ["rockfall", "relic"]),             # the relic shorthand begins rockfall
    ("diamant", "r", ["rockfall", "battering ram", "relic"]),
    ("diamant-classic", "s", ["scorpion", "snake"]),
])
def test_a_prefix_of_several_things_asks_and_lists_them(ruleset, text, choices):
    error = refused(text, start(ruleset))
    assert error.code == "diamant.ambiguous_entry"
    shown = error.params["choices"]
    positions = [shown.index(choice) for choice in choices]
    assert positions == sorted(positions) and len(choices) == len(positions)
    sentence = describe_error(error, EN)
    assert f"“{text}”" in sentence and all(choice in sentence for choice in choices)


def test_ambiguity_in_every_language():
    state = start("incan-gold")
    error = refused("م", state, FA)  # مار (snake) and مومیایی (mummy)
    assert error.code == "diamant.ambiguous_entry"
    assert error.params["choices"] == "مار یا مومیایی"  # Persian "or", no comma before it
    choices = refused("l", start("diamant"), HANT).params["choices"]
    assert choices == f"{HANT.gettext(LEAVE)}或{hazard_name('lava', HANT)}"


def test_exact_names_rank_first_and_unambiguous_prefixes_still_work():
    classic, gold = start("diamant-classic"), start("incan-gold")
    assert parse_entry("landslide", classic, EN) == H("landslide")
    assert parse_entry("la", classic, EN) == H("landslide")    # no longer the leave word
    assert parse_entry("sn", gold, EN) == H("snake")
    assert parse_entry("snak", gold, EN) == H("snake")         # the completion shows "snake"
    assert parse_entry("re", gold, EN) == R()
    assert parse_entry("relic", gold, EN) == R()
    assert parse_entry("r 7", start("house-001", ("Ava", "Ben")), EN) == R(7)
    assert parse_entry("蛇", gold, HANS) == H("snake")
    assert parse_entry("ریزش", gold, FA) == H("rockfall")      # the first word of ریزش سنگ
    house = start("house-001", ("Ava", "Ben"))
    assert parse_entry("تار", house, FA) == H("web")
    assert parse_entry("عنکبوت", start("diamant"), FA) == H("spider")  # exact, though تار عنکبوت contains it


@pytest.mark.parametrize(("locale", "text", "word"), [
    ("en", "spidr", "spider"),
    ("en", "snaek", "snake"),
    ("en", "mumy", "mummy"),
    ("fa", "spidr", "spider"),              # English words are read in every language
    ("fa", "عنکبت", "عنکبوت"),
    ("en", "laeve", "leave"),
])
def test_near_misses_ask_did_you_mean(locale, text, word):
    error = refused(text, start("incan-gold"), translator(locale))
    assert error.code == "diamant.did_you_mean" and error.params == {"text": text, "word": word}


def test_what_names_nothing_says_so_without_relics_where_there_are_none():
    assert refused("dragon", start("incan-gold")).code == "tui.unknown_card"
    error = refused("dragon", start("diamant-classic"))
    assert error.code == "diamant.not_a_card"
    sentence = describe_error(error, EN)
    assert "relic" not in sentence and "landslide" in sentence


def test_hints_use_the_players_own_names_and_this_games_words():
    from companion.games.diamant.notation import examples

    state = play(start("incan-gold", ("Dara", "Eli", "Fay")), T(9), L("Dara"))[0]
    assert examples(state, EN) == ("7, spider, or relic", "leave Eli Fay", "leave 2 3")  # those in the cave
    assert examples(start("diamant-classic", ("Dara", "Eli", "Fay")), EN)[0] == "7 or scorpion"  # no relics
    cards, by_name, by_seat = examples(start("incan-gold", ("دارا", "Eli", "Fay")), FA)
    assert cards == "۷، عنکبوت یا عتیقه" and by_name == "برگشت دارا Eli" and by_seat == "برگشت ۱ ۲"
    sentence = describe_error(refused("leave", start("incan-gold", ("Dara", "Eli", "Fay"))), EN)
    assert "Dara" in sentence and "Ava" not in sentence


def test_the_suggester_shows_nothing_where_enter_would_ask():
    gold = start("incan-gold")
    assert suggest_entry("s", gold, EN) is None          # spider or snake
    assert suggest_entry("sp", gold, EN) == "spider"
    assert suggest_entry("r", gold, EN) is None
    assert suggest_entry("L", start("diamant-classic"), EN) is None


# -- 2. decisions as people type them -----------------------------------------------------------
@pytest.mark.parametrize("tr", [HANT, HANS, EN], ids=["zh_Hant", "zh_Hans", "en"])
def test_chinese_leaves_need_no_space(tr):
    state = play(start("incan-gold", ("阿华", "小明", "阿华强", "Dee")), T(9))[0]
    assert parse_entry("撤退阿华", state, tr) == L("阿华")
    assert parse_entry("撤退 阿华", state, tr) == L("阿华")
    assert parse_entry("撤退阿华强", state, tr) == L("阿华强")          # the longest name first
    assert parse_entry("撤退阿华小明", state, tr) == L("阿华", "小明")
    assert parse_entry("撤退小明阿华强", state, tr) == L("小明", "阿华强")
    assert parse_entry("撤退阿华、小明", state, tr) == L("阿华", "小明")
    assert parse_entry("撤退阿华，小明，Dee", state, tr) == L("阿华", "小明", "Dee")
    assert parse_entry("撤退2、4", state, tr) == L("小明", "Dee")
    assert parse_entry("撤退小", state, tr) == L("小明")               # the beginning of one name
    error = refused("撤退阿", state, tr)                                 # 阿华 or 阿华强
    assert error.code == "diamant.ambiguous_player" and error.params["name"] == "阿"
    assert refused("撤退老王", state, tr).code == "tui.unknown_player"
    error = refused("撤退", state, tr)
    assert error.code == "diamant.no_leavers"
    assert error.params == {"by_name": f"{tr.gettext(LEAVE)} 阿华 小明", "by_seat": f"{tr.gettext(LEAVE)} 1 2"}


def test_the_persian_edition_word_and_the_translated_one():
    state = play(start("diamant", ("آوا", "بهرام", "Chen")), T(9))[0]
    assert parse_entry("خروج آوا", state, FA) == L("آوا")
    assert parse_entry("برگشت آوا، بهرام", state, FA) == L("آوا", "بهرام")
    assert parse_entry("خروج ۲ ۳", state, FA) == L("بهرام", "Chen")
    assert parse_entry("خروج آوا", state, EN) == L("آوا")     # a Persian host with the screen in English
    assert parse_entry("خروج آوا", state, HANT) == L("آوا")
    assert parse_entry("خروج آوا", state, FA) == parse_entry("برگشت آوا", state, FA)


def test_arabic_letters_from_a_persian_keyboard_read_as_persian():
    state = play(start("diamant", ("علی", "Ben", "Chen")), T(9))[0]
    assert parse_entry("برگشت علي", state, FA) == L("علی")   # ي typed for ی


def test_latin_names_still_need_their_spaces():
    state = play(start("diamant", ("Ava", "Ben", "Chen")), T(9))[0]
    assert refused("L AvaBen", state).code == "tui.unknown_player"
    assert parse_entry("L Ava,Ben", state, EN) == L("Ava", "Ben")


def test_suggestions_complete_glued_chinese_names():
    state = play(start("incan-gold", ("阿华", "小明", "Dee")), T(9))[0]
    assert suggest_entry("撤退阿", state, HANS) == "撤退阿华"
    assert suggest_entry("撤退阿华小", state, HANS) == "撤退阿华小明"
    assert suggest_entry("撤退阿华阿", state, HANS) is None  # 阿华 is named already


# -- 3, 4. ties and the breakdown ------------------------------------------------------------------
def _over(ruleset, chests, relics, players=("Ava", "Ben", "Dara")):
    state = start(ruleset, players)
    return replace(state, finished=True, in_round=False, chest=chests, relics=relics)


def test_a_tie_broken_on_relics_says_so():
    state = _over("incan-gold", (15, 20, 5), ((5,), (), (5, 10)))  # 20 each; 1, 0 and 2 relics
    assert [state.score(i) for i in range(3)] == [20, 20, 20] and state.winners() == ("Dara",)
    assert explain.tie_lines(state, EN) == ["Dara wins the tie on relics: 2 against 1 and 0."]
    outright = replace(state, chest=(15, 20, 30))
    assert explain.tie_lines(outright, EN) == []  # Dara 45 wins outright: no tie to explain
    two = _over("incan-gold", (5, 5, 0), ((5, 5, 5), (5, 5, 5), (10,)))  # Ava and Ben 20 with 3 each
    assert two.winners() == ("Ava", "Ben")
    assert explain.tie_lines(two, EN) == [
        "Ava and Ben are tied at 20 points and on relics (3 each): they share the win."]
    three = _over("incan-gold", (10, 10, 15), ((5, 5), (5, 5), (5,)))  # 20 each; Ava and Ben 2, Dara 1
    assert explain.tie_lines(three, EN) == ["Ava and Ben win the tie on relics: 2 each against 1."]


def test_the_example_of_the_issue():
    state = _over("incan-gold", (10, 10, 0), ((5, 10), (15,), ()), players=("Dara", "Ava", "Ben"))
    assert state.scores() == {"Dara": 25, "Ava": 25, "Ben": 0}
    assert explain.tie_lines(state, EN) == ["Dara wins the tie on relics: 2 against 1."]
    assert explain.final_lines(state, EN)[-1] == "Winner: Dara."


def test_a_tie_the_rules_leave_tied_is_a_shared_win():
    nobody = _over("incan-gold", (7, 7, 1), ((), (), ()))
    assert explain.tie_lines(nobody, EN) == [
        "Ava and Ben are tied at 7 points and none has a relic: they share the win."]
    shared = _over("diamant", (15, 10, 5), ((), (5,), (5, 5)))  # 15 each: Diamant breaks no tie
    assert shared.winners() == ("Ava", "Ben", "Dara")
    assert explain.tie_lines(shared, EN) == [
        "Ava, Ben, and Dara are tied at 15 points: the rules of this edition share the win."]
    assert explain.final_lines(shared, EN)[-1] == "Shared win: Ava, Ben, and Dara."
    one = _over("diamant-classic", (1, 1, 0), ((), (), ()))
    assert explain.tie_lines(one, EN) == ["Ava and Ben are tied at 1 point: the rules of this edition share the win."]


def test_ties_in_persian_use_persian_digits():
    state = _over("incan-gold", (10, 10, 0), ((5, 10), (15,), ()), players=("دارا", "آوا", "بهرام"))
    line = explain.tie_lines(state, FA)[0]
    assert "دارا" in line and "۲" in line and "۱" in line and not any(c.isascii() and c.isdigit() for c in line)


def test_the_final_breakdown_names_what_applies():
    gold = _over("incan-gold", (20, 15, 10), ((5,), (10, 5), ()))
    assert explain.final_lines(gold, EN)[:3] == [
        "Ben: chest 15 + 2 relics (10 + 5) = 30",
        "Ava: chest 20 + 1 relic (5) = 25",
        "Dara: chest 10, no relics = 10",
    ]
    classic = _over("diamant-classic", (20, 15, 10), ((), (), ()))
    lines = explain.final_lines(classic, EN)
    assert lines[0] == "Ava: chest 20, total 20" and not any("relic" in line for line in lines)
    house = _over("house-001", (10, 17, 3), ((), (), ()))
    assert explain.final_lines(house, EN)[0] == "Ben: chest 17 + 5 starting gems = 22"
    assert not any("relic" in line for line in explain.final_lines(house, EN))
    assert explain.final_lines(start("incan-gold"), EN) == []  # not over yet


def test_the_report_of_a_finished_game_has_the_breakdown_and_the_tie():
    state = _over("incan-gold", (10, 10, 0), ((5, 10), (15,), ()), players=("Dara", "Ava", "Ben"))
    lines = explain.report(state, EN)
    assert "Dara: chest 10 + 2 relics (5 + 10) = 25" in lines
    assert "Dara wins the tie on relics: 2 against 1." in lines and lines[-1] == "Winner: Dara."


# -- 5. words fit their number; clauses that say nothing are left out -----------------------------
def test_a_bust_does_not_say_someone_lost_0_gems():
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    state, (_t, _l, _h, bust) = play(state, T(3), L("Ava"), H("snake"), H("snake"))  # Ben, Chen carry 1 each
    lines = explain.describe(bust, EN)
    assert "Ben loses the 1 gem they carried." in lines
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    state, (_h, bust) = play(state, H("snake"), H("snake"))
    assert not any("0 gem" in line for line in explain.describe(bust, EN))


def test_the_counts_relics_rule():
    assert explain.counts_relics(start("incan-gold").rules) and explain.counts_relics(start("diamant").rules)
    assert not explain.counts_relics(start("diamant-classic").rules)
    assert not explain.counts_relics(start("house-001", ("A", "B")).rules)  # their gems go to the chest


# -- 6. one line per event -------------------------------------------------------------------------
def test_event_lines():
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    events = [T(7), T(9), R(), L("Ava", "Ben"), T(1), L("Chen")]
    lines = []
    for event in events:
        state, outcome = diamant.apply(state, event)
        lines.append(explain.event_line(state, event, outcome, EN))
    assert lines == ["Treasure 7: 2 each, 1 stays on the path", "Treasure 9: 3 each",
                     "A relic on the path", "Ava and Ben leave", "Treasure 1: all 1 to Chen",
                     "Chen leaves alone with 1 relic worth 5"]
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    state, outcomes = play(state, T(11), L("Ava"), T(5), H("spider"), H("spider"))
    assert explain.event_line(state, None, outcomes[2], EN) == "Treasure 5: 2 each, 1 stays on the path"
    assert explain.event_line(state, None, outcomes[3], EN) == "Spider: the first one this round"
    assert explain.event_line(state, None, outcomes[4], EN) == "Spider (2nd): bust, 10 gems lost"
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    state, outcomes = play(state, T(1), L("Ava", "Ben"), T(2), L("Chen"))
    assert explain.event_line(state, None, outcomes[2], EN) == "Treasure 2: all 2 to Chen"
    assert explain.event_line(state, None, outcomes[3], EN) == "Chen leaves, the last one out"
    house = start("house-001", ("Ava", "Ben"))
    house, outcomes = play(house, T(7), R(4))
    assert explain.event_line(house, None, outcomes[0], EN) == "Treasure 7: 3 each, +1 for Ava"
    assert explain.event_line(house, None, outcomes[1], EN) == "A relic worth 4 on the path"


@pytest.mark.parametrize("locale", LOCALES)
def test_event_lines_in_every_language_use_its_digits(locale):
    tr = translator(locale)
    state = start("incan-gold", ("Ava", "Ben", "Chen"))
    state, outcome = diamant.apply(state, T(17))
    line = explain.event_line(state, T(17), outcome, tr)
    assert tr.digits("17") in line and tr.digits("5") in line and tr.digits("2") in line


def test_decisions_are_still_written_so_that_they_read_back():
    state = play(start("incan-gold", ("阿华", "小明", "Dee")), T(9))[0]
    for tr in (EN, FA, HANT, HANS):
        event = L("阿华", "小明")
        assert parse_entry(format_decision(event, state, tr), state, tr) == event
