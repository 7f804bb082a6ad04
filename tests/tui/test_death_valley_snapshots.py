"""Snapshots of the Death Valley screen in a solo game (journeys, album with a hidden card, warnings,
the robot's rule) in English, Persian and Traditional Chinese."""

from __future__ import annotations

import pytest

from companion.messages import describe
from tests.tui.helpers import build_app, record_notices
from tests.tui.test_death_valley import enter, new_valley_game


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant"])
def test_death_valley_screen(snap_compare, tmp_path, language):
    async def setup(pilot):
        notices = record_notices(pilot.app)
        await new_valley_game(pilot, "solo", "Ava")
        screen = pilot.app.screen
        for text in ["heat-1", "1", "land-2", "2"]:          # reveal, stars; Ava draws land-2, stars
            await enter(pilot, text)
        await enter(pilot)                                     # the robot takes heat-1 (rule 2)
        for text in ["heat-2", "2", "flood-1", "1"]:          # flip heat-2; Ava draws flood-1
            await enter(pilot, text)
        state = screen.session.state
        await enter(pilot)                                     # the robot: rule 3 needs a deck card...
        # ... so Enter alone is refused, with a sentence (checked now: the toast is gone in 6 seconds).
        assert notices == [("error", describe("valley.missing_field", {"event": "robot", "field": "card"}))]
        assert screen.session.state == state and screen.phase() == "robot"
        for text in ["heat-3", "3"]:
            await enter(pilot, text)
        await pilot.press("f7")                                # Ava rests land-2, tucks flood-1
        await enter(pilot, "land-2 + flood-1")
        assert screen.phase() == "robot" and len(notices) == 1  # the robot's turn again, nothing refused

    app = build_app((tmp_path / "data", tmp_path / "config"), language)
    assert snap_compare(app, terminal_size=(120, 40), run_before=setup)
