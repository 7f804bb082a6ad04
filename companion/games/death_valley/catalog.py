"""The 18 Death Valley feature cards as validated data.

A catalog is a TOML file::

    [cards.flood-2]
    hazard = "flood"          # must agree with the id
    stars = 2                 # optional: unknown until someone tells us
    ability = -1              # optional fixed ability score (0 when absent)
    name = {en = "Badwater Basin", fa = "...", zh_Hant = "...", zh_Hans = "..."}   # optional
    fact = {en = "..."}       # optional fun fact, per locale

It must hold exactly the 18 ids ``animal-1..3``, ``flood-1..4``, ``land-1..5``, ``heat-1..6`` (hence
the hazard counts 3/4/5/6) and no other key.  Errors are :class:`RulesetError` naming the file and key.

The shipped ``catalog.toml`` knows no stars and no abilities.  A host's own catalog lives at
:func:`user_catalog_path`; :func:`remember_stars` writes stars learned during play into it (atomically,
starting from the shipped one when it does not exist yet).  This module reads and writes files; the
engine only ever receives a finished :class:`Catalog`.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from companion.errors import RulesetError
from companion.fsutil import atomic_write
from companion.i18n import LOCALES
from companion.safetext import is_clean

HAZARDS: tuple[str, ...] = ("animal", "flood", "land", "heat")
HAZARD_COUNTS: Mapping[str, int] = MappingProxyType({"animal": 3, "flood": 4, "land": 5, "heat": 6})
CARD_IDS: tuple[str, ...] = tuple(f"{h}-{i}" for h in HAZARDS for i in range(1, HAZARD_COUNTS[h] + 1))
CARD_KEYS = frozenset({"hazard", "stars", "ability", "name", "fact"})
MAX_NAME, MAX_FACT = 60, 600  # characters: a card name, a fact about the place
SHIPPED = Path(__file__).resolve().parent / "catalog.toml"
USER_FILE = "death_valley_catalog.toml"
MAX_STARS = 20
MAX_ABILITY = 99  # an ability score is a whole number from -MAX_ABILITY to MAX_ABILITY
_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Card:
    id: str
    hazard: str
    number: int
    stars: int | None = None  # None: not known yet (scores 0, reported as ``stars_unknown``)
    ability: int = 0
    names: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    facts: Mapping[str, str] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True)
class Catalog:
    cards: Mapping[str, Card]
    path: str | None = None

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def hazard(self, card_id: str) -> str:
        return self.cards[card_id].hazard

    def with_card(self, card_id: str, **changes: Any) -> Catalog:
        cards = dict(self.cards)
        cards[card_id] = replace(cards[card_id], **changes)
        return Catalog(MappingProxyType(cards), self.path)


def split_id(card_id: str) -> tuple[str, int]:
    hazard, _, number = card_id.partition("-")
    return hazard, int(number)


def blank_catalog() -> Catalog:
    """All 18 cards with nothing known but their hazard."""
    return Catalog(MappingProxyType({c: Card(c, *split_id(c)) for c in CARD_IDS}))


# -- reading ----------------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _texts(value: Any, path: str, key: str) -> Mapping[str, str]:
    if not isinstance(value, dict):
        raise RulesetError("valley.catalog_bad_text", path=path, key=key)
    for locale, text in value.items():
        if locale not in LOCALES:
            raise RulesetError("valley.catalog_unknown_key", path=path, key=f"{key}.{locale}")
        # Shown on screen and on paper: no control, bidi or invisible characters, and a bounded length.
        multiline = key.endswith(".fact")
        if (not isinstance(text, str) or not text.strip() or len(text) > (MAX_FACT if multiline else MAX_NAME)
                or not is_clean(text, multiline=multiline)):
            raise RulesetError("valley.catalog_bad_text", path=path, key=f"{key}.{locale}")
    return MappingProxyType(dict(value))


def parse_catalog(data: Any, path: str) -> Catalog:
    """Check a parsed TOML document and build the :class:`Catalog` (``path`` names it in errors)."""
    if not isinstance(data, dict):
        raise RulesetError("valley.catalog_missing_key", path=path, key="cards")
    for key in data:
        if key != "cards":
            raise RulesetError("valley.catalog_unknown_key", path=path, key=key)
    table = data.get("cards")
    if not isinstance(table, dict):
        raise RulesetError("valley.catalog_missing_key", path=path, key="cards")
    cards: dict[str, Card] = {}
    for card_id, entry in table.items():
        key = f"cards.{card_id}"
        if card_id not in CARD_IDS:
            raise RulesetError("valley.catalog_unknown_card", path=path, key=key)
        if not isinstance(entry, dict):
            raise RulesetError("valley.catalog_missing_key", path=path, key=f"{key}.hazard")
        for field_name in entry:
            if field_name not in CARD_KEYS:
                raise RulesetError("valley.catalog_unknown_key", path=path, key=f"{key}.{field_name}")
        hazard = entry.get("hazard")
        if hazard is None:
            raise RulesetError("valley.catalog_missing_key", path=path, key=f"{key}.hazard")
        if hazard not in HAZARDS:
            raise RulesetError("valley.catalog_bad_hazard", path=path, key=f"{key}.hazard", value=str(hazard))
        if hazard != split_id(card_id)[0]:
            raise RulesetError("valley.catalog_hazard_mismatch", path=path, key=f"{key}.hazard", value=hazard)
        stars = entry.get("stars")
        if stars is not None and not (_is_int(stars) and 0 <= stars <= MAX_STARS):
            raise RulesetError("valley.catalog_bad_stars", path=path, key=f"{key}.stars", most=MAX_STARS)
        ability = entry.get("ability", 0)
        if not _is_int(ability) or abs(ability) > MAX_ABILITY:
            raise RulesetError("valley.catalog_bad_ability", path=path, key=f"{key}.ability")
        names = _texts(entry["name"], path, f"{key}.name") if "name" in entry else _EMPTY
        facts = _texts(entry["fact"], path, f"{key}.fact") if "fact" in entry else _EMPTY
        cards[card_id] = Card(card_id, hazard, split_id(card_id)[1], stars, ability, names, facts)
    if len(cards) != len(CARD_IDS):
        raise RulesetError("valley.catalog_card_count", path=path, count=len(cards), expected=len(CARD_IDS))
    for hazard in HAZARDS:  # cannot differ once the ids are right; kept as the documented check
        count = sum(1 for c in cards.values() if c.hazard == hazard)
        if count != HAZARD_COUNTS[hazard]:
            raise RulesetError("valley.catalog_hazard_count", path=path, hazard=hazard, count=count,
                               expected=HAZARD_COUNTS[hazard])
    _check_names(cards, path)
    ordered = {c: cards[c] for c in CARD_IDS}
    return Catalog(MappingProxyType(ordered), path)


def _name_key(name: str) -> str:
    """How a name is told apart from another: case, spaces and compatibility forms do not count."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def _check_names(cards: Mapping[str, Card], path: str) -> None:
    """Two cards may not share a name in one language, nor take another card's id: a typed name must
    name one card (``valley.catalog_same_name``)."""
    for locale in LOCALES:
        seen: dict[str, str] = {}
        for card_id in CARD_IDS:
            name = cards[card_id].names.get(locale)
            if name is None:
                continue
            key = _name_key(name)
            other = seen.get(key) or (key if key in CARD_IDS and key != card_id else None)
            if other is not None:
                raise RulesetError("valley.catalog_same_name", path=path, key=f"cards.{card_id}.name.{locale}",
                                   name=name, other=other)
            seen[key] = card_id


