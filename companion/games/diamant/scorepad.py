"""The score pads of Diamant as in its box, and what a filled sheet's totals are made of (data and
words: :mod:`companion.printing.scorepad` draws them)."""

from __future__ import annotations

from typing import Any

from companion.games.base import BoxPad, Column
from companion.i18n import Translator


def _tally_width(boxes: int) -> float:
    return max(12.0, boxes * 3.6 + 2.0)


def pad(tr: Translator) -> BoxPad:
    """Rounds, house rules' starting gems, the relics counted (the Incan Gold tie-break) and valued."""
    from companion.games.diamant.rules import PRESETS, load_ruleset

    rules = [load_ruleset(rid) for rid in PRESETS]
    low, high = min(r.players[0] for r in rules), max(r.players[1] for r in rules)
    rounds = max(r.rounds for r in rules)
    columns: list[Column] = []
    if any(r.starting_gems for r in rules):
        columns.append(Column(tr.gettext("Starting gems"), width=16))  # «Starting gems», «起始寶石» on one line
    columns += [Column(tr.gettext("Round {n}", n=n), width=15) for n in range(1, rounds + 1)]
    relics = max(r.relics for r in rules)
    if relics:
        columns.append(Column(tr.gettext("Relics"), "tally", min(relics, 10), _tally_width(min(relics, 10))))
        columns.append(Column(tr.gettext("Relic value"), width=14))
    columns.append(Column(tr.gettext("Total"), "total", width=16))
    note = tr.gettext("For {low} to {high} explorers. After each round write the gems each explorer put in their "
                      "chest; at the end tick one box per relic and write what they are worth. Starting gems: "
                      "house rules only. Incan Gold: a tie goes to the explorer with more relics.",
                      low=low, high=high)
    return BoxPad(tr.gettext("Explorer"), tuple(columns), high, note)


def pads(tr: Translator) -> list[Any]:
    return [pad(tr)] * 2


def breakdown(final: Any, summary: dict[str, Any], players: list[str],
              tr: Translator) -> tuple[list[str], dict[str, list[int]]]:
    """Column heads and each player's numbers (the sheet adds the total)."""
    scores: dict[str, int] = dict(summary["scores"])
    chest, relics = summary.get("chest", {}), summary.get("relics", {})
    rows = {p: [chest.get(p, 0), len(relics.get(p, [])), sum(relics.get(p, []))] for p in players}
    heads = [tr.gettext("Chest"), tr.gettext("Relics"), tr.gettext("Relic value")]
    start = {p: scores[p] - sum(rows[p][::2]) for p in players}
    if any(start.values()):
        heads.append(tr.gettext("Starting gems"))
        for p in players:
            rows[p].append(start[p])
    return heads, rows
