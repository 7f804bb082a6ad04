"""Shifting Stones as people type it: face names in any of the four languages, patterns, grids, card ids.

One reader for the TUI (the card picker and the layout field) and for ``companion stones hint``:

* :func:`face_of` reads one word as a face: a face id or a face name in any of our languages,
  exactly or as the one face it begins; words written without spaces, as Chinese is (``魚馬``), are
  split into the faces they name (:func:`split_faces`).
* :func:`to_notation` turns a typed pattern into pattern notation with face ids;
  :func:`grid_notation` also reads nine faces written without ``/`` three by three.
* :func:`read_typed` splits ``PATTERN=POINTS``; :func:`looks_like_pattern` tells a hand-written card
  from a search; :func:`read_card` reads ``PATTERN=POINTS`` or a card id (in any case).
* :func:`find` is the picker's search: the cards best first, whether Enter may take the first one
  without asking, and a "did you mean" for words that name nothing.

Pure: no Textual, no files (the caller passes the library).
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from companion.errors import EventError, UsageError
from companion.games.shifting_stones.engine import POINTS
from companion.games.shifting_stones.patterns import FACES, GREY, SIZE, Pattern, parse_pattern
from companion.i18n import LOCALES, Translator, current, translator

if TYPE_CHECKING:
    from companion.games.shifting_stones.library import Card

GREYS = (GREY, "-", ".")  # what a typed grey stone may look like


def norm(text: str) -> str:
    """A typed word as it is compared: NFKC (full-width forms), trimmed, case folded."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


@cache
def _names(locale: str) -> dict[str, str]:
    from companion.games.shifting_stones.explain import face

    tr = translator(locale)
    return {norm(face(f, tr)): f for f in FACES}


def face_words(tr: Translator | None = None) -> dict[str, str]:
    """Every word that names a face -> its id: the ids, and the names in every language (the reader's last,
    so that they win should two languages ever use one word for different faces)."""
    tr = tr or current()
    words = {f: f for f in FACES}
    for locale in LOCALES:
        if locale != tr.locale:
            words.update(_names(locale))
    words.update({norm(name): f for name, f in _own_names(tr).items()})
    return words


def _own_names(tr: Translator) -> dict[str, str]:
    from companion.games.shifting_stones.explain import face

    return {face(f, tr): f for f in FACES}


def face_of(word: str, tr: Translator | None = None) -> str | None:
    """The face a typed word names: exactly, or as the only face it begins."""
    word = norm(word)
    if not word:
        return None
    words = face_words(tr)
    if word in words:
        return words[word]
    found = {f for w, f in words.items() if w.startswith(word)}
    return found.pop() if len(found) == 1 else None


def split_faces(word: str, tr: Translator | None = None) -> list[str] | None:
    """``魚馬`` -> ``["fish", "horse"]``: a word made of whole face names, read the only way it can be read
    (``None`` when it cannot, or could be read in two ways)."""
    word = norm(word)
    words = face_words(tr)
    # ways[i]: the readings of word[:i] (at most two are kept: two already make it ambiguous)
    ways: list[list[list[str]]] = [[] for _ in range(len(word) + 1)]
    ways[0].append([])
    for i in range(len(word)):
        if not ways[i]:
            continue
        for name, f in words.items():
            if word.startswith(name, i):
                ways[i + len(name)] += [w + [f] for w in ways[i]]
                del ways[i + len(name)][2:]
    readings = [w for w in ways[len(word)] if len(w) > 1]
    return readings[0] if len(readings) == 1 else None


def cells(chunk: str, tr: Translator | None = None) -> list[str]:
    """The cells of one typed row: face ids, ``*`` for grey stones, unknown words kept as typed."""
    out: list[str] = []
    for word in unicodedata.normalize("NFKC", chunk).replace(GREY, f" {GREY} ").split():
        if word in GREYS:
            out.append(GREY)
            continue
        face = face_of(word, tr)
        parts = None if face else split_faces(word, tr)
        out += [face] if face else parts if parts else [word]
    return out


def to_notation(text: str, tr: Translator | None = None) -> str:
    """A typed pattern with face names in any language -> notation with face ids (unknown words kept)."""
    return " / ".join(" ".join(cells(chunk, tr)) for chunk in unicodedata.normalize("NFKC", text).split("/"))


