from __future__ import annotations

from companion.games import diamant
from companion.journal import new_header

T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731
H = lambda h: {"event": "draw", "card": "hazard", "hazard": h}  # noqa: E731
L = lambda *p: {"event": "leave", "players": list(p)}  # noqa: E731


def R(value=None):
    return {"event": "draw", "card": "relic", **({"value": value} if value is not None else {})}


def start(ruleset="diamant", players=("Ava", "Ben", "Chen", "Dee"), **options):
    return diamant.start(new_header("diamant", ruleset, players, **({"options": options} if options else {})))


def play(state, *events):
    outcomes = []
    for event in events:
        state, outcome = diamant.apply(state, event)
        outcomes.append(outcome)
    return state, outcomes
