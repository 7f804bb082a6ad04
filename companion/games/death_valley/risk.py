"""Warnings before they happen: which hazards are one card away from a bust, and how likely that is.

The engine knows where all 18 cards are except the order of the deck, so the chance that the top deck
card is of a dangerous type is exact: dangerous cards in the deck / cards in the deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.games.death_valley.robot import decide
from companion.games.death_valley.state import BUST_AT, ROBOT, State


@dataclass(frozen=True)
class BustRisk:
    player: str
    hazards: tuple[str, ...]           # types one card (or less) away from a bust, in catalog order
    in_deck: Mapping[str, int]         # for each of those types: how many of its cards are in the deck
    deck_size: int
    chance: Fraction | None            # the top deck card busts the player; None when the deck is empty
    faceup_busts: bool                 # taking the face-up card would bust the player
    gets: tuple[str, ...] = ("faceup", "deck")  # the cards that can reach this journey now: the face-up
    #                                             card, the top deck card (who can act decides)

    @property
    def any(self) -> bool:
        return bool(self.hazards)


def bust_risk(state: State, player: str | None = None) -> BustRisk:
    """The risk for ``player`` (the active player by default) of busting with their next card."""
    player = player or state.active
    counts = state.hazard_counts(player)
    hazards = tuple(h for h, n in counts.items() if n >= BUST_AT - 1)
    in_deck = {h: sum(1 for c in state.deck if state.catalog.hazard(c) == h) for h in hazards}
    size = len(state.deck)
    chance = Fraction(sum(in_deck.values()), size) if size else None
    faceup_busts = state.faceup is not None and state.catalog.hazard(state.faceup) in hazards
    return BustRisk(player, hazards, in_deck, size, chance, faceup_busts)


def risks(state: State) -> tuple[BustRisk, ...]:
    """The active player's risk, plus the opponent's where the active player can hand them the
    face-up card (``backseat``, ``solo``) -- the opponent's journey is then also in play.

    ``gets`` says which cards can reach each journey this turn: a deck card goes only into the acting
    player's own journey; on the robot's turn its rules say which card goes where.
    """
    first = bust_risk(state)
    if state.mode == "standard":
        return (first,)
    second = replace(bust_risk(state, state.other(state.active)), gets=("faceup",))
    if state.active == ROBOT and state.mode == "solo" and state.faceup is not None:
        decision = decide(state)
        robot_gets = ("deck",) if decision.takes_deck else ("faceup",) if decision.to == ROBOT else ()
        return (replace(first, gets=robot_gets), replace(second, gets=("faceup",) if decision.to != ROBOT else ()))
    return (first, second)
