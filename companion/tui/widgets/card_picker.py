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

from companion.games.shifting_stones.explain import FSI, LRI, PDI, pattern_cells, text_width
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
from companion.tui.widgets.stones_grid import GREY_STYLE, STYLES, mini_rows

if TYPE_CHECKING:
    from companion.games.shifting_stones.library import Card
    from companion.games.shifting_stones.patterns import Pattern
    from companion.i18n import Translator

HAND_ACROSS = 3  # how many of the hand's pictures stand side by side in the hint


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


def _ltr(line: Text, rtl: bool) -> Text:
    """``line`` kept left to right as a whole in a right-to-left paragraph (an isolate: honoured and
    never drawn in ``app`` bidi mode, left to the terminal in ``terminal`` mode)."""
    if not rtl:
        return line
    return Text.assemble(LRI, line, PDI)


def pattern_lines(pattern: Pattern) -> list[Text]:
    """A pattern as a small grid of coloured face names (``.`` for a grey stone), one line a row.

    The columns are left to right in every language, as on the big grid and as rows are typed: a
    right-to-left reader's lines are isolated left to right, each name isolated on its own."""
    tr = current()
    rtl = tr.direction == "rtl"
    names = pattern_cells(pattern, tr)
    width = max(text_width(n) for row in names for n in row) + 2
    lines = []
    for faces, row in zip(pattern.rows, names, strict=True):
        line = Text()
        for index, (face, name) in enumerate(zip(faces, row, strict=True)):
            if index:
                line.append(" ")
            room = width - text_width(name)
            shown = FSI + name + PDI if rtl else name
            line.append(" " * (room // 2) + shown + " " * (room - room // 2),
                        style=GREY_STYLE if face is None else STYLES[face])
        lines.append(_ltr(line, rtl))
    return lines


def hand_lines(cards: list[Card]) -> list[Text]:
    """The hand's pictures side by side, each under its number and id (card 1 first in reading order:
    at the right for a right-to-left reader); each picture keeps its columns left to right."""
    tr = current()
    rtl = tr.direction == "rtl"
    blocks: list[list[Text]] = []
    for number, card in enumerate(cards, 1):
        label = Text(f"{tr.num(number)}. {card.id}", style="bold")  # the id keeps its own digits
        rows = mini_rows(card.pattern)
        width = max(label.cell_len, *(r.cell_len for r in rows))
        blocks.append([Text.assemble(b, " " * (width - b.cell_len)) for b in [label, *rows]])
    lines: list[Text] = []
    for start in range(0, len(blocks), HAND_ACROSS):
        group = blocks[start:start + HAND_ACROSS]
        if rtl:
            group = group[::-1]
        height = max(len(b) for b in group)
        for k in range(height):
            line = Text()
            for index, block in enumerate(group):
                if index:
                    line.append("   ")
                line.append_text(block[k] if k < len(block) else Text(" " * block[0].cell_len))
            line.rstrip()
            lines.append(_ltr(line, rtl))
    return lines


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
           "hand_lines", "looks_like_pattern", "pattern_lines", "read_typed", "to_notation"]
