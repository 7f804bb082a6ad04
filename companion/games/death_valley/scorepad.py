"""The score pads of Death Valley as in its box, and what a filled sheet's totals are made of (data and
words: :mod:`companion.printing.scorepad` draws them)."""

from __future__ import annotations

from typing import Any

from companion.games.base import BoxPad, Column
from companion.i18n import Translator


def _tally_width(boxes: int) -> float:
    return max(12.0, boxes * 3.6 + 2.0)


TALLY_BUSTS = 8  # room to tick the busts of a long game (the rules set no limit)


def pad(tr: Translator) -> BoxPad:
    """Stars, abilities, busts ticked (the tie-break) and the solo robot's bonus."""
    from companion.games import get
    from companion.games.base import player_range

    game = get("death_valley")
    high = player_range(game)[1]
    columns = (Column(tr.gettext("Journey stars"), width=22),
               Column(tr.gettext("Ability points"), width=22),
               Column(tr.gettext("Busts"), "tally", TALLY_BUSTS, _tally_width(TALLY_BUSTS)),
               Column(tr.gettext("Robot bonus"), width=18),
               Column(tr.gettext("Total"), "total", width=18))
    note = tr.gettext("A tie goes to the player with fewer busts. Solo game: the robot plays the last row; its "
                      "bonus is the discard pile when that option is on.")
    return BoxPad(tr.gettext("Player"), columns, high + 1, note, (game.player_name("robot", tr),))


def pads(tr: Translator) -> list[Any]:
    return [pad(tr)] * 3


def breakdown(final: Any, summary: dict[str, Any], players: list[str],
              tr: Translator) -> tuple[list[str], dict[str, list[int]]]:
    """Column heads and each player's numbers (the sheet adds the total)."""
    from companion.games.death_valley.engine import score

    parts = {p: score(final, p) for p in players}
    busts = summary.get("busts", {})
    rows = {p: [parts[p].stars, parts[p].abilities] for p in players}
    heads = [tr.gettext("Journey stars"), tr.gettext("Ability points")]
    if any(parts[p].bonus for p in players) or "robot" in players:
        heads.append(tr.gettext("Robot bonus"))
        for p in players:
            rows[p].append(parts[p].bonus)
    heads.append(tr.gettext("Busts"))
    for p in players:
        rows[p].append(busts.get(p, 0))
    return heads, rows
