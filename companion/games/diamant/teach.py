"""Teaching a first Diamant game (see :mod:`companion.teach`): the setup checklist, counted from the
ruleset, and the lessons an outcome applies (the first hazard, leave, uneven split and bust)."""

from __future__ import annotations

from typing import Any

from companion.games.diamant import rules_links
from companion.games.diamant.engine import State, deck
from companion.games.diamant.explain import hazard_name
from companion.i18n import N_, Translator
from companion.teach import Lesson

LESSONS: tuple[Lesson, ...] = (
    Lesson("hazard", N_("The first hazard of a kind does nothing yet. A second card of the same kind "
                        "in this round ends it for everyone still in the cave."), "draw"),
    Lesson("leave", N_("Whoever goes back to camp puts what they carry into their chest and sits out the "
                       "rest of the round; players going back together share the gems left on the path."),
           "decision"),
    Lesson("remainder", N_("Gems that cannot be shared evenly stay on the card; players going back to camp "
                           "later pick them up."), "draw"),
    Lesson("dealt", N_("Gems that cannot be shared evenly are dealt one by one, starting from the holder "
                       "of the extra marker."), "house"),
    Lesson("bust", N_("Bust: everyone still in the cave drops what they carry and the round is over. "
                      "One card of that hazard leaves the game."), "bust"),
)

_KINDS = {"hazard": "hazard", "leave": "leave", "leave_split": "leave", "remainder": "remainder",
          "dealt": "dealt", "bust": "bust"}


def found(outcome: Any, state: State) -> tuple[str, ...]:
    """The lessons ``outcome`` applies (``state``: right after it)."""
    return tuple(_KINDS[kind] for kind in rules_links.kinds(outcome, state) if kind in _KINDS)


def checklist(state: State, tr: Translator) -> list[str]:
    """What to set up for this table (``state``: before the first card)."""
    rules = state.rules
    players = len(state.players)
    cards = deck(state)
    hazards = len(rules.hazards) * rules.hazard_copies
    lines = [
        tr.gettext("Shuffle the {treasures} treasure cards and the {hazards} hazard cards into one face-down "
                   "deck.", treasures=len(rules.treasures), hazards=hazards),
        tr.ngettext("Hazards: {copies} card of each kind ({kinds}).", "Hazards: {copies} cards of each kind "
                    "({kinds}).", rules.hazard_copies, copies=rules.hazard_copies,
                    kinds=tr.join(hazard_name(h, tr) for h in rules.hazards)),
    ]
    relics = cards["relic"]
    if relics:
        lines.append(tr.ngettext("Shuffle {n} relic into the deck for the first round.",
                                 "Shuffle {n} relics into the deck for the first round.", relics, n=relics))
    later = rules.relics - relics
    if later > 0:
        lines.append(tr.ngettext("Set {n} relic aside: it joins the deck in a later round.",
                                 "Set {n} relics aside: they join the deck in later rounds.", later, n=later))
    lines.append(tr.gettext("The deck then holds {n} cards.", n=cards["total"]))
    lines.append(tr.gettext("Deal {cards} decision cards, two to each of the {players} players (go on, go back "
                            "to camp), and give each player a chest.", cards=2 * players, players=players))
    if rules.starting_gems:
        lines.append(tr.gettext("Put {gems} gems in each chest ({total} in all).", gems=rules.starting_gems,
                                total=rules.starting_gems * players))
    lines.append(tr.ngettext("The game lasts {n} round; keep room beside the deck for hazards taken out of it.",
                             "The game lasts {n} rounds; keep room beside the deck for hazards taken out of it.",
                             rules.rounds, n=rules.rounds))
    return lines
