"""Death Valley notation: what a host types for cards, zones, rests, ability moves and stars -- and back.

Pure (no Textual, no rich, no current language): where a localized name is read or written, the
:class:`~companion.i18n.Translator` is passed in.  Every reader has a writer, and
``parse_x(format_x(x)) == x``:

* :func:`parse_card` / :func:`format_card` -- a card by its id (``flood-2``), its short id (``f2``) or
  its name in the translator's language (``Flood 2``, ``سیلاب ۲``, ``洪水2``, with or without spaces);
  digits of any script count;
* :func:`parse_zone` / :func:`format_zone` -- ``desert``, ``deck``, ``discard``, ``journey NAME``,
  ``album NAME`` (the ids or the words of the translator's language; ``journey:NAME`` too; no name: the
  active player);
* :func:`parse_rest` / :func:`format_rest` -- ``CARD [+ TUCKED ...] [- RETURNED ...]`` and a ``rest`` event;
* :func:`parse_move` / :func:`format_move` -- ``CARD ZONE`` and a ``move`` event (from wherever the card is);
* :func:`parse_stars` / :func:`format_stars` -- a number of stars;
* :func:`parse_ability` / :func:`format_ability` -- ``CARD POINTS`` and an ``ability`` event;
* :func:`suggest` completes the last typed word to a card id.

Spaces are optional wherever a host may leave them out (Chinese is written without them): ``高溫1+高溫2``,
``高溫1牌堆`` and ``高溫1相簿阿華`` read like ``heat-1 + heat-2``, ``heat-1 deck`` and ``heat-1 album 阿華``;
a name reads the same with or without its space (``گرما ۱``, ``گرما۱``), in any case, with the Arabic
forms of the Persian letters ye and kaf, and with the invisible direction marks a copied line carries.

A bad entry raises :class:`~companion.errors.EventError` (``valley.unknown_card``, ``valley.bad_zone``,
``valley.unknown_player``, ``valley.bad_stars``); whether the event is allowed is the engine's business.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from companion.errors import EventError, RuleError
from companion.games.death_valley.catalog import CARD_IDS, MAX_ABILITY, MAX_STARS
from companion.games.death_valley.explain import card_name, player_name
from companion.games.death_valley.state import ROBOT, State
from companion.i18n import N_, Translator

ZONE_WORDS = {"desert": N_("desert"), "deck": N_("deck"), "discard": N_("discard pile"),
              "journey": N_("journey"), "album": N_("album")}
PLAYER_ZONES = ("journey", "album")
MARKS = {"+": "tuck", "-": "return", "--": "return"}


# Letters typed on an Arabic keyboard layout where Persian has its own (ye, kaf), and signs for minus.
_FOLD = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9",
                       "\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2013": "-"})


def _clean(text: str) -> str:
    """NFKC, the Persian letters and minus signs folded, and invisible format characters (direction
    marks, zero-width joiners) dropped: what the host sees is what counts."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def normalize(text: str) -> str:
    """Compatibility forms folded (NFKC), case folded, spaces collapsed, digits of any script as 0-9."""
    text = " ".join(_clean(text).casefold().split())
    return "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in text)


# -- cards ------------------------------------------------------------------------------------------
def card_words(state: State, card: str, tr: Translator) -> set[str]:
    """Every (normalized) way to type ``card``: id, short id, localized name with or without spaces."""
    hazard, _sep, number = card.partition("-")
    name = normalize(card_name(state.catalog, card, tr))
    return {card, f"{hazard[0]}{number}", name, name.replace(" ", "")}


def _lookup(state: State, tr: Translator, allowed: Iterable[str] | None) -> dict[str, str]:
    """Typed word -> card; the cards allowed now win over the others when two share a word."""
    pool = list(allowed) if allowed is not None else list(CARD_IDS)
    table: dict[str, str] = {}
    for card in pool + [c for c in CARD_IDS if c not in pool]:
        for word in card_words(state, card, tr):
            table.setdefault(word, card)
    return table


def _match(text: str, table: dict[str, str]) -> str | None:
    typed = normalize(text)
    return table.get(typed) or table.get(typed.replace(" ", ""))


def _card_at(text: str, start: int, table: dict[str, str]) -> tuple[str, int] | None:
    """The card whose name starts ``text`` at ``start`` (the longest name wins) and where it ends."""
    for end in range(len(text), start, -1):
        if not text[end - 1].isspace():
            card = _match(text[start:end], table)
            if card is not None:
                return card, end
    return None


