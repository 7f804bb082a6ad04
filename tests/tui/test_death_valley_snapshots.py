"""Snapshots of the Death Valley screen in a solo game (journeys, album with a hidden card, warnings,
the robot's rule) in English, Persian and Traditional Chinese."""

from __future__ import annotations

import pytest

from tests.tui.helpers import build_app
from tests.tui.test_death_valley import enter, new_valley_game


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant"])
def test_death_valley_screen(snap_compare, tmp_path, language):
    async def setup(pilot):
        await new_valley_game(pilot, "solo", "Ava")
        for text in ["heat-1", "1", "land-2", "2"]:          # reveal, stars; Ava draws land-2, stars
            await enter(pilot, text)
        await enter(pilot)                                     # the robot takes heat-1 (rule 2)
        for text in ["heat-2", "2", "flood-1", "1"]:          # flip heat-2; Ava draws flood-1
            await enter(pilot, text)
        await enter(pilot)                                     # the robot: rule 3 needs a deck card...
        for text in ["heat-3", "3"]:
            await enter(pilot, text)
        await pilot.press("f7")                                # Ava rests land-2, tucks flood-1
        await enter(pilot, "land-2 + flood-1")

    app = build_app((tmp_path / "data", tmp_path / "config"), language)
    assert snap_compare(app, terminal_size=(120, 40), run_before=setup)
