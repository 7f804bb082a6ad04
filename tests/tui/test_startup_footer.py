"""Start-up shape and the translated footer: home at the bottom of the stack, labels that follow the
language, no rebuild when the keys stay the same, and a click on a key presses it."""

from __future__ import annotations

import asyncio

from companion.i18n import translator
from companion.tui import bidi
from companion.tui.widgets.footer import TranslatedFooter


def _footer(app) -> TranslatedFooter:
    return app.screen.query_one(TranslatedFooter)


def test_home_is_the_only_screen_at_start(folders):
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen"]
            assert app.screen.has_class("-rtl")
            # Escape on another screen comes back to home.
            await pilot.press("c")
            await pilot.pause()
            assert type(app.screen).__name__ == "SplitScreen"
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"
    asyncio.run(go())


def test_footer_labels_follow_the_language_in_display_order(folders):
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            fa = translator("fa")
            shown = _footer(app).descriptions
            assert bidi.line(fa.gettext("New game"), True) in shown
            assert bidi.line(fa.gettext("Language"), True) in shown
            rendered = _footer(app).render().plain
            assert bidi.line(fa.gettext("Settings"), True) in rendered
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("down", "enter")  # فارسی -> 繁體中文
            await pilot.pause()
            zh = translator("zh_Hant")
            shown = _footer(app).descriptions
            assert zh.gettext("New game") in shown and zh.gettext("Quit") in shown
            assert zh.gettext("New game") in _footer(app).render().plain
    asyncio.run(go())


def test_footer_is_not_rebuilt_when_the_keys_stay_the_same(folders):
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("n")  # the new-game form: tab moves the focus between fields
            await pilot.pause()
            footer = _footer(app)
            before = footer._entries
            repaints = []
            original = footer.refresh
            footer.refresh = lambda *a, **k: (repaints.append(1), original(*a, **k))[1]
            app.screen.refresh_bindings()
            app.screen.refresh_bindings()
            await pilot.pause()
            assert footer._entries is before and not repaints
            assert len(footer.children) == 0  # one widget, no key widgets to mount
    asyncio.run(go())


def test_a_click_on_a_footer_key_presses_it(folders):
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            footer = _footer(app)
            footer.render()
            start, _end, entry = next(span for span in footer._spans if span[2].key == "f1")
            await pilot.click(TranslatedFooter, offset=(start + 1, 0))
            await pilot.pause()
            assert type(app.screen).__name__ == "KeysScreen"
    asyncio.run(go())


def test_footer_lines_kept_for_each_set_of_keys_stay_true(folders):
    """The footer keeps its drawn line for each set of keys: switching between the card field's keys and
    the list's shows each set's own keys, a language switch draws them in the new language, and a click
    still presses the key under it after a kept line is shown again."""
    from tests.tui.helpers import build_app, new_game_by_keys, play

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            footer = _footer(app)

            def line() -> str:
                return footer.render_line(0).text

            card_keys = line()
            assert "Who leaves" in card_keys
            await pilot.press("ctrl+l")  # the list of players takes the focus: its own keys
            await pilot.pause()
            list_keys = line()
            assert list_keys != card_keys
            await pilot.press("escape")
            await pilot.pause()
            assert line() == card_keys  # the kept line of the card field's keys
            start, _end, entry = next(span for span in footer._spans if span[2].action.endswith("decide"))
            await pilot.click(TranslatedFooter, offset=(start + 1, 0))
            await pilot.pause()
            assert app.screen.focused is app.screen.query_one("#players")
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("down", "enter")  # English -> Persian
            await pilot.pause()
            fa = translator("fa")
            assert bidi.line(fa.gettext("Who leaves"), True) in line()
    asyncio.run(go())
