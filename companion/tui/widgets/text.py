"""``Prose``: text that is translated when rendered and reordered for right-to-left display.

The source is a callable (called at every render, so a language switch only needs ``refresh``),
a Rich ``Text`` or markup.  Lines are wrapped to the widget's width first and then put in visual
order (see :mod:`companion.tui.bidi`).
"""

from __future__ import annotations

from typing import Callable, Union

from rich.text import Text
from textual.widget import Widget

from companion.i18n import current
from companion.tui import bidi

Source = Union[str, Text, Callable[[], Union[str, Text]]]


def as_text(value: str | Text) -> Text:
    return value if isinstance(value, Text) else Text(value)


class Prose(Widget):
    DEFAULT_CSS = """
    Prose { height: auto; width: 1fr; }
    """

    def __init__(self, source: Source = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._source: Source = source

    def update(self, source: Source) -> None:
        self._source = source
        self.refresh(layout=True)

    def retranslate(self) -> None:
        self.refresh(layout=True)

    @property
    def text(self) -> Text:
        source = self._source() if callable(self._source) else self._source
        return as_text(source)

    def _shown(self, width: int) -> Text:
        return bidi.for_display(self.text, width, current().direction == "rtl")

    def render(self) -> Text:
        return self._shown(self.content_region.width or self.size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        text = self._shown(width)
        if text.no_wrap:
            return max(1, len(text.plain.split("\n")))
        from companion.tui.bidi import _console

        return max(1, len(text.wrap(_console(), max(width, 1))))

    def get_content_width(self, container, viewport) -> int:
        return max((Text(line).cell_len for line in self.text.plain.split("\n")), default=0)
