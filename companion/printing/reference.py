"""The one-sheet reference per game (front and back): a turn drawn as a flow of steps and decisions,
the game material drawn as pictures (``pictures/*.svg``, shipped with the package and inlined into the
page, so nothing is fetched), and on the back the quick-reference text (scoring, the rule people look
up most) in two columns.  Every number comes from the engines' data (rulesets, constants).
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import import_module
from pathlib import Path
from typing import Any

from companion.i18n import N_, Translator

PICTURES = Path(__file__).resolve().parent / "pictures"

# A flow is a list of steps: ("step", text) or ("decision", question, yes) where ``yes`` is what
# happens when the answer is yes (drawn beside the question); the flow goes down on "no".
Flow = list[tuple[str, ...]]
# What each game draws comes from its own package, ``companion/games/<id>/reference.py`` (this shell
# names no game): ``front(tr) -> (flow, material)`` with ``material`` as (picture name, caption) pairs,
# and optionally ``PATH`` (the pictures of a path of cards) or ``GRID`` (the size of a grid of cells).


def game_reference(game: str) -> Any:
    """The ``reference`` module of the game package ``game`` (found by the registry's id)."""
    return import_module(f"companion.games.{game}.reference")


@cache
def picture(name: str) -> str:
    """The SVG of ``pictures/<name>.svg`` (its ``<title>`` dropped: the caption says it in words)."""
    text = (PICTURES / f"{name}.svg").read_text(encoding="utf-8").strip()
    start, end = text.find("<title>"), text.find("</title>")
    if start >= 0 and end > start:
        text = text[:start] + text[end + len("</title>"):]
    return text


YES, NO = N_("yes"), N_("no")


def flow_html(flow: Flow, tr: Translator) -> str:
    """The flow as boxes (steps), double-framed boxes (decisions) and drawn arrows."""
    down = f'<div class="arrow">{picture("flow-down")}</div>'
    parts = []
    for index, step in enumerate(flow):
        if index:
            parts.append(down)
        if step[0] == "step":
            parts.append(f'<div class="box">{escape(step[1])}</div>')
        else:
            parts.append(
                f'<div class="fork"><div class="cell ask"><div class="box decision">{escape(step[1])}'
                f'<span class="answer no">{escape(tr.gettext(NO))} ↓</span></div></div>'
                f'<div class="side"><span class="answer">{escape(tr.gettext(YES))}</span>'
                f'{picture("flow-side")}</div>'
                f'<div class="cell"><div class="box outcome">{escape(step[2])}</div></div></div>')
    return '<div class="flow">' + "".join(parts) + "</div>"


def material_html(material: list[tuple[str, str]]) -> str:
    cells = []
    for name, caption in material:
        label = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
        cells.append(f'<figure class="piece">{picture(name)}{label}</figure>')
    return '<div class="material">' + "".join(cells) + "</div>"


def grid_html(tr: Translator, size: int) -> str:
    """A grid of ``size`` x ``size`` cells with their coordinates (row, column), column 1 on the left."""
    head = "<tr><th></th>" + "".join(f"<th>{escape(tr.digits(str(c)))}</th>" for c in range(1, size + 1)) + "</tr>"
    rows = "".join(
        f"<tr><th>{escape(tr.digits(str(r)))}</th>"
        + "".join(f"<td>{escape(tr.gettext('{row},{col}', row=r, col=c))}</td>" for c in range(1, size + 1)) + "</tr>"
        for r in range(1, size + 1))
    caption = tr.gettext("The grid: row, then column.")
    return (f'<figure class="coords"><table class="grid">{head}{rows}</table>'
            f'<figcaption>{escape(caption)}</figcaption></figure>')


def path_html(tr: Translator, pictures: list[str]) -> str:
    """A path of cards in a row from the camp into the cave (``pictures``: their names)."""
    cards = [picture(name) for name in pictures]
    row = "".join(f'<span class="card">{c}</span>' for c in cards)
    caption = tr.gettext("The path: each card turned up goes at its end, deeper into the cave.")
    return f'<figure class="path"><div class="row">{row}</div><figcaption>{escape(caption)}</figcaption></figure>'


def front_html(game: str, tr: Translator) -> str:
    module = game_reference(game)
    flow, material = module.front(tr)
    extra = ""
    if getattr(module, "GRID", None):
        extra = grid_html(tr, module.GRID)
    elif getattr(module, "PATH", None):
        extra = path_html(tr, list(module.PATH))
    turn, pieces = tr.gettext("A turn at a glance"), tr.gettext("The game material")
    return (f'<div class="front"><div class="col"><h2>{escape(turn)}</h2>'
            f'{flow_html(flow, tr)}</div><div class="col"><h2>{escape(pieces)}</h2>'
            f'{material_html(material)}{extra}</div></div>')


# -- the back: worked examples drawn as pictures ------------------------------------------------------
# A game's ``back(tr) -> list[(heading, html)]`` gives what is drawn under the back's text; it builds its
# pictures with the helpers below (cards, people, gems, stars), every number from its engine.


def num(tr: Translator, value: int) -> str:
    """A number in the locale's digits, kept left to right."""
    return f'<span class="num">{escape(tr.digits(str(value)))}</span>'


def sum_html(tr: Translator, terms: list[int], total: int) -> str:
    """``a + b + c = total`` in the locale's digits, always drawn left to right."""
    text = " + ".join(tr.digits(str(t)) for t in terms) + " = " + tr.digits(str(total))
    return f'<span class="sum" dir="ltr">{escape(text)}</span>'


def icons(name: str, count: int, cls: str = "icon") -> str:
    """``count`` copies of the picture ``name`` in a row."""
    return "".join(f'<span class="{cls}">{picture(name)}</span>' for _ in range(count))


def card_html(name: str, big: str = "", below: str = "", cls: str = "") -> str:
    """A card drawn with its picture, an optional large value (already in HTML) and what lies on it."""
    if not big and not below:
        cls = f"{cls} bare".strip()
    value = f'<span class="value">{big}</span>' if big else ""
    extra = f'<span class="on">{below}</span>' if below else ""
    return f'<span class="xcard {cls}"><span class="in">{picture(name)}{value}{extra}</span></span>'


def step_html(drawing: str, caption: str, cls: str = "") -> str:
    """One picture of a worked example with its sentence under it (``cls="wide"``: a wider one)."""
    return (f'<figure class="xstep {cls}"><div class="drawing"><div class="in">{drawing}</div></div>'
            f'<figcaption>{escape(caption)}</figcaption></figure>')


def back_html(game: str, tr: Translator) -> str:
    """The worked examples under the back's text (empty when the game draws none)."""
    module = game_reference(game)
    back = getattr(module, "back", None)
    if back is None:
        return ""
    blocks = "".join(f'<div class="glance-block"><h2>{escape(heading)}</h2>{body}</div>'
                     for heading, body in back(tr))
    return f'<section class="glance">{blocks}</section>'
