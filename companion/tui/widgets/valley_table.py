"""Death Valley on screen: card labels, the players' journeys and albums, and typed card entry.

Pure helpers (no Textual):

* :func:`resolve_card` reads a typed card -- its id (``flood-2``), a short id (``f2``) or its name in
  the current language (``Flood 2``, ``سیلاب ۲``, ``洪水 2``) -- among the cards allowed now;
* :func:`read_rest` and :func:`read_move` read the rest and ability-move entries into events;
* :func:`player_block` and :func:`card_label` draw the table.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

from rich.text import Text

from companion.errors import CompanionError
from companion.games.death_valley import explain as words
from companion.games.death_valley.catalog import CARD_IDS, HAZARDS
from companion.games.death_valley.engine import BUST_AT, ROBOT, State, score
from companion.i18n import N_, _, current, ngettext

HAZARD_STYLES = {"animal": "dark_orange", "flood": "dodger_blue1", "land": "green3", "heat": "red1"}
ZONE_WORDS = {"desert": N_("desert"), "deck": N_("deck"), "discard": N_("discard pile"),
              "journey": N_("journey"), "album": N_("album")}


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().casefold()
    return "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in text)


def card_words(state: State, card: str) -> set[str]:
    """Every way to type ``card``: id, short id, localized name (with or without spaces)."""
    hazard, _sep, number = card.partition("-")
    name = _norm(words.card_name(state.catalog, card, current()))
    return {card, f"{hazard[0]}{number}", name, name.replace(" ", "")}


def resolve_card(text: str, state: State, allowed: Iterable[str] | None = None) -> str:
    """The card id ``text`` names; :class:`CompanionError` ``valley.unknown_card`` when none."""
    typed = _norm(text)
    typed_tight = typed.replace(" ", "")
    pool = list(allowed) if allowed is not None else list(CARD_IDS)
    for card in list(pool) + [c for c in CARD_IDS if c not in pool]:
        if typed in card_words(state, card) or typed_tight in card_words(state, card):
            return card
    raise CompanionError("valley.unknown_card", card=text.strip())


def suggest(value: str, candidates: Iterable[str]) -> str | None:
    """Complete the last typed word to a card id among ``candidates``."""
    head, _sep, last = value.rpartition(" ")
    last_norm = _norm(last)
    if not last_norm:
        return None
    for card in candidates:
        if card.startswith(last_norm) and card != last_norm:
            return (head + " " if head else "") + card
    return None


def read_rest(text: str, state: State) -> dict:
    """``CARD [+ TUCKED ...] [- RETURNED ...]`` -> a ``rest`` event (cards from the actor's journey)."""
    journey = state.journeys[state.active]
    raw = " ".join(unicodedata.normalize("NFKC", text).split())
    cards = _split_cards(raw, state, journey)
    if not cards:
        raise CompanionError("valley.unknown_card", card=text.strip())
    first, tuck, back = cards
    return {"event": "rest", "card": first, "tuck": tuck, "return": back}


def _split_cards(raw: str, state: State, journey) -> tuple[str, list[str], list[str]] | None:
    """Split a rest entry: the first card, cards after ``+`` (tucked), after `` - `` or ``--`` (returned)."""
    first: str | None = None
    tuck: list[str] = []
    back: list[str] = []
    target = "card"
    for token in raw.split():
        if token in ("+", "-", "--"):
            target = "tuck" if token == "+" else "return"
            continue
        if token.startswith("+") and len(token) > 1:
            target, token = "tuck", token[1:]
        elif token.startswith("-") and len(token.lstrip("-")) > 0:
            target, token = "return", token.lstrip("-")
        card = resolve_card(token, state, journey)
        if target == "card":
            if first is not None:
                raise CompanionError("valley.unknown_card", card=token)
            first = card
        elif target == "tuck":
            tuck.append(card)
        else:
            back.append(card)
    if first is None:
        return None
    return first, tuck, back


def zone_of(words_typed: list[str], state: State) -> str:
    """``desert``/``deck``/``discard``/``journey NAME``/``album NAME`` (ids or words in the current language)."""
    tr = current()
    if not words_typed:
        raise CompanionError("valley.bad_zone", zone="")
    head = _norm(words_typed[0])
    kinds = {k: k for k in ZONE_WORDS}
    kinds.update({_norm(tr.gettext(w)): k for k, w in ZONE_WORDS.items()})
    kind = kinds.get(head)
    if kind is None:
        kind, _sep, player = words_typed[0].partition(":")
        if kind in ("journey", "album") and player:
            return f"{kind}:{player}"
        raise CompanionError("valley.bad_zone", zone=" ".join(words_typed))
    if kind in ("journey", "album"):
        rest = " ".join(words_typed[1:]).strip()
        if not rest:
            rest = state.active
        names = {_norm(p): p for p in state.players}
        names[_norm(tr.gettext("Robot"))] = ROBOT
        player = names.get(_norm(rest))
        if player is None:
            raise CompanionError("valley.unknown_player", player=rest)
        return f"{kind}:{player}"
    return kind


def read_move(text: str, state: State) -> dict:
    """``CARD ZONE`` -> a ``move`` event from wherever the card is now."""
    parts = unicodedata.normalize("NFKC", text).split()
    if not parts:
        raise CompanionError("valley.unknown_card", card="")
    card = resolve_card(parts[0], state)
    zone, owner = state.where(card)
    if zone == "hidden":
        raise CompanionError("valley.card_in_hidden", card=card, player=owner)
    source = zone if owner is None else f"{zone}:{owner}"
    return {"event": "move", "card": card, "from": source, "to": zone_of(parts[1:], state)}


# -- drawing ----------------------------------------------------------------------------------------
def card_label(state: State, card: str) -> Text:
    tr = current()
    info = state.catalog[card]
    name = words.card_name(state.catalog, card, tr)
    if info.stars is None:
        line = _("{card} (stars unknown)", card=name)
    else:
        line = ngettext("{card} ({n} star)", "{card} ({n} stars)", info.stars, card=name)
    if info.ability:
        line += " " + _("ability {score}", score=info.ability)
    return Text(line, style=HAZARD_STYLES[info.hazard])


def _join(parts: list[Text]) -> Text:
    out = Text()
    for index, part in enumerate(parts):
        if index:
            out.append(_(", "))
        out.append_text(part)
    return out


def player_block(state: State, player: str) -> Text:
    tr = current()
    who = words.player_name(state, player, tr)
    total = score(state, player)
    active = not state.finished and not state.needs_reveal and state.active == player
    head = _("{player}: score {score}, busts {busts}.", player=who, score=total.total, busts=state.busts[player])
    text = Text(("> " if active else "") + head, style="bold")
    journey = state.journeys[player]
    text.append("\n" + _("Journey:") + " ")
    text.append_text(_join([card_label(state, c) for c in journey]) if journey else Text(_("empty")))
    if player != ROBOT or state.mode != "solo":
        entries = state.albums[player]
        text.append("\n" + _("Album:") + " ")
        parts = []
        for entry in entries:
            part = card_label(state, entry.card)
            if entry.hidden:
                part.append(" " + ngettext("+ {n} hidden card", "+ {n} hidden cards", len(entry.hidden)),
                            style="dim")
            parts.append(part)
        text.append_text(_join(parts) if parts else Text(_("empty")))
    counts = state.hazard_counts(player)
    text.append("\n" + _("Visible hazards:") + " ")
    for index, hazard in enumerate(HAZARDS):
        if index:
            text.append(_(", "))
        n = counts[hazard]
        style = "bold red" if n >= BUST_AT - 1 else HAZARD_STYLES[hazard]
        text.append(_("{hazard} {n}", hazard=words.hazard_name(hazard, tr), n=n), style=style)
    if total.unknown:
        text.append("\n" + _("Stars not known yet (counted as 0): {cards}.",
                             cards=tr.join(words.card_name(state.catalog, c, tr) for c in total.unknown)),
                    style="yellow")
    return text