def load_catalog(path: str | os.PathLike[str]) -> Catalog:
    """The catalog file at ``path``: a regular file of bounded size and nesting (``companion.safeio``)."""
    from companion.safeio import load_toml_file

    data = load_toml_file(path, what="valley.catalog_unreadable", bad="valley.catalog_bad_toml")
    return parse_catalog(data, os.fspath(path))


@cache
def shipped_catalog() -> Catalog:
    return load_catalog(SHIPPED)


def user_catalog_path() -> Path:
    from companion.paths import user_config_dir

    return user_config_dir() / USER_FILE


def default_catalog() -> Catalog:
    """The host's own catalog when there is one, else the shipped one (for starting a new game)."""
    path = user_catalog_path()
    return load_catalog(path) if path.exists() else shipped_catalog()


def header_fields(catalog: Catalog) -> dict[str, Any]:
    """Header keys that make a journal carry what ``catalog`` knows (so replays need no local file)."""
    fields: dict[str, Any] = {}
    stars = {c.id: c.stars for c in catalog.cards.values() if c.stars is not None}
    ability = {c.id: c.ability for c in catalog.cards.values() if c.ability}
    if stars:
        fields["stars"] = stars
    if ability:
        fields["ability"] = ability
    return fields


# -- writing ----------------------------------------------------------------------------------------
def _toml_text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def dump_catalog(catalog: Catalog) -> str:
    lines = ["# Death Valley card catalog (companion). Ids are fixed; names, stars and abilities are yours.", ""]
    for card in catalog.cards.values():
        lines.append(f"[cards.{card.id}]")
        lines.append(f"hazard = {_toml_text(card.hazard)}")
        if card.stars is not None:
            lines.append(f"stars = {card.stars}")
        if card.ability:
            lines.append(f"ability = {card.ability}")
        for key, texts in (("name", card.names), ("fact", card.facts)):
            if texts:
                inner = ", ".join(f"{loc} = {_toml_text(t)}" for loc, t in texts.items())
                lines.append(f"{key} = {{{inner}}}")
        lines.append("")
    return "\n".join(lines)


