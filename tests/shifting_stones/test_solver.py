"""The solver is exact: never beaten by brute force, and its plans really work in the engine."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.shifting_stones import patterns as P
from companion.games.shifting_stones.library import load_library
from companion.games.shifting_stones.solver import Step, apply_step, best_turn, cheapest

from .helpers import play, start

LIBRARY = [(c.pattern, c.points) for c in load_library(None).values()]
MOVES = [("shift", a, b) for a in [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
         for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b[0] <= 3 and b[1] <= 3] + \
        [("flip", (r, c)) for r in (1, 2, 3) for c in (1, 2, 3)]


def move(grid, m):
    return P.swap(grid, m[1], m[2]) if m[0] == "shift" else P.flip(grid, m[1])


def brute_distance(grid, pattern, depth):
    """Breadth-first over every shift and flip: the fewest actions up to ``depth``, else None."""
    layer, seen = {grid}, {grid}
    for d in range(depth + 1):
        if any(pattern.matches(g) for g in layer):
            return d
        nxt = set()
        for g in layer:
            for m in MOVES:
                h = move(g, m)
                if h not in seen:
                    seen.add(h)
                    nxt.add(h)
        layer = nxt
    return None


def brute_hand(grid, cards, used=0, done=frozenset()):
    """The most points by trying every sequence of scores, shifts and flips the hand can pay for."""
    best = 0
    if used >= len(cards):
        return 0
    for i, (pattern, points) in enumerate(cards):
        if i not in done and pattern.matches(grid):
            best = max(best, points + brute_hand(grid, cards, used + 1, done | {i}))
    if used + 1 < len(cards):  # a burn is only worth it if a card is left to score afterwards
        for m in MOVES:
            best = max(best, brute_hand(move(grid, m), cards, used + 1, done))
    return best


@st.composite
def grids(draw):
    tiles = []
    for a, b, n in P.TILE_KINDS:
        tiles += [draw(st.sampled_from((a, b))) for _ in range(n)]
    tiles = draw(st.permutations(tiles))
    return tuple(tuple(tiles[r * 3:r * 3 + 3]) for r in range(3))


def engine_at(grid, hand):
    """An engine state showing ``grid`` whose current player holds ``hand`` cards."""
    state, _ = play(start(("Ava", "Ben")), {"event": "layout", "grid": [list(r) for r in grid]})
    return dataclasses.replace(state, hands=(hand, 4))


def event_of(step: Step, cards=None):
    if step.action == "shift":
        return {"event": "shift", "a": list(step.a), "b": list(step.b)}
    if step.action == "flip":
        return {"event": "flip", "at": list(step.at)}
    pattern, points = cards[step.card]
    return {"event": "score", "pattern": pattern.text, "points": points}


@settings(max_examples=40, deadline=None)
@given(grids(), st.sampled_from(LIBRARY))
def test_cheapest_is_never_beaten_and_its_plan_works_in_the_engine(grid, card):
    pattern, points = card
    plan = cheapest(grid, pattern)
    assert plan is not None  # every library pattern can be shown by the tile set
    depth = 3
    found = brute_distance(grid, pattern, depth)
    if plan.actions <= depth:
        assert found == plan.actions
    else:
        assert found is None
    state = engine_at(grid, plan.actions + 1)
    state, outs = play(state, *[event_of(s) for s in plan.steps])
    assert all(o.burned for o in outs) and state.hands[0] == 1
    state, (out,) = play(state, {"event": "score", "pattern": pattern.text, "points": points})
    assert plan.at in out.offsets


def test_cheapest_on_known_cases():
    grid = P.parse_grid("sun fish horse / seed tree boat / horse bird tree")
    assert cheapest(grid, P.parse_pattern("tree / bird")).to_json() == {"actions": 0, "plan": [], "at": [2, 2]}
    one = cheapest(grid, P.parse_pattern("sun * fish"))
    assert one.to_json() == {"actions": 1, "plan": [{"action": "shift", "a": [1, 2], "b": [1, 3]}], "at": [1, 1]}
    assert cheapest(grid, P.parse_pattern("moon")).to_json() == {
        "actions": 1, "plan": [{"action": "flip", "at": [1, 1]}], "at": [1, 1]}
    assert cheapest(grid, P.parse_pattern("tree tree tree")).actions == 2
    assert cheapest(grid, P.parse_pattern("sun / moon")) is None
    assert cheapest(grid, P.parse_pattern("sun * fish"), limit=0) is None


def test_a_far_corner_needs_its_full_distance():
    grid = P.parse_grid("sun fish fish / horse horse horse / seed seed seed")
    plan = cheapest(grid, P.parse_pattern("* * * / * * * / * * sun"))
    assert plan.actions == 4 and all(s.action == "shift" for s in plan.steps) and plan.at == (1, 1)
    assert brute_distance(grid, P.parse_pattern("* * * / * * * / * * sun"), 4) == 4


@settings(max_examples=25, deadline=None)
@given(grids(), st.lists(st.sampled_from(LIBRARY), min_size=2, max_size=3))
def test_best_turn_is_never_beaten_and_really_scores(grid, cards):
    turn = best_turn(grid, cards)
    assert turn.points == brute_hand(grid, cards)
    check_turn_in_engine(grid, cards, turn)


@pytest.mark.parametrize("seed", range(6))
def test_best_turn_matches_brute_force_on_four_card_hands(seed):
    import random

    rng = random.Random(seed)
    tiles = []
    for a, b, n in P.TILE_KINDS:
        tiles += [rng.choice((a, b)) for _ in range(n)]
    rng.shuffle(tiles)
    grid = tuple(tuple(tiles[r * 3:r * 3 + 3]) for r in range(3))
    cards = rng.sample(LIBRARY, 4)
    turn = best_turn(grid, cards)
    assert turn.points == brute_hand(grid, cards)
    check_turn_in_engine(grid, cards, turn)


def check_turn_in_engine(grid, cards, turn):
    state = engine_at(grid, len(cards))
    total = 0
    for step in turn.steps:
        state, (out,) = play(state, event_of(step, cards))
        total += out.points
        if step.action == "score":
            assert out.at is not None and step.at in out.offsets
    assert total == turn.points
    assert state.hands[0] == len(cards) - len(turn.scored) - len(turn.burned) >= 0
    assert set(turn.scored).isdisjoint(turn.burned)
    burns = [s.burn for s in turn.steps if s.action != "score"]
    assert sorted(burns) == sorted(turn.burned) and len(set(burns)) == len(burns)
    assert turn.grid == state.grid


def test_best_turn_prefers_points_then_fewer_burned_cards():
    grid = P.parse_grid("sun fish horse / seed tree boat / horse bird tree")
    cards = [(P.parse_pattern("tree / bird"), 1), (P.parse_pattern("sun * fish"), 3),
             (P.parse_pattern("moon"), 2), (P.parse_pattern("sun / moon"), 5)]
    turn = best_turn(grid, cards)
    # shift (burn) for sun * fish (3), flip the sun (burn) for moon (2): 5; tree/bird + sun * fish is 4
    assert turn.points == 5 == brute_hand(grid, cards) and set(turn.scored) == {1, 2}
    assert turn.burned == (0, 3)  # the cheapest spare card first, then the impossible one
    # a tie on points goes to the plan that burns fewer cards
    tie = best_turn(grid, [(P.parse_pattern("moon"), 2), (P.parse_pattern("sun"), 2)])
    assert tie.points == 2 and tie.scored == (1,) and tie.burned == ()
    assert tie.to_json() == {"points": 2, "actions": 0, "plan": [{"action": "score", "card": 1, "at": [1, 1]}],
                             "scored": [1], "burned": []}
    nothing = best_turn(grid, [(P.parse_pattern("sun / moon"), 5), (P.parse_pattern("sun / moon"), 2)])
    assert nothing.points == 0 and nothing.steps == ()


def test_apply_step_matches_the_engine():
    grid = P.parse_grid("sun fish horse / seed tree boat / horse bird tree")
    assert apply_step(grid, Step("shift", a=(1, 1), b=(2, 1)))[1][0] == "sun"
    assert apply_step(grid, Step("flip", at=(3, 2)))[2][1] == "fish"