def parse_card(text: str, state: State, tr: Translator, allowed: Iterable[str] | None = None) -> str:
    """The card ``text`` names (among ``allowed`` first, when given); ``valley.unknown_card`` if none."""
    card = _match(text, _lookup(state, tr, allowed))
    if card is None:
        raise EventError("valley.unknown_card", card=text.strip())
    return card


def format_card(card: str, state: State | None = None, tr: Translator | None = None) -> str:
    """The card's id; with ``state`` and ``tr``, its name in that language (both read back the same)."""
    if state is None or tr is None:
        return card
    return card_name(state.catalog, card, tr)


def _scan(text: str, table: dict[str, str], marks: bool = True) -> list[tuple[str, str, int]]:
    """``text`` read from left to right as cards and (with ``marks``) the rest marks ``+ - --``, each
    with where it starts: ``[("card", "heat-1", 0), ("mark", "+", 7), ...]``.  Spaces are optional."""
    out: list[tuple[str, str, int]] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if marks and text[i] in "+-":
            mark = "--" if text.startswith("--", i) else text[i]
            out.append(("mark", mark, i))
            i += len(mark)
            continue
        found = _card_at(text, i, table)
        if found is None:
            raise EventError("valley.unknown_card", card=text[i:].split()[0])
        out.append(("card", found[0], i))
        i = found[1]
    return out


def suggest(value: str, candidates: Iterable[str]) -> str | None:
    """Complete the last typed word to a card id among ``candidates``."""
    head, _sep, last = value.rpartition(" ")
    last_norm = normalize(last)
    if not last_norm:
        return None
    for card in candidates:
        if card.startswith(last_norm) and card != last_norm:
            return (head + " " if head else "") + card
    return None


# -- zones ------------------------------------------------------------------------------------------
def _zone_kinds(tr: Translator) -> list[tuple[str, str]]:
    """(typed word, zone kind), the longest words first (``discard pile`` before ``discard``)."""
    kinds = {k: k for k in ZONE_WORDS}
    kinds.update({normalize(tr.gettext(w)): k for k, w in ZONE_WORDS.items()})
    return sorted(kinds.items(), key=lambda item: -len(item[0]))


def _player_named(text: str, state: State, tr: Translator) -> str:
    if text in state.players:
        return text
    names: dict[str, str] = {}
    if ROBOT in state.players:
        names[normalize(tr.gettext("Robot"))] = ROBOT
    names.update({normalize(p): p for p in state.players})  # a real player's name wins over "Robot"
    player = names.get(normalize(text))
    if player is None:
        raise EventError("valley.unknown_player", player=text)
    return player


def parse_zone(text: str, state: State, tr: Translator) -> str:
    """``desert``/``deck``/``discard``/``journey:NAME``/``album:NAME`` from what the host typed (the
    name may follow the word without a space: ``相簿阿華``)."""
    typed = " ".join(_clean(text).split())
    if not typed:
        raise EventError("valley.bad_zone", zone="")
    kind, sep, player = typed.partition(":")
    if sep and kind in PLAYER_ZONES:
        if not player.strip():
            raise EventError("valley.bad_zone", zone=typed)
        return f"{kind}:{player.strip()}"  # the engine says whether the player exists
    norm = normalize(typed)
    for word, kind in _zone_kinds(tr):
        if kind not in PLAYER_ZONES:
            if norm == word or norm.replace(" ", "") == word.replace(" ", ""):
                return kind
            continue
        if not norm.startswith(word):
            continue
        end = next(i for i in range(len(typed) + 1) if normalize(typed[:i]) == word)
        who = typed[end:].strip()
        return f"{kind}:{_player_named(who, state, tr) if who else state.active}"
    raise EventError("valley.bad_zone", zone=typed)


def format_zone(zone: str, state: State | None = None, tr: Translator | None = None) -> str:
    """``journey:Ava`` -> ``journey Ava``; with ``state`` and ``tr``, the zone word and the robot's name
    in that language."""
    kind, _sep, player = zone.partition(":")
    if state is None or tr is None:
        return f"{kind} {player}" if player else kind
    word = tr.gettext(ZONE_WORDS[kind])
    return f"{word} {player_name(state, player, tr)}" if player else word


