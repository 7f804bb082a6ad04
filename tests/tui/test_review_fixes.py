"""Review fixes: bad robot input, explanations after a language switch, refused undo, layout cancel,
quit from the palette."""

from __future__ import annotations

import asyncio

from companion.games.death_valley.engine import ordered
from companion.i18n import translator
from tests.tui.helpers import build_app, new_game_by_keys, play, type_text, unshaped
from tests.tui.test_death_valley import enter, new_valley_game, stars_of


def _capture_notices(app) -> list[str]:
    shown: list[str] = []
    original = app.notice
    app.notice = lambda text, **kw: (shown.append(text), original(text, **kw))
    return shown


async def _to_robot_turn(pilot, screen) -> None:
    for _ in range(80):
        phase = screen.phase()
        if phase == "robot":
            return
        state = screen.session.state
        if phase == "stars":
            await enter(pilot, str(stars_of(screen.asking)))
        elif phase == "reveal":
            await enter(pilot, ordered(state.deck)[0])
        else:
            await pilot.press("f5")
            await pilot.pause()
    raise AssertionError("the robot never got a turn")


def test_a_robot_move_with_text_that_is_not_a_card_is_refused_and_the_app_lives(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "solo", "Sol")
            screen = app.screen
            await _to_robot_turn(pilot, screen)
            state, before = screen.session.state, screen.session.writer.path.read_bytes()
            shown = _capture_notices(app)
            await type_text(pilot, "zzz")
            await pilot.press("f5")                                     # the key ...
            await pilot.pause()
            [entry] = [c for c in screen.palette() if c.title == "Record the robot's move"]
            entry.run()                                                 # ... and the palette entry
            await pilot.pause()
            assert app.is_running and app.screen is screen
            assert screen.session.state == state
            assert screen.session.writer.path.read_bytes() == before
            assert len(shown) == 2 and all("zzz" in text for text in shown)
            assert screen.query_one("#entry").value == "zzz"           # kept for correction
            screen.query_one("#entry").value = ""
            await pilot.press("f5")                                     # a good move still works
            await pilot.pause()
            assert screen.session.state != state
    asyncio.run(go())


def _explain_text(screen) -> str:
    return screen.query_one("#explain").text.plain


def test_undo_then_a_language_switch_says_undone_in_the_new_language(folders):
    def undone_prefix(locale: str) -> str:  # "Undone: " in that language (the event follows)
        return translator(locale).gettext("Undone: {event}", event="\0").split("\0")[0]

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            await play(pilot, ["15", "9"])
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert undone_prefix("en") + "Treasure 9" in _explain_text(screen)
            for locale in ("fa", "zh_Hant", "en"):
                app.set_language(locale)
                await pilot.pause()
                shown = _explain_text(screen)
                assert undone_prefix(locale).strip() in shown
                if locale != "en":
                    assert "Undone" not in shown and "Treasure" not in shown
    asyncio.run(go())


def test_a_resumed_game_says_resumed_after_a_language_switch(folders):
    def resumed(locale: str) -> str:
        return translator(locale).ngettext("Game resumed: {n} event loaded from the journal.",
                                           "Game resumed: {n} events loaded from the journal.", 1, n=1)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            path = app.screen.session.writer.path
            await play(pilot, ["15"])
            drawn = _explain_text(app.screen)
            await pilot.press("escape", "escape")  # the second Escape leaves the game
            await pilot.pause()
            assert app.open_journal(path)
            await pilot.pause()
            screen = app.screen
            assert resumed("en") == "Game resumed: 1 event loaded from the journal."
            assert resumed("en") in _explain_text(screen)
            app.set_language("zh_Hans")
            await pilot.pause()
            shown = _explain_text(screen)
            assert resumed("zh_Hans") in shown and resumed("zh_Hans") != resumed("en")
            app.set_language("en")
            await pilot.pause()
            assert _explain_text(screen) != drawn      # not the explanation of the draw
    asyncio.run(go())


