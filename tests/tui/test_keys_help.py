"""F1 lists the current screen's keys first (its widgets' too), then the app's, then Textual's editing keys."""

from __future__ import annotations

import asyncio

import pytest

from companion.games import get
from tests.tui.helpers import build_app

PLAYERS = {"diamant": ["Ava", "Ben", "Chen"], "shifting_stones": ["Ava", "Ben"], "death_valley": ["Ava", "Ben"]}

# Keys each game screen must list under its own heading: the screen's and its widgets' (not focused).
GAME_KEYS = {
    "diamant": {"Undo", "Redo", "Rules", "Who leaves", "Toggle", "Leaves", "Stays", "Confirm"},
    "shifting_stones": {"Undo", "Redo", "Rules", "Hand hint", "End turn", "Shift", "Flip"},
    "death_valley": {"Undo", "Redo", "Rules", "Take face-up", "Rest", "End turn"},
}
APP_KEYS = {"Keys", "Language", "Quit", "Actions"}


def open_keys(folders, game: str, language: str = "en"):
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(120, 45)) as pilot:
            preset = next(iter(get(game).presets()))
            assert app.start_game(game, preset.ruleset, PLAYERS[game], **dict(preset.header))
            await pilot.pause()
            game_screen = app.screen
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen
            assert type(keys).__name__ == "KeysScreen" and keys.under is game_screen
            sections = keys.sections()
            text = keys._text().plain
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is game_screen
            return sections, text
    return asyncio.run(go())


@pytest.mark.parametrize("game", sorted(GAME_KEYS))
def test_the_game_keys_come_first(folders, game):
    sections, text = open_keys(folders, game)
    headings = [heading for heading, _rows in sections]
    assert headings == ["Keys of this screen", "Keys everywhere", "Editing keys"]
    own, everywhere, editing = ({description for _key, description in rows} for _heading, rows in sections)
    assert GAME_KEYS[game] <= own, own
    assert APP_KEYS <= everywhere
    assert not (APP_KEYS & own) and not (GAME_KEYS[game] & everywhere)
    # Textual's keys of the focused field come last, and only there.
    assert editing and not (editing & own) and not (editing & everywhere)
    textual_input_keys = {"Delete character left", "Move cursor left", "Submit"}
    assert textual_input_keys & editing, editing
    assert not (textual_input_keys & own)
    # The screen shows the sections in that order, each under its heading.
    positions = [text.index(heading) for heading in headings]
    assert positions == sorted(positions)
    assert text.index("Rules") < text.index("Keys everywhere") < text.index("Quit") < text.index("Editing keys")


def test_the_stones_grid_keys_are_listed_with_their_letters(folders):
    sections, _text = open_keys(folders, "shifting_stones")
    own = dict((description, key) for key, description in sections[0][1])
    assert own["Shift"] == "s" or own["Shift"].lower() == "s"
    assert own["Flip"].lower() == "f"


def test_keys_are_translated_in_their_sections(folders):
    sections, text = open_keys(folders, "diamant", language="zh_Hant")
    assert len(sections) == 3
    assert "Keys of this screen" not in text  # the headings are translated too
