"""Every number the Shifting Stones rules cite comes from examples.toml and is what the engine says.

Values with a ``path`` are compared with the engine's event/outcome/summary; the few plain values
(the number of actions of the cheapest plan, the bonus, card totals) are checked here by other means:
a search over every shift and flip through the engine itself, and the scored cards it records.
"""

from __future__ import annotations

import re

import pytest

from companion import content
from companion.errors import RuleError
from companion.i18n import LOCALES

GAME = "shifting_stones"
import companion.games.shifting_stones.engine as engine  # noqa: E402

EXAMPLES = content.load_examples(GAME)
CHECKED = [(ex.id, v.name) for ex in EXAMPLES.values() for v in ex.values.values() if v.path]


def steps_of(example_id: str):
    return content.example_steps(GAME, example_id)


def actual(example_id: str, expected: content.Expected):
    return content.example_value(GAME, example_id, expected)


def given(example_id: str, name: str):
    return EXAMPLES[example_id].values[name].value


def test_the_examples_are_there():
    assert {"turn", "solo"} <= set(EXAMPLES)
    assert len(CHECKED) >= 20


@pytest.mark.parametrize(("example", "name"), CHECKED, ids=[f"{e}.{n}" for e, n in CHECKED])
def test_expected_number_matches_engine(example, name):
    expected = EXAMPLES[example].values[name]
    assert actual(example, expected) == expected.value


def test_a_wrong_expectation_would_be_noticed():
    assert actual("turn", content.Expected("x", 99, "summary.scores.Ava")) != 99
    with pytest.raises((KeyError, AttributeError, IndexError)):
        actual("turn", content.Expected("x", 0, "outcome.no_such_field", 2))


# -- the cheapest way: searched through the engine --------------------------------------------------
CELLS = [(r, c) for r in range(1, 4) for c in range(1, 4)]
PAID = ([{"event": "flip", "at": list(cell)} for cell in CELLS]
        + [{"event": "shift", "a": [r, c], "b": [r + dr, c + dc]}
           for r, c in CELLS for dr, dc in ((0, 1), (1, 0)) if r + dr <= 3 and c + dc <= 3])


def _matches(state, pattern: str, points: int) -> bool:
    try:
        engine.apply(state, {"event": "score", "pattern": pattern, "points": points})
    except RuleError as exc:
        assert exc.code == "stones.no_match"
        return False
    return True


def _plans(state, pattern: str, points: int, depth: int):
    """Grids reachable with exactly ``depth`` paid actions on which ``pattern`` matches."""
    layer = {tuple(map(tuple, engine.summary(state)["grid"])): state}
    for _ in range(depth):
        nxt = {}
        for st in layer.values():
            for event in PAID:
                new, _ = engine.apply(st, event)
                nxt.setdefault(tuple(map(tuple, engine.summary(new)["grid"])), new)
        layer = nxt
    return {grid for grid, st in layer.items() if _matches(st, pattern, points)}


def test_the_cheapest_way_is_as_the_text_says():
    steps = steps_of("turn")
    before = steps[1].state  # after the layout and the first score, before the flip
    pattern, points = "tree tree tree", given("turn", "three_trees_points")
    actions = given("turn", "three_trees_actions")
    for fewer in range(actions):
        assert not _plans(before, pattern, points, fewer), f"{pattern} can be made with {fewer} actions"
    reachable = _plans(before, pattern, points, actions)
    # "only one pair of actions does it (in either order)": exactly one resulting grid
    after_plan = tuple(map(tuple, engine.summary(steps[3].state)["grid"]))
    assert reachable == {after_plan}
    # and the journal's plan is indeed that many paid actions
    paid = [s for s in steps[2:5] if s.event["event"] in ("shift", "flip")]
    assert len(paid) == actions and all(s.outcome.burned for s in paid)


def test_the_first_match_needs_no_action():
    steps = steps_of("turn")
    assert _matches(steps[0].state, "tree / bird", given("turn", "tree_bird_points"))
    assert steps[1].outcome.offsets == ((given("turn", "tree_bird_row"), given("turn", "tree_bird_col")),)


def test_the_scoring_table():
    final = steps_of("turn")[-1].state
    ava, ben = final.players.index("Ava"), final.players.index("Ben")
    assert final.points(ava) == given("turn", "ava_card_points")
    assert final.points(ben) == given("turn", "ben_card_points")
    assert final.ones(ava) == given("turn", "ava_ones") and final.ones(ben) == given("turn", "ben_ones")
    assert set(final.bonus_seats()) == {ava, ben}
    assert final.score(ava) - final.points(ava) == given("turn", "bonus")
    assert given("turn", "ava_score") == given("turn", "ava_card_points") + given("turn", "bonus")
    assert given("turn", "ben_score") == given("turn", "ben_card_points") + given("turn", "bonus")


def test_solo_penalties_come_from_the_turn_ends():
    steps = steps_of("solo")
    assert [s.outcome.penalty for s in steps if s.event["event"] in ("pass", "end_turn")] == [True, False, True]


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
    assert len(cited["en"]) >= 15
    for locale in LOCALES:
        assert cited[locale] == cited["en"], locale


def test_every_example_value_is_cited():
    cited = set(content.placeholders(content.document_path(GAME, "en", "rules").read_text(encoding="utf-8")))
    shown = {f"ex.{ex.id}.{v.name}" for ex in EXAMPLES.values() for v in ex.values.values() if not v.path}
    assert shown <= cited  # plain givens exist only to be shown


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


def test_the_hint_solver_gives_the_plan_the_text_shows():
    """The text says the hint screen gives this plan: the solver must agree on the count and result."""
    from companion.games.shifting_stones import solver
    from companion.games.shifting_stones.patterns import parse_pattern

    steps = steps_of("turn")
    grid = steps[1].state.grid
    plan = solver.cheapest(grid, parse_pattern("tree tree tree"))
    assert plan.actions == given("turn", "three_trees_actions")
    assert plan.at == (given("turn", "three_trees_row"), given("turn", "three_trees_col"))
    result = grid
    for step in plan.steps:
        result = solver.apply_step(result, step)
    assert result == steps[3].state.grid  # the one grid the text's plan reaches
    already = solver.cheapest(grid, parse_pattern("tree / bird"))
    assert already.actions == 0 and already.at == (given("turn", "tree_bird_row"), given("turn", "tree_bird_col"))
