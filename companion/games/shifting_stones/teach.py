"""Teaching a first Shifting Stones game (see :mod:`companion.teach`): the setup checklist, counted
for the number of players, and the lessons an outcome applies (the first shift, flip and score)."""

from __future__ import annotations

from typing import Any

from companion.games.shifting_stones.engine import (
    DECK_MULTI,
    HAND,
    PENALTY_LIMIT,
    SOLO_DECK,
    TARGETS,
    Outcome,
    State,
)
from companion.i18n import N_, Translator
from companion.teach import Lesson

LESSONS: tuple[Lesson, ...] = (
    Lesson("shift", N_("A shift costs one card from the hand, burnt face up on the discard pile; then two "
                       "tiles side by side (never diagonally) change places."), "actions"),
    Lesson("flip", N_("A flip also costs one burnt card; then one tile is turned over where it lies."), "actions"),
    Lesson("score", N_("A card scores when its pattern shows in the grid right now, the same way up; it stays "
                       "scored whatever the grid does later."), "patterns"),
)

TILES = 9  # the 3 by 3 grid


def found(outcome: Any, state: State) -> tuple[str, ...]:
    """The lessons ``outcome`` applies."""
    if isinstance(outcome, Outcome) and outcome.kind in ("shift", "flip", "score"):
        return (outcome.kind,)
    return ()


def checklist(state: State, tr: Translator) -> list[str]:
    """What to set up for this table (``state``: before the layout)."""
    players = len(state.players)
    lines = [tr.gettext("Shuffle the {n} tiles and lay them out at random as a 3 by 3 grid, all the same way "
                        "up; agree which edge is the top.", n=TILES)]
    if state.solo:
        ones, twos, threes, fives = (SOLO_DECK.get(points, 0) for points in (1, 2, 3, 5))
        lines += [
            tr.gettext("Build a solo deck of {n} pattern cards: {ones} worth 1 point, {twos} worth 2, {threes} "
                       "worth 3 and {fives} worth 5. Put the other cards away.", n=state.deck_total, ones=ones,
                       twos=twos, threes=threes, fives=fives),
            tr.gettext("Shuffle it and draw {hand} cards as your hand; the other {rest} are the deck.",
                       hand=HAND, rest=state.deck),
            tr.gettext("Score all {n} cards to win; {limit} turns without a scored card lose the game.",
                       n=state.target, limit=PENALTY_LIMIT),
        ]
        return lines
    lines += [
        tr.gettext("Give each of the {players} players a reference card; one of them must be the dark one, "
                   "and its holder goes first.", players=players),
        tr.gettext("Shuffle the {n} pattern cards and deal {hand} to each player ({dealt} in all); the other "
                   "{rest} are the face-down deck, with room for a discard pile.", n=DECK_MULTI, hand=HAND,
                   dealt=HAND * players, rest=state.deck),
        tr.gettext("With {players} players the game ends once someone has scored {target} cards.",
                   players=players, target=TARGETS.get(players, state.target)),
    ]
    return lines
