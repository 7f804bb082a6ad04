from __future__ import annotations

import pytest

from companion.games import shifting_stones as stones
from companion.journal import new_header

GRID = [["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]
LAYOUT = {"event": "layout", "grid": GRID}
END = {"event": "end_turn"}
PASS = {"event": "pass"}


def shift(a, b):
    return {"event": "shift", "a": list(a), "b": list(b)}


def flip(at):
    return {"event": "flip", "at": list(at)}


def score(pattern, points=1):
    return {"event": "score", "pattern": pattern, "points": points}


def start(players=("Ava", "Ben"), mode=None, **options):
    extra = {}
    if mode is not None:
        extra["mode"] = mode
    if options:
        extra["options"] = options
    return stones.start(new_header("shifting_stones", "shifting_stones", players, **extra))


def play(state, *events):
    outcomes = []
    for event in events:
        state, outcome = stones.apply(state, event)
        outcomes.append(outcome)
    return state, outcomes


def rejected(state, event, code):
    """``event`` is refused with ``code`` and ``state`` is left exactly as it was."""
    before = state
    snapshot = stones.summary(state)
    with pytest.raises(Exception) as info:
        stones.apply(state, event)
    assert getattr(info.value, "code", None) == code, info.value
    assert state == before and stones.summary(state) == snapshot
    return info.value
