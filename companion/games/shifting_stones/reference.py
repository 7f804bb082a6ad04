"""What the one-sheet reference draws for Shifting Stones (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.games.shifting_stones.patterns import SIZE
from companion.i18n import Translator
from companion.printing.reference import picture

Flow = list[tuple[str, ...]]
GRID = SIZE  # the grid drawn on the reference with its coordinates


def front(tr: Translator) -> tuple[Flow, list[tuple[str, str]]]:
    from companion.games.shifting_stones.engine import HAND, HAND_MAX, PASS_DRAW
    from companion.games.shifting_stones.explain import face
    from companion.games.shifting_stones.patterns import TILE_KINDS

    flow: Flow = [
        ("decision", tr.gettext("Do you pass?"),
         tr.gettext("Draw {n} cards (never more than {most} in your hand); your turn is over.",
                    n=PASS_DRAW, most=HAND_MAX)),
        ("step", tr.gettext("Shift two tiles side by side, or flip one tile: each costs a card from your hand.")),
        ("step", tr.gettext("Score a card whose pattern the grid shows now: it costs nothing.")),
        ("decision", tr.gettext("Another action?"), tr.gettext("Go back to shifting, flipping or scoring.")),
        ("step", tr.gettext("Draw back up to {n} cards.", n=HAND)),
    ]
    material = []
    for front, back, count in TILE_KINDS:
        material.append((f"stones-{front}", tr.gettext("{front} / {back} (×{n})", front=face(front, tr),
                                                            back=face(back, tr), n=count)))
        material.append((f"stones-{back}", ""))
    return flow, material


# The worked example on the back: a layout of the nine tiles and a pattern card of the shipped deck that
# it shows.  The engine lays the grid out and scores the card; the picture draws what it answered.
EXAMPLE_GRID = "seed sun horse / tree boat seed / bird horse bird"
EXAMPLE_CARD = "ss09"


def example() -> tuple[Any, Any, Any]:
    """``(the grid, the library card, the engine's score outcome)`` of the worked example."""
    from companion.games.shifting_stones.engine import apply, start
    from companion.games.shifting_stones.library import load_library
    from companion.journal import Header

    card = load_library(None)[EXAMPLE_CARD]
    header = Header(game="shifting_stones", ruleset="shifting_stones", players=("p1", "p2"))
    state = start(header)
    state, _ = apply(state, {"event": "layout", "grid": EXAMPLE_GRID})
    state, scored = apply(state, {"event": "score", "pattern": card.pattern.text, "points": card.points,
                                  "card": card.id})
    return state.grid, card, scored


def _cells(rows: Any, marked: set[tuple[int, int]], tr: Translator, cls: str) -> str:
    """A grid of face pictures (``None``: a grey stone), the ``marked`` cells (1-based) framed."""
    out = []
    for r, row in enumerate(rows, 1):
        cells = []
        for c, face in enumerate(row, 1):
            mark = " hit" if (r, c) in marked else ""
            inside = picture(f"stones-{face}") if face else ""
            cells.append(f'<td class="{"grey" if face is None else "face"}{mark}">{inside}</td>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table class="{cls}">' + "".join(out) + "</table>"


def back(tr: Translator) -> list[tuple[str, str]]:
    from companion.games.shifting_stones.engine import BONUS, BONUS_CARD, TARGETS
    from companion.printing.reference import step_html

    grid, card, scored = example()
    hit = set(scored.cells)
    drawing = (f'<span class="pcard">{_cells(card.pattern.rows, set(), tr, "pattern")}'
               f'<span class="value">{escape(tr.digits(str(scored.points)))}</span></span>'
               f'<span class="arrow-to">{picture("flow-side")}</span>{_cells(grid, hit, tr, "faces")}')
    example_html = step_html(drawing, tr.ngettext(
        "The card's stones are on the grid (framed; grey stones match any face): score it for {n} point.",
        "The card's stones are on the grid (framed; grey stones match any face): score it for {n} points.",
        scored.points, n=scored.points))
    head = "".join(f"<th>{escape(tr.digits(str(n)))}</th>" for n in TARGETS)
    row = "".join(f"<td>{escape(tr.digits(str(t)))}</td>" for t in TARGETS.values())
    players, cards = tr.gettext("Players"), tr.gettext("Cards scored to end")
    table = (f'<table class="counts" dir="{tr.direction}"><tr><th>{escape(players)}</th>{head}</tr>'
             f'<tr><th>{escape(cards)}</th>{row}</tr></table>')
    counts_html = step_html(table, tr.gettext(
        "When a player has scored this many cards, the round is played to its end. Then whoever has the "
        "most {points}-point cards gets {bonus} more points (each of them on a tie).", points=BONUS_CARD, bonus=BONUS))
    return [(tr.gettext("Scoring a card: an example"), example_html),
            (tr.gettext("Players and the end"), counts_html)]
