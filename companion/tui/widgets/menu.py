"""``Menu``: an option list whose entries are translated (and reordered) whenever the language changes.

Each entry is wrapped to the list's width first and then put in display order line by line (see
:func:`companion.tui.bidi.for_display`), so a long Persian entry still reads right in a narrow window;
the entries are built again when the width changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.i18n import current
from companion.tui import bidi

Item = tuple[str, Callable[[], str]]


def selected_key(event: OptionList.OptionSelected | OptionList.OptionHighlighted) -> str:
    """The key of the entry a :class:`Menu` selection chose (every entry of a menu has one)."""
    key = event.option.id
    assert key is not None, "a Menu entry always has its key as its id"
    return key


class Menu(OptionList):
    def __init__(self, items: Sequence[Item] = (), *, id: str | None = None, classes: str | None = None) -> None:
        self._items = list(items)
        self._built_width = 0
        super().__init__(*self._build_options(0), id=id, classes=classes)

    def content_width(self) -> int:
        """The cells an entry's text may use (0 before the list has a size)."""
        padding = self.get_component_styles("option-list--option").padding
        return max(0, self.scrollable_content_region.width - self._get_left_gutter_width() - padding.width)

    def _prompt(self, label: str, rtl: bool, width: int) -> str | Text:
        if width <= 0:  # not laid out yet: one line, rebuilt on the first resize
            return bidi.line(label, rtl)
        return bidi.for_display(Text(label), width, rtl)

    def _build_options(self, width: int | None = None) -> list[Option]:
        rtl = current().direction == "rtl"
        width = self._built_width = self.content_width() if width is None else width
        return [Option(self._prompt(label(), rtl, width), id=key) for key, label in self._items]

    def set_items(self, items: Sequence[Item]) -> None:
        self._items = list(items)
        self.retranslate()

    def retranslate(self) -> None:
        highlighted = self.highlighted
        self.clear_options()
        self.add_options(self._build_options())
        if self._items:
            self.highlighted = min(highlighted or 0, len(self._items) - 1)

    def on_resize(self) -> None:
        if self.content_width() != self._built_width:
            self.retranslate()
