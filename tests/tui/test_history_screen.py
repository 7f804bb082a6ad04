"""The history screen (issue 20): opened from the home screen by its key or the palette, it shows the
counts of the saved games and the journals that do not read, in English, Persian (right to left, Persian
digits) and Chinese, and follows a language switch."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from companion.i18n import translator
from companion.tui.recent import games_dir
from companion.tui.widgets.text import Prose
from tests.core.test_history import INCAN, finished, header, in_round_3, write
from tests.tui.helpers import build_app, unshaped


def fill(data: Path) -> Path:
    folder = games_dir(data)
    folder.mkdir(parents=True)
    write(folder, "a.jsonl", header(), finished("Ava", 7))
    write(folder, "b.jsonl", header(ruleset="incan-gold", players=("ava ", "Ben", "Dara")), finished("Ben", 11, INCAN))
    write(folder, "c.jsonl", header(), in_round_3())
    (folder / "d.jsonl").write_text(json.dumps(header()) + "\n{oops\n" + json.dumps({"event": "leave"}) + "\n")
    return folder


def shown(screen) -> str:
    """Every text of the screen in reading (logical) order."""
    return "\n".join(w.text.plain for w in screen.query(Prose))


async def open_history(app, pilot, by_palette: bool = False):
    if by_palette:
        from companion.tui.screens.home import HomeScreen

        home = app.screen
        assert isinstance(home, HomeScreen)
        [entry] = [c for c in home.palette() if c.title == translator(app.locale).gettext("History of the table")]
        entry.run()
    else:
        await pilot.press("h")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    from companion.tui.screens.history import HistoryScreen

    assert isinstance(app.screen, HistoryScreen)
    return app.screen


def test_the_history_screen_shows_the_counts(folders):
    fill(folders[0])

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await open_history(app, pilot)
            assert screen.found is not None
            assert screen.found.games["diamant"].plays == 3
            text = shown(screen)
            assert "Diamant: 3 games, 2 finished" in text
            assert "Incan Gold: 1 game" in text
            assert "Ava: won 1 of 2 finished games, average score 1.5" in text  # "ava " is Ava
            assert "Ben: won 1 of 2 finished games, average score 2.5" in text
            assert "1 journal cannot be read (skipped)" in text and "d.jsonl" in text
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"

    asyncio.run(go())


def test_the_palette_opens_it_too_and_an_empty_folder_says_so(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_history(app, pilot, by_palette=True)
            assert screen.found is not None and not screen.found.games
            assert "No saved games yet" in shown(screen)

    asyncio.run(go())


@pytest.mark.parametrize("language", ["fa", "zh_Hant", "zh_Hans"])
def test_the_history_screen_in_persian_and_chinese(folders, language):
    fill(folders[0])
    tr = translator(language)

    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(80, 30)) as pilot:
            screen = await open_history(app, pilot)
            text = shown(screen)
            assert tr.gettext("History of the table") in text
            assert tr.gettext("History of the table") != "History of the table"
            assert "Ava" in text and "d.jsonl" in text
            assert "finished" not in text and "average" not in text
            if language == "fa":
                assert screen.has_class("-rtl")
                assert tr.num(3) in text
                # Drawn from the right: each line ends at the right edge, in visual order.
                title = screen.query_one(".title", Prose)
                drawn = title.render().plain.split("\n")[0]
                assert drawn.startswith(" ") and not drawn.endswith(" ")
                hamza = "\u0654"  # (a combining mark: reversed with its letter, it comes before it)
                assert (unshaped(drawn.strip())[::-1].replace(hamza, "")
                        == tr.gettext("History of the table").replace(hamza, ""))
            app.set_language("en")  # the open screen follows a language switch
            await pilot.pause()
            assert "Diamant: 3 games, 2 finished" in shown(screen)

    asyncio.run(go())


def test_a_long_history_scrolls(folders):
    fill(folders[0])

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 14)) as pilot:
            screen = await open_history(app, pilot)
            box = screen.query_one("#history")
            assert app.focused is box and box.max_scroll_y > 0
            await pilot.press("down", "down")
            await pilot.pause()
            assert box.scroll_y == 2

    asyncio.run(go())
