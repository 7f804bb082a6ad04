"""The fast solver gives the answers of an exhaustive search (tests/shifting_stones/solver_reference.py),
on seeded random grids, library cards, hand-typed patterns far from the grid, the worst cases the bench
keeps, and grids whose tiles are not the game's tile set."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.shifting_stones import patterns as P
from companion.games.shifting_stones import solver
from companion.games.shifting_stones.library import load_library

from . import solver_reference as reference
from .test_solver import check_turn_in_engine, grids

LIBRARY = [(c.pattern, c.points) for c in load_library(None).values()]


def random_grid(rng):
    tiles = [rng.choice((a, b)) for a, b, n in P.TILE_KINDS for _ in range(n)]
    rng.shuffle(tiles)
    return tuple(tuple(tiles[r * 3:r * 3 + 3]) for r in range(3))


def random_pattern(rng, far=False):
    """A hand-typed pattern: any shape; ``far``: 3 x 3, another random layout with a few grey stones."""
    if far:
        rows = [list(r) for r in random_grid(rng)]
        for _ in range(rng.randint(0, 2)):
            rows[rng.randrange(3)][rng.randrange(3)] = None
        return P.Pattern(tuple(tuple(r) for r in rows))
    h, w = rng.randint(1, 3), rng.randint(1, 3)
    while True:
        p = P.Pattern(tuple(tuple(rng.choice(P.FACES + (None,) * rng.randint(0, 4)) for _ in range(w))
                            for _ in range(h)))
        if p.required:
            return p


def assert_plan_is_exact(grid, pattern):
    plan = solver.cheapest(grid, pattern)
    want = reference.distance(grid, pattern)
    assert (None if plan is None else plan.actions) == want
    if plan is None:
        return
    shown = grid
    for step in plan.steps:
        assert step.action in ("shift", "flip")
        if step.action == "shift":
            assert P.adjacent(step.a, step.b)
        shown = solver.apply_step(shown, step)
    assert plan.at in pattern.matches(shown)
    # a limit below the fewest actions finds nothing; at it, the same count
    assert solver.cheapest(grid, pattern, limit=plan.actions - 1) is None if plan.actions else True
    assert solver.cheapest(grid, pattern, limit=plan.actions).actions == plan.actions


@pytest.mark.parametrize("seed", range(4))
def test_cheapest_equals_exhaustive_search_on_library_and_hand_typed_patterns(seed):
    rng = random.Random(seed)
    for _ in range(6):
        assert_plan_is_exact(random_grid(rng), rng.choice(LIBRARY)[0])
        assert_plan_is_exact(random_grid(rng), random_pattern(rng))
    assert_plan_is_exact(random_grid(rng), random_pattern(rng, far=True))


@pytest.mark.parametrize(("grid", "pattern", "actions"), [
    # the slowest hand-typed patterns the bench keeps (bench/stones_solver.py WORST_PATTERNS)
    ("horse seed tree / horse boat seed / fish bird moon", "sun boat fish / tree bird * / horse seed horse", 13),
    ("bird tree seed / tree fish sun / horse boat boat", "boat * * / tree sun tree / seed bird horse", 11),
])
def test_far_patterns_cost_what_exhaustive_search_says(grid, pattern, actions):
    grid, pattern = P.parse_grid(grid), P.parse_pattern(pattern)
    assert_plan_is_exact(grid, pattern)
    assert solver.cheapest(grid, pattern).actions == actions


def test_small_distances_agree_with_search_over_every_action():
    """No argument about flips at all: every shift and flip, breadth first, up to 4 actions."""
    rng = random.Random(7)
    for _ in range(12):
        grid, pattern = random_grid(rng), rng.choice(LIBRARY)[0]
        plan = solver.cheapest(grid, pattern)
        found = reference.distance_by_every_action(grid, pattern, 4)
        assert found == (plan.actions if plan.actions <= 4 else None)


def test_grids_outside_the_tile_set_are_solved_exactly_too():
    """A grid typed with two suns or four seeds still gets exact answers; a pattern the game's tiles
    can never show (two suns, four seeds) gets none, whatever the grid (as before issue 15)."""
    odd = P.parse_grid("sun sun fish / seed seed seed / seed horse boat")
    for text in ("fish * bird", "bird / tree", "* * * / * * * / * * sun", "tree tree tree", "sun seed / horse *"):
        assert_plan_is_exact(odd, P.parse_pattern(text))
    for text in ("sun / sun", "moon moon", "seed seed / seed seed"):
        assert reference.distance(odd, P.parse_pattern(text)) is not None
        assert solver.cheapest(odd, P.parse_pattern(text)) is None
    cards = [(P.parse_pattern("tree tree"), 3), (P.parse_pattern("fish / seed"), 1), (P.parse_pattern("bird"), 1)]
    turn = solver.best_turn(odd, cards)
    assert (turn.points, turn.actions) == reference.best_turn(odd, cards)


@pytest.mark.parametrize("seed", range(5))
def test_best_turn_equals_exhaustive_search_on_four_card_hands(seed):
    rng = random.Random(100 + seed)
    grid = random_grid(rng)
    cards = rng.sample(LIBRARY, 3) + [(random_pattern(rng), rng.choice((1, 2, 3, 5)))]
    turn = solver.best_turn(grid, cards)
    assert (turn.points, turn.actions) == reference.best_turn(grid, cards)
    check_turn_in_engine(grid, cards, turn)


def test_the_slowest_six_card_hand_before_issue_15_equals_exhaustive_search():
    grid = P.parse_grid("tree bird fish / sun seed horse / horse seed boat")
    cards = [(P.parse_pattern(p), n) for p, n in (
        ("boat * boat", 2), ("boat / boat", 1), ("horse / horse / horse", 3),
        ("boat * boat / * * * / * boat *", 3), ("* seed / boat *", 1), ("tree / horse", 1))]
    turn = solver.best_turn(grid, cards)
    assert (turn.points, turn.actions) == reference.best_turn(grid, cards) == (4, 2)
    check_turn_in_engine(grid, cards, turn)


@settings(max_examples=30, deadline=None)
@given(grids(), st.sampled_from(LIBRARY), st.integers(0, 6))
def test_cheapest_with_a_limit_is_exact(grid, card, limit):
    want = reference.distance(grid, card[0])
    plan = solver.cheapest(grid, card[0], limit=limit)
    assert (None if plan is None else plan.actions) == (want if want <= limit else None)


def test_threads_asking_about_the_same_pattern_get_exact_answers():
    """The TUI asks for a plan on its interface thread while a worker solves the hand: both grow the
    same pattern's tables.  (Without the lock around that growth, about one trial in four was wrong.)"""
    import sys
    import threading

    cases = [
        ("fish boat boat / horse sun tree / seed seed bird", "boat * seed / tree bird * / boat fish horse", 11),
        ("horse seed tree / horse boat seed / fish bird moon", "sun boat fish / tree bird * / horse seed horse", 13)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for trial in range(12):
            grid, pattern, want = cases[trial % 2]
            grid, pattern = P.parse_grid(grid), P.parse_pattern(pattern)
            for space in solver._SPACES.values():
                space.targets.clear()  # a pattern never asked before
            found: list[int] = []

            def ask(grid=grid, pattern=pattern, found=found):
                found.append(solver.cheapest(grid, pattern).actions)

            threads = [threading.Thread(target=ask) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert found == [want] * 4
    finally:
        sys.setswitchinterval(interval)
