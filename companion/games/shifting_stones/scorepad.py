"""The score pads of Shifting Stones as in its box, and what a filled sheet's totals are made of (data and
words: :mod:`companion.printing.scorepad` draws them)."""

from __future__ import annotations

from typing import Any

from companion.games.base import BoxPad, Column, TickRow, TickSheet
from companion.i18n import Translator


def _tally_width(boxes: int) -> float:
    return max(12.0, boxes * 3.6 + 2.0)


def table_pads(tr: Translator) -> list[BoxPad]:
    """Card points, the 1-point cards ticked for the bonus, the cards scored against the target."""
    from companion.games import get
    from companion.games.base import player_range
    from companion.games.shifting_stones import engine

    high = player_range(get("shifting_stones"))[1]
    targets = engine.TARGETS
    most = max(targets.values())
    marks = tuple((n, str(players)) for players, n in sorted(targets.items(), key=lambda item: item[1]))
    columns = (Column(tr.gettext("Cards scored"), "track", most, most * 3.9 + 2.0, marks),
               Column(tr.gettext("Card points"), width=15),
               Column(tr.gettext("1-point cards"), "tally", most, _tally_width(most)),
               Column(tr.gettext("Bonus"), width=12),
               Column(tr.gettext("Total"), "total", width=14))
    target_text = tr.join(tr.gettext("{players} players: {n}", players=players, n=n)
                          for players, n in sorted(targets.items()))
    note = tr.gettext("Tick a box for every card scored; the game ends in the round someone reaches the target "
                      "({targets}). Each player tied for the most 1-point cards gets a bonus of {bonus} points.",
                      targets=target_text, bonus=engine.BONUS)
    return [BoxPad(tr.gettext("Player"), columns, high, note)]


def solo(tr: Translator) -> TickSheet:
    """The solo game: the cards to score as tick boxes and the penalties, the last one marked."""
    from companion.games.shifting_stones import engine

    return TickSheet(tr.gettext("Solo game"), (
        TickRow(tr.gettext("Cards scored (out of {n}):", n=engine.DECK_SOLO), engine.DECK_SOLO),
        TickRow(tr.gettext("Penalties:"), engine.PENALTY_LIMIT, numbered=True, marked=engine.PENALTY_LIMIT,
                note=tr.gettext("Penalty {limit} loses the game.", limit=engine.PENALTY_LIMIT))))


def pads(tr: Translator) -> list[Any]:
    return [table_pads(tr)[0]] * 2 + [solo(tr)]


def breakdown(final: Any, summary: dict[str, Any], players: list[str],
              tr: Translator) -> tuple[list[str], dict[str, list[int]]]:
    """Column heads and each player's numbers (the sheet adds the total)."""
    seats = {p: i for i, p in enumerate(final.players)}
    bonus = set(final.bonus_seats())
    from companion.games.shifting_stones.engine import BONUS

    rows = {p: [len(final.scored[seats[p]]), final.points(seats[p]), final.ones(seats[p]),
                BONUS if seats[p] in bonus else 0] for p in players}
    heads = [tr.gettext("Cards scored"), tr.gettext("Card points"), tr.gettext("1-point cards"),
             tr.gettext("Bonus")]
    return heads, rows

TWO_UP_TOGETHER = True
"""On a two-up sheet each half holds both pads (the players' pad and the small solo sheet under it),
instead of a sheet each: a sheet of solo ticks alone would be mostly blank."""
