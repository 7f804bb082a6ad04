"""After an event the Diamant screen lays out only the panels whose text changed (and still shows the
new state); the cached right-to-left lines follow the language."""

from __future__ import annotations

import asyncio

from rich.text import Text

from companion.i18n import translator
from companion.tui.widgets.text import Prose
from tests.tui.helpers import build_app, new_game_by_keys, play, unshaped


def test_prose_sync_refreshes_only_on_change():
    box = {"value": "one"}
    prose = Prose(lambda: Text(box["value"]))
    assert prose._shown(20).plain == "one"
    assert prose.sync() is False  # same text: nothing to do
    box["value"] = "two"
    assert prose._shown(20).plain == "one"  # laid out once, kept until told
    assert prose.sync() is True
    assert prose._shown(20).plain == "two"
    box["value"] = "three"
    prose.refresh(layout=True)  # the old way of saying "changed" still works
    assert prose._shown(20).plain == "three"


def test_an_event_lays_out_only_changed_panels(folders):
    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            screen = app.screen
            changed = []
            for prose in screen.query(Prose):
                original = prose.sync
                prose.sync = lambda p=prose, o=original: (changed.append(p.id) if o() else None)
            await play(pilot, ["snake"])
            # The path, odds, deck and explanation change; the titles and the key hint do not.
            assert {"path", "odds", "deck", "explain"} <= set(changed)
            assert "title" not in changed and "entry-hint" not in changed
            fa = translator("fa")
            shown = unshaped(screen.query_one("#path")._shown(screen.query_one("#path").content_region.width).plain)
            snake = fa.gettext("snake") if fa.gettext("snake") != "snake" else None
            assert "۲" in shown  # the second card, in Persian digits
            if snake:
                assert snake[::-1] in shown or snake in shown
            # Switching the language lays the cached panels out again.
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("up", "enter")  # English
            await pilot.pause()
            path = screen.query_one("#path")
            assert "2. " in path._shown(path.content_region.width).plain
    asyncio.run(go())
