"""Helpers for the TUI tests: an app in temporary folders, and playing Diamant by key presses."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from companion.i18n import current
from companion.tui import bidi


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "data", tmp_path / "config"


@pytest.fixture(autouse=True)
def _nothing_leaks():
    """Apps own their language and bidi mode: whatever a test ran, none of it is in effect afterwards."""
    yield
    assert current().locale == "en" and bidi.mode() == "app", "a language or bidi mode outlived its app"


@pytest.fixture
def snap_compare(snap_compare):
    """pytest-textual-snapshot's ``snap_compare``, made independent of the machine's speed.

    Two things on screen follow the wall clock: a toast lasts a few seconds, and a text cursor blinks
    every half second.  So after ``run_before`` every notification is dismissed -- a test that means a
    notice to appear checks it when it is raised (``helpers.record_notices``) -- and every cursor stops
    blinking (shown steadily), and the screen is drawn only once no toast is left on it.
    """

    def compare(app, *args, run_before=None, **kwargs):
        async def before(pilot):
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            pilot.app.clear_notifications()
            for widget in pilot.app.screen.query("*"):
                if hasattr(widget, "cursor_blink"):  # Input, TextArea: the cursor stays visible
                    widget.cursor_blink = False
            await pilot.pause()
            assert not pilot.app.screen.query("Toast"), "a notification is still on the screen"

        return snap_compare(app, *args, run_before=before, **kwargs)

    return compare
