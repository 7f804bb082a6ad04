"""The key moments of a played game, for the filled score sheet: ``[(when, sentence), ...]``.

``when`` is the round or turn the moment belongs to ("Turn 7", "End"; empty when the sentence names it
itself, as Diamant's do).  Turns are counted as :func:`companion.printing.chart.score_points` counts
them, so "Turn 7" here is the column "Turn 7" of the score table.  Everything is read from the replay's
steps (events, outcomes, states) and the game's ``summary``; sentences already written for the
game's explanations are reused with the same wording.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.i18n import N_, N_plural, Translator
from companion.printing.chart import TURN_ENDS

Moment = tuple[str, str]

# Shifting Stones
STONES_ONE = N_plural("{player} scored {pattern} for {n} point.", "{player} scored {pattern} for {n} points.")
STONES_MANY = N_plural("{player} scored {n} card for {points} points: {patterns}.",
                       "{player} scored {n} cards for {points} points: {patterns}.")
# The same sentences as the game's explanations (the same catalog entries).
STONES_TARGET = {True: N_plural("{player} has scored {n} card: the game ends when this round is complete.",
                                "{player} has scored {n} cards: the game ends when this round is complete."),
                 False: N_plural("{player} has scored {n} card: the game ends with this turn.",
                                 "{player} has scored {n} cards: the game ends with this turn.")}
# Death Valley
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
VALLEY_TIE_BROKEN = N_("{players} tied with {score} points; {winner} wins with fewer busts ({busts}).")
VALLEY_TIE_KEPT = N_plural("{players} tied with {score} points and {n} bust each: they share the win.",
                           "{players} tied with {score} points and {n} busts each: they share the win.")


def key_moments(game: str, steps: list, summary: dict, tr: Translator) -> list[Moment]:
    """The game's turning points, in order, ending with how it ended (or that the journal stops)."""
    if game == "shifting_stones":
        moments = _stones(steps, summary, tr)
    elif game == "death_valley":
        moments = _valley(steps, summary, tr)
    else:
        from companion.printing.chart import diamant_moments

        # Diamant's sentences name their round themselves: a plain numbered list.
        moments = [("", text) for text in diamant_moments(steps, tr)]
        moments += [("", text) for _, text in _winners_generic(summary, tr)]
    if not summary.get("finished"):
        moments.append(("", tr.gettext("The journal stops before the end of the game.")))
    return moments


def _winners_generic(summary: dict, tr: Translator) -> list[Moment]:
    winners = summary.get("winners") or []
    if not (summary.get("finished") and winners):
        return []
    names = tr.join(tr.gettext("Robot") if w == "robot" else w for w in winners)
    return [(tr.gettext("End"), tr.ngettext("The winner: {names}, with {score} points.",
                                            "The winners: {names}, with {score} points each.", len(winners),
                                            names=names, score=summary["scores"][winners[0]]))]


def _turns(game: str, steps: list):
    """``(turn, step)`` with the number of the turn each step belongs to (1-based)."""
    done = 0
    for step in steps:
        ends = step.event.get("event") in TURN_ENDS.get(game, ())
        yield done + 1, step
        if ends:
            done += 1


# -- Shifting Stones ---------------------------------------------------------------------------------
def _stones(steps: list, summary: dict, tr: Translator) -> list[Moment]:
    from companion.games.shifting_stones.engine import PENALTY_LIMIT
    from companion.games.shifting_stones.explain import pattern_text

    out: list[Moment] = []
    scored: list[Any] = []  # this turn's score outcomes

    def flush(turn: int) -> None:
        if not scored:
            return
        player = scored[0].player
        if len(scored) == 1:
            card = scored[0]
            text = tr.ngettext(*STONES_ONE, card.points, player=player, pattern=pattern_text(card.pattern, tr))
        else:
            text = tr.ngettext(*STONES_MANY, len(scored), player=player, points=sum(c.points for c in scored),
                               patterns=tr.join(pattern_text(c.pattern, tr) for c in scored))
        out.append((tr.gettext("Turn {n}", n=turn), text))
        scored.clear()

    state = None
    for turn, step in _turns("shifting_stones", steps):
        o, state = step.outcome, step.state
        when = tr.gettext("Turn {n}", n=turn)
        if o.kind == "score":
            scored.append(o)
            if o.target_reached and not state.solo:
                flush(turn)
                out.append((when, tr.ngettext(*STONES_TARGET[state.finish_round], state.target, player=o.player)))
        elif o.kind in ("end_turn", "pass"):
            flush(turn)
            if o.penalty:
                out.append((when, tr.gettext("No card was scored this turn: penalty {count} of {limit}.",
                                             count=state.penalties, limit=PENALTY_LIMIT)))
        if o.finished:
            flush(turn)
    if scored:
        flush(turn)
    if state is not None and state.finished:
        out += _stones_ending(state, tr)
    return out


def _stones_ending(state: Any, tr: Translator) -> list[Moment]:
    from companion.games.shifting_stones.explain import ending

    end = tr.gettext("End")
    out = []
    bonus = [] if state.solo else state.bonus_seats()
    if bonus:
        out.append((end, tr.gettext("The 3-point bonus for the most 1-point cards goes to: {players}.",
                                    players=tr.join(state.players[i] for i in bonus))))
    return out + [(end, line) for line in ending(state, tr)]


# -- Death Valley ------------------------------------------------------------------------------------
def _valley(steps: list, summary: dict, tr: Translator) -> list[Moment]:
    from companion.games.death_valley.explain import card_name, hazard_name, player_name

    out: list[Moment] = []
    rules: Counter[int] = Counter()
    state = None
    for turn, step in _turns("death_valley", steps):
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
        out += _valley_ending(state, summary, tr)
    return out


def _valley_ending(state: Any, summary: dict, tr: Translator) -> list[Moment]:
    from companion.games.death_valley.engine import robot_wins_by_busts
    from companion.games.death_valley.explain import player_name

    end = tr.gettext("End")
    name = lambda p: player_name(state, p, tr)  # noqa: E731
    winners, scores, busts = summary["winners"], summary["scores"], summary["busts"]
    if robot_wins_by_busts(state):
        return [(end, tr.gettext("The robot wins: it busted no more often than {player}.", player=name(state.human)))]
    best = max(scores.values())
    leaders = [p for p in state.players if scores[p] == best]
    if len(leaders) == 1:
        return [(end, tr.ngettext("The winner: {names}, with {score} points.",
                                  "The winners: {names}, with {score} points each.", 1,
                                  names=name(leaders[0]), score=best))]
    together = tr.join(name(p) for p in leaders)
    if len(winners) < len(leaders):
        return [(end, tr.gettext(VALLEY_TIE_BROKEN, players=together, score=best,
                                 winner=tr.join(name(p) for p in winners), busts=busts[winners[0]]))]
    return [(end, tr.ngettext(*VALLEY_TIE_KEPT, busts[winners[0]], players=together, score=best))]
