"""SIGKILL a session *inside* its writes; every acknowledged event must be there after the crash.

The driver (``crash_driver.py``) plays a legal random game of every game and set-up through
``Session.new/apply/undo/redo`` and stops inside a chosen file operation (before it, half-way through a
write, or done but not returned); the test SIGKILLs it there and checks the journal.  The fast suite runs
exactly the numbers below; ``bench/crash_loop.py`` and the ``slow`` test run hundreds.
"""

from __future__ import annotations

import random

import pytest

from tests.hardening.crash_driver import (
    CATEGORIES,
    GAMES,
    PHASES,
    SESSION,
    Tally,
    campaign,
    kill_run,
    plan,
    trace,
)

KILLS_PER_GAME = 5  # one inside the journal's creation, an ordinary event, a round (or turn) end, an undo, a redo
LENGTH = 80         # events per game at most (every game ends sooner or later)
SLOW_KILLS_PER_GAME = 60


def assert_clean(tally: Tally, kills: int) -> None:
    assert tally.kills == kills
    assert tally.failures == []
    assert tally.landed == kills  # every kill came while the child was stopped inside a write
    assert tally.lost == 0 and tally.unapplied == 0 and tally.unreadable == 0
    assert tally.continued + tally.absent == kills  # every journal left behind took one more event


@pytest.mark.parametrize("game, preset", [("diamant", "diamant"), ("shifting_stones", "standard"),
                                          ("death_valley", "solo")])
def test_kills_inside_the_header_events_round_ends_undo_and_redo_lose_nothing(tmp_path, game, preset):
    """The fast suite: one set-up per game (the slow test and the bench spread over all of them)."""
    tally = campaign(SESSION, tmp_path, game, KILLS_PER_GAME, LENGTH, CATEGORIES, presets=[preset])
    assert tally.by_category == dict.fromkeys(CATEGORIES, 1)
    assert tally.acked > 0  # the kills came after acknowledged events, not at the start of an empty game
    assert_clean(tally, KILLS_PER_GAME)


@pytest.mark.parametrize("game, preset", [
    ("diamant", "house-001"),
    pytest.param("shifting_stones", "solo", marks=pytest.mark.slow),
    pytest.param("death_valley", "backseat", marks=pytest.mark.slow)])
def test_a_kill_while_the_journal_is_created_leaves_it_whole_or_absent(tmp_path, game, preset):
    """Every operation of the journal's creation, in every phase: a new journal is whole or absent."""
    ops = trace(SESSION, tmp_path / "trace", game, preset, 0, LENGTH)[0]
    assert ops, "creating a journal writes nothing?"
    aims = [(op, phase) for op, name in enumerate(ops) for phase in PHASES.get(name, ("before", "after"))]
    total = Tally()
    for i, (op, phase) in enumerate(aims):
        total.add(kill_run(SESSION, tmp_path / f"kill-{i}", game, preset, 0, LENGTH, (0, op, phase), "header"))
    assert total.torn_headers == 0, total.failures
    assert_clean(total, len(aims))
    assert total.acked == 0


def test_the_harness_reports_an_acknowledged_event_that_is_not_on_disk(tmp_path):
    """A program that says "done" before writing: the harness must count the event as lost."""
    ops = trace(SESSION, tmp_path / "trace", "diamant", "diamant", 3, LENGTH)
    tally = kill_run(SESSION, tmp_path / "lie", "diamant", "diamant", 3, LENGTH, (5, 0, "before"), "event", lie=True)
    assert ops[5][0] == "write"
    assert tally.landed == 1 and tally.acked == 5
    assert tally.lost == 1
    assert any("acknowledged event(s) lost" in f for f in tally.failures)


def test_the_harness_counts_a_kill_that_misses_the_writes(tmp_path):
    """Aimed past the last write, the driver finishes: that is a miss, never a landed kill."""
    _, planned = plan("death_valley", "solo", 1, LENGTH)
    tally = kill_run(SESSION, tmp_path / "miss", "death_valley", "solo", 1, LENGTH, (len(planned) + 5, 0, "before"),
                     "event")
    assert tally.kills == 1 and tally.landed == 0
    assert tally.acked == len(planned)
    assert any("missed" in f for f in tally.failures)
    assert tally.lost == 0 and tally.continued == 1  # the finished game is still whole and goes on


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_many_kills_lose_nothing(tmp_path, game):
    tally = campaign(SESSION, tmp_path, game, SLOW_KILLS_PER_GAME, LENGTH, CATEGORIES, jobs=2,
                     first_seed=random.Random(game).randrange(1000))
    assert tally.kills == SLOW_KILLS_PER_GAME
    assert tally.landed_share >= 0.9
    assert tally.lost == 0 and tally.unreadable == 0, tally.failures
    assert tally.failures == []
