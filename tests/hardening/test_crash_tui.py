"""SIGKILL the referee assistant inside its writes (``crash_tui_driver.py``: a Textual app in a child process,
events typed or keyed in as a host would); every acknowledged event must be there after the crash.

The fast suite runs exactly one kill per game; the ``slow`` test and ``bench/crash_loop.py`` run more.
"""

from __future__ import annotations

import pytest

from tests.hardening.crash_driver import CATEGORIES, GAMES, campaign
from tests.hardening.crash_tui_driver import TUI, same_setup

LENGTH = 12  # events per game: enough for round ends, undo and redo, short enough for a TUI child
SLOW_KILLS_PER_GAME = 10


@pytest.mark.parametrize("game, preset, category", [("diamant", "incan-gold", "round_end"),
                                                    ("shifting_stones", "solo", "undo"),
                                                    ("death_valley", "standard", "redo")])
def test_a_kill_inside_a_tui_write_loses_nothing(tmp_path, game, preset, category):
    tally = campaign(TUI, tmp_path, game, 1, LENGTH, (category,), presets=[preset], check_header=same_setup)
    assert tally.kills == 1 and tally.by_category == {category: 1}
    assert tally.failures == []
    assert tally.landed == 1  # the app was stopped inside the write when the kill came
    assert tally.acked > 0
    assert tally.lost == 0 and tally.unapplied == 0 and tally.unreadable == 0
    assert tally.continued == 1


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_many_tui_kills_lose_nothing(tmp_path, game):
    tally = campaign(TUI, tmp_path, game, SLOW_KILLS_PER_GAME, LENGTH * 2, CATEGORIES, jobs=2,
                     check_header=same_setup)
    assert tally.kills == SLOW_KILLS_PER_GAME
    assert tally.landed_share >= 0.9
    assert tally.lost == 0 and tally.unreadable == 0, tally.failures
    assert tally.failures == []
