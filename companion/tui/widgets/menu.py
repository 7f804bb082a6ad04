"""``Menu``: an option list whose entries are translated (and reordered) whenever the language changes."""

from __future__ import annotations

from typing import Callable, Sequence

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.i18n import current
from companion.tui import bidi

Item = tuple[str, Callable[[], str]]


class Menu(OptionList):
    def __init__(self, items: Sequence[Item] = (), *, id: str | None = None, classes: str | None = None) -> None:
        self._items = list(items)
        super().__init__(*self._build_options(), id=id, classes=classes)

    def _build_options(self) -> list[Option]:
        rtl = current().direction == "rtl"
        return [Option(bidi.line(label(), rtl), id=key) for key, label in self._items]

    def set_items(self, items: Sequence[Item]) -> None:
        self._items = list(items)
        self.retranslate()

    def retranslate(self) -> None:
        highlighted = self.highlighted
        self.clear_options()
        self.add_options(self._build_options())
        if self._items:
            self.highlighted = min(highlighted or 0, len(self._items) - 1)
