"""Shifting Stones' key moments for the filled score sheet: cards scored, the target, penalties, the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.games.base import Moment, turns
from companion.i18n import N_, N_plural, Translator

if TYPE_CHECKING:
    from companion.games.shifting_stones.engine import Outcome, State
    from companion.session import Step

STONES_ONE = N_plural("{player} scored {pattern} for {n} point.", "{player} scored {pattern} for {n} points.")
STONES_MANY = N_plural("{player} scored {n} card for {points} points: {patterns}.",
                       "{player} scored {n} cards for {points} points: {patterns}.")
# The same sentences as the game's explanations (the same catalog entries).
STONES_TARGET = {True: N_plural("{player} has scored {n} card: the game ends when this round is complete.",
                                "{player} has scored {n} cards: the game ends when this round is complete."),
                 False: N_plural("{player} has scored {n} card: the game ends with this turn.",
                                 "{player} has scored {n} cards: the game ends with this turn.")}
PENALTY = N_("No card was scored this turn: penalty {count} of {limit}.")


def key_moments(steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
    from companion.games.shifting_stones.engine import PENALTY_LIMIT
    from companion.games.shifting_stones.explain import pattern_text
    from companion.games.shifting_stones.game import GAME

    out: list[Moment] = []
    scored: list[Outcome] = []  # this turn's score outcomes

    def flush(turn: int) -> None:
        if not scored:
            return
        player = scored[0].player
        patterns = [pattern_text(c.pattern, tr) for c in scored if c.pattern is not None]  # a score names its card
        if len(scored) == 1:
            text = tr.ngettext(*STONES_ONE, scored[0].points, player=player, pattern=patterns[0])
        else:
            text = tr.ngettext(*STONES_MANY, len(scored), player=player, points=sum(c.points for c in scored),
                               patterns=tr.join(patterns))
        out.append((tr.gettext("Turn {n}", n=turn), text))
        scored.clear()

    state: State | None = None
    turn = 0
    for turn, step in turns(GAME, steps):
        o: Outcome = step.outcome
        state = step.state
        when = tr.gettext("Turn {n}", n=turn)
        if o.kind == "score":
            scored.append(o)
            if o.target_reached and not state.solo:
                flush(turn)
                out.append((when, tr.ngettext(*STONES_TARGET[state.finish_round], state.target, player=o.player)))
        elif o.kind in ("end_turn", "pass"):
            flush(turn)
            if o.penalty:
                out.append((when, tr.gettext(PENALTY, count=state.penalties, limit=PENALTY_LIMIT)))
        if o.finished:
            flush(turn)
    if scored:
        flush(turn)
    if state is not None and state.finished:
        out += _ending(state, tr)
    return out


def _ending(state: State, tr: Translator) -> list[Moment]:
    from companion.games.shifting_stones.explain import bonus_line, ending

    end = tr.gettext("End")
    bonus = None if state.solo else bonus_line(state, tr)
    return ([(end, bonus)] if bonus else []) + [(end, line) for line in ending(state, tr)]
