"""Rejected input changes nothing, language switching reaches every screen, the footer and the palette."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.i18n import translator
from tests.tui.helpers import build_app, new_game_by_keys, play, type_text


def _lines(path):
    return path.read_bytes()


def test_bad_cards_are_refused_and_change_nothing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            await play(pilot, ["15", "snake"])
            before_state, before_file = screen.session.state, _lines(screen.session.writer.path)
            # Not a card; a value not in the game; a relic value where relics print none; leave before a card.
            for bad in ["xyz", "6", "relic 3", "s"]:
                await type_text(pilot, bad)
                await pilot.press("enter")
                await pilot.pause()
                assert screen.session.state == before_state
                assert _lines(screen.session.writer.path) == before_file
                assert screen.query_one("#card").value == bad  # kept for correction
                screen.query_one("#card").value = ""
            assert len(app._notifications) >= 4
            # A decision after the bust of... (no bust yet): undo to the start, then Ctrl+L refuses.
            await pilot.press("ctrl+z", "ctrl+z")
            await pilot.pause()
            assert screen.session.state.path == ()
            file_now = _lines(screen.session.writer.path)
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert screen.focused is screen.query_one("#card")
            assert _lines(screen.session.writer.path) == file_now
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert len(screen.session.state.path) == 1
    asyncio.run(go())


def test_bad_player_counts_start_nothing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben")  # the diamant preset needs 3
            assert type(app.screen).__name__ == "NewGameScreen"
            await pilot.press("ctrl+a", "ctrl+k")
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "NewGameScreen"
            await type_text(pilot, "Ava, Ava, Ben")  # duplicate names: the journal refuses
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "NewGameScreen"
        games = folders[0] / "games"
        assert not games.exists() or not list(games.iterdir())
    asyncio.run(go())


def test_language_switch_reaches_screens_footer_and_palette(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            screen = app.screen
            home = app.screen_stack[-2]
            english_title = screen.query_one("#title").text.plain
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("down", "down", "enter")  # 繁體中文
            await pilot.pause()
            tr = translator("zh_Hant")
            assert app.screen is screen
            assert screen.query_one("#title").text.plain != english_title
            assert tr.gettext("Path") in screen.query_one("#path").text.plain
            footer = " ".join(screen.query_one("TranslatedFooter").descriptions)
            assert tr.gettext("Undo") in footer and "Undo" not in footer
            # The home screen below was retranslated too.
            prompts = [str(home.query_one("#home-menu").get_option_at_index(i).prompt) for i in range(2)]
            assert prompts[0] == tr.gettext("New game")
            # The palette offers the game's actions in Chinese.
            titles = [c.title for c in screen.palette()]
            assert tr.gettext("Undo the last event") in titles
    asyncio.run(go())


def test_tui_import_does_not_load_weasyprint():
    code = ("import sys, companion.tui.app, companion.tui.screens.diamant, companion.commands.tui;"
            "print('weasyprint' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=12))
def test_card_parser_never_crashes(text):
    from companion.games import diamant
    from companion.journal import new_header
    from companion.tui.diamant_entry import parse

    state = diamant.start(new_header("diamant", "diamant", ["A", "B", "C"]))
    try:
        event = parse(text, state, translator("fa"))
    except CompanionError as exc:
        assert exc.code in {"tui.unknown_card", "diamant.ambiguous_entry", "diamant.did_you_mean", "diamant.not_a_card"}
    else:
        assert event["event"] == "draw" and event["card"] in {"treasure", "hazard", "relic"}
