"""``Prose``: text that is translated when rendered and reordered for right-to-left display.

The source is a callable (evaluated again after every ``refresh(layout=True)``, so a language switch
only needs that), a Rich ``Text`` or markup.  Lines are wrapped to the widget's width first and then
put in visual order (see :mod:`companion.tui.bidi`).  The laid-out text is kept until the next
``refresh(layout=True)``; :meth:`Prose.sync` evaluates the source and refreshes only if it changed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widget import Widget

from companion.i18n import current
from companion.tui import bidi

Source = str | Text | Callable[[], str | Text]


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

    def __init__(self, source: Source = "", *, id: str | None = None, classes: str | None = None) -> None:
        self._source: Source = source
        self._text: Text | None = None
        self._laid_out: dict[tuple, Text] = {}
        self._heights: dict[tuple, int] = {}  # (width, language, bidi mode) -> lines of the laid-out text
        super().__init__(id=id, classes=classes)

    def update(self, source: Source) -> None:
        self._source = source
        self.refresh(layout=True)

    def retranslate(self) -> None:
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
        self._heights = {}

    def sync(self) -> bool:
        """Evaluate the source again; refresh (and say True) only when the text changed.

        When the new text takes as many lines as the old one at the width on screen, only this widget
        is painted again: nothing else can move, so the screen is not laid out again (a layout costs
        every widget's arrangement and then a paint of all that moved)."""
        new = self.text
        old = self._text
        if old is not None and old == new and old.style == new.style:
            return False
        width = self.content_region.width
        if old is not None and width > 0 and self.is_mounted and self._fixed_width():
            before = self.get_content_height(None, None, width)
            self._text = new
            self._forget()
            # The new text is laid out for this width now: Widget.refresh keeps that (ours would drop it).
            Widget.refresh(self, layout=self.get_content_height(None, None, width) != before)
            return True
        self.refresh(layout=True)
        self._text = new
        return True

    @property
    def text(self) -> Text:
        source = self._source() if callable(self._source) else self._source
        return as_text(source)

    def _shown(self, width: int) -> Text:
        key = (width, current().locale, bidi.mode())
        shown = self._laid_out.get(key)
        if shown is None:
            if self._text is None:
                self._text = self.text
            if len(self._laid_out) > 4:
                self._laid_out.clear()
            shown = self._laid_out[key] = bidi.for_display(self._text, width, current().direction == "rtl")
        return shown

    def render(self) -> Text:
        return self._shown(self.content_region.width or self.size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        key = (width, current().locale, bidi.mode())
        height = self._heights.get(key)
        if height is None:
            text = self._shown(width)
            if text.no_wrap:
                height = max(1, len(text.plain.split("\n")))
            else:
                from companion.tui.bidi import _console

                height = max(1, len(text.wrap(_console(), max(width, 1))))
            if len(self._heights) > 4:
                self._heights.clear()
            self._heights[key] = height
        return height

    def get_content_width(self, container, viewport) -> int:
        return max((Text(line).cell_len for line in self.text.plain.split("\n")), default=0)
