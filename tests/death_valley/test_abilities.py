"""Ability scores at the table (the ``ability`` event, catalogs with names and abilities), entries typed
as people type them, warnings about who can act, and the final breakdown with the rule that decided."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.games.death_valley as dv
from companion.errors import EventError, RulesetError
from companion.games.death_valley import catalog as cat
from companion.games.death_valley.engine import CARD_IDS, ROBOT, choices, result, score
from companion.games.death_valley.explain import (
    breakdown_lines,
    decision_line,
    describe_outcome,
    describe_risk,
    event_line,
    report,
    winner_lines,
)
from companion.games.death_valley.notation import format_ability, parse_ability, parse_move, parse_rest
from companion.games.death_valley.risk import risks
from companion.i18n import LOCALES, translator
from tests.death_valley.helpers import fresh, move, play, reveal, travel

EN = translator("en")


def ability(card: str, points) -> dict:
    return {"event": "ability", "card": card, "points": points}


# -- the engine ------------------------------------------------------------------------------------
def test_an_ability_score_counts_in_the_journey_and_the_album_but_not_hidden():
    state = fresh(faceup="heat-1")
    state, _ = play(state, move("land-1", "deck", "journey:Ava"), move("land-2", "deck", "album:Ava"),
                    ability("land-1", 2), ability("land-2", -1), ability("heat-2", 5))
    assert score(state, "Ava").abilities == 1 and dv.scores(state)["Ava"] == 1
    state, (out,) = play(state, ability("land-1", 4))
    assert (out.points, out.previous_points, out.card) == (4, 2, "land-1")
    assert dv.summary(state)["scores"]["Ava"] == 3          # replay --json counts it too


def test_the_robot_counts_only_positive_abilities_in_its_journey():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, move("land-1", "deck", "journey:robot"), move("land-2", "deck", "journey:robot"),
                    ability("land-1", 3), ability("land-2", -2))
    assert score(state, ROBOT).abilities == 3


def test_abilities_are_accepted_before_the_first_reveal_and_after_the_end():
    state = fresh(faceup=None)
    assert choices(state).may("ability")
    state, _ = play(state, ability("heat-1", 1))
    state = fresh(faceup="heat-1", stars={"heat-2": 1})
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS if c not in ("heat-1", "heat-2")])
    state, _ = play(state, travel("heat-2", "deck"))
    assert state.finished and result(state).winners == ("Ava",)
    state, (out,) = play(state, ability("heat-2", -5))       # a late correction changes the result
    assert out.finished and out.winners == ("Ben",)
    assert describe_outcome(out, state, EN)[1:] == ["Winner: Ben.", "Ben wins on points: 0 against -4."]


@pytest.mark.parametrize(("event", "code"), [
    (ability("heat-1", 100), "valley.bad_ability"),
    (ability("heat-1", -100), "valley.bad_ability"),
    (ability("heat-1", True), "valley.bad_ability"),
    (ability("heat-1", "2"), "valley.bad_ability"),
    ({"event": "ability", "card": "heat-1"}, "valley.bad_ability"),
    (ability("heat-7", 1), "valley.unknown_card"),
    ({"event": "ability", "points": 1}, "valley.missing_field"),
])
def test_a_bad_ability_event_is_refused_and_changes_nothing(event, code):
    state = fresh(faceup="heat-1")
    before = dv.summary(state), state
    with pytest.raises(EventError) as info:
        dv.apply(state, event)
    assert info.value.code == code
    assert (dv.summary(state), state) == before


# -- catalogs --------------------------------------------------------------------------------------
def catalog_text(**cards: str) -> str:
    lines = []
    for card in CARD_IDS:
        lines += [f"[cards.{card}]", f'hazard = "{card.split("-")[0]}"', cards.get(card.replace("-", "_"), ""), ""]
    return "\n".join(lines)


@pytest.mark.parametrize(("extra", "key", "other"), [
    ({"land_1": 'name = { en = "Badwater" }', "land_2": 'name = { en = " bad WATER " }'}, "cards.land-2.name.en",
     "land-1"),
    ({"heat_1": 'name = { fa = "flood-2" }'}, "cards.heat-1.name.fa", "flood-2"),
])
def test_two_cards_may_not_share_a_name(tmp_path: Path, extra, key, other):
    path = tmp_path / "cards.toml"
    path.write_text(catalog_text(**extra), encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        cat.load_catalog(path)
    assert info.value.code == "valley.catalog_same_name"
    assert info.value.params["key"] == key and info.value.params["other"] == other


def test_the_same_name_in_two_languages_is_fine(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text(catalog_text(land_1='name = { en = "Dunes", fa = "Dunes" }', land_2='ability = 3'),
                    encoding="utf-8")
    loaded = cat.load_catalog(path)
    assert loaded["land-1"].names == {"en": "Dunes", "fa": "Dunes"} and loaded["land-2"].ability == 3


def test_remember_ability_writes_the_host_catalog_and_keeps_a_broken_one(tmp_path: Path):
    path = tmp_path / "own.toml"
    cat.remember_stars("land-1", 2, path)
    written = cat.remember_ability("land-1", -3, path)
    assert written["land-1"].ability == -3 and written["land-1"].stars == 2
    assert cat.load_catalog(path)["land-1"].ability == -3
    with pytest.raises(RulesetError):
        cat.remember_ability("land-1", 100, path)
    path.write_text("[cards.land-1]\nhazard = 3\n", encoding="utf-8")
    broken = path.read_bytes()
    with pytest.raises(RulesetError):
        cat.remember_ability("land-1", 1, path)
    assert path.read_bytes() == broken


def test_a_given_catalog_wins_and_borrows_the_stars_it_lacks():
    own = cat.blank_catalog().with_card("land-1", stars=4).with_card("land-2", stars=1, ability=5)
    given = cat.blank_catalog().with_card("land-2", stars=2, names={"en": "Dunes"})
    table = cat.table_catalog(own, given)
    assert table is not None
    assert (table["land-1"].stars, table["land-2"].stars, table["land-2"].ability) == (4, 2, 0)
    assert cat.table_catalog(own, None) is own and cat.table_catalog(None, given) is given
    named = cat.with_names(cat.blank_catalog().with_card("land-1", names={"en": "Mine"}), cat.table_catalog(
        None, given.with_card("land-1", names={"en": "Theirs"})))
    assert named["land-1"].names == {"en": "Mine"} and named["land-2"].names == {"en": "Dunes"}


# -- typed as people type --------------------------------------------------------------------------
def table_state(players=("Ava", "阿華")):
    state = fresh(faceup="animal-1", players=players)
    return play(state, *[move(c, "deck", "journey:Ava") for c in ("heat-1", "heat-2", "animal-2")])[0]


@pytest.mark.parametrize(("locale", "text"), [
    ("fa", "گرما ۱ + گرما ۲ - حیوان ۲"),          # as the screen writes the names: a space, Persian digits
    ("fa", "گرما۱+گرما۲-حیوان۲"),
    ("fa", "\u200fگرما ۱\u200f + گرما ۲ - حيوان ۲"),  # direction marks, the Arabic ye
    ("en", "heat-1 + heat-2 - animal-2"),
    ("en", "HEAT 1+heat 2-Animal 2"),
    ("en", "h1+h2-a2"),
    ("zh_Hant", "高溫1+高溫2-動物2"),               # no spaces
    ("zh_Hans", "高温1 + 高温2 -- 动物2"),
    ("zh_Hant", "高溫１＋高溫２－動物２"),           # full-width forms
])
def test_rests_typed_in_every_way(locale, text):
    state = table_state()
    assert parse_rest(text, state, translator(locale)) == {
        "event": "rest", "card": "heat-1", "tuck": ["heat-2"], "return": ["animal-2"]}


@pytest.mark.parametrize(("locale", "text", "zone"), [
    ("fa", "گرما ۱ دسته", "deck"),
    ("fa", "گرما۱ آلبوم 阿華", "album:阿華"),
    ("zh_Hant", "高溫1牌堆", "deck"),
    ("zh_Hant", "高溫1相簿阿華", "album:阿華"),
    ("zh_Hans", "高温1旅程ava", "journey:Ava"),
    ("en", "HEAT 1 Album AVA", "album:Ava"),
    ("en", "heat-1 discard pile", "discard"),
])
def test_moves_typed_in_every_way(locale, text, zone):
    state = table_state()
    assert parse_move(text, state, translator(locale)) == {"event": "move", "card": "heat-1",
                                                           "from": "journey:Ava", "to": zone}


@pytest.mark.parametrize(("locale", "text", "card", "points"), [
    ("en", "land-1 2", "land-1", 2),
    ("en", "LAND 1 -3", "land-1", -3),
    ("en", "l1 +4", "land-1", 4),
    ("en", "heat-1-1", "heat-1", -1),
    ("fa", "گرما ۱ ۲", "heat-1", 2),
    ("fa", "گرما۱ −۲", "heat-1", -2),
    ("zh_Hant", "高溫1 3", "heat-1", 3),
    ("zh_Hans", "高温1-3", "heat-1", -3),
])
def test_ability_scores_typed(locale, text, card, points):
    assert parse_ability(text, table_state(), translator(locale)) == {"event": "ability", "card": card,
                                                                      "points": points}


@pytest.mark.parametrize(("text", "code"), [
    ("高溫12", "valley.ability_entry"),     # heat-1 and 2, or a card 12? refused, never guessed
    ("land-1", "valley.ability_entry"),
    ("land-1 two", "valley.ability_entry"),
    ("", "valley.ability_entry"),
    ("nothing 2", "valley.ability_entry"),
    ("land-1 100", "valley.bad_ability"),
])
def test_bad_ability_entries(text, code):
    state = table_state()
    before = dv.summary(state)
    with pytest.raises(EventError) as info:
        parse_ability(text, state, translator("zh_Hant"))
    assert info.value.code == code
    assert dv.summary(state) == before


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("points", [0, 7, -2, 99])
def test_format_ability_reads_back(locale, points):
    state, tr = table_state(), translator(locale)
    for card in CARD_IDS:
        event = {"event": "ability", "card": card, "points": points}
        assert parse_ability(format_ability(event, state, tr), state, tr) == event
        assert parse_ability(format_ability(event), state, tr) == event


# -- warnings: who can act --------------------------------------------------------------------------
def test_backseat_warns_the_other_player_only_about_the_face_up_card():
    state = fresh("backseat", faceup="land-1")
    state, _ = play(state, move("heat-1", "deck", "journey:Ben"), move("heat-2", "deck", "journey:Ben"),
                    move("heat-3", "deck", "journey:Ava"), move("heat-4", "deck", "journey:Ava"))
    mine, theirs = risks(state)
    assert mine.player == "Ava" and theirs.player == "Ben" and theirs.gets == ("faceup",)
    ava = describe_risk(mine, state, EN)
    ben = describe_risk(theirs, state, EN)
    assert any(line.startswith("Chance that the top deck card busts Ava") for line in ava)
    assert not any("deck card" in line for line in ben), ben
    assert ben == ["Ben is one card away from a bust in: heat."]
    state, _ = play(state, move("land-1", "desert", "deck"), move("heat-5", "deck", "desert"))
    ben = describe_risk(risks(state)[1], state, EN)
    assert ben[-1] == "The face-up card Heat 5 would bust Ben if it went into their journey."


def test_the_standard_game_warns_only_the_player_who_acts():
    state = fresh(faceup="land-1")
    assert [r.player for r in risks(state)] == ["Ava"]


def test_solo_on_the_robots_turn_the_human_is_not_warned_about_the_deck():
    state = fresh("solo", faceup="land-2")
    state, _ = play(state, move("land-1", "deck", "journey:robot"), move("heat-2", "deck", "journey:Eve"),
                    move("heat-3", "deck", "journey:Eve"), travel("flood-1", "deck"))
    assert state.active == ROBOT and choices(state).robot.rule == 3
    robot, human = risks(state)
    assert robot.gets == ("deck",) and human.gets == ()
    assert not any("deck card busts Eve" in line for line in describe_risk(human, state, EN))


# -- the end: who won by which rule, and every score taken apart --------------------------------------
def finished(mode="standard", extra=(), last="heat-2", **header):
    state = fresh(mode, faceup="heat-1", **header)
    state, _ = play(state, *extra)
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS
                             if c not in ("heat-1", "heat-2") and c in state.deck])
    state, _ = play(state, travel(last, "deck"))
    assert state.finished
    return state


def test_a_win_on_points_says_the_points():
    state = finished(stars={"heat-2": 3}, ability={"heat-2": 1})
    assert winner_lines(state, EN) == ["Winner: Ava.", "Ava wins on points: 4 against 0."]
    assert breakdown_lines(state, EN) == [
        "Ava: score 4 = journey stars 3 + abilities 1; busts 0.", "Abilities of Ava: Heat 2 (1).",
        "Ben: score 0 = journey stars 0 + abilities 0; busts 0."]


def test_a_tie_broken_by_busts_names_the_rule_and_the_numbers():
    state = fresh(faceup="heat-1", stars={"land-2": 2})
    state, _ = play(state, move("heat-4", "deck", "journey:Ava"), move("heat-5", "deck", "journey:Ava"),
                    move("land-3", "deck", "album:Ava"), ability("land-3", 2),
                    travel("heat-1"), reveal("flood-1"),   # Ava busts on heat
                    travel("land-2", "deck"))              # Ben: 2 stars
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS if c in state.deck and c != "flood-2"])
    state, _ = play(state, travel("flood-2", "deck"))      # Ava: the desert is down to one card
    assert state.finished and result(state).decided_by == "fewer_busts"
    assert decision_line(state, EN) == "Ava and Ben are tied on points (2); Ben wins the tie on busts: 0 against 1."
    fa = decision_line(state, translator("fa"))
    assert "۰" in fa and "۱" in fa and "0" not in fa


def test_a_shared_win_and_the_robots_harder_rule():
    state = finished()
    assert decision_line(state, EN) == "Ava and Ben are tied on points (0) and on busts (0): they share the win."
    solo = finished("solo", options={"robot_bust_rule": True, "robot_discard_bonus": True}, stars={"heat-2": 9})
    lines = winner_lines(solo, EN)
    assert lines == ["The robot wins: it busted no more often than Eve.", "Busts: the robot 0, Eve 0."]
    bonus = len(solo.discard)
    assert breakdown_lines(solo, EN)[-1] == (f"Robot: score {bonus} = journey stars 0 + abilities 0 "
                                             f"+ discard pile {bonus}; busts 0.")
    assert "Robot: score" in "\n".join(report(solo, EN))


@pytest.mark.parametrize("locale", LOCALES)
def test_event_lines_in_every_language(locale):
    tr = translator(locale)
    state = fresh("backseat", faceup="heat-1")
    state, outs = play(state, travel("heat-1", to="Ben"), reveal("heat-2"), travel("flood-1", "deck"),
                       ability("flood-1", 2), {"event": "stars", "card": "flood-1", "stars": 1})
    lines = [event_line(o, state, tr) for o in outs]
    assert all(lines) and len(set(lines)) == len(lines)
    assert all("{" not in line for line in lines)
    if locale == "en":
        assert lines == ["Ava gives the face-up Heat 1 to Ben.", "Face up: Heat 2.", "Ben draws Flood 1 from the deck.",
                         "The ability of Flood 1 scores 2 points.", "Flood 1 has 1 star."]
