"""``BidiInput``: a text field that shows Persian as it reads and edits it as it is typed.

Textual's ``Input`` draws its value cell by cell in logical order, so in a terminal that does no bidi
a Persian name reads backwards.  In ``app`` mode (:mod:`companion.tui.bidi`) this input draws its
value in display order, shaped (joined letters), while the value, the cursor position, the selection
and every editing action stay on the logical text, exactly as in ``Input``.  The cursor is drawn on
the cell of the character it stands before (past the end: one cell beyond the last character, on the
left of a right-to-left text).  In a right-to-left text the arrow keys move the way they point.
A completion suggestion (``suggester``) is laid out with the value, as the word it completes, its
part beyond the value faded; Right (or, in a right-to-left text, the arrow that points toward the
suggestion) at the end accepts it, as in ``Input``.
In ``terminal`` mode, for a password, or for a value without right-to-left letters, it is ``Input``.

Keys that arrive together stay in order.  ``Input`` inserts a typed character at once but submits on
Enter through its binding, which runs only after the key has bubbled up -- so in a burst
(``animal-1⏎4⏎``: an input method, a paste, a loaded laptop catching up) the characters after Enter
were inserted before the submission, and the screen saw ``animal-14``.  Here Enter submits at once
(:attr:`submit_in_order`): the value is sent to the screen, and the keys that arrive while the screen
handles it are held and typed into the field right after (another Enter among them submits again).
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Input

from companion.i18n import current
from companion.tui import bidi


class BidiInput(Input):
    submit_in_order = True
    """Enter submits as it arrives, and keys behind it wait for the screen (see the module's note)."""

    _held: list[events.Key] | None = None

    # -- keys in order ------------------------------------------------------------------------------
    class Released(Message):
        """Behind a submission, on the same way up: when it reaches the screen, the screen has handled
        the value, and the keys held meanwhile are typed (``CompanionScreen`` calls :meth:`_release`)."""

        def __init__(self, field: BidiInput) -> None:
            super().__init__()
            self.field = field

    def _holds_keys(self) -> bool:
        return self.submit_in_order and hasattr(self.screen, "on_bidi_input_released")

    async def _on_key(self, event: events.Key) -> None:
        if self._held is not None and (event.is_printable or event.key == "enter"):
            self._held.append(event)  # the screen is still handling the value submitted before it
            event.stop()
            event.prevent_default()
            return
        if event.key == "enter" and self._holds_keys():
            event.stop()
            event.prevent_default()
            self._restart_blink()  # as Input does on every key: the cursor stays on while one types
            self._submit_now()
            return
        await super()._on_key(event)

    def _submit_now(self, held: list[events.Key] | None = None) -> None:
        """Submit the value now and hold the next keys until the screen has handled it.  Both messages
        bubble the way ``Changed`` does, in order, so the screen sees every change before the value."""
        validation = self.validate(self.value) if "submitted" in self.validate_on else None
        self._held = held if held is not None else []
        self.post_message(self.Submitted(self, self.value, validation))
        self.post_message(self.Released(self))

    def _release(self) -> None:
        held, self._held = self._held or [], None
        for index, key in enumerate(held):
            if key.key == "enter":
                self._submit_now(held[index + 1:])
                return
            if key.character is not None and not self.disabled:
                if self.selection.is_empty:
                    self.insert_text_at_cursor(key.character)
                else:
                    self.replace(key.character, *self.selection)

    # -- layout -------------------------------------------------------------------------------------
    _value_changing = False

    def _watch_value(self, value: str) -> None:
        # ``Input`` sets its virtual size (the value's width) on every change, and that reactive asks
        # the whole screen to be laid out again -- for a field whose size never follows its value (it
        # is 100% wide, 3 high): every key and every Enter cost a layout of every panel.  Here the
        # virtual size is still set (scrolling the value uses it), without the layout, unless the
        # field's own size is automatic.
        self._value_changing = True
        try:
            super()._watch_value(value)
        finally:
            self._value_changing = False

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if layout and self._value_changing and not self.styles.auto_dimensions:
            layout = False
            self._scroll_update(self.virtual_size)  # what a layout would do for the scrolling
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _shown_value(self) -> str:
        """The value, and the suggestion's rest when it is on show (as ``Input`` shows it)."""
        suggestion = self._suggestion
        if self.has_focus and len(suggestion) > len(self.value) and suggestion.startswith(self.value):
            return suggestion
        return self.value

    def _reordered(self) -> bool:
        return bidi.mode() == "app" and not self.password and bidi.has_rtl(self._shown_value())

    def _rtl_base(self) -> bool:
        for ch in self._shown_value():
            kind = unicodedata.bidirectional(ch)
            if kind in ("R", "AL"):
                return True
            if kind == "L":
                return False
        return current().direction == "rtl"

    def visual(self) -> tuple[str, list[int], bool]:
        """The value in display order, for each shown character its index in the value, and whether
        the line is right to left."""
        rtl = self._rtl_base()
        shown, order = bidi.visual_order(self._shown_value(), rtl)
        return shown, order, rtl

    def _cells(self) -> tuple[str, list[int], bool, list[int]]:
        """``visual()`` plus the cell where each shown character starts (one more: the end)."""
        shown, order, rtl = self.visual()
        starts, x = [], 0
        if rtl:
            x = 1  # the cell for a cursor past the end of a right-to-left text
        for ch in shown:
            starts.append(x)
            x += cell_len(ch)
        starts.append(x)
        return shown, order, rtl, starts

    def visual_cursor_cell(self) -> int:
        """The cell (from the left of the text) where the cursor is drawn."""
        shown, order, rtl, starts = self._cells()
        cursor = self.cursor_position
        # The cursor stands before the character at ``cursor``: its cell (a ligature or a dropped
        # character: the nearest shown one after it).
        best = None
        typed = len(self.value)  # a suggestion's letters only take the cursor past the end
        for position, index in enumerate(order):
            if index >= cursor and (index < typed or cursor == typed) and (best is None or index < order[best]):
                best = position
        if best is None:  # past the end
            return 0 if rtl else starts[-1]
        return starts[best]

    def _ui_rtl(self) -> bool:
        return bidi.mode() == "app" and current().direction == "rtl"

    def _shift(self) -> int:
        """Cells left blank before a right-to-left text so that it ends at the field's right edge
        (0 when it is longer than the field: it then scrolls like any text)."""
        if not self._reordered() or not self._rtl_base():
            return 0
        return max(0, self.scrollable_content_region.width - self._cells()[3][-1])

    @property
    def _cursor_offset(self) -> int:
        if not self.value and self._ui_rtl():  # right to left: the cursor waits at the right edge
            return max(0, self.scrollable_content_region.width - 1)
        if not self._reordered():
            return super()._cursor_offset
        return self._shift() + self.visual_cursor_cell()

    @property
    def content_width(self) -> int:
        if not self.value or not self._reordered():
            return super().content_width
        return self._cells()[3][-1] + 1

    def render_line(self, y: int) -> Strip:
        if y == 0 and not self.value and self._ui_rtl():
            return self._render_placeholder_rtl()
        if y != 0 or not self.value or not self._reordered():
            return super().render_line(y)
        shown, order, rtl, starts = self._cells()
        text = Text(no_wrap=True, overflow="ignore", end="")
        selection_style = self.get_component_rich_style("input--selection")
        suggestion_style = self.get_component_rich_style("input--suggestion")
        typed = len(self.value)
        cursor_style = self.get_component_rich_style("input--cursor")
        start, end = sorted(self.selection)
        cursor_cell = self.visual_cursor_cell() if self.has_focus and self._cursor_visible else None
        if rtl:
            text.append(" ", style=cursor_style if cursor_cell == 0 else None)
        for position, ch in enumerate(shown):
            index = order[position]
            style = suggestion_style if index >= typed else None
            if self.has_focus and start != end and start <= index < end:
                style = selection_style
            if cursor_cell is not None and starts[position] == cursor_cell:
                style = cursor_style
            text.append(ch, style=style)
        if not rtl:
            text.append(" ", style=cursor_style if cursor_cell == starts[-1] else None)
        console = self.app.console
        width = self.scrollable_content_region.width
        strip = Strip(list(console.render(text, self.app.console_options.update_width(self.content_width))))
        shift = self._shift()
        if shift:
            strip = Strip.join([Strip.blank(shift), strip])
        scroll_x, _ = self.scroll_offset
        strip = strip.crop(scroll_x, scroll_x + width + 1).extend_cell_length(width + 1)
        return strip.apply_style(self.rich_style)

    def _render_placeholder_rtl(self) -> Strip:
        """An empty field in a right-to-left language: the placeholder (already in display order)
        ends at the right edge, where the cursor waits."""
        width = self.scrollable_content_region.width
        text = Text(self.placeholder, no_wrap=True, overflow="crop", end="")
        text.stylize(self.get_component_rich_style("input--placeholder"))
        text.truncate(max(0, width - 1))
        line = Text(" " * max(0, width - 1 - text.cell_len), end="")
        line.append_text(text)
        cursor = Text(" ", end="")
        if self.has_focus and self._cursor_visible:
            cursor.stylize(self.get_component_rich_style("input--cursor"))
        line.append_text(cursor)
        strip = Strip(list(self.app.console.render(line, self.app.console_options.update_width(width + 1))))
        return strip.extend_cell_length(width + 1).apply_style(self.rich_style)

    def _cell_offset_to_index(self, offset: int) -> int:
        if not self._reordered():
            return super()._cell_offset_to_index(offset)
        shown, order, rtl, starts = self._cells()
        scroll_x, _ = self.scroll_offset
        offset += scroll_x - self._shift()
        for position in range(len(shown)):
            if starts[position] <= offset < starts[position + 1]:
                return min(order[position], len(self.value))
        if rtl:  # left of the text: its end; right of it: its start
            return len(self.value) if offset < 1 else 0
        return len(self.value)

    # -- the arrow keys move the way they point in a right-to-left text ------------------------------
    def _swapped(self) -> bool:
        return self._reordered() and self._rtl_base()

    def action_cursor_left(self, select: bool = False) -> None:
        if self._swapped():
            super().action_cursor_right(select)
        else:
            super().action_cursor_left(select)

    def action_cursor_right(self, select: bool = False) -> None:
        if self._swapped() and not (not select and self.cursor_at_end and self._suggestion):
            super().action_cursor_left(select)
        else:
            super().action_cursor_right(select)

    def action_cursor_left_word(self, select: bool = False) -> None:
        if self._swapped():
            super().action_cursor_right_word(select)
        else:
            super().action_cursor_left_word(select)

    def action_cursor_right_word(self, select: bool = False) -> None:
        if self._swapped():
            super().action_cursor_left_word(select)
        else:
            super().action_cursor_right_word(select)
