"""Which section of the Shifting Stones rules text explains an outcome (pure data; no Textual, no
translation).

``SECTIONS`` maps each kind of outcome the explanations speak of to a ``{#id}`` of
``rules_content/shifting_stones/rules.<locale>.md``; :func:`kinds` names the kinds one outcome is
made of, the one the rules viewer opens at first (:func:`section`).
"""

from __future__ import annotations

from companion.games.shifting_stones.engine import Outcome, State

SECTIONS: dict[str, str] = {
    "layout": "setup",            # the nine stones laid out
    "shift": "actions",           # a card burnt to swap two neighbouring stones
    "flip": "actions",            # a card burnt to flip a stone
    "score": "patterns",          # a card scored: where and why its pattern matches
    "target": "end",              # the target number of scored cards reached
    "end_turn": "end-turn",       # drawing back up to the hand size
    "reshuffle": "end-turn",      # the discard pile shuffled into a new deck
    "pass": "pass",
    "penalty": "solo",            # solo: a turn without a scored card
    "solo_end": "solo",           # solo: won (every card scored) or lost (the last penalty)
    "bonus": "scoring",           # the game is over: card points and the 1-point bonus
}


def kinds(outcome: object, state: State) -> tuple[str, ...]:
    """The kinds of ``outcome`` (``state``: the state right after it), the most telling first."""
    if not isinstance(outcome, Outcome):
        return ()
    found: list[str] = []
    if outcome.finished:
        found.append("solo_end" if state.solo else "bonus")
    if outcome.penalty:
        found.append("penalty")
    if outcome.kind in ("layout", "shift", "flip", "score", "end_turn", "pass"):
        found.append(outcome.kind)
    if outcome.target_reached and not state.solo:
        found.append("target")
    if outcome.reshuffled:
        found.append("reshuffle")
    return tuple(found)


def section(outcome: object, state: State) -> str | None:
    """The rules section to read about ``outcome``; ``None`` for an outcome no rule explains."""
    found = kinds(outcome, state)
    return SECTIONS[found[0]] if found else None
