"""Fast card entry for Diamant: a typed code becomes a ``draw`` event (pure; no Textual).

Accepted: a gem value (``7``, ``۷``, ``７``), a hazard id, its translated name or an unambiguous
prefix of either (``sn``, ``مار``), ``r`` / ``relic`` / the translated word for relic, followed by the
printed value where the ruleset prints values on relics (``r 7``).

Decisions are typed in the same field: ``L``, ``leave`` or the translated word, then the names or
seat numbers of those who leave (``L Ava Ben``, ``leave 1 3``, ``برگشت آوا``); names may be
shortened to an unambiguous prefix and separated by spaces or commas.  :func:`parse_entry` returns
a ``draw`` or a ``leave`` event.
"""

from __future__ import annotations

import unicodedata

from companion.errors import CompanionError
from companion.games.diamant import deck
from companion.games.diamant.engine import State
from companion.games.diamant.explain import hazard_name
from companion.i18n import N_, Translator

RELIC_WORDS = ("relic", "r")
LEAVE_WORDS = ("leave", "l")
# TRANSLATORS: the word typed before the names of the explorers who go back to camp ("leave Ava Ben").
LEAVE = N_("leave")
_SEPARATORS = str.maketrans({",": " ", "،": " ", "、": " ", "，": " ", ";": " "})


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


def names(state: State, tr: Translator) -> dict[str, str]:
    """Every word that names a hazard of this ruleset -> its id (ids and translated names)."""
    found: dict[str, str] = {}
    for hazard in state.rules.hazards:
        found[_norm(hazard)] = hazard
        found[_norm(hazard_name(hazard, tr))] = hazard
    return found


def relic_words(tr: Translator) -> tuple[str, ...]:
    return tuple(dict.fromkeys(RELIC_WORDS + (_norm(tr.gettext("relic")),)))


def parse(text: str, state: State, tr: Translator) -> dict:
    """The ``draw`` event for ``text``; :class:`CompanionError` ``tui.unknown_card`` when it names no card.

    Whether the card is still in the deck is the engine's business (it says why not).
    """
    raw = text.strip()
    value = _number(raw)
    if value is not None:
        return {"event": "draw", "card": "treasure", "value": value}
    words = _norm(raw).split()
    if not words:
        raise CompanionError("tui.unknown_card", text=text)
    whole = _hazard_matches(" ".join(words), state, tr) if len(words) > 1 else set()
    if len(whole) == 1:  # a translated hazard name of several words ("ریزش سنگ")
        return {"event": "draw", "card": "hazard", "hazard": whole.pop()}
    head = words[0]
    if head in relic_words(tr) or (len(head) > 1 and any(w.startswith(head) for w in relic_words(tr))
                                   and not _hazard_matches(head, state, tr)):
        event = {"event": "draw", "card": "relic"}
        if len(words) > 1:
            printed = _number(words[1])
            if printed is None:
                raise CompanionError("tui.unknown_card", text=text)
            event["value"] = printed
        return event
    if len(words) == 1:
        matches = _hazard_matches(head, state, tr)
        if len(matches) == 1:
            return {"event": "draw", "card": "hazard", "hazard": matches.pop()}
    raise CompanionError("tui.unknown_card", text=text)


def _hazard_matches(prefix: str, state: State, tr: Translator) -> set[str]:
    table = names(state, tr)
    if prefix in table:
        return {table[prefix]}
    return {hazard for word, hazard in table.items() if word.startswith(prefix)}


def completions(state: State, tr: Translator) -> list[str]:
    """What the entry can complete to now: hazards still in the deck (translated name, then id), relic."""
    contents = deck(state)
    out: list[str] = []
    for hazard in state.rules.hazards:
        if contents["hazard"].get(hazard, 0) > 0:
            out.append(hazard_name(hazard, tr))
            out.append(hazard)
    if contents["relic"]:
        out.append(tr.gettext("relic"))
        out.append("relic")
    return list(dict.fromkeys(out))


def suggest(value: str, state: State, tr: Translator) -> str | None:
    """The completion of a partly typed code (case-insensitive prefix), or ``None``."""
    typed = _norm(value)
    if not typed or _number(value) is not None:
        return None
    for word in completions(state, tr):
        if _norm(word).startswith(typed) and len(word) > len(value.strip()):
            return value + word[len(value):] if word.casefold().startswith(value.casefold()) else word
    return None


# -- decisions -------------------------------------------------------------------------------------
def leave_words(tr: Translator) -> tuple[str, ...]:
    return tuple(dict.fromkeys(LEAVE_WORDS + (_norm(tr.gettext(LEAVE)),)))


def is_decision(text: str, tr: Translator) -> bool:
    """Whether ``text`` is a decision: a leave word followed by names (a lone ``l`` stays a hazard
    prefix, as before; ``leave`` alone is a decision that names nobody)."""
    words = _norm(text).split()
    if not words or words[0] not in leave_words(tr):
        return False
    return len(words) > 1 or words[0] != "l"


def parse_decision(text: str, state: State, tr: Translator) -> dict:
    """The ``leave`` event for ``L Ava Ben`` / ``leave 1 3``: names in seat order.

    :class:`CompanionError` ``tui.no_leavers`` when nobody is named, ``tui.unknown_player`` for a
    name or number that is no player's; whether they may leave now is the engine's business.
    """
    parts = unicodedata.normalize("NFKC", text).strip().split(None, 1)
    rest = parts[1].translate(_SEPARATORS) if len(parts) > 1 else ""
    tokens = rest.split()
    if not tokens:
        raise CompanionError("tui.no_leavers")
    seats: set[int] = set()
    i = 0
    while i < len(tokens):
        seat, used = _player(tokens, i, state)
        if seat is None:
            raise CompanionError("tui.unknown_player", name=tokens[i])
        seats.add(seat)
        i += used
    return {"event": "leave", "players": [state.players[s] for s in sorted(seats)]}


def _player(tokens: list[str], i: int, state: State) -> tuple[int | None, int]:
    """The seat named by ``tokens[i:]`` and how many tokens the name took (names may hold spaces)."""
    number = _number(tokens[i])
    if number is not None:
        return (number - 1, 1) if 1 <= number <= len(state.players) else (None, 1)
    names = [_norm(p) for p in state.players]
    for length in range(len(tokens) - i, 0, -1):  # the longest exact name first
        typed = _norm(" ".join(tokens[i:i + length]))
        if typed in names:
            return names.index(typed), length
    typed = _norm(tokens[i])
    found = [seat for seat, name in enumerate(names) if name.startswith(typed)]
    return (found[0], 1) if len(found) == 1 else (None, 1)


def parse_entry(text: str, state: State, tr: Translator) -> dict:
    """A decision when the text starts with a leave word and names someone, else a card."""
    if is_decision(text, tr):
        return parse_decision(text, state, tr)
    return parse(text, state, tr)


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
        for word in (tr.gettext(LEAVE), "leave"):
            if _norm(word).startswith(typed) and len(word) > len(value):
                return value + word[len(value):]
    return None
