"""Fast card entry for Diamant: a typed code becomes a ``draw`` event (pure; no Textual).

Accepted: a gem value (``7``, ``۷``, ``７``), a hazard id, its translated name or an unambiguous
prefix of either (``sn``, ``مار``), ``r`` / ``relic`` / the translated word for relic, followed by the
printed value where the ruleset prints values on relics (``r 7``).
"""

from __future__ import annotations

import unicodedata

from companion.errors import CompanionError
from companion.games.diamant import deck
from companion.games.diamant.engine import State
from companion.games.diamant.explain import hazard_name
from companion.i18n import Translator

RELIC_WORDS = ("relic", "r")


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
