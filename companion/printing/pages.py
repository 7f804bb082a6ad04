"""Printed documents as HTML text (no WeasyPrint here): rule sheets, card sheets, single cards.

Each builder returns a :class:`Page`: the whole HTML document (``<html lang dir>``, ``<title>``), the
stylesheets it needs (by name, from ``styles/``), the file name it is saved under and the warnings met
while building it (``(code, params)``, translated by :mod:`companion.printing.messages`).
Score pads and filled score sheets are built in :mod:`companion.printing.scorepad`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING

from companion.i18n import LANG_TAGS, Translator, translator
from companion.printing.htmltext import Warning_, isolates_to_bdi, sanitize, wrap_ltr_runs

if TYPE_CHECKING:
    from companion.content import Document

TEMPLATES = Path(__file__).resolve().parent / "templates"
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_MM = (63.0, 88.0)


@dataclass
class Page:
    name: str                 # file name, e.g. ``diamant-rules-fa-a4.pdf``
    kind: str                 # rules | card-sheet | card | scorepad | journal
    locale: str
    title: str
    html: str
    styles: tuple[str, ...]   # stylesheet names in styles/ (the paper stylesheet is added by name)
    paper: str | None = None
    warnings: list[Warning_] = field(default_factory=list)
    alternates: tuple[str, ...] = ()  # the same document laid out tighter, in order: the renderer takes
    # the first that leaves no page nearly empty (companion.printing.fit.fullest)


@cache
def _template() -> Template:
    return Template((TEMPLATES / "page.html").read_text(encoding="utf-8"))


def game_name(game: str, tr: Translator) -> str:
    """The game's name in ``tr``'s language (an unknown id is an error: :class:`UnknownGame`)."""
    from companion.games import get

    return get(game).name(tr)


def document(locale: str, title: str, body: str, kind: str) -> str:
    """The whole HTML document: isolated names and values become ``<bdi>`` (texts built inside
    :func:`companion.i18n.use_isolation` have them); in right-to-left locales a Latin run split across
    elements becomes one LTR span (:func:`~companion.printing.htmltext.wrap_ltr_runs`)."""
    tr = translator(locale)
    body = isolates_to_bdi(body)
    if tr.direction == "rtl":
        body = wrap_ltr_runs(body)
    title = re.sub("[\u2066-\u2069]", "", title)  # the PDF's title is plain text
    return _template().substitute(lang=LANG_TAGS[locale], dir=tr.direction, title=escape(title),
                                  kind=escape(kind), body=body)


def _content(game: str, locale: str, kind: str) -> tuple[Document, str, list[Warning_]]:
    """The loaded document and its sanitized HTML, with warnings from both the loader and us."""
    from companion import content

    doc = content.load_document(game, locale, kind)
    html, dropped = sanitize(content.render_html(doc))
    where = f"{game}/{kind}.{doc.text_locale}.md"
    warnings: list[Warning_] = [("print.content_warning", {"document": where, "detail": w}) for w in doc.warnings]
    warnings += [(code, {**params, "document": where}) for code, params in dropped]
    return doc, html, warnings


def text_attrs(doc: Document) -> str:
    """``lang`` and ``dir`` of the text itself (English when a translation is missing)."""
    direction = translator(doc.text_locale).direction
    return f'lang="{LANG_TAGS[doc.text_locale]}" dir="{direction}"'


def rules_page(game: str, locale: str, paper: str) -> Page:
    """The rule sheet (the renderer then fits its body size so that no page is nearly empty:
    :mod:`companion.printing.fit`)."""
    tr = translator(locale)
    doc, html, warnings = _content(game, locale, "rules")
    name = game_name(game, tr)
    edition = tr.gettext("Rules, edition {version}", version=doc.version)
    header = (f'<table class="running-header"><tr><td class="game">{escape(name)}</td>'
              f'<td class="edition">{escape(edition)}</td></tr></table>')
    body = header + f'<main {text_attrs(doc)}>{html}</main>'
    return Page(f"{game}-rules-{locale}-{paper}.pdf", "rules", locale, doc.title,
                document(locale, doc.title, body, "rules"), ("base", "rules"), paper, warnings)


def split_card(html: str) -> tuple[str, str]:
    """The card's HTML cut into its front and back (at the ``## ... {#back}`` heading)."""
    marker = '<h2 id="back"'
    at = html.find(marker)
    if at < 0:
        return html, ""
    return html[:at], html[at:]


_ID_ATTR = re.compile(r' id="[^"]*"')


def _card(game_label: str, side_html: str, attrs: str) -> str:
    side_html = _ID_ATTR.sub("", side_html)  # nine copies per page: no duplicate anchors
    return f'<div class="card" {attrs}><div class="game">{escape(game_label)}</div>{side_html}</div>'