def write_catalog(catalog: Catalog, path: str | os.PathLike[str]) -> None:
    """Write ``catalog`` to ``path`` atomically (:func:`companion.fsutil.atomic_write`)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, dump_catalog(catalog))


def remember_stars(card_id: str, stars: int, path: str | os.PathLike[str] | None = None) -> Catalog:
    """Save ``stars`` for ``card_id`` in the host's catalog (default :func:`user_catalog_path`).

    The existing file is read and checked first: an invalid file raises :class:`RulesetError` and is
    left untouched.  Returns the catalog as written.
    """
    where = str(path or user_catalog_path())
    if card_id not in CARD_IDS:
        raise RulesetError("valley.catalog_unknown_card", path=where, key=card_id)
    if not (_is_int(stars) and 0 <= stars <= MAX_STARS):
        raise RulesetError("valley.catalog_bad_stars", path=where, key=f"cards.{card_id}.stars", most=MAX_STARS)
    return _remember(card_id, path, stars=stars)


def remember_ability(card_id: str, points: int, path: str | os.PathLike[str] | None = None) -> Catalog:
    """Save the ability score ``points`` of ``card_id`` in the host's catalog, like :func:`remember_stars`."""
    where = str(path or user_catalog_path())
    if card_id not in CARD_IDS:
        raise RulesetError("valley.catalog_unknown_card", path=where, key=card_id)
    if not (_is_int(points) and abs(points) <= MAX_ABILITY):
        raise RulesetError("valley.catalog_bad_ability", path=where, key=f"cards.{card_id}.ability")
    return _remember(card_id, path, ability=points)


def _remember(card_id: str, path: str | os.PathLike[str] | None, **changes: Any) -> Catalog:
    path = Path(path) if path is not None else user_catalog_path()
    base = load_catalog(path) if path.exists() else shipped_catalog()
    updated = base.with_card(card_id, **changes)
    updated = Catalog(updated.cards, str(path))
    write_catalog(updated, path)
    return updated


def table_catalog(own: Catalog | None, given: Catalog | None) -> Catalog | None:
    """What the host's catalogs know at the table: a catalog ``given`` for this run (its names, stars and
    abilities), with the stars it lacks taken from the host's ``own`` catalog; else ``own``."""
    if given is None:
        return own
    if own is None:
        return given
    cards = {c: card if card.stars is not None else replace(card, stars=own[c].stars)
             for c, card in given.cards.items()}
    return Catalog(MappingProxyType(cards), given.path)


def with_names(catalog: Catalog, names: Catalog) -> Catalog:
    """``catalog`` with the names of ``names`` on the cards that have none (names never change a rule)."""
    missing = [c for c in CARD_IDS if not catalog[c].names and names[c].names]
    for card_id in missing:
        catalog = catalog.with_card(card_id, names=names[card_id].names)
    return catalog


_ID = re.compile(r"^(animal|flood|land|heat)-[1-6]$")


def is_card_id(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and bool(_ID.match(value)) and value in CARD_IDS
