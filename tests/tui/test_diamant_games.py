"""Full Diamant games played through key presses only, one per preset; the final scores are checked."""

from __future__ import annotations

import asyncio

import pytest

from companion.games.diamant import summary
from companion.journal import read_journal
from companion.session import replay
from tests.tui.helpers import build_app, new_game_by_keys, play

PRESETS = ["diamant", "diamant-classic", "incan-gold", "house-001"]


def script(relic: str | None, h1: str, h2: str) -> list:
    """Ava, Ben, Chen (seats 1, 2, 3); five rounds."""
    steps: list = ["15"]
    if relic:
        steps.append(relic)
    steps += [(1,), "9", (2, 3),                       # round 1: Ava alone, then Ben and Chen
              h1, h1,                                   # round 2: bust at once
              "4", (1, 2, 3),                           # round 3: everyone leaves
              "11", (1,), h2, h2,                       # round 4: Ava leaves, the others bust
              "17", (2, 3), "1", (1,)]                  # round 5
    return steps


# Worked out by hand from spec/diamant.md (see the comments in the spec's presets table).
CASES = {
    # pooled; the relic is the first claimed (5); the relic added each round stays in the deck.
    "diamant": (script("relic", "snake", "spider"), {"Ava": 22, "Ben": 16, "Chen": 16}, ["Ava"]),
    # per card, no relics: Ava 5 + 1 + 5 + 6 = 17, Ben and Chen 9 + 1 + 6 = 16.
    "diamant-classic": (script(None, "snake", "gas"), {"Ava": 17, "Ben": 16, "Chen": 16}, ["Ava"]),
    "incan-gold": (script("relic", "snake", "spider"), {"Ava": 22, "Ben": 16, "Chen": 16}, ["Ava"]),
    # dealt gems with the marker, a printed relic (7) shared by the last leavers, 5 starting gems.
    "house-001": (script("r 7", "snake", "web"), {"Ava": 22, "Ben": 25, "Chen": 24}, ["Ben"]),
}


async def _play_preset(folders, preset: str):
    steps, scores, winners = CASES[preset]
    app = build_app(folders)
    async with app.run_test(size=(120, 45)) as pilot:
        await new_game_by_keys(pilot, PRESETS.index(preset), "Ava, Ben, Chen")
        screen = app.screen
        assert type(screen).__name__ == "DiamantScreen"
        assert screen.session.header.ruleset == preset
        await play(pilot, steps)
        state = screen.session.state
        assert state.finished
        assert state.scores() == scores
        assert list(state.winners()) == winners
        shown = screen.query_one("#explain").text.plain
        assert ("Winner: " + winners[0]) in shown
        path = screen.session.writer.path
    # The journal on disk replays to the same result.
    final, _ = replay(read_journal(path))
    data = summary(final)
    assert data["scores"] == scores and data["winners"] == winners and data["finished"]


@pytest.mark.parametrize("preset", PRESETS)
def test_full_game_by_keys(folders, preset):
    asyncio.run(_play_preset(folders, preset))
