"""Helpers for the Death Valley tests: build headers and states, apply events, check rejections."""

from __future__ import annotations

from typing import Any

import pytest

import companion.games.death_valley as dv
from companion.errors import RuleError
from companion.journal import new_header


def header(mode: str = "standard", players=("Ava", "Ben"), **extra: Any):
    return new_header("death_valley", "death_valley", players, mode=mode, **extra)


def fresh(mode: str = "standard", players=None, faceup: str | None = "heat-1", **extra: Any) -> dv.State:
    """A new game with ``faceup`` revealed (``None``: still waiting for the first reveal)."""
    if players is None:
        players = ("Eve",) if mode == "solo" else ("Ava", "Ben")
    state = dv.start(header(mode, players, **extra))
    if faceup:
        state, _ = dv.apply(state, {"event": "reveal", "card": faceup})
    return state


def play(state: dv.State, *events: dict[str, Any]) -> tuple[dv.State, list[dv.Outcome]]:
    outcomes = []
    for event in events:
        state, outcome = dv.apply(state, event)
        outcomes.append(outcome)
    return state, outcomes


def travel(card: str, source: str = "faceup", to: str | None = None) -> dict[str, Any]:
    event = {"event": "travel", "card": card, "source": source}
    if to is not None:
        event["to"] = to
    return event


def reveal(card: str) -> dict[str, Any]:
    return {"event": "reveal", "card": card}


def rest(card: str, tuck=(), back=()) -> dict[str, Any]:
    return {"event": "rest", "card": card, "tuck": list(tuck), "return": list(back)}


def move(card: str, src: str, dst: str) -> dict[str, Any]:
    return {"event": "move", "card": card, "from": src, "to": dst}


def rejected(state: dv.State, event: dict[str, Any], code: str) -> RuleError:
    """``event`` is refused with ``code`` and the state (and its summary) did not change."""
    before = dv.summary(state)
    with pytest.raises(RuleError) as info:
        dv.apply(state, event)
    assert info.value.code == code, info.value
    assert dv.summary(state) == before
    return info.value


def zones_ok(state: dv.State) -> None:
    cards = state.all_cards()
    assert sorted(cards) == sorted(dv.engine.CARD_IDS), cards