def card_sides(game: str, locale: str) -> tuple[str, list[str], list[Warning_]]:
    tr = translator(locale)
    doc, html, warnings = _content(game, locale, "card")
    front, back = split_card(html)
    label = game_name(game, tr)
    attrs = text_attrs(doc)
    sides = [_card(label, front, attrs)] + ([_card(label, back, attrs)] if back else [])
    return doc.title, sides, warnings


def card_page(game: str, locale: str) -> Page:
    """One card, front and back, 63 x 88 mm trim with 3 mm bleed and crop marks."""
    title, sides, warnings = card_sides(game, locale)
    body = '<div class="single">' + "".join(sides) + "</div>"
    return Page(f"{game}-card-{locale}.pdf", "card", locale, title, document(locale, title, body, "card"),
                ("base", "card"), None, warnings)


@dataclass(frozen=True)
class SheetLayout:
    """Where the nine cards of a sheet go (mm from the paper's top left corner, front side).

    Each card has its own bleed (``bleed_x``/``bleed_y`` around its 63 x 88 mm trim) and the cards are
    ``2 x bleed`` apart, so a cut that misses the line by less than the bleed shows the card's own
    background, never its neighbour.  The bottom row's trim is ``bottom`` (>= 6 mm) above the paper's
    edge.  ``caption`` is the hint's box ``(x, y, width, height)``; ``rotated`` puts it sideways in
    the left margin (Letter has no room above the cards).  Backs use :meth:`mirror` on every x."""

    paper: str
    bleed_x: float
    bleed_y: float
    left: float          # the first column's trim
    top: float           # the first row's trim
    caption: tuple[float, float, float, float]
    rotated: bool

    @property
    def size(self) -> tuple[float, float]:
        return PAPER_MM[self.paper]

    def column(self, i: int) -> float:
        return self.left + i * (CARD_MM[0] + 2 * self.bleed_x)

    def row(self, j: int) -> float:
        return self.top + j * (CARD_MM[1] + 2 * self.bleed_y)

    @property
    def bottom(self) -> float:
        return self.size[1] - (self.row(2) + CARD_MM[1])

    def mirror(self, x: float, width: float = 0.0) -> float:
        """The x of a box on the back that lands on the box at ``x`` of the front (flip on the long edge)."""
        return self.size[0] - x - width


def sheet_layout(paper: str) -> SheetLayout:
    width, height = PAPER_MM[paper]
    if paper == "a4":  # 21 mm spare across, 33 mm down: 2-3 mm bleed, the hint above the cards
        bleed_x, bleed_y = 2.0, 3.0
        left = (width - 3 * CARD_MM[0] - 4 * bleed_x) / 2
        top = height - 7.5 - 3 * CARD_MM[1] - 4 * bleed_y
        caption = (left, 5.0, 3 * CARD_MM[0] + 4 * bleed_x, 4.0)
        return SheetLayout(paper, bleed_x, bleed_y, left, top, caption, False)
    # Letter: 15.4 mm spare down (the rows keep 6 mm from the edges), 26.9 mm across: the hint goes
    # sideways in a wider left margin.
    bleed_x, bleed_y = 2.5, 0.85
    top = 6.0
    right = width - 5.0  # the last column's trim
    left = right - 3 * CARD_MM[0] - 4 * bleed_x
    caption = (left - bleed_x - 5.0, top, 4.0, 3 * CARD_MM[1] + 4 * bleed_y)
    return SheetLayout(paper, bleed_x, bleed_y, left, top, caption, True)