def test_a_refused_undo_keeps_what_death_valley_was_asking(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "standard", "Ava, Ben")
            screen = app.screen
            assert not screen.session.steps
            screen.entry_mode, screen.asking = "stars", "flood-2"
            shown = _capture_notices(app)
            assert screen.action_undo() is False
            await pilot.pause()
            assert (screen.entry_mode, screen.asking) == ("stars", "flood-2")
            assert len(shown) == 1 and not screen.session.steps
            # An undo that happens still goes back to plain entry.
            await pilot.press("escape")                   # stars later
            await pilot.pause()
            await enter(pilot, "heat-1")                  # reveal; then its stars are asked
            assert screen.phase() == "stars" and screen.asking == "heat-1"
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert not screen.session.steps and screen.entry_mode == "auto" and screen.asking is None
    asyncio.run(go())


# -- Shifting Stones --------------------------------------------------------------------------------
from tests.tui.test_shifting_stones import LAYOUT, new_stones_game  # noqa: E402
from tests.tui.test_shifting_stones import enter as stones_enter  # noqa: E402


def test_escape_on_the_layout_field_cancels_a_correction(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            await stones_enter(pilot, LAYOUT)
            state, before = screen.session.state, screen.session.writer.path.read_bytes()
            layout = screen.query_one("#layout")
            assert not layout.display
            await pilot.press("f7")
            await pilot.pause()
            assert layout.display and app.focused is layout and layout.value
            await type_text(pilot, " x")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen                              # not sent home
            assert not screen.editing_layout and not layout.display and layout.value == ""
            assert app.focused is screen.query_one("#pick")
            assert screen.session.state == state and screen.session.writer.path.read_bytes() == before
            await pilot.press("f7")                                  # and F7 still opens it again
            await pilot.pause()
            assert layout.display and screen.editing_layout
    asyncio.run(go())


def test_a_failed_hand_search_says_so_instead_of_working_for_ever(folders, monkeypatch):
    from companion.games.shifting_stones import solver

    def broken(grid, cards):
        raise RuntimeError("solver bug")

    monkeypatch.setattr(solver, "best_turn", broken)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            await stones_enter(pilot, LAYOUT)
            await type_text(pilot, "ss02")
            await pilot.press("f4")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            hint = screen.query_one("#hint").text.plain
            assert "Working out the best turn" not in hint
            assert "could not be worked out" in hint
            assert not screen._solving
            app.set_language("fa")
            await pilot.pause()
            assert translator("fa").gettext("The best turn for this hand could not be worked out.") in \
                screen.query_one("#hint").text.plain
    asyncio.run(go())


# -- quitting from the command palette -------------------------------------------------------------
def test_quit_from_the_palette_keeps_the_not_saved_guard(folders, monkeypatch):
    import errno
    import os

    real_write = os.write
    disk = {"full": False}

    def write(fd, data):
        if disk["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)

    async def quit_by_palette(pilot):
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "Quit")
        await pilot.app.workers.wait_for_complete()  # the palette's search is a worker
        await pilot.pause()
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            await play(pilot, ["15"])
            disk["full"] = True
            # Every folder refuses: the game cannot be rescued anywhere.
            monkeypatch.setattr(screen.session, "save_as", lambda path: (_ for _ in ()).throw(OSError("full")))
            await play(pilot, ["9"])
            shown = _capture_notices(app)
            await quit_by_palette(pilot)
            assert app.is_running and app.screen is screen
            assert any("not saved" in text for text in shown)
            await quit_by_palette(pilot)                    # a second time insists
            await pilot.pause()
            assert not app.is_running
            disk["full"] = False
    asyncio.run(go())


# -- placeholders in display order, in the current language ----------------------------------------
def test_placeholders_follow_the_language_in_display_order(folders):
    from bidi.algorithm import get_display
    from textual.command import CommandInput

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            players = app.screen.query_one("#players")
            assert players.placeholder == "Ava, Ben, Chen"
            app.set_language("fa")
            await pilot.pause()
            logical = translator("fa").gettext("Ava, Ben, Chen")
            assert logical != "Ava, Ben, Chen"
            assert unshaped(players.placeholder) == get_display(logical, base_dir="R") != logical
            app.set_language("zh_Hant")
            await pilot.pause()
            assert players.placeholder == translator("zh_Hant").gettext("Ava, Ben, Chen")
            app.set_language("fa")
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            search = translator("fa").gettext("Search for an action")
            shown = unshaped(app.screen.query_one(CommandInput).placeholder).replace("\u200c", "")  # ZWNJ kept
            assert shown == get_display(search, base_dir="R") != search
    asyncio.run(go())


# -- Persian menus: wrapped first, reordered second -------------------------------------------------
def test_a_long_persian_menu_entry_is_wrapped_then_reordered():
    from bidi.algorithm import get_display
    from rich.console import Console
    from rich.text import Text
    from textual.app import App

    from companion.i18n import use_language
    from companion.tui.widgets.menu import Menu

    label = "بازی را از همان جایی که در دفترچه ثبت شده ادامه بده و نام بازیکنان (آوا و بهرام) را نگه دار"

    class MenuApp(App):
        CSS = "Menu { width: 40; height: auto; }"

        def compose(self):
            yield Menu([("long", lambda: label), ("short", lambda: "یک")])

    async def go():
        app = MenuApp()  # a plain Textual app: the language in effect is the one of use_language()
        async with app.run_test(size=(80, 20)) as pilot:
            await pilot.pause()
            menu = app.query_one(Menu)
            width = menu.content_width()
            assert 30 <= width <= 40
            logical = Text(label).wrap(Console(width=200), width, justify="left", overflow="fold")
            expected = [get_display(line.plain.rstrip(), base_dir="R") for line in logical]
            assert len(expected) >= 3
            prompt = menu.get_option_at_index(0).prompt
            assert [unshaped(line.strip()) for line in prompt.plain.split("\n")] == expected
            shown = [unshaped(menu.render_line(y).text.strip()) for y in range(len(expected))]
            assert shown == expected
            # Wider: built again for the new width.
            menu.styles.width = 70
            await pilot.pause()
            await pilot.pause()
            wider = menu.content_width()
            assert wider > width
            lines = Text(label).wrap(Console(width=200), wider, justify="left", overflow="fold")
            assert [unshaped(line.strip()) for line in menu.get_option_at_index(0).prompt.plain.split("\n")] == \
                [get_display(line.plain.rstrip(), base_dir="R") for line in lines]
    with use_language("fa"):
        asyncio.run(go())


# -- keys screen: words for arrows, columns aligned by cells --------------------------------------
def test_keys_screen_writes_arrows_as_words_and_aligns_by_cells(folders):
    from rich.cells import cell_len

    from companion.tui.screens.help import KeysScreen

    async def go():
        app = build_app(folders, language="zh_Hant")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            await stones_enter(pilot, LAYOUT)
            assert app.focused is app.screen.query_one("#pick")
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen
            assert isinstance(keys, KeysScreen)
            rows = keys.rows()
            shown = [k for k, _d in rows]
            down = translator("zh_Hant").gettext("Down arrow")
            assert down != "Down arrow" and down in shown
            assert not any(glyph in key for key in shown for glyph in "↑↓←→⏎")
            heads = {head for head, _keys in keys.sections()}
            # Rows only: no section heading, no "In the grid:" line over a widget's keys.
            lines = [line for line in keys.query_one("Prose").text.plain.split("\n")[1:]
                     if line and line not in heads and not line.rstrip().endswith((":", "："))]
            assert len(lines) == len(rows)
            # Every description starts in the same terminal column, whatever the key's characters.
            starts = {cell_len(line[:len(line) - len(description)]) for line, (_k, description) in zip(lines, rows)}
            assert len(starts) == 1
            assert cell_len(down) != len(down)   # a wide key: len() would have misaligned it
    asyncio.run(go())


def test_textual_key_descriptions_are_all_in_our_catalogs():
    """The keys screen translates Textual's own descriptions too: none may be missing from the list."""
    from textual.containers import VerticalScroll
    from textual.screen import Screen
    from textual.widgets import Input, OptionList

    from companion.i18n import translator
    from companion.tui.textual_i18n import TEXTUAL_DESCRIPTIONS

    for cls in (Input, OptionList, VerticalScroll, Screen):
        for binding in cls.BINDINGS:
            description = getattr(binding, "description", "")
            if description:
                assert description in TEXTUAL_DESCRIPTIONS, (cls.__name__, description)
                assert translator("fa").gettext(description) != description
