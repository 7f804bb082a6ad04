"""``RunningLog``: the events of the current round or turn, newest at the bottom and always in view.

The log holds no text of its own: it asks its source (a callable returning the lines in the language
that is current *now*) every time it is synced, so a language switch only needs :meth:`sync`.  The lines
are wrapped and put in visual order like every other panel (it is a :class:`~companion.tui.widgets.text.Prose`).
The title (``border_title``) is a callable too.

It grows with its lines up to its ``max-height`` (set by each screen) and then shows the newest lines
that fit, saying in its bottom border how many earlier events are out of view.  It is not a scrolling
container on purpose: a scroll view whose height follows its content is laid out twice by Textual (its
size, then where to scroll), so each event painted two frames, the second one 16 ms or more later;
this log is laid out once, in the frame that shows the event.

A game screen gets one from :meth:`companion.tui.screens.game.GameScreen.compose_log` and keeps it in
step itself (after every send, undo, redo, language switch and on mount).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.css.scalar import Unit

from companion.i18n import current, ngettext
from companion.tui import bidi
from companion.tui.widgets.text import Prose

Lines = Callable[[], list[str]]


class RunningLog(Prose, can_focus=False):
    """One-line entries (each wrapped as needed), the newest at the bottom and always shown."""

    DEFAULT_CSS = """
    RunningLog { height: auto; max-height: 8; border: round $panel; padding: 0 1; }
    """
    SYNC_WITH_PANELS = False  # (GameScreen.refresh_log syncs it, once a key)

    def __init__(self, lines: Lines, title: Callable[[], str] | None = None, *, empty: Callable[[], str] | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        self._rows_cache: dict[tuple, list[tuple[int, Text]]] = {}
        super().__init__(self._joined, id=id, classes=classes)
        self._lines = lines
        self._title = title
        self._empty = empty
        self.hidden = 0  # how many earlier entries are out of view (as last worked out)

    def on_mount(self) -> None:
        self._set_titles()

    def on_resize(self) -> None:
        self._set_titles()

    # -- what it shows ----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The entries in the current language (what :meth:`sync` shows)."""
        return list(self._lines())

    def _entries(self) -> list[Text]:
        lines = self.lines()
        if not lines:
            return [Text(self._empty() if self._empty is not None else "", style="dim")]
        entries = [Text(line) for line in lines]
        if len(entries) > 1:  # the newest entry stands out a little
            entries[-1].stylize("bold")
        return entries

    def _joined(self) -> Text:
        return Text("\n").join(self._entries())

    def _rows(self, width: int) -> list[tuple[int, Text]]:
        """Every entry wrapped to ``width`` and in display order: (entry index, row) for each row."""
        key = ("rows", width, current().locale, bidi.mode())
        cached = self._rows_cache.get(key)
        if cached is not None:
            return cached
        rtl = current().direction == "rtl"
        console = bidi._console()
        rows: list[tuple[int, Text]] = []
        if self._text is None:
            self._text = self.text
        for index, entry in enumerate(self._text.split("\n", allow_blank=True)):
            for piece in bidi.for_display(entry, width, rtl).split("\n", allow_blank=True):
                if piece.cell_len > width > 0:
                    rows.extend((index, part) for part in piece.wrap(console, width))
                else:
                    rows.append((index, piece))
        self._rows_cache = {key: rows}
        return rows

    def room(self) -> int | None:
        """How many rows fit (``max-height`` less border and padding); None when it is not in cells."""
        limit = self.styles.max_height
        if limit is None or limit.unit != Unit.CELLS:
            return None
        return max(1, int(limit.value) - self.styles.gutter.height)

    def _tail(self, width: int) -> list[tuple[int, Text]]:
        rows = self._rows(width)
        room = self.room()
        return rows[-room:] if room is not None and room < len(rows) else rows

    def _shown(self, width: int) -> Text:
        shown = Text("\n", end="").join(row for _, row in self._tail(width))
        shown.no_wrap = True
        return shown

    def _forget(self) -> None:  # (Prose.refresh(layout=True) and sync call it: the rows go with the text)
        super()._forget()
        self._rows_cache = {}

    def _count_hidden(self) -> int:
        width = self.content_region.width or self.size.width
        if width <= 0:
            return 0
        tail = self._tail(width)
        return tail[0][0] if tail else 0

    def _set_titles(self) -> None:
        """The title, and in the bottom border how many earlier entries are out of view (worked out
        before the log is laid out, from its width and ``max-height``, so it is painted in the same frame)."""
        self.hidden = self._count_hidden()
        rtl = current().direction == "rtl"
        title = bidi.line(self._title(), rtl) if self._title is not None else None
        subtitle = None
        if self.hidden:
            subtitle = bidi.line(ngettext("{n} earlier event out of view", "{n} earlier events out of view",
                                          self.hidden), rtl)
        # Setting a border title repaints even when it is the same: a second frame after the event's.
        if title != self.border_title:
            self.border_title = title
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle

    # -- keeping it in step ----------------------------------------------------------------------
    def sync(self) -> bool:
        """Say everything again (in the current language); the newest entry is in view when painted."""
        changed = super().sync()
        self._set_titles()
        return changed

    def retranslate(self) -> None:
        super().retranslate()
        self._set_titles()