def _cut_marks(layout: SheetLayout, back: bool) -> str:
    """Cut lines in the margins only (the cards' bleeds fill the gutters), stopping short of the
    cards' bleed and of the caption."""
    width, height = layout.size
    cap_x, cap_y, cap_w, cap_h = layout.caption
    if back:
        cap_x = layout.mirror(cap_x, cap_w)
    gap, thin = 1.0, 0.09  # mm; 0.09 mm = 0.25 pt
    marks: list[tuple[float, float, float, float]] = []  # x, y, w, h
    grid_top = layout.row(0) - layout.bleed_y
    grid_bottom = layout.row(2) + CARD_MM[1] + layout.bleed_y
    xs = [layout.column(i) + d for i in range(3) for d in (0.0, CARD_MM[0])]
    if back:
        xs = [layout.mirror(x) for x in xs]
    for x in xs:
        for y0, y1 in ((0.0, grid_top - gap), (grid_bottom + gap, height)):
            spans = [(y0, y1)]
            if cap_x - gap <= x <= cap_x + cap_w + gap:  # split around the caption
                spans = [(a, b) for a, b in ((y0, min(y1, cap_y - gap)), (max(y0, cap_y + cap_h + gap), y1))]
            marks += [(x - thin / 2, a, thin, b - a) for a, b in spans if b - a > 0.5]
    grid_left = min(xs) - layout.bleed_x
    grid_right = max(xs) + layout.bleed_x
    ys = [layout.row(j) + d for j in range(3) for d in (0.0, CARD_MM[1])]
    for y in ys:
        for x0, x1 in ((0.0, grid_left - gap), (grid_right + gap, width)):
            spans = [(x0, x1)]
            if cap_y - gap <= y <= cap_y + cap_h + gap:
                spans = [(a, b) for a, b in ((x0, min(x1, cap_x - gap)), (max(x0, cap_x + cap_w + gap), x1))]
            marks += [(a, y - thin / 2, b - a, thin) for a, b in spans if b - a > 0.5]
    return "".join(f'<div class="cut" style="left:{x:.3f}mm;top:{y:.3f}mm;width:{w:.3f}mm;height:{h:.3f}mm">'
                   "</div>" for x, y, w, h in marks)


def card_sheet_page(game: str, locale: str, paper: str) -> Page:
    """Nine cards to a page (fronts, then backs mirrored for flipping on the long edge) with cut marks
    in the margins, for home printers."""
    tr = translator(locale)
    title, sides, warnings = card_sides(game, locale)
    layout = sheet_layout(paper)
    width, height = layout.size
    if len(sides) > 1:
        captions = [tr.gettext("Fronts. Print on both sides, flip on the long edge; then cut along the marks."),
                    tr.gettext("Backs. Print on both sides, flip on the long edge; then cut along the marks.")]
    else:
        captions = [tr.gettext("Cut along the marks.")]
    bx, by = layout.bleed_x, layout.bleed_y
    sheets = []
    for index, side in enumerate(sides):
        back = index > 0
        cells = []
        for j in range(3):
            for i in range(3):
                x = layout.column(i) - bx
                if back:
                    x = layout.mirror(x, CARD_MM[0] + 2 * bx)
                cells.append(f'<div class="cell" data-col="{i}" data-row="{j}" style="left:{x:.3f}mm;'
                             f'top:{layout.row(j) - by:.3f}mm;width:{CARD_MM[0] + 2 * bx:.3f}mm;'
                             f'height:{CARD_MM[1] + 2 * by:.3f}mm;padding:{by:.3f}mm {bx:.3f}mm">{side}</div>')
        cap_x, cap_y, cap_w, cap_h = layout.caption
        if back:
            cap_x = layout.mirror(cap_x, cap_w)
        if layout.rotated:  # written bottom to top, centred on its box
            style = (f"left:{cap_x + cap_w / 2 - cap_h / 2:.3f}mm;top:{cap_y + cap_h / 2 - cap_w / 2:.3f}mm;"
                     f"width:{cap_h:.3f}mm;height:{cap_w:.3f}mm;transform:rotate(-90deg)")
        else:
            style = f"left:{cap_x:.3f}mm;top:{cap_y:.3f}mm;width:{cap_w:.3f}mm;height:{cap_h:.3f}mm"
        sheets.append(
            f'<section class="sheet" style="width:{width}mm;height:{height}mm">{_cut_marks(layout, back)}'
            + "".join(cells)
            + f'<div class="caption" dir="{tr.direction}" style="{style}">'
            f'{escape(captions[min(index, len(captions) - 1)])}</div></section>')
    return Page(f"{game}-cards-{locale}-{paper}.pdf", "card-sheet", locale, title,
                document(locale, title, "".join(sheets), "card-sheet"), ("base", "card"), paper, warnings)


def reference_page(game: str, locale: str, paper: str) -> Page:
    """One sheet, two sides: the turn as a flow and the game material drawn (front), the quick
    reference's text, scoring and the rule most looked up, in columns (back)."""
    from companion.printing.reference import back_html, front_html

    tr = translator(locale)
    doc, html, warnings = _content(game, locale, "card")
    front, back = split_card(html)
    name = game_name(game, tr)
    title = tr.gettext("{game}: reference", game=name)
    body = (f'<section class="side-front"><h1>{escape(title)}</h1>{front_html(game, tr)}</section>'
            f'<section class="side-back"><main class="text" {text_attrs(doc)}>{_ID_ATTR.sub("", front + back)}'
            f'</main>{back_html(game, tr)}</section>')
    return Page(f"{game}-reference-{locale}-{paper}.pdf", "reference", locale, title,
                document(locale, title, body, "reference"), ("base", "reference"), paper, warnings)
