"""Snapshots of the Diamant screen mid-game in English, Persian and Traditional Chinese.

(SVG snapshots keep text in logical order for right-to-left; the tmux captures are the real check.)
"""

from __future__ import annotations

import pytest

from companion.tui.settings import Settings
from tests.tui.helpers import new_game_by_keys, play


def _app(tmp_path, language):
    from companion.tui.app import make_app

    return make_app(language, data_dir=tmp_path / "data", config_dir=tmp_path / "config", settings=Settings())


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant"])
def test_diamant_screen(snap_compare, tmp_path, language):
    async def setup(pilot):
        await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
        await play(pilot, ["15", "snake", "9", (1,), "relic"])

    assert snap_compare(_app(tmp_path, language), terminal_size=(120, 40), run_before=setup)
