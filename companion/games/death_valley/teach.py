"""Teaching a first Death Valley game (see :mod:`companion.teach`): the setup checklist, counted from
the card catalog and the mode, and the lessons an outcome applies (the first rest, the first bust
warning)."""

from __future__ import annotations

from typing import Any

from companion.games.death_valley.catalog import CARD_IDS
from companion.games.death_valley.engine import Outcome
from companion.games.death_valley.explain import hazard_name
from companion.games.death_valley.risk import risks
from companion.games.death_valley.state import BUST_AT, State
from companion.i18n import N_, Translator
from companion.teach import Lesson

LESSONS: tuple[Lesson, ...] = (
    Lesson("rest", N_("Resting moves one journey card to the end of your album; other journey cards may be "
                      "tucked under it (hidden) or put back into the deck."), "rest"),
    Lesson("warning", N_("Careful: a journey is one card away from a bust. Three visible cards of one hazard "
                         "type, journey and album together, bust at the end of the turn."), "bust"),
)


def found(outcome: Any, state: State) -> tuple[str, ...]:
    """The lessons ``outcome`` applies (``state``: right after it; a warning is about what comes next)."""
    lessons: list[str] = []
    if isinstance(outcome, Outcome) and outcome.event == "rest":
        lessons.append("rest")
    if not state.finished and any(risk.any for risk in risks(state)):
        lessons.append("warning")
    return tuple(lessons)


def checklist(state: State, tr: Translator) -> list[str]:
    """What to set up for this table (``state``: before the first card is turned up)."""
    kinds: dict[str, int] = {}
    for card in CARD_IDS:
        hazard = state.catalog.hazard(card)
        kinds[hazard] = kinds.get(hazard, 0) + 1
    counted = [tr.gettext("{hazard} ({n})", hazard=hazard_name(h, tr), n=n) for h, n in kinds.items()]
    lines = [
        tr.gettext("Shuffle all {n} cards into one face-down deck between the players.", n=len(CARD_IDS)),
        tr.gettext("Hazard types: {kinds}; {bust} visible cards of one type bust a player.",
                   kinds=tr.join(counted), bust=BUST_AT),
        tr.gettext("Turn the top card face up beside the deck and tell the companion which card it is."),
    ]
    if state.mode == "solo":
        lines.append(tr.gettext("Leave room for your journey, your album and the robot's journey (it has no "
                                "album), and for a face-down discard pile. You move first."))
    else:
        lines.append(tr.gettext("Leave room in front of each of the {n} players for a journey and an album, and "
                                "in the middle for a face-down discard pile.", n=len(state.players)))
    if state.mode == "backseat":
        lines.append(tr.gettext("Backseat Driver: the face-up card may go into the other player's journey, and "
                                "both players are checked for a bust at the end of every turn."))
    return lines
