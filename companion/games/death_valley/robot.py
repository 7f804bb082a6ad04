"""The solo robot's three rules (pure).

On the robot's turn, looking at the face-up desert card:

1. if adding it to the human's journey or to the robot's would make that journey bust, it goes to the
   **human's** journey;
2. else if its hazard matches none of the robot's cards, it goes to the robot's journey;
3. else the top deck card goes to the robot's journey (the host draws it and records which it was).

The robot has no album and ignores abilities; its hazards count.  :func:`decide` is also what a screen
shows *before* the host acts ("the robot will take the top deck card").

This module builds on :mod:`.state` only; :mod:`.engine` imports it (never the other way round).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import RuleError
from companion.games.death_valley.state import ROBOT, State, would_bust


@dataclass(frozen=True)
class RobotDecision:
    rule: int                         # 1, 2 or 3 (see above)
    faceup: str                       # the face-up card the robot looked at
    to: str                           # whose journey gets a card (rule 1: the human; else the robot)
    takes_deck: bool                  # rule 3: the robot takes the top deck card instead
    would_bust: tuple[str, ...] = ()  # rule 1: the journeys the face-up card would bust


def decide(state: State) -> RobotDecision:
    """Which rule applies now.  Raises :class:`RuleError` when there is no face-up card to look at."""
    faceup = state.faceup
    if faceup is None:
        raise RuleError("valley.no_faceup")
    human = state.human
    busting = tuple(p for p in (human, ROBOT) if would_bust(state, p, faceup))
    if busting:
        return RobotDecision(1, faceup, human, False, busting)
    hazard = state.catalog.hazard(faceup)
    if all(state.catalog.hazard(c) != hazard for c in state.journeys[ROBOT]):
        return RobotDecision(2, faceup, ROBOT, False)
    return RobotDecision(3, faceup, ROBOT, True)
