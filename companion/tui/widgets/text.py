"""``Prose``: text that is translated when rendered and reordered for right-to-left display.

The source is a callable (evaluated again after every ``refresh(layout=True)``, so a language switch
only needs that), a Rich ``Text`` or markup.  Lines are wrapped to the widget's width first and then
put in visual order (see :mod:`companion.tui.bidi`).  The laid-out text is kept until the next
``refresh(layout=True)``; :meth:`Prose.sync` evaluates the source and refreshes only if it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.content import Content, _FormattedLine
from textual.css.styles import RenderStyles
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from companion.i18n import current
from companion.tui import bidi

Source = str | Text | Callable[[], str | Text]


def _reads(row: _FormattedLine) -> tuple:
    """What a row shows and where it comes from: its characters and their styles (``Content`` compares
    only the characters), its alignment, and its place in the text (the mouse selects by it)."""
    return row.content.plain, tuple(row.content.spans), row.align, row.x, row.y


def _reads_at(rows: list[_FormattedLine], y: int) -> tuple | None:
    return _reads(rows[y]) if y < len(rows) else None


def _has_links(strip: Strip) -> bool:
    """Whether ``strip`` has a link (what ``Strip._apply_link_style`` styles: an ``@click`` action)."""
    return any(style is not None and style._meta is not None and "@click" in style.meta
               for _text, style, _control in strip)


def _rows(content: Content, width: int, styles: RenderStyles, get_style) -> list[_FormattedLine]:
    """``content`` wrapped to ``width`` as Textual's ``Content._wrap_and_format`` wraps it for these
    styles.  A line that fits is made its row directly (what that method makes of it, without looking
    for where to break it); the others are wrapped by it, one line at a time."""
    align, overflow = styles.text_align, styles.text_overflow
    if styles.line_pad or overflow != "fold" or styles.text_wrap == "nowrap" or "\t" in content.plain:
        return content._wrap_and_format(width, align=align, overflow=overflow, no_wrap=styles.text_wrap == "nowrap",
                                        line_pad=styles.line_pad, get_style=get_style)
    rows: list[_FormattedLine] = []
    for y, line in enumerate(content.split(allow_blank=True)):
        if line.cell_length <= width:  # (rstrip_end counts characters: a zero-width joiner is one)
            rows.append(_FormattedLine(get_style, line.rstrip_end(width), width, 0, y, align=align, line_end=True))
            continue
        for row in line._wrap_and_format(width, align=align, overflow=overflow, get_style=get_style):
            row.y = y
            rows.append(row)
    return rows


def as_text(value: str | Text) -> Text:
    return value if isinstance(value, Text) else Text(value)


class OneLayout(Widget):
    """A widget whose new virtual size asks for no second layout.

    Textual sets a widget's virtual size after each layout with ``layout=True``, which asks for a second
    layout whenever the size changed: a second frame, 16 ms or more after the one that showed the
    change, for nothing when nothing else depends on that virtual size (the widget does not scroll, or
    its scrollbars' own reactives ask for a layout when they come or go).  Taken in without asking for
    another layout, as Textual does when scrolling."""

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class Prose(OneLayout):
    DEFAULT_CSS = """
    Prose { height: auto; width: 1fr; }
    """
    SYNC_WITH_PANELS: ClassVar[bool] = True
    """Whether ``GameScreen.sync_panels`` syncs it (a widget that is given its text otherwise says no)."""

    def __init__(self, source: Source = "", *, steady: bool = False, id: str | None = None,
                 classes: str | None = None) -> None:
        self._source: Source = source
        self.steady = steady
        # A steady panel keeps this many rows until settle(), at any width: a floor that a new width
        # dropped would let a scrollbar that takes a column away come and go for ever.
        self._floor = 0
        self._text: Text | None = None
        self._laid_out: dict[tuple, Text] = {}
        self._painted: dict[tuple, list[_FormattedLine]] = {}  # (width, language, styles) -> the text's rows
        self._strips: dict[tuple, tuple[Strip, bool]] = {}  # a row as it reads and where -> (the row
        # rendered, whether it has a link: only then is the link style worked out and put on it)
        super().__init__(id=id, classes=classes)

    def update(self, source: Source) -> None:
        self._source = source
        self._floor = 0
        self.refresh(layout=True)

    def retranslate(self) -> None:
        self._floor = 0
        self.refresh(layout=True)

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if layout:  # the source may say something else now
            self._text = None
            self._forget()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _fixed_width(self) -> bool:
        """Whether the width does not follow the text (then only the height can change)."""
        width = self.styles.width
        return width is not None and not width.is_auto

    def _forget(self) -> None:
        """Drop what was laid out from the old text (a subclass drops its own caches too)."""
        self._laid_out = {}
        self._painted = {}

    def sync(self) -> bool:
        """Evaluate the source again; refresh (and say True) only when the text changed.

        When the new text takes as many lines as the old one at the width on screen, only the lines
        that read differently are painted again: nothing else can move, so the screen is not laid out
        again (a layout costs every widget's arrangement and then a paint of all that moved), and the
        lines that stayed the same are neither rendered nor written to the terminal again."""
        new = self.text
        old = self._text
        if old is not None and old == new and old.style == new.style:
            return False
        width = self.content_region.width
        if old is not None and width > 0 and self.is_mounted and self._fixed_width():
            before = self.painted_rows(width)
            self._text = new
            self._forget()
            after = self.painted_rows(width)
            # The new text is laid out for this width now: Widget.refresh keeps that (ours would drop it).
            if self._layout_required or self.get_content_height(None, None, width) != self.size.height:
                Widget.refresh(self, layout=True)
            else:
                changed = [Region(0, y, width, 1) for y in range(self.size.height)
                           if _reads_at(before, y) != _reads_at(after, y)]
                if changed:
                    Widget.refresh(self, *changed)
            return True
        self.refresh(layout=True)
        self._text = new
        return True

    @property
    def text(self) -> Text:
        source = self._source() if callable(self._source) else self._source
        return as_text(source)

    def _shown(self, width: int) -> Text:
        """The text laid out for ``width`` (:meth:`_lay_out`), kept per width, language and bidi mode
        until :meth:`_forget`."""
        key = (width, current().locale, bidi.mode())
        shown = self._laid_out.get(key)
        if shown is None:
            if len(self._laid_out) > 4:
                self._laid_out.clear()
            shown = self._laid_out[key] = self._lay_out(width)
        return shown

    def _lay_out(self, width: int) -> Text:
        """The text wrapped to ``width`` and put in visual order (a subclass may lay out its own way)."""
        if self._text is None:
            self._text = self.text
        return bidi.for_display(self._text, width, current().direction == "rtl")

    def render(self) -> Text:
        return self._shown(self.content_region.width or self.size.width)

    def render_line(self, y: int) -> Strip:
        """Row ``y``, rendered as Textual renders that row of the whole text (same styles, alignment and
        offsets for selecting it with the mouse), and kept by what it reads: a row that did not change
        is not rendered again when others did.  (During a text selection, or with a vertical
        alignment, the whole text is rendered, as Textual does.)"""
        if self.text_selection is not None or self.styles.content_align != ("left", "top"):
            return super().render_line(y)
        width = self.size.width
        rows = self.painted_rows(width)
        style = self.visual_style
        if y >= len(rows):
            return Strip.blank(width, style.rich_style)
        row = rows[y]
        key = (_reads(row), width, style)
        kept = self._strips.get(key)
        if kept is None:
            if len(self._strips) > 256:
                self._strips.clear()
            strip = Strip(*row.to_strip(style))
            kept = self._strips[key] = (strip, _has_links(strip))
        strip, links = kept
        if links and self.auto_links and not self.screen._selecting:  # as Visual.to_strips does
            strip = strip._apply_link_style(self.link_style)
        return strip

    def painted_rows(self, width: int) -> list[_FormattedLine]:
        """The laid-out text's rows at ``width``, wrapped and aligned by Textual's own ``Content`` code,
        as when it renders the whole text: the height is the one Textual draws, and each row is painted
        as Textual paints it."""
        styles = self.styles
        key = (width, current().locale, bidi.mode(), styles.text_align, styles.text_overflow, styles.text_wrap,
               styles.line_pad)
        rows = self._painted.get(key)
        if rows is None:
            rows = _rows(Content.from_rich_text(self._shown(width)), max(width, 1), styles, self._get_style)
            if len(self._painted) > 4:
                self._painted.clear()
            self._painted[key] = rows
        return rows

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = max(1, len(self.painted_rows(width)))
        if self.steady:
            rows = self._floor = max(rows, self._floor)
        return rows

    def settle(self) -> None:
        """A steady panel keeps the most rows its text has taken (shorter text leaves blank rows), so
        that what is under it does not move and the screen is not laid out again at every change; this
        lets it take only the rows its text needs again (laid out once, if it shrinks)."""
        if self.steady and self._floor:
            self._floor = 0
            width = self.content_region.width
            if self.is_mounted and width > 0 and max(1, len(self.painted_rows(width))) != self.size.height:
                Widget.refresh(self, layout=True)

    def get_content_width(self, container, viewport) -> int:
        return max((Text(line).cell_len for line in self.text.plain.split("\n")), default=0)
