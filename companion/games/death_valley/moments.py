"""Death Valley's key moments for the filled score sheet: busts, the robot's rules, how the game ended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.games.base import Moment, turns
from companion.i18n import N_, N_plural, Translator

VALLEY_BUST = N_("{player} busted on {hazards} (bust number {n}): {card} went to the discard pile.")
VALLEY_BUST_NO_CARD = N_("{player} busted on {hazards} (bust number {n}); no card of that hazard was "
                         "in the journey to discard.")
VALLEY_RULES = {
    1: N_plural("The robot used rule 1 on {n} turn: it gave the face-up card to {player}, as it would "
                "have busted a journey.",
                "The robot used rule 1 on {n} turns: it gave the face-up card to {player}, as it would "
                "have busted a journey."),
    2: N_plural("The robot used rule 2 on {n} turn: it took a face-up card whose hazard it did not have yet.",
                "The robot used rule 2 on {n} turns: it took a face-up card whose hazard it did not have yet."),
    3: N_plural("The robot used rule 3 on {n} turn: it took the top deck card.",
                "The robot used rule 3 on {n} turns: it took the top deck card."),
}
# The plural follows the points ({n}); the busts stay in brackets, where no noun follows them.
VALLEY_TIE_BROKEN = N_plural("{players} tied with {n} point; {winner} wins with fewer busts ({busts}).",
                             "{players} tied with {n} points; {winner} wins with fewer busts ({busts}).")
VALLEY_TIE_KEPT = N_plural("{players} tied with {n} point and the same number of busts ({busts}): "
                           "they share the win.",
                           "{players} tied with {n} points and the same number of busts ({busts}): "
                           "they share the win.")
VALLEY_WINNER = N_plural("The winner: {names}, with {n} point.", "The winner: {names}, with {n} points.")


def key_moments(steps: Sequence[Any], summary: dict[str, Any], tr: Translator) -> list[Moment]:
    from companion.games.death_valley.explain import card_name, hazard_name, player_name
    from companion.games.death_valley.game import GAME

    out: list[Moment] = []
    rules: Counter[int] = Counter()
    state = None
    for turn, step in turns(GAME, steps):
        o, state = step.outcome, step.state
        when = tr.gettext("Turn {n}", n=turn)
        if o.robot is not None:
            rules[o.robot.rule] += 1
        for bust in o.busts:
            params = dict(player=player_name(state, bust.player, tr), n=bust.total,
                          hazards=tr.join(hazard_name(h, tr) for h in bust.hazards))
            if bust.discarded:
                out.append((when, tr.gettext(VALLEY_BUST, card=card_name(state.catalog, bust.discarded, tr),
                                             **params)))
            else:
                out.append((when, tr.gettext(VALLEY_BUST_NO_CARD, **params)))
    if state is None:
        return out
    human = player_name(state, state.human, tr)
    for rule in sorted(rules):
        out.append(("", tr.ngettext(*VALLEY_RULES[rule], rules[rule], player=human)))
    if summary.get("finished"):
        out += _valley_ending(state, tr)
    return out


def _valley_ending(state: Any, tr: Translator) -> list[Moment]:
    from companion.games.death_valley.engine import result
    from companion.games.death_valley.explain import player_name

    end = tr.gettext("End")

    def name(player: str) -> str:
        return player_name(state, player, tr)

    decided = result(state)
    if decided.decided_by == "robot_busts":
        return [(end, tr.gettext("The robot wins: it busted no more often than {player}.", player=name(state.human)))]
    if decided.decided_by == "points":
        return [(end, tr.ngettext(*VALLEY_WINNER, decided.best, names=name(decided.winners[0])))]
    together = tr.join(name(p) for p in decided.leaders)
    if decided.decided_by == "fewer_busts":
        return [(end, tr.ngettext(*VALLEY_TIE_BROKEN, decided.best, players=together,
                                  winner=tr.join(name(p) for p in decided.winners), busts=decided.busts))]
    return [(end, tr.ngettext(*VALLEY_TIE_KEPT, decided.best, players=together, busts=decided.busts))]
