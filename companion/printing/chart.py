"""From a replayed journal to what the score sheet shows: the score after each round or turn (as an
SVG line chart drawn here, no plotting library) and the key moments in words.

``score_points`` and the key moments (:mod:`.moments`) take the ``steps`` of :func:`companion.session.replay`; they use
the game's ``summary(state)`` and ``period_end(step)``, never the engine's internals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from companion.games.base import Game, Label
from companion.i18n import Translator

if TYPE_CHECKING:
    from companion.session import Step

COLORS = ["#b5452b", "#2b6cb5", "#3c8a3c", "#9a6a00", "#7b3fa0", "#00838f", "#5d4037", "#c2185b"]


def score_points(game: Game, steps: Sequence[Step], final: Any) -> list[tuple[Label, dict[str, int]]]:
    """``[(label, {player: score}), ...]``: the banked scores after every round or turn the game ends."""
    points: list[tuple[Label, dict[str, int]]] = []
    for step in steps:
        label = game.period_end(step)
        if label is None:
            continue
        if label[0] == "turn":
            label = ("turn", len(points) + 1)
        points.append((label, dict(game.summary(step.state)["scores"])))
    final_scores = dict(game.summary(final)["scores"])
    if not points or points[-1][1] != final_scores:
        points.append((("end", 0), final_scores))
    return points


def _nice_max(value: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * 6:
            return max(step, -(-value // step) * step)
    return value


def score_chart_svg(points: list[tuple[Label, dict[str, int]]], players: Iterable[str], tr: Translator,
                    width: float = 170, height: float = 70) -> str:
    """An SVG line chart (sizes in mm) of each player's score at each point."""
    players = list(players)
    n = len(points)
    top = max([0] + [s.get(p, 0) for _, s in points for p in players])
    low = min([0] + [s.get(p, 0) for _, s in points for p in players])
    ymax = _nice_max(max(top, 1))
    ymin = -_nice_max(-low) if low < 0 else 0
    left, right, up, down = 12.0, 4.0, 4.0, 9.0
    pw, ph = width - left - right, height - up - down

    def x(i: int) -> float:
        return left + (pw * (i + 0.5) / n if n else 0)

    def y(v: float) -> float:
        return up + ph * (1 - (v - ymin) / (ymax - ymin or 1))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
             f'viewBox="0 0 {width} {height}" font-size="3" direction="ltr">']
    ticks = 5
    for k in range(ticks + 1):
        v = ymin + (ymax - ymin) * k / ticks
        yy = y(v)
        parts.append(f'<line x1="{left}" y1="{yy:.2f}" x2="{width - right}" y2="{yy:.2f}" '
                     f'stroke="{"#888" if v == 0 else "#ddd"}" stroke-width="0.2"/>')
        parts.append(f'<text x="{left - 1.5}" y="{yy + 1:.2f}" text-anchor="end" fill="#555">'
                     f'{escape(tr.num(int(round(v))))}</text>')
    for i, (label, _) in enumerate(points):
        text = tr.num(label[1]) if label[0] != "end" else "•"
        parts.append(f'<text x="{x(i):.2f}" y="{height - down + 4.5:.2f}" text-anchor="middle" fill="#555">'
                     f'{escape(text)}</text>')
    for index, player in enumerate(players):
        color = COLORS[index % len(COLORS)]
        coords = [(x(i), y(s.get(player, 0))) for i, (_, s) in enumerate(points)]
        path = " ".join(f"{a:.2f},{b:.2f}" for a, b in coords)
        dash = ' stroke-dasharray="1.2,0.6"' if index >= len(COLORS) else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="0.6"{dash}/>')
        parts.extend(f'<circle cx="{a:.2f}" cy="{b:.2f}" r="0.8" fill="{color}"/>' for a, b in coords)
    parts.append("</svg>")
    return "".join(parts)
