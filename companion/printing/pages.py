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


def card_sheet_page(game: str, locale: str, paper: str) -> Page:
    """Nine cards to a page (fronts, then backs) with cut lines, for home printers."""
    tr = translator(locale)
    title, sides, warnings = card_sides(game, locale)
    width, height = PAPER_MM[paper]
    left, top = (width - 3 * CARD_MM[0]) / 2, (height - 3 * CARD_MM[1]) / 2
    lines = "".join(f'<div class="cut v" style="left:{left + i * CARD_MM[0]:.2f}mm;height:{height}mm"></div>'
                    for i in range(4))
    lines += "".join(f'<div class="cut h" style="top:{top + j * CARD_MM[1]:.2f}mm;width:{width}mm"></div>'
                     for j in range(4))
    captions = [tr.gettext("Cut along the lines. Fronts: print the next page on the back."),
                tr.gettext("Cut along the lines. Backs.")]
    sheets = []
    for index, side in enumerate(sides):
        caption = captions[min(index, 1)] if len(sides) > 1 else tr.gettext("Cut along the lines.")
        sheets.append(
            f'<section class="sheet" style="width:{width}mm;height:{height}mm">{lines}'
            f'<div class="grid" style="left:{left:.2f}mm;top:{top:.2f}mm">{side * 9}</div>'
            f'<div class="caption" dir="{tr.direction}" '
            f'style="left:{left:.2f}mm;top:{height - top + 2:.2f}mm;width:{3 * CARD_MM[0]}mm">'
            f'{escape(caption)}</div></section>')
    return Page(f"{game}-cards-{locale}-{paper}.pdf", "card-sheet", locale, title,
                document(locale, title, "".join(sheets), "card-sheet"), ("base", "card"), paper, warnings)
