"""Snapshots of the Shifting Stones screen mid-game (grid, checker, hint) in English, Persian and
Traditional Chinese.  (SVG keeps right-to-left text in logical order; tmux captures are the real check.)"""

from __future__ import annotations

import pytest

from tests.tui.helpers import build_app, type_text
from tests.tui.test_shifting_stones import LAYOUT, enter, new_stones_game


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant"])
def test_shifting_stones_screen(snap_compare, tmp_path, language):
    async def setup(pilot):
        await new_stones_game(pilot, "Ava, Ben")
        await enter(pilot, LAYOUT)
        await enter(pilot, "ss64")
        await type_text(pilot, "ss02")
        await pilot.pause()

    app = build_app((tmp_path / "data", tmp_path / "config"), language)
    assert snap_compare(app, terminal_size=(120, 40), run_before=setup)
