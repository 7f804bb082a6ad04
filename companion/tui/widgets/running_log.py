"""``RunningLog``: the events of the current round or turn, newest at the bottom and kept in view.

The log holds no text of its own: it asks its source (a callable returning the lines in the language
that is current *now*) every time it is synced, so a language switch only needs :meth:`sync`.  The lines
are shown through :class:`~companion.tui.widgets.text.Prose`, which wraps them and puts right-to-left
lines in visual order like every other panel.  The title (``border_title``) is a callable too.

A game screen gets one from :meth:`companion.tui.screens.game.GameScreen.compose_log` and keeps it in
step itself (after every send, undo, redo, language switch and on mount).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from companion.i18n import current
from companion.tui import bidi
from companion.tui.widgets.text import Prose

Lines = Callable[[], list[str]]


class RunningLog(VerticalScroll, can_focus=False):
    """A scrollable list of one-line entries; the last one is always in view after a change."""

    DEFAULT_CSS = """
    RunningLog { height: auto; max-height: 8; border: round $panel; padding: 0 1; scrollbar-size-vertical: 1; }
    RunningLog > Prose { padding: 0; }
    """

    def __init__(self, lines: Lines, title: Callable[[], str] | None = None, *, empty: Callable[[], str] | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines = lines
        self._title = title
        self._empty = empty
        self._prose = Prose(self._text, classes="log-lines")

    def compose(self) -> ComposeResult:
        yield self._prose

    def on_mount(self) -> None:
        self._set_title()
        self.scroll_end(animate=False, immediate=False)

    # -- what it shows ----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The entries in the current language (what :meth:`sync` shows)."""
        return list(self._lines())

    def _text(self) -> Text:
        lines = self.lines()
        if not lines:
            return Text(self._empty() if self._empty is not None else "", style="dim")
        text = Text("\n".join(lines))
        if len(lines) > 1:  # the newest entry stands out a little
            start = len(text.plain) - len(lines[-1])
            text.stylize("bold", start)
        return text

    def _set_title(self) -> None:
        if self._title is not None:
            self.border_title = bidi.line(self._title(), current().direction == "rtl")

    # -- keeping it in step ----------------------------------------------------------------------
    def sync(self) -> None:
        """Say everything again (in the current language) and bring the newest entry into view."""
        self._set_title()
        self._prose.sync()
        self.call_after_refresh(self.scroll_end, animate=False, immediate=False)

    def retranslate(self) -> None:
        self._set_title()
        self._prose.retranslate()
        self.call_after_refresh(self.scroll_end, animate=False, immediate=False)
