"""Diamant notation: the text a host types for a card or a decision, and back (pure; no Textual).

Each reader has a writer, and they round-trip: ``parse_card(format_card(e, s, tr), s, tr) == e``, and
the same for decisions and for the entry field as a whole (``parse_entry`` / ``format_entry``).

Cards (a ``draw`` event): a gem value (``7``, ``۷``, ``７``), a hazard id, its translated name or an
unambiguous prefix of either (``sn``, ``مار``), ``r`` / ``relic`` / the translated word for relic,
followed by the printed value where the ruleset prints values on relics (``r 7``).

Decisions (a ``leave`` event), typed in the same field: ``L``, ``leave`` or the translated word, then
the names or seat numbers of those who leave (``L Ava Ben``, ``leave 1 3``, ``برگشت آوا``); names may
be shortened to an unambiguous prefix and separated by spaces or commas.

Localized words come from the :class:`~companion.i18n.Translator` passed in.  Whether the card is
still in the deck, or the explorers may leave now, is the engine's business: the readers only say
what the text names (:class:`NotationError` when it names nothing).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from companion.errors import CompanionError
from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, State, deck
from companion.games.diamant.explain import hazard_name
from companion.i18n import N_, Translator

RELIC_WORDS = ("relic", "r")
LEAVE_WORDS = ("leave", "l")
# TRANSLATORS: the word typed before the names of the explorers who go back to camp ("leave Ava Ben").
LEAVE = N_("leave")
RELIC_WORD = N_("relic")  # the translated word for a relic (the explanations use it too)
_SEPARATORS = str.maketrans({",": " ", "،": " ", "、": " ", "，": " ", ";": " "})

Event = dict[str, Any]


class NotationError(CompanionError):
    """Text that names no card or no player.  Codes (their sentences are the entry field's):
    ``tui.unknown_card`` (``text``), ``tui.no_leavers``, ``tui.unknown_player`` (``name``)."""


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _number(text: str) -> int | None:
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _digits(value: int, tr: Translator) -> str:
    """A whole number as a host types it: the locale's digits, no grouping (``۱۵``, not ``1,015``)."""
    return tr.digits(str(value))


# -- words -----------------------------------------------------------------------------------------
def names(state: State, tr: Translator) -> dict[str, str]:
    """Every word that names a hazard of this ruleset -> its id (ids and translated names)."""
    found: dict[str, str] = {}
    for hazard in state.rules.hazards:
        found[_norm(hazard)] = hazard
        found[_norm(hazard_name(hazard, tr))] = hazard
    return found


def relic_words(tr: Translator) -> tuple[str, ...]:
    return tuple(dict.fromkeys(RELIC_WORDS + (_norm(tr.gettext(RELIC_WORD)),)))


def leave_words(tr: Translator) -> tuple[str, ...]:
    return tuple(dict.fromkeys(LEAVE_WORDS + (_norm(tr.gettext(LEAVE)),)))


def _hazard_matches(prefix: str, state: State, tr: Translator) -> set[str]:
    table = names(state, tr)
    if prefix in table:
        return {table[prefix]}
    return {hazard for word, hazard in table.items() if word.startswith(prefix)}


# -- cards -----------------------------------------------------------------------------------------
def parse_card(text: str, state: State, tr: Translator) -> Event:
    """The ``draw`` event for ``text``; :class:`NotationError` ``tui.unknown_card`` when it names no card."""
    raw = text.strip()
    value = _number(raw)
    if value is not None:
        return {"event": "draw", "card": TREASURE, "value": value}
    words = _norm(raw).split()
    if not words:
        raise NotationError("tui.unknown_card", text=text)
    whole = _hazard_matches(" ".join(words), state, tr) if len(words) > 1 else set()
    if len(whole) == 1:  # a translated hazard name of several words ("ریزش سنگ")
        return {"event": "draw", "card": HAZARD, "hazard": whole.pop()}
    head = words[0]
    if head in relic_words(tr) or (len(head) > 1 and any(w.startswith(head) for w in relic_words(tr))
                                   and not _hazard_matches(head, state, tr)):
        event: Event = {"event": "draw", "card": RELIC}
        if len(words) > 1:
            printed = _number(words[1])
            if printed is None:
                raise NotationError("tui.unknown_card", text=text)
            event["value"] = printed
        return event
    if len(words) == 1:
        matches = _hazard_matches(head, state, tr)
        if len(matches) == 1:
            return {"event": "draw", "card": HAZARD, "hazard": matches.pop()}
    raise NotationError("tui.unknown_card", text=text)


def _card_texts(event: Event, tr: Translator) -> list[str]:
    """Ways to write a ``draw`` event, the one a host of this language would type first."""
    kind = event.get("card")
    if kind == TREASURE:
        return [_digits(event["value"], tr)]
    if kind == HAZARD:
        return [hazard_name(event["hazard"], tr), event["hazard"]]
    if kind == RELIC:
        words = [tr.gettext(RELIC_WORD), RELIC_WORDS[0]]
        if "value" in event:
            return [f"{word} {_digits(event['value'], tr)}" for word in words]
        return words
    return []


def format_card(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_card` reads back as ``event`` (a treasure's digits, the hazard's
    name in ``tr``'s language, the word for relic and its printed value)."""
    return _written(_card_texts(event, tr), parse_card, event, state, tr)


# -- decisions -------------------------------------------------------------------------------------
def is_decision(text: str, tr: Translator) -> bool:
    """Whether ``text`` is a decision: a leave word followed by names (a lone ``l`` stays a hazard
    prefix; ``leave`` alone is a decision that names nobody)."""
    words = _norm(text).split()
    if not words or words[0] not in leave_words(tr):
        return False
    return len(words) > 1 or words[0] != "l"


def parse_decision(text: str, state: State, tr: Translator) -> Event:
    """The ``leave`` event for ``L Ava Ben`` / ``leave 1 3``: names in seat order.

    :class:`NotationError` ``tui.no_leavers`` when nobody is named, ``tui.unknown_player`` for a
    name or number that is no player's; whether they may leave now is the engine's business.
    """
    parts = unicodedata.normalize("NFKC", text).strip().split(None, 1)
    rest = parts[1].translate(_SEPARATORS) if len(parts) > 1 else ""
    tokens = rest.split()
    if not tokens:
        raise NotationError("tui.no_leavers")
    seats: set[int] = set()
    i = 0
    while i < len(tokens):
        seat, used = _player(tokens, i, state)
        if seat is None:
            raise NotationError("tui.unknown_player", name=tokens[i])
        seats.add(seat)
        i += used
    return {"event": "leave", "players": [state.players[s] for s in sorted(seats)]}


def _player(tokens: list[str], i: int, state: State) -> tuple[int | None, int]:
    """The seat named by ``tokens[i:]`` and how many tokens the name took (names may hold spaces)."""
    number = _number(tokens[i])
    if number is not None:
        return (number - 1, 1) if 1 <= number <= len(state.players) else (None, 1)
    players = [_norm(p) for p in state.players]
    for length in range(len(tokens) - i, 0, -1):  # the longest exact name first
        typed = _norm(" ".join(tokens[i:i + length]))
        if typed in players:
            return players.index(typed), length
    typed = _norm(tokens[i])
    found = [seat for seat, name in enumerate(players) if name.startswith(typed)]
    return (found[0], 1) if len(found) == 1 else (None, 1)


def _decision_texts(event: Event, state: State, tr: Translator) -> list[str]:
    """``leave Ava Ben`` in ``tr``'s language; then with the English word; then by seat numbers
    (for names that would read back as someone else, such as a player called ``2``)."""
    leavers = event.get("players") or []
    seats = [state.players.index(p) for p in leavers if p in state.players]
    by_name = " ".join(leavers)
    by_seat = " ".join(_digits(seat + 1, tr) for seat in seats)
    words = list(dict.fromkeys([tr.gettext(LEAVE), LEAVE_WORDS[0]]))
    return [f"{word} {who}" for who in (by_name, by_seat) for word in words]


def format_decision(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_decision` reads back as ``event`` (leavers in seat order)."""
    return _written(_decision_texts(event, state, tr), parse_decision, event, state, tr)


# -- the entry field: either -----------------------------------------------------------------------
def parse_entry(text: str, state: State, tr: Translator) -> Event:
    """A decision when the text starts with a leave word and names someone, else a card."""
    if is_decision(text, tr):
        return parse_decision(text, state, tr)
    return parse_card(text, state, tr)


def format_entry(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_entry` reads back as ``event`` (a ``draw`` or a ``leave``)."""
    if event.get("event") == "leave":
        texts = _decision_texts(event, state, tr)
    else:
        texts = _card_texts(event, tr)
    return _written(texts, parse_entry, event, state, tr)


def _written(texts: Iterable[str], read: Callable[[str, State, Translator], Event], event: Event,
             state: State, tr: Translator) -> str:
    """The first of ``texts`` that ``read`` gives back as ``event``."""
    for text in texts:
        try:
            if read(text, state, tr) == event:
                return text
        except NotationError:
            continue
    raise ValueError(f"{event!r} cannot be written in the notation of {state.rules.id}")


# -- completion ------------------------------------------------------------------------------------
def completions(state: State, tr: Translator) -> list[str]:
    """What the entry can complete to now: hazards still in the deck (translated name, then id), relic."""
    contents = deck(state)
    out: list[str] = []
    for hazard in state.rules.hazards:
        if contents[HAZARD].get(hazard, 0) > 0:
            out.append(hazard_name(hazard, tr))
            out.append(hazard)
    if contents[RELIC]:
        out.append(tr.gettext(RELIC_WORD))
        out.append(RELIC_WORDS[0])
    return list(dict.fromkeys(out))


def suggest(value: str, state: State, tr: Translator) -> str | None:
    """The completion of a partly typed card (case-insensitive prefix), or ``None``."""
    typed = _norm(value)
    if not typed or _number(value) is not None:
        return None
    for word in completions(state, tr):
        if _norm(word).startswith(typed) and len(word) > len(value.strip()):
            return value + word[len(value):] if word.casefold().startswith(value.casefold()) else word
    return None


def suggest_entry(value: str, state: State, tr: Translator) -> str | None:
    """Completion for the field: a player's name after a leave word, else a leave word or a card."""
    words = value.split(" ")
    if len(words) > 1 and _norm(words[0]) in leave_words(tr):
        typed = _norm(words[-1].translate(_SEPARATORS))
        if not typed or _number(typed) is not None:
            return None
        named = {_norm(w) for w in words[1:-1]}
        for seat, player in enumerate(state.players):
            inside = state.in_round and state.in_cave[seat] if state.in_cave else True
            if inside and _norm(player) not in named and _norm(player).startswith(typed) and len(player) > len(typed):
                return value + player[len(words[-1]):]
        return None
    found = suggest(value, state, tr)
    if found is not None:
        return found
    typed = _norm(value)
    if len(typed) >= 2 and " " not in typed:
        for word in (tr.gettext(LEAVE), LEAVE_WORDS[0]):
            if _norm(word).startswith(typed) and len(word) > len(value):
                return value + word[len(value):]
    return None
