"""From a replayed journal to what the score sheet shows: the score after each round or turn (as an
SVG line chart drawn here, no plotting library) and the key moments in words.

``score_points`` and the key moments (:mod:`.moments`) take the ``steps`` of :func:`companion.session.replay`; they use
the game's ``summary(state)`` and ``period_end(step)``, never the engine's internals.

The chart reads on a black-and-white printer: every player has a dash pattern and a marker shape of
their own (as well as a colour), their name at the end of their line, both axes have titles, the text
uses the bundled fonts, and the picture carries its description (``<title>``, ``aria-label``).
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
# One per player, told apart without colour: solid, dashed, dotted, dash-dot, ... (mm).
DASHES = ["", "2.4,1.0", "0.5,0.9", "2.4,0.8,0.5,0.8", "4.0,1.2", "1.2,1.2", "4.0,0.8,0.5,0.8,0.5,0.8",
          "0.5,1.6"]
MARKERS = ["circle", "square", "triangle", "diamond", "cross", "circle-open", "square-open", "triangle-open"]
# The families of base.css, by the locale's script (the SVG text would otherwise fall back to DejaVu).
FONTS = {"fa": "cmp-fa, cmp-latin, cmp-sc", "zh_Hant": "cmp-latin, cmp-tc", "zh_Hans": "cmp-latin, cmp-sc"}
DEFAULT_FONT = "cmp-latin, cmp-sc"


def score_points(game: Game, steps: Sequence[Step], final: Any) -> list[tuple[Label, dict[str, int]]]:
    """``[(label, {player: score}), ...]``: the banked scores after every round or turn the game ends;
    a last point ``("end", 0)`` for the final scores of a finished game, ``("now", 0)`` for the scores
    so far of an unfinished one."""
    points: list[tuple[Label, dict[str, int]]] = []
    for step in steps:
        label = game.period_end(step)
        if label is None:
            continue
        if label[0] == "turn":
            label = ("turn", len(points) + 1)
        points.append((label, dict(game.summary(step.state)["scores"])))
    summary = game.summary(final)
    final_scores = dict(summary["scores"])
    if not points or points[-1][1] != final_scores:
        points.append((("end" if summary.get("finished") else "now", 0), final_scores))
    return points


def _nice_max(value: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * 6:
            return max(step, -(-value // step) * step)
    return value


def marker(shape: str, x: float, y: float, color: str, size: float = 1.0) -> str:
    """A marker centred on ``(x, y)`` (filled, or white inside for the ``-open`` shapes)."""
    open_ = shape.endswith("-open")
    fill = "#ffffff" if open_ else color
    paint = f'fill="{fill}" stroke="{color}" stroke-width="0.3"'
    base = shape.removesuffix("-open")
    s = size
    if base == "circle":
        return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{s:.2f}" {paint}/>'
    if base == "square":
        return f'<rect x="{x - s:.2f}" y="{y - s:.2f}" width="{2 * s:.2f}" height="{2 * s:.2f}" {paint}/>'
    if base == "triangle":
        pts = f"{x:.2f},{y - 1.2 * s:.2f} {x + 1.1 * s:.2f},{y + 0.8 * s:.2f} {x - 1.1 * s:.2f},{y + 0.8 * s:.2f}"
        return f'<polygon points="{pts}" {paint}/>'
    if base == "diamond":
        pts = f"{x:.2f},{y - 1.3 * s:.2f} {x + 1.1 * s:.2f},{y:.2f} {x:.2f},{y + 1.3 * s:.2f} {x - 1.1 * s:.2f},{y:.2f}"
        return f'<polygon points="{pts}" {paint}/>'
    return (f'<path d="M{x - s:.2f},{y - s:.2f} L{x + s:.2f},{y + s:.2f} M{x - s:.2f},{y + s:.2f} '
            f'L{x + s:.2f},{y - s:.2f}" stroke="{color}" stroke-width="0.5" fill="none"/>')


def style_of(index: int) -> tuple[str, str, str]:
    """The colour, dash pattern and marker of the ``index``-th player."""
    return COLORS[index % len(COLORS)], DASHES[index % len(DASHES)], MARKERS[index % len(MARKERS)]


def _spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near ``wanted`` at least ``gap`` apart, kept between ``low`` and ``high``."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    last = low - gap
    for i in order:
        placed[i] = max(wanted[i], last + gap)
        last = placed[i]
    overflow = last - high
    if overflow > 0:
        for i in order:
            placed[i] -= overflow
    return placed


def score_chart_svg(points: list[tuple[Label, dict[str, int]]], players: Iterable[str], tr: Translator,
                    width: float = 170, height: float = 70, names: dict[str, str] | None = None,
                    x_title: str = "", y_title: str = "",
                    description: str = "") -> tuple[str, list[tuple[str, float, float, str]]]:
    """An SVG line chart (sizes in mm) of each player's score at each point, and the words to lay over
    it (:func:`chart_html`): the axis titles and, at each line's end, ``names`` (the player ids
    otherwise)."""
    players = list(players)
    names = names or {p: p for p in players}
    n = len(points)
    top = max([0] + [s.get(p, 0) for _, s in points for p in players])
    low = min([0] + [s.get(p, 0) for _, s in points for p in players])
    ymax = _nice_max(max(top, 1))
    ymin = -_nice_max(-low) if low < 0 else 0
    longest = max([len(names.get(p, p)) for p in players] + [1])
    left, right, up, down = 15.0, min(40.0, 6.0 + 1.7 * longest), 4.0, 13.0
    pw, ph = width - left - right, height - up - down

    def x(i: int) -> float:
        return left + (pw * (i + 0.5) / n if n else 0)

    def y(v: float) -> float:
        return up + ph * (1 - (v - ymin) / (ymax - ymin or 1))

    font = FONTS.get(tr.locale, DEFAULT_FONT)
    label = escape(description, quote=True)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
             f'viewBox="0 0 {width} {height}" font-size="3" font-family="{font}" direction="ltr" '
             f'role="img" aria-label="{label}"><title>{escape(description)}</title>']
    ticks = 5
    for k in range(ticks + 1):
        v = ymin + (ymax - ymin) * k / ticks
        yy = y(v)
        parts.append(f'<line x1="{left}" y1="{yy:.2f}" x2="{width - right}" y2="{yy:.2f}" '
                     f'stroke="{"#888" if v == 0 else "#ddd"}" stroke-width="0.2"/>')
        parts.append(f'<text x="{left - 1.5}" y="{yy + 1:.2f}" text-anchor="end" fill="#555">'
                     f'{escape(tr.num(int(round(v))))}</text>')
    for i, (point, _) in enumerate(points):
        text = tr.num(point[1]) if point[0] not in ("end", "now") else "•"
        parts.append(f'<text x="{x(i):.2f}" y="{height - down + 4.5:.2f}" text-anchor="middle" fill="#555">'
                     f'{escape(text)}</text>')
    # Words (titles, names) go over the picture as HTML (:func:`chart_html`): WeasyPrint's SVG text
    # knows no right-to-left order, so a Persian word would come out backwards.
    labels: list[tuple[str, float, float, str]] = []
    if x_title:
        labels.append(("x-title", left + pw / 2, height - 3.2, x_title))
    if y_title:
        labels.append(("y-title", 3.0, up + ph / 2, y_title))
    ends = []
    for index, player in enumerate(players):
        color, dash, shape = style_of(index)
        coords = [(x(i), y(s.get(player, 0))) for i, (_, s) in enumerate(points)]
        path = " ".join(f"{a:.2f},{b:.2f}" for a, b in coords)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="0.6"{dashed}/>')
        parts.extend(marker(shape, a, b, color) for a, b in coords)
        if coords:
            ends.append(coords[-1][1])
    placed = _spread(ends, 3.4, up + 1, up + ph + 1)
    for index, (player, wanted, at) in enumerate(zip(players, ends, placed)):
        color, _, shape = style_of(index)
        end_x = x(n - 1) if n else left
        parts.append(f'<line x1="{end_x + 1.2:.2f}" y1="{wanted:.2f}" x2="{end_x + 3.2:.2f}" y2="{at:.2f}" '
                     f'stroke="#999" stroke-width="0.2"/>')
        parts.append(marker(shape, end_x + 4.6, at, color, 0.8))
        labels.append(("name", end_x + 6.0, at, names.get(player, player)))
    parts.append("</svg>")
    return "".join(parts), labels


def chart_html(svg: str, labels: list[tuple[str, float, float, str]], width: float, height: float) -> str:
    """The chart with its words laid over it (mm from its top left corner); each word keeps its own
    direction (``bdi``), the picture stays left to right."""
    spans = []
    for kind, x, y, text in labels:
        if kind == "x-title":
            style = f"left:{x - 40:.2f}mm;top:{y - 2:.2f}mm;width:80mm;text-align:center"
        elif kind == "y-title":
            style = f"left:{x - 20:.2f}mm;top:{y - 2:.2f}mm;width:40mm;text-align:center;transform:rotate(-90deg)"
        else:
            style = f"left:{x:.2f}mm;top:{y - 2:.2f}mm"
        spans.append(f'<span class="chart-label {kind} any" style="{style}"><bdi>{escape(text)}</bdi></span>')
    return (f'<div class="chart-box" style="width:{width}mm;height:{height}mm">{svg}{"".join(spans)}</div>')
