"""The Shifting Stones card picker: typed faces (in any of our languages) filter the library's pictures.

The reading of what is typed is :mod:`companion.games.shifting_stones.notation` (shared with
``companion stones hint``); its helpers are importable from here too.  :func:`filter_cards` is the
picker's search, best card first.  :class:`CardList` shows the cards as mini-pictures.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.games.shifting_stones.notation import (
    Found,
    face_of,
    face_words,
    find,
    grid_notation,
    looks_like_pattern,
    read_typed,
    to_notation,
)
from companion.i18n import current, ngettext
from companion.tui import bidi
from companion.tui.widgets.stones_grid import mini_rows

if TYPE_CHECKING:
    from companion.games.shifting_stones.library import Card
    from companion.i18n import Translator


def filter_cards(cards: Iterable[Card], text: str, tr: Translator | None = None) -> list[Card]:
    """Library cards whose picture shows the typed faces, best first; a card id shows that card."""
    return list(find(cards, text, tr).cards)


def card_prompt(card: Card, note: str = "") -> Text:
    """A card as its id, points and mini-picture (the picture is never reordered)."""
    tr = current()
    label = ngettext("{card}: {n} point", "{card}: {n} points", card.points, card=card.id)
    if note:
        label = f"{label}  {note}"
    text = Text(bidi.line(label, tr.direction == "rtl"), style="bold")
    for row in mini_rows(card.pattern):
        text.append("\n")
        text.append_text(row)
    return text


class CardList(OptionList):
    """The filtered library; the option ids are the card ids."""

    DEFAULT_CSS = """
    CardList { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []

    def set_cards(self, cards: list[Card], notes: dict[str, str] | None = None, keep_highlight: bool = True) -> None:
        """Show ``cards``; the highlight stays on the same card if it is still shown (and
        ``keep_highlight``), else it goes to the first, best card."""
        notes = notes or {}
        keep = self.highlighted_card if keep_highlight else None
        self.cards = list(cards)
        self.clear_options()
        self.add_options([Option(card_prompt(c, notes.get(c.id, "")), id=c.id) for c in self.cards])
        if self.cards:
            ids = [c.id for c in self.cards]
            self.highlighted = ids.index(keep.id) if keep is not None and keep.id in ids else 0

    @property
    def highlighted_card(self) -> Card | None:
        if self.highlighted is None or not 0 <= self.highlighted < len(self.cards):
            return None
        return self.cards[self.highlighted]


__all__ = ["CardList", "Found", "card_prompt", "face_of", "face_words", "filter_cards", "find", "grid_notation",
           "looks_like_pattern", "read_typed", "to_notation"]