def grid_notation(text: str, tr: Translator | None = None) -> str:
    """A typed layout -> grid notation; nine faces without ``/`` are read row by row, three by three."""
    notation = to_notation(text, tr)
    words = notation.split()
    if "/" not in notation and len(words) == SIZE * SIZE:
        notation = " / ".join(" ".join(words[i:i + SIZE]) for i in range(0, SIZE * SIZE, SIZE))
    return notation


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


def read_card(text: str, library: Mapping[str, Card], tr: Translator | None = None) -> tuple[Pattern, int]:
    """``PATTERN=POINTS`` (``sun * fish=3``, face names in any language) or a library id in any case."""
    from companion.games.shifting_stones.library import by_id

    if "=" in unicodedata.normalize("NFKC", text):
        pattern_text, _sep, points_text = unicodedata.normalize("NFKC", text).rpartition("=")
        try:
            points = int(points_text.strip())
        except ValueError:
            raise UsageError("stones.bad_card", value=text) from None
        if points not in POINTS:
            raise EventError("stones.bad_points", value=points_text.strip(), low=POINTS[0], high=POINTS[-1])
        return parse_pattern(to_notation(pattern_text, tr)), points
    card = by_id(library.values(), text)
    if card is None:
        raise UsageError("stones.unknown_card" if text.strip() else "stones.bad_card", value=text)
    return card.pattern, card.points


# -- the picker's search ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """What a search found.  ``cards``: best first.  ``sure``: Enter may take ``cards[0]`` without asking
    (its id was typed, it is the only card that answers, or it shows the typed faces and no other, and
    answers better than any other card: the typed row itself, or the faces in the typed order).
    ``typing``: the last word is still being typed.  ``suggestion``: for words that name nothing, the
    nearest text that finds cards ("did you mean ...?")."""

    cards: tuple[Card, ...]
    sure: bool = False
    typing: bool = False
    suggestion: str | None = None


def find(cards: Iterable[Card], text: str, tr: Translator | None = None) -> Found:
    """The library cards the typed text asks for (see :class:`Found`)."""
    from companion.games.shifting_stones.library import SAME_FACES, by_id, ranked

    cards = list(cards)
    typed = norm(text)
    if not typed:
        return Found(tuple(cards))
    card = by_id(cards, typed)
    if card is not None:
        return Found((card,), sure=True)
    faces, typing = _faces(typed, tr)
    if faces is None:
        prefixed = tuple(c for c in cards if c.id.casefold().startswith(typed))
        if prefixed:
            return Found(prefixed, sure=len(prefixed) == 1)
        return Found((), suggestion=suggest(cards, text, tr))
    found = ranked(cards, faces)
    ranks = [r for r, _ in found]
    # Enter takes the first card only when nothing else answers as well, and it shows no face more than typed.
    best = len(ranks) == 1 or (len(ranks) > 1 and ranks[0] <= SAME_FACES and ranks[0] < ranks[1])
    return Found(tuple(c for _, c in found), sure=best and not typing, typing=typing)


def _faces(typed: str, tr: Translator | None) -> tuple[list[str] | None, bool]:
    """The faces of a search (``None`` if a word names none) and whether the last word is unfinished."""
    words = typed.split()
    faces: list[str] = []
    for index, word in enumerate(words):
        face = face_of(word, tr)
        if face is not None:
            faces.append(face)
            continue
        parts = split_faces(word, tr)
        if parts:
            faces += parts
        elif index == len(words) - 1 and any(w.startswith(word) for w in face_words(tr)):
            return faces, True  # still being typed
        else:
            return None, False
    return faces, False


def suggest(cards: Iterable[Card], text: str, tr: Translator | None = None) -> str | None:
    """The typed text with each word that names nothing replaced by the nearest face name or card id, when
    that text finds cards; ``None`` otherwise."""
    tr = tr or current()
    cards = list(cards)
    own = list(_own_names(tr))
    known = own + [w for w in face_words(tr) if w not in own] + [c.id for c in cards]
    out, changed = [], False
    for word in unicodedata.normalize("NFKC", text).split():
        if word in GREYS or face_of(word, tr) or split_faces(word, tr):
            out.append(word)
            continue
        close = difflib.get_close_matches(norm(word), known, n=1, cutoff=0.6)
        if not close:
            return None
        face = face_words(tr).get(close[0])
        out.append(_own_name(face, tr) if face else close[0])
        changed = True
    suggestion = " ".join(out)
    if not changed or not find(cards, suggestion, tr).cards:
        return None
    return suggestion


def _own_name(face: str, tr: Translator) -> str:
    from companion.games.shifting_stones.explain import face as name

    return name(face, tr)
