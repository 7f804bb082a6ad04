"""The pattern library: the 72 cards shipped with the companion, plus the user's own library.

Both files have the same TOML format, one ``[[card]]`` table per card::

    [[card]]
    id = "ss16"
    pattern = "tree * seed"
    points = 1

The user's file (``<user config dir>/stones_patterns.toml``) holds corrections and additions: an
entry with the id of a shipped card replaces it, a new id adds a card.  A bad file raises
:class:`RulesetError` naming the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.errors import EventError, RulesetError
from companion.fsutil import atomic_write
from companion.games.shifting_stones.engine import POINTS
from companion.games.shifting_stones.patterns import Pattern, parse_pattern

BUILTIN = Path(__file__).resolve().parent / "patterns.toml"
USER_FILE = "stones_patterns.toml"
KEYS = ("id", "pattern", "points")


@dataclass(frozen=True)
class Card:
    id: str
    pattern: Pattern
    points: int
    source: str = "builtin"  # "builtin" | "user"


def user_path() -> Path:
    from companion.paths import user_config_dir

    return user_config_dir() / USER_FILE


def read_cards(path: Path, source: str) -> list[Card]:
    """The cards of one library file, checked entry by entry."""
    from companion.safeio import loads_toml, read_text_file

    where = str(path)
    # A regular file of bounded size and nesting (never a FIFO or a device: companion.safeio).
    text = read_text_file(path, what="stones.library_unreadable", bad="stones.library_not_utf8", shown=where)
    data = loads_toml(text, shown=where, bad="stones.library_bad_toml")
    unknown = sorted(set(data) - {"card"})
    if unknown:
        raise RulesetError("stones.library_unknown_section", path=where, key=unknown[0])
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise RulesetError("stones.library_no_cards", path=where)
    cards: list[Card] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise RulesetError("stones.library_bad_entry", path=where, entry=number)
        card_id = entry.get("id")
        if not isinstance(card_id, str) or not card_id.strip() or "=" in card_id:
            raise RulesetError("stones.library_bad_id", path=where, entry=number, value=card_id)
        for key in entry:
            if key not in KEYS:
                raise RulesetError("stones.library_unknown_key", path=where, id=card_id, key=key)
        if card_id in seen:
            raise RulesetError("stones.library_duplicate_id", path=where, id=card_id)
        seen.add(card_id)
        try:
            pattern = parse_pattern(entry.get("pattern"))
        except EventError as exc:
            raise RulesetError("stones.library_bad_pattern", **{**exc.params, "path": where, "id": card_id,
                               "cause": exc.code}) from None
        points = entry.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points not in POINTS:
            raise RulesetError("stones.library_bad_points", path=where, id=card_id, value=points)
        cards.append(Card(card_id, pattern, points, source))
    return cards


def load_library(user: Path | None | str = "default") -> dict[str, Card]:
    """Shipped cards, then the user's (replacing by id).  ``user=None`` reads the shipped file only."""
    library = {card.id: card for card in read_cards(BUILTIN, "builtin")}
    path = user_path() if user == "default" else user
    if path is not None and Path(path).exists():
        for card in read_cards(Path(path), "user"):
            library[card.id] = card
    return library


# How well a card answers typed faces (lower is better): the typed row itself, the same faces in the
# same reading order (a column, grey stones between), the same faces in another order, then cards
# showing more faces than typed (``SAME_FACES + 1`` for one more face, and so on).
EXACT, SAME_ORDER, SAME_FACES = 0, 1, 2


def rank(card: Card, faces: list[str]) -> int | None:
    """How ``card`` answers the typed ``faces`` (see :data:`EXACT`), or ``None`` when it lacks one of them."""
    shown = [f for _, _, f in card.pattern.required]
    if any(shown.count(f) < faces.count(f) for f in set(faces)):
        return None
    if card.pattern.text == " ".join(faces):
        return EXACT
    if shown == faces:
        return SAME_ORDER
    return SAME_FACES + len(shown) - len(faces)


def ranked(cards: Iterable[Card], faces: list[str]) -> list[tuple[int, Card]]:
    """``(rank, card)`` for every card showing the typed faces, best first (library order within a rank)."""
    found = [(r, card) for card in cards if (r := rank(card, faces)) is not None]
    return sorted(found, key=lambda pair: pair[0])


def by_id(cards: Iterable[Card], text: str) -> Card | None:
    """The card whose id is ``text``, in any case (``SS43`` is ``ss43``)."""
    typed = text.strip().casefold()
    return next((c for c in cards if c.id.casefold() == typed), None) if typed else None


def search(cards: Iterable[Card], text: str) -> list[Card]:
    """Cards whose pattern shows every face typed in ``text`` (as many times as typed), best first (see
    :data:`EXACT`), or the card whose id is ``text``: how the host finds the card in hand by its picture."""
    cards = list(cards)
    card = by_id(cards, text)
    if card is not None:
        return [card]
    return [c for _, c in ranked(cards, text.lower().split())]


def save_user_cards(cards: Iterable[Card], path: Path | None = None) -> Path:
    """Write ``cards`` as the user's library (replacing the file atomically); returns its path."""
    path = Path(path) if path is not None else user_path()
    lines = ["# Shifting Stones: your own pattern cards (corrections replace a shipped card with the same id).", ""]
    for card in cards:
        lines += ["[[card]]", f"id = {json.dumps(card.id)}", f"pattern = {json.dumps(card.pattern.text)}",
                  f"points = {card.points}", ""]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, "\n".join(lines))
    except OSError as exc:
        raise RulesetError("stones.library_write_failed", path=str(path), reason=exc.strerror or str(exc)) from None
    return path
