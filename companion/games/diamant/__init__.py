"""The Diamant family: Diamant, Diamant classic, Incan Gold and the house-001 variant."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.diamant.engine import State, apply, deck, new_state
from companion.games.diamant.odds import odds
from companion.games.diamant.rules import PRESETS, Ruleset, available, load_ruleset

if TYPE_CHECKING:
    from companion.journal import Header

GAME_ID = "diamant"


def start(header: Header) -> State:
    rules = load_ruleset(header.ruleset, header.options or None, base=header.folder)
    return new_state(rules, tuple(header.players))


def summary(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": GAME_ID,
        "ruleset": state.rules.id,
        "finished": state.finished,
        "scores": state.scores(),
        "winners": list(state.winners()),
        "events": state.events,
        "round": state.round,
        "in_cave": list(state.cave),
        "carried": dict(zip(state.players, state.carried)),
        "chest": dict(zip(state.players, state.chest)),
        "relics": {p: list(v) for p, v in zip(state.players, state.relics)},
        "path": [card.to_json() for card in state.path],
    }
    if state.in_round:
        risk = odds(state).bust_next
        data["risk"] = {"bust_next": f"{risk.numerator}/{risk.denominator}"}
    return data


def denominations(state_or_rules: State | Ruleset, amount: int) -> list[tuple[str, int]]:
    """``amount`` in the ruleset's coins, largest first: 17 -> [("diamond", 3), ("ruby", 2)]."""
    rules = state_or_rules.rules if isinstance(state_or_rules, State) else state_or_rules
    result = []
    for coin, value in rules.denominations:
        count, amount = divmod(amount, value)
        if count:
            result.append((coin, count))
    return result


from companion.games.diamant.game import GAME as GAME  # noqa: E402  (the game as the shells see it)

__all__ = ["GAME", "GAME_ID", "PRESETS", "Ruleset", "State", "apply", "available", "deck", "denominations",
           "load_ruleset", "new_state", "odds", "start", "summary"]