# -- rests ------------------------------------------------------------------------------------------
def parse_rest(text: str, state: State, tr: Translator) -> dict[str, Any]:
    """``CARD [+ TUCKED ...] [- RETURNED ...]`` -> a ``rest`` event (``--`` also marks the returned
    cards; a mark may stick to the card after it: ``+heat-1``)."""
    groups: dict[str, list[str]] = {"card": [], "tuck": [], "return": []}
    target = "card"
    clean = _clean(text)
    first_mark = len(clean)
    for kind, value, at in _scan(clean, _lookup(state, tr, state.journeys[state.active])):
        if kind == "mark":
            target = MARKS[value]
            first_mark = min(first_mark, at)
        else:
            groups[target].append(value)
    if len(groups["card"]) != 1:
        raise EventError("valley.unknown_card", card=clean[:first_mark].strip() or text.strip())
    return {"event": "rest", "card": groups["card"][0], "tuck": groups["tuck"], "return": groups["return"]}


def format_rest(event: dict[str, Any], state: State | None = None, tr: Translator | None = None) -> str:
    """A ``rest`` event as the host would type it: ``land-2 + flood-1 - heat-3``."""
    text = format_card(event["card"], state, tr)
    if event.get("tuck"):
        text += " + " + " ".join(format_card(c, state, tr) for c in event["tuck"])
    if event.get("return"):
        text += " - " + " ".join(format_card(c, state, tr) for c in event["return"])
    return text


# -- ability moves ----------------------------------------------------------------------------------
def parse_move(text: str, state: State, tr: Translator) -> dict[str, Any]:
    """``CARD ZONE`` -> a ``move`` event from wherever the card is now."""
    typed = _clean(text).strip()
    if not typed:
        raise EventError("valley.unknown_card", card="")
    found = _card_at(typed, 0, _lookup(state, tr, None))  # the longest card name first; the rest is the zone
    if found is None:
        raise EventError("valley.unknown_card", card=typed.split()[0])
    card, end = found
    zone, owner = state.where(card)
    if zone == "hidden":
        raise RuleError("valley.card_in_hidden", card=card, player=owner)
    source = zone if owner is None else f"{zone}:{owner}"
    return {"event": "move", "card": card, "from": source, "to": parse_zone(typed[end:], state, tr)}


def format_move(event: dict[str, Any], state: State | None = None, tr: Translator | None = None) -> str:
    """A ``move`` event as the host would type it: ``heat-1 journey Ava`` (where it comes from is known)."""
    return f"{format_card(event['card'], state, tr)} {format_zone(event['to'], state, tr)}"


# -- stars ------------------------------------------------------------------------------------------
def parse_stars(text: str) -> int:
    """A typed number of stars (digits of any script); whether it is allowed is the engine's check."""
    try:
        return int(normalize(text))
    except ValueError:
        raise EventError("valley.bad_stars", value=text.strip(), most=MAX_STARS) from None


def format_stars(stars: int, tr: Translator | None = None) -> str:
    """The number, in the translator's digits when one is given."""
    return tr.digits(str(stars)) if tr is not None else str(stars)


# -- ability scores ---------------------------------------------------------------------------------
_POINTS = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")


def parse_ability(text: str, state: State, tr: Translator) -> dict[str, Any]:
    """``CARD POINTS`` (``land-1 2``, ``گرما ۱ -۱``, ``高溫1 3``) -> an ``ability`` event.  A number that
    runs straight on from a name ending in a digit (``高溫12``) is refused: it could be either."""
    typed = _clean(text).strip()
    found = _card_at(typed, 0, _lookup(state, tr, None)) if typed else None
    example = format_ability({"card": "heat-1", "points": 2}, state, tr)
    if found is None:
        raise EventError("valley.ability_entry", example=example, value=typed)
    card, end = found
    number = _POINTS.match(typed[end:])
    if number is None or (typed[end - 1].isdigit() and typed[end:end + 1].isdigit()):
        raise EventError("valley.ability_entry", example=example, value=typed)
    points = int(number.group(1) + "".join(str(unicodedata.digit(ch)) for ch in number.group(2)))
    if abs(points) > MAX_ABILITY:
        raise EventError("valley.bad_ability", value=tr.digits(str(points)), most=MAX_ABILITY)
    return {"event": "ability", "card": card, "points": points}


def format_ability(event: dict[str, Any], state: State | None = None, tr: Translator | None = None) -> str:
    """An ``ability`` event as the host would type it: ``land-1 2`` (in the translator's digits)."""
    points = str(event["points"])
    return f"{format_card(event['card'], state, tr)} {tr.digits(points) if tr is not None else points}"
