"""The Shifting Stones card picker: typed faces (in any of our languages) filter the library's pictures.

Pure helpers (no Textual): :func:`face_of` reads one typed word as a face, :func:`to_notation` turns a
typed pattern into pattern notation, :func:`read_typed` splits ``PATTERN=POINTS``, :func:`filter_cards`
is the picker's search.  :class:`CardList` shows the cards as mini-pictures.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.games.shifting_stones.patterns import FACES, GREY
from companion.i18n import current, ngettext
from companion.tui import bidi
from companion.tui.widgets.stones_grid import mini_rows

if TYPE_CHECKING:
    from companion.games.shifting_stones.library import Card
    from companion.i18n import Translator


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def face_words(tr: Translator | None = None) -> dict[str, str]:
    """Every word that names a face -> its id (ids and names in the current language)."""
    from companion.games.shifting_stones.explain import face

    tr = tr or current()
    words = {f: f for f in FACES}
    for f in FACES:
        words[_norm(face(f, tr))] = f
    return words


def face_of(word: str, tr: Translator | None = None) -> str | None:
    """The face a typed word names: exactly, or as the unique face it begins."""
    word = _norm(word)
    if not word:
        return None
    words = face_words(tr)
    if word in words:
        return words[word]
    found = {f for w, f in words.items() if w.startswith(word)}
    return found.pop() if len(found) == 1 else None


def to_notation(text: str, tr: Translator | None = None) -> str:
    """A typed pattern with face names in any language -> notation with face ids (unknown words kept)."""
    rows = []
    for chunk in unicodedata.normalize("NFKC", text).split("/"):
        cells = []
        for word in chunk.split():
            if word in (GREY, "-", "."):
                cells.append(GREY)
            else:
                cells.append(face_of(word, tr) or word)
        rows.append(" ".join(cells))
    return " / ".join(rows)


def read_typed(text: str) -> tuple[str, int | None]:
    """``"sun * fish = 3"`` -> ``("sun * fish", 3)``; no ``=`` -> points ``None``; bad points -> 0."""
    body, sep, points = unicodedata.normalize("NFKC", text).partition("=")
    if not sep:
        return body.strip(), None
    try:
        return body.strip(), int(points.strip())
    except ValueError:
        return body.strip(), 0


def looks_like_pattern(text: str) -> bool:
    """The typed text is a hand-written card (rows, grey stones or points), not a search."""
    plain = unicodedata.normalize("NFKC", text)
    return any(mark in plain for mark in ("/", "=", GREY))


def filter_cards(cards: Iterable[Card], text: str, tr: Translator | None = None) -> list[Card]:
    """Library cards whose picture shows the typed faces; a card id shows that card."""
    from companion.games.shifting_stones.library import search

    cards = list(cards)
    typed = _norm(text)
    if not typed:
        return cards
    exact = [c for c in cards if c.id.casefold() == typed]
    if exact:
        return exact
    words = typed.split()
    faces: list[str] = []
    for index, word in enumerate(words):
        face = face_of(word, tr)
        if face is None:
            if index == len(words) - 1 and any(w.startswith(word) for w in face_words(tr)):
                continue  # still being typed
            if any(c.id.casefold().startswith(typed) for c in cards):
                return [c for c in cards if c.id.casefold().startswith(typed)]
            return []
        faces.append(face)
    return search(cards, " ".join(faces))


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

    def set_cards(self, cards: list[Card], notes: dict[str, str] | None = None) -> None:
        notes = notes or {}
        keep = self.highlighted_card
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
