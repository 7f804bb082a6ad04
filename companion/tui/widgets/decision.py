"""``DecisionList``: the players, with a cursor; toggle who leaves, then confirm.

Keys: up/down move, space or L marks the player under the cursor as leaving, S as staying, a digit
1-9 toggles the player of that seat (the bell rings for a seat nobody holds), Enter confirms (posts
:class:`DecisionList.Confirmed`), Escape cancels.  Rows come from the screen as ``(seat, text, selectable)`` triples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive

from companion.i18n import N_, current
from companion.tui import bidi
from companion.tui.widgets.text import Prose


class DecisionList(Prose, can_focus=True):  # (it does not scroll)
    """A :class:`Prose` whose text is its rows: a change paints only the rows that read differently
    (a player's gems, a mark, the cursor)."""

    DEFAULT_CSS = """
    DecisionList { height: auto; width: 1fr; }
    """
    SYNC_WITH_PANELS = False  # the screen gives it its rows (set_rows)
    KEYS_WHERE = N_("In the list of explorers (Ctrl+L):")  # the heading of its keys on F1 while it has no focus
    BINDINGS: ClassVar[list[BindingType]] = [  # type: ignore[assignment]  # list, as Textual declares it
        Binding("up", "move(-1)", N_("Up"), show=False, id="decision.up"),
        Binding("down", "move(1)", N_("Down"), show=False, id="decision.down"),
        Binding("space", "toggle_current", N_("Toggle"), id="decision.toggle"),
        Binding("l", "mark(True)", N_("Leaves"), id="decision.leave"),
        Binding("s", "mark(False)", N_("Stays"), id="decision.stay"),
        Binding("enter", "confirm", N_("Confirm"), id="decision.confirm"),
        Binding("escape", "cancel", N_("Cancel"), id="decision.cancel"),
    ] + [Binding(str(n), f"toggle_seat({n - 1})", show=False, id=f"decision.seat{n}") for n in range(1, 10)]

    cursor = reactive(0, repaint=False)  # (painted by sync, only the two rows it moves between)

    @dataclass
    class Confirmed(Message):
        leavers: tuple[int, ...]

    class Cancelled(Message):
        pass

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(self._composed, id=id)
        self.rows: list[tuple[int, Text, bool]] = []
        self.leaving: set[int] = set()
        # (row's text and styles, mark, language, bidi mode, width) -> its lines in display order: a row
        # whose text did not change (a player at camp, the names) is not wrapped and reordered again.
        self._lines: dict[tuple, list[Text]] = {}

    def set_rows(self, rows: list[tuple[int, Text, bool]]) -> None:
        if rows == self.rows:
            return
        if len(self._lines) > 512:
            self._lines = {}
        self.rows = rows
        selectable = {seat for seat, _, ok in rows if ok}
        self.leaving &= selectable
        if self.rows:
            self.cursor = min(self.cursor, len(self.rows) - 1)
        self.sync()

    def _mark(self, seat: int, ok: bool) -> str:
        return "[+]" if seat in self.leaving else ("[ ]" if ok else "   ")

    def _composed(self) -> Text:
        """What the list says, whatever the width: each row with its mark, the cursor's in reverse
        while the list has the focus (what :meth:`Prose.sync` compares)."""
        lines = []
        for index, (seat, text, ok) in enumerate(self.rows):
            line = Text.assemble(self._mark(seat, ok), " ", text)
            if index == self.cursor and self.has_focus:
                line.stylize("reverse")
            lines.append(line)
        return Text("\n").join(lines)

    def _row_lines(self, index: int, width: int) -> list[Text]:
        """One player's row wrapped to ``width`` (continuation lines indented under the name), each
        line then put in display order -- wrapping first, reordering second, as bidi requires."""
        seat, text, ok = self.rows[index]
        mark = self._mark(seat, ok)
        rtl = current().direction == "rtl"
        key = (text.plain, tuple(text.spans), text.style, mark, current().locale, bidi.mode(), width)
        lines = self._lines.get(key)
        if lines is None:
            row = Text.assemble((mark, "bold red" if seat in self.leaving else ""), " ", text)
            indent = len(mark) + 1
            lines = []
            for n, part in enumerate(row.wrap(self.app.console, max(8, width - (indent if rtl else 0)))):
                if n and not rtl:
                    part = Text(" " * indent) + part
                part.rstrip()
                if bidi.mode() == "app" and (rtl or bidi.has_rtl(part.plain)):
                    part = bidi.reorder_line(part, rtl)
                if n and rtl:
                    part = part + Text(" " * indent)  # indented from the right, under the name
                lines.append(part)
            self._lines[key] = lines
        return lines

    def _width(self, width: int | None = None) -> int:
        return max(8, width or self.content_region.width or self.size.width or 80)

    def _lay_out(self, width: int) -> Text:
        rtl = current().direction == "rtl"
        width = self._width(width)
        lines = []
        for index in range(len(self.rows)):
            for line in self._row_lines(index, width):
                line = line.copy()
                if index == self.cursor and self.has_focus:
                    line.stylize("reverse")
                if rtl and line.cell_len < width:
                    line.pad_left(width - line.cell_len)
                lines.append(line)
        return Text("\n").join(lines)

    def on_focus(self) -> None:
        # Textual says the widget has the focus only after this handler (its own runs after ours):
        # the cursor's row is painted reversed once it does, in the same frame.
        self.call_next(self.sync)

    def on_blur(self) -> None:
        self.call_next(self.sync)

    def action_move(self, delta: int) -> None:
        if self.rows:
            self.cursor = (self.cursor + delta) % len(self.rows)
            self.sync()

    def _selectable(self, seat: int) -> bool:
        return any(s == seat and ok for s, _, ok in self.rows)

    def _set(self, seat: int, leaving: bool) -> None:
        if not self._selectable(seat):
            self.app.bell()
            return
        if leaving:
            self.leaving.add(seat)
        else:
            self.leaving.discard(seat)
        self.sync()

    def action_toggle_current(self) -> None:
        if self.rows:
            seat = self.rows[self.cursor][0]
            self._set(seat, seat not in self.leaving)

    def action_mark(self, leaving: bool) -> None:
        if self.rows:
            self._set(self.rows[self.cursor][0], leaving)

    def action_toggle_seat(self, seat: int) -> None:
        self._set(seat, seat not in self.leaving)

    def action_confirm(self) -> None:
        self.post_message(self.Confirmed(tuple(sorted(self.leaving))))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    def clear(self) -> None:
        self.leaving.clear()
        self.sync()
