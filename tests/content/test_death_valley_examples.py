"""Every number the Death Valley rules cite comes from examples.toml and is what the engine says.

Values with a ``path`` are compared with the engine's event/outcome/summary.  The plain values (cards
counted in a sentence, the desert size) are checked here against the engine's state, and so are the
cards the text names: which card goes to the discard pile and which are shuffled back.
"""

from __future__ import annotations

import json
import re

import pytest

from companion import content
from companion.i18n import LOCALES
from companion.journal import parse_journal
from companion.session import replay

GAME = "death_valley"
import companion.games.death_valley as valley  # noqa: E402

EXAMPLES = content.load_examples(GAME)
CHECKED = [(ex.id, v.name) for ex in EXAMPLES.values() for v in ex.values.values() if v.path]


def steps_of(example_id: str):
    return content.example_steps(GAME, example_id)


def actual(example_id: str, expected: content.Expected):
    return content.example_value(GAME, example_id, expected)


def given(example_id: str, name: str):
    return EXAMPLES[example_id].values[name].value


def test_the_examples_are_there():
    assert {"bust", "scoring", "robot", "robot_harder"} <= set(EXAMPLES)
    assert len(CHECKED) >= 25


@pytest.mark.parametrize(("example", "name"), CHECKED, ids=[f"{e}.{n}" for e, n in CHECKED])
def test_expected_number_matches_engine(example, name):
    expected = EXAMPLES[example].values[name]
    assert actual(example, expected) == expected.value


def test_a_wrong_expectation_would_be_noticed():
    assert actual("bust", content.Expected("x", 99, "summary.busts.Ava")) != 99
    with pytest.raises((KeyError, AttributeError, IndexError)):
        actual("bust", content.Expected("x", 0, "outcome.no_such_field"))


def test_the_bust_as_the_text_tells_it():
    steps = steps_of("bust")
    before, after = steps[-2].state, steps[-1].state
    # two heat cards visible before the last travel, three with it: exactly the bust threshold
    assert before.hazard_counts("Ava")["heat"] == given("bust", "heat_visible") - 1
    bust = steps[-1].outcome.busts[0]
    assert len(bust.shuffled) == given("bust", "shuffled_back")
    assert len(after.discard) == given("bust", "discard_count")
    assert after.desert_count == given("bust", "desert_after")
    assert set(bust.shuffled) <= after.deck and bust.discarded not in after.deck
    # the album is untouched
    assert after.albums["Ava"] == before.albums["Ava"]
    # every card is somewhere, once
    assert sorted(after.all_cards()) == sorted(before.all_cards())


def test_the_scoring_example_splits_as_the_text_says():
    """Ava: journey stars 2 + 1, album ability +2, album stars and the hidden card nothing."""
    state = steps_of("scoring")[-1].state
    ava = valley.score(state, "Ava")
    assert (ava.stars, ava.abilities, ava.bonus) == (2 + 1, 2, 0)
    assert ava.total == given("scoring", "ava_score")
    ben = valley.score(state, "Ben")
    assert (ben.stars, ben.abilities) == (3 + 0 + 1 + 2, -2)
    assert ben.total == given("scoring", "ben_score")


def test_the_robot_example():
    steps = steps_of("robot")
    robot_turns = [s for s in steps if s.event["event"] == "robot"]
    assert [s.outcome.robot.rule for s in robot_turns] == [
        given("robot", "first_rule"), given("robot", "second_rule"),
        given("robot", "third_rule"), given("robot", "fourth_rule")]
    final = steps[-1].state
    assert len(final.discard) == given("robot", "discard_count")
    # the harder setting adds exactly one point per discarded card
    assert given("robot_harder", "robot_score") == given("robot", "robot_score") + given("robot", "discard_count")


def _robot_game(options: dict, animal_stars: int):
    """The robot example's game with other settings, and Ava's animal-1 worth ``animal_stars``."""
    lines = EXAMPLES["robot"].journal.strip().splitlines()
    header = lines[0].replace('"mode": "solo"', '"mode": "solo", "options": ' + json.dumps(options))
    header = header.replace('"animal-1": 2', f'"animal-1": {animal_stars}')
    journal = parse_journal(("\n".join([header, *lines[1:]]) + "\n").encode("utf-8"))
    return replay(journal)[0]


def test_the_bust_rule_setting_lets_the_robot_win_with_fewer_points():
    """What the text says of robot_bust_rule: with more points Ava wins, unless the setting is on."""
    plain = _robot_game({}, animal_stars=9)
    assert valley.scores(plain)["Ava"] > valley.scores(plain)["robot"]
    assert valley.winners(plain) == ["Ava"]
    harder = _robot_game({"robot_bust_rule": True}, animal_stars=9)
    assert valley.scores(harder) == valley.scores(plain)
    assert harder.busts["robot"] <= harder.busts["Ava"]
    assert valley.winners(harder) == ["robot"]


# -- the texts --------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", content.KINDS)
def test_every_placeholder_resolves(locale, kind):
    text = content.document_path(GAME, locale, kind).read_text(encoding="utf-8")
    for name in content.placeholders(text):
        content.resolve(name, GAME)
    doc = content.load_document(GAME, locale, kind)
    assert not doc.fallback
    assert "{{" not in doc.markdown
    assert not doc.warnings


def test_every_locale_cites_the_same_numbers():
    cited = {locale: sorted(set(content.placeholders(
        content.document_path(GAME, locale, "rules").read_text(encoding="utf-8")))) for locale in LOCALES}
    assert len(cited["en"]) >= 12
    for locale in LOCALES:
        assert cited[locale] == cited["en"], locale


@pytest.mark.parametrize("kind", content.KINDS)
def test_persian_uses_persian_digits(kind):
    doc = content.load_document(GAME, "fa", kind)
    text = re.sub(r"(?m)^ *[0-9]+\. ", "", doc.markdown)  # ordered-list markers: markup, shown in Persian digits
    assert not re.search(r"[0-9]", text), re.findall(r".{0,20}[0-9].{0,20}", text)[:5]


@pytest.mark.parametrize("locale", LOCALES)
def test_glossary_terms_are_used(locale):
    terms = content.glossary(GAME, locale)
    assert len(terms) >= 15
    raw = content.load_glossary(GAME)
    rules = content.document_path(GAME, locale, "rules").read_text(encoding="utf-8").lower()
    card = content.document_path(GAME, locale, "card").read_text(encoding="utf-8").lower()
    for concept, term in terms.items():
        if raw[concept].get("in_rules", True):
            assert term.lower() in rules, (concept, term)
        for wrong in raw[concept].get("avoid", {}).get(locale, []):
            assert wrong.lower() not in rules and wrong.lower() not in card, (concept, wrong)
