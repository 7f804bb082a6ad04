"""The notation's word tables and hint examples are kept between keys (issue 15): what they are kept
for (translator, ruleset, players, who is in the cave) must each give its own answer."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games.diamant import notation
from companion.games.diamant.notation import examples, leave_words, parse_entry, relic_words
from companion.i18n import translator
from tests.diamant.helpers import L, T, play, start

EN, FA, HANT = translator("en"), translator("fa"), translator("zh_Hant")


def test_examples_follow_who_is_in_the_cave_and_are_kept_per_state_of_things():
    state = start("incan-gold", ("Dara", "Eli", "Fay"))
    first = examples(state, EN)
    assert first == ("7, spider, or relic", "leave Dara Eli", "leave 1 2")
    assert examples(state, EN) is first  # kept, not made again
    # Dara leaves: the examples name those still in the cave (not the kept ones of before).
    after = play(state, T(9), L("Dara"))[0]
    assert examples(after, EN) == ("7, spider, or relic", "leave Eli Fay", "leave 2 3")
    # Other players, same seats: their own names.
    assert examples(start("incan-gold", ("Ava", "Ben", "Chen")), EN)[1] == "leave Ava Ben"


def test_examples_follow_the_language_and_the_ruleset():
    state = start("incan-gold", ("Dara", "Eli", "Fay"))
    assert examples(state, EN)[0] == "7, spider, or relic"
    cards, by_name, by_seat = examples(state, FA)
    assert cards == "۷، عنکبوت یا عتیقه" and by_name == "برگشت Dara Eli" and by_seat == "برگشت ۱ ۲"
    assert examples(state, EN)[2] == "leave 1 2"  # English again after Persian
    # Same players, a ruleset with another first hazard and no relics.
    assert examples(start("diamant-classic", ("Dara", "Eli", "Fay")), EN)[0] == "7 or scorpion"
    assert examples(start("diamant", ("Dara", "Eli", "Fay")), EN)[0] == "7, spider, or relic"


def test_word_tables_are_each_rulesets_and_each_languages_own():
    classic, gold = start("diamant-classic"), start("incan-gold")
    assert parse_entry("scorpion", classic, EN) == {"event": "draw", "card": "hazard", "hazard": "scorpion"}
    with pytest.raises(CompanionError):  # no scorpion in Incan Gold, though classic's table was made first
        parse_entry("scorpion", gold, EN)
    assert parse_entry("mummy", gold, EN)["hazard"] == "mummy"
    with pytest.raises(CompanionError):
        parse_entry("mummy", classic, EN)
    # The translated words are the translator's: Persian's relic word is not English's.
    assert notation._norm(FA.gettext(notation.RELIC_WORD)) in relic_words(FA)
    assert notation._norm(FA.gettext(notation.RELIC_WORD)) not in relic_words(EN)
    # Every language's leave word is read in every language, the screen's own first after leave/l.
    assert leave_words(FA)[2] == notation._norm(FA.gettext(notation.LEAVE)) != "leave"
    assert leave_words(HANT)[2] == notation._norm(HANT.gettext(notation.LEAVE)) != "leave"
    assert set(leave_words(EN)) == set(leave_words(HANT)) and leave_words(EN) != leave_words(HANT)


def test_a_shared_table_is_not_changed_by_what_it_reads():
    gold = start("incan-gold")
    table = dict(notation._meanings(gold, EN))
    for text in ("s", "sp", "snake", "r", "l", "leave Ava", "spidr", "relic 7"):
        try:
            parse_entry(text, gold, EN)
        except CompanionError:
            pass
    assert dict(notation._meanings(gold, EN)) == table
    with pytest.raises(CompanionError) as found:  # still ambiguous: both spider and snake
        parse_entry("s", gold, EN)
    assert found.value.code == "diamant.ambiguous_entry"
