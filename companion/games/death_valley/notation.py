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
* :func:`suggest` completes the last typed word to a card id.

A bad entry raises :class:`~companion.errors.EventError` (``valley.unknown_card``, ``valley.bad_zone``,
``valley.unknown_player``, ``valley.bad_stars``); whether the event is allowed is the engine's business.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from companion.errors import EventError, RuleError
from companion.games.death_valley.catalog import CARD_IDS, MAX_STARS
from companion.games.death_valley.explain import card_name, player_name
from companion.games.death_valley.state import ROBOT, State
from companion.i18n import N_, Translator

ZONE_WORDS = {"desert": N_("desert"), "deck": N_("deck"), "discard": N_("discard pile"),
              "journey": N_("journey"), "album": N_("album")}
PLAYER_ZONES = ("journey", "album")
MARKS = {"+": "tuck", "-": "return", "--": "return"}


def normalize(text: str) -> str:
    """Compatibility forms folded (NFKC), case folded, spaces collapsed, digits of any script as 0-9."""
    text = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
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


def _cards_in(tokens: list[str], table: dict[str, str]) -> list[str]:
    """Cards named one after the other; a name may span several words (the longest one wins)."""
    cards: list[str] = []
    start = 0
    while start < len(tokens):
        for end in range(len(tokens), start, -1):
            card = _match(" ".join(tokens[start:end]), table)
            if card is not None:
                cards.append(card)
                start = end
                break
        else:
            raise EventError("valley.unknown_card", card=tokens[start])
    return cards


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
    """``desert``/``deck``/``discard``/``journey:NAME``/``album:NAME`` from what the host typed."""
    typed = " ".join(unicodedata.normalize("NFKC", text).split())
    if not typed:
        raise EventError("valley.bad_zone", zone="")
    norm = normalize(typed)
    for word, kind in _zone_kinds(tr):
        if norm != word and not norm.startswith(word + " "):
            continue
        if kind not in PLAYER_ZONES:
            return kind
        rest = typed.split(" ", len(word.split(" ")))[len(word.split(" ")):]
        who = rest[0] if rest else state.active
        return f"{kind}:{_player_named(who, state, tr)}"
    kind, sep, player = typed.partition(":")
    if sep and kind in PLAYER_ZONES and player:
        return f"{kind}:{player}"  # the engine says whether the player exists
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
    for token in unicodedata.normalize("NFKC", text).split():
        if token in MARKS:
            target = MARKS[token]
            continue
        if token.startswith("+") and len(token) > 1:
            target, token = "tuck", token[1:]
        elif token.startswith("-") and token.lstrip("-"):
            target, token = "return", token.lstrip("-")
        groups[target].append(token)
    table = _lookup(state, tr, state.journeys[state.active])
    first = _cards_in(groups["card"], table)
    if len(first) != 1:
        raise EventError("valley.unknown_card", card=" ".join(groups["card"]) or text.strip())
    return {"event": "rest", "card": first[0], "tuck": _cards_in(groups["tuck"], table),
            "return": _cards_in(groups["return"], table)}


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
    parts = unicodedata.normalize("NFKC", text).split()
    if not parts:
        raise EventError("valley.unknown_card", card="")
    table = _lookup(state, tr, None)
    for end in range(len(parts), 0, -1):  # the longest card name first; the rest is the zone
        card = _match(" ".join(parts[:end]), table)
        if card is not None:
            break
    else:
        raise EventError("valley.unknown_card", card=parts[0])
    zone, owner = state.where(card)
    if zone == "hidden":
        raise RuleError("valley.card_in_hidden", card=card, player=owner)
    source = zone if owner is None else f"{zone}:{owner}"
    return {"event": "move", "card": card, "from": source, "to": parse_zone(" ".join(parts[end:]), state, tr)}


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
