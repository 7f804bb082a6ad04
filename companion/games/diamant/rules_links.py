"""Which section of the Diamant rules text explains an outcome (pure data; no Textual, no translation).

``SECTIONS`` maps each kind of outcome the explanations speak of to a ``{#id}`` of
``rules_content/diamant/rules.<locale>.md``; :func:`kinds` names the kinds one outcome is made of,
the one the rules viewer opens at first (:func:`section`).  ``tests/content/test_rule_links.py``
checks that every id exists in all four languages.
"""

from __future__ import annotations

from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, Drawn, Left, State

SECTIONS: dict[str, str] = {
    "split": "draw",                # a treasure card shared evenly among the explorers in the cave
    "remainder": "draw",            # ... with gems left on the card
    "dealt": "house",               # house rules: extra gems dealt with the extra marker
    "hazard": "draw",               # the first hazard of its kind this round: nothing happens
    "bust": "bust",                 # the second one: everyone in the cave loses what they carry
    "relic": "relics",              # a relic on the path
    "treasure_card": "house",       # house rules: a relic with a printed value on the path
    "leave": "decision",            # explorers leave with nothing on the path to share
    "leave_split": "splits",        # leavers share the gems on the path (per card or pooled)
    "relic_claim": "relics",        # a lone leaver takes the relics
    "hoard_split": "house",         # house rules: the last leavers share the relics' gems
    "round_end": "round-end",
    "game_end": "game-end",
    "tiebreak": "game-end",         # the best score is tied: shared, or won on relics
}


def _tied(state: State) -> bool:
    if not state.finished or not state.players:
        return False
    scores = [state.score(i) for i in range(len(state.players))]
    return scores.count(max(scores)) > 1


def kinds(outcome: object, state: State) -> tuple[str, ...]:
    """The kinds of ``outcome`` (``state``: the state right after it), the most telling first."""
    found: list[str] = []
    if isinstance(outcome, Drawn):
        card = outcome.card
        if card.kind == TREASURE and outcome.split is not None:
            found.append("dealt" if outcome.extra else "remainder" if outcome.split.left else "split")
        elif card.kind == HAZARD:
            found.append("bust" if outcome.bust is not None else "hazard")
        elif card.kind == RELIC:
            found.append("treasure_card" if outcome.relic_claim == "last_leaver" else "relic")
        end = outcome.round_end
    elif isinstance(outcome, Left):
        if outcome.relics:
            found.append("relic_claim")
        if outcome.relic_split is not None:
            found.append("hoard_split")
        if outcome.extra:
            found.append("dealt")
        found.append("leave_split" if outcome.shares else "leave")
        end = outcome.round_end
    else:
        return ()
    if end is not None:
        found.append("round_end")
        if end.finished:
            found.append("game_end")
            if _tied(state):
                found.insert(0, "tiebreak")  # the surprise of the last event is who won
    return tuple(found)


def section(outcome: object, state: State) -> str | None:
    """The rules section to read about ``outcome``; ``None`` for an outcome no rule explains."""
    found = kinds(outcome, state)
    return SECTIONS[found[0]] if found else None
