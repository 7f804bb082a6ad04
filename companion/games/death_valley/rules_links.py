"""Which section of the Death Valley rules text explains an outcome (pure data; no Textual, no
translation).

``SECTIONS`` maps each kind of outcome the explanations speak of to a ``{#id}`` of
``rules_content/death_valley/rules.<locale>.md``; :func:`kinds` names the kinds one outcome is made
of, the one the rules viewer opens at first (:func:`section`).
"""

from __future__ import annotations

from companion.games.death_valley.engine import Outcome, State, result

SECTIONS: dict[str, str] = {
    "reveal": "refresh",             # a new face-up card in the desert
    "stars": "cards",                # the host entered a card's stars
    "ability_score": "scoring",      # ... or its ability score
    "travel": "travel",
    "give": "backseat",              # the face-up card put into the other player's journey
    "rest": "rest",
    "tuck": "hidden",                # cards tucked under an album card lose their features
    "move": "abilities",             # an ability's move of a named card
    "ability_turn": "abilities",     # the turn ended after an ability took the place of the action
    "robot": "robot-turn",           # the robot's move and the rule (1, 2 or 3) it follows
    "bust": "bust",
    "game_end": "game-end",          # exactly one card left in the desert
    "points": "scoring",             # the winner on points
    "tiebreak": "scoring",           # tied on points: fewer busts wins, else a shared win
    "robot_score": "robot-scoring",  # the robot's score counts positive abilities only
    "robot_bonus": "harder",         # robot_discard_bonus: +1 per card on the discard pile
    "robot_bust_rule": "harder",     # robot_bust_rule: the robot wins on busts
}

_ACTIONS = {"reveal": "reveal", "stars": "stars", "ability": "ability_score", "travel": "travel", "rest": "rest",
            "move": "move", "end_turn": "ability_turn", "robot": "robot"}


def _decision(state: State) -> list[str]:
    """How the finished game was decided, the most telling first."""
    decided = result(state)
    if decided.decided_by == "robot_busts":
        return ["robot_bust_rule"]
    found = ["tiebreak"] if decided.decided_by in ("fewer_busts", "shared") else []
    if state.mode == "solo":
        found.append("robot_bonus" if state.options.get("robot_discard_bonus") else "robot_score")
    return found + ["points"]


def kinds(outcome: object, state: State) -> tuple[str, ...]:
    """The kinds of ``outcome`` (``state``: the state right after it), the most telling first."""
    if not isinstance(outcome, Outcome):
        return ()
    found: list[str] = []
    if outcome.busts:
        found.append("bust")
    action = _ACTIONS.get(outcome.event)
    if action == "travel" and outcome.to is not None and outcome.to != outcome.player:
        action = "give"
    if action is not None:
        found.append(action)
    if outcome.event == "rest" and outcome.tucked:
        found.append("tuck")
    finished = outcome.finished and outcome.turn_ended or outcome.event in ("stars", "ability") and state.finished
    if finished:
        decision = _decision(state)
        special = decision[0] in ("robot_bust_rule", "tiebreak")
        found = (decision[:1] + found + ["game_end"] + decision[1:]) if special else found + ["game_end"] + decision
    return tuple(found)


def section(outcome: object, state: State) -> str | None:
    """The rules section to read about ``outcome``; ``None`` for an outcome no rule explains."""
    found = kinds(outcome, state)
    return SECTIONS[found[0]] if found else None


