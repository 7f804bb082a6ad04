"""HTML text helpers for printing (no WeasyPrint here).

:func:`sanitize` keeps only the elements and attributes a rules text needs (the content renderer
already refuses raw HTML; this is the second fence): images, links out of the document, embedded
objects and stray attributes are dropped, each with a warning ``(code, params)``.

:func:`isolates_to_bdi` turns the isolates :mod:`companion.i18n` puts around every inserted name and
value (U+2068 ... U+2069) into ``<bdi>`` elements, so «Ava، Ben و Chen» reads Ava first on a Persian
page and nothing in a name reorders its neighbours.

:func:`wrap_ltr_runs` works around a WeasyPrint bug in right-to-left pages: a Latin run of several words
or split across inline elements (``<strong>Diamant</strong> 2``, ``v ÷ n``) comes out reversed.  Each such run, with the
inline elements inside it, is wrapped in one ``<span dir="ltr">``.  Numbers are left to the bidi
algorithm (a list «۵، ۵، ۱۰» reads right to left as written), and a run never crosses a Persian
comma or a ``<bdi>``.

:func:`clean_document` is the last step of every page before WeasyPrint: the text that came from
outside (player names, file names, catalog names) loses its control, bidi-override and invisible
characters there (:func:`companion.safetext.clean`), so a printed score sheet shows what it says.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from html import escape
from html.parser import HTMLParser
from typing import Any

from companion.safetext import clean

Warning_ = tuple[str, dict[str, Any]]
Attrs = list[tuple[str, str | None]]
# ("start" | "void", tag, attrs, source text or None) | ("end", tag) | ("text", data); and, inside
# wrap_ltr_runs only, ("c", one character).
Token = tuple[Any, ...]

VOID = {"br", "hr", "img", "input", "link", "meta", "source", "col", "wbr", "area", "base", "embed",
        "param", "track"}
ALLOWED = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "b", "i", "code",
           "pre", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "a", "hr", "br", "span", "div",
           "section", "del", "s", "dl", "dt", "dd", "sup", "sub", "caption"}
DROP_WITH_CONTENT = {"script", "style", "iframe", "object", "embed", "svg", "math", "template", "title",
                     "head", "noscript", "video", "audio", "canvas", "form", "select", "textarea", "button"}
INLINE = {"strong", "em", "b", "i", "code", "a", "span", "del", "s", "sup", "sub", "bdi", "small", "mark",
          "text", "tspan"}
_CLASS_OR_ID = re.compile(r"^[A-Za-z0-9_\- ]{1,80}$")
_ALIGN = re.compile(r"^\s*text-align:\s*(left|right|center)\s*;?\s*$")


class _Tokenizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []

    def handle_starttag(self, tag: str, attrs: Attrs) -> None:
        kind = "void" if tag in VOID else "start"
        self.tokens.append((kind, tag, attrs, self.get_starttag_text()))

    def handle_startendtag(self, tag: str, attrs: Attrs) -> None:
        self.tokens.append(("void", tag, attrs, self.get_starttag_text()))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.tokens.append(("end", tag))

    def handle_data(self, data: str) -> None:
        self.tokens.append(("text", data))


def clean_document(html: str) -> str:
    """``html`` without any character that could hide text or reorder it (line breaks and tabs kept):
    markup never needs one, and the text in it came from outside where it has one."""
    return str(clean(html, multiline=True))


def tokenize(html: str) -> list[Token]:
    parser = _Tokenizer()
    parser.feed(html)
    parser.close()
    return parser.tokens


def _attrs(attrs: Iterable[tuple[str, str | None]]) -> str:
    return "".join(f' {k}="{escape(v or "", quote=True)}"' for k, v in attrs)


def serialize(tokens: list[Token], raw_tags: bool = True) -> str:
    out: list[str] = []
    for tok in tokens:
        if tok[0] == "text":
            out.append(escape(tok[1], quote=False))
        elif tok[0] == "end":
            out.append(f"</{tok[1]}>")
        elif raw_tags and len(tok) > 3 and tok[3] is not None:
            out.append(tok[3])
        else:
            out.append(f"<{tok[1]}{_attrs(tok[2])}>")
    return "".join(out)


def sanitize(html: str) -> tuple[str, list[Warning_]]:
    """Keep the harmless part of ``html``; return it with the warnings for what was dropped."""
    warnings: list[Warning_] = []
    out: list[Token] = []
    skip: list[str] = []  # open elements whose content is dropped
    for tok in tokenize(html):
        kind, tag = tok[0], tok[1] if tok[0] != "text" else None
        if skip:
            if kind == "start" and tag == skip[-1]:
                skip.append(tag)
            elif kind == "end" and tag == skip[-1]:
                skip.pop()
            continue
        if kind == "text":
            out.append(tok)
            continue
        if tag in DROP_WITH_CONTENT or tag in ("img", "link", "meta", "source", "base", "input", "param", "area",
                                               "track"):
            if kind == "start":
                skip.append(tag)
            if kind != "end":
                attrs = dict(tok[2])
                target = attrs.get("src") or attrs.get("href") or attrs.get("data") or ""
                if tag == "img":
                    warnings.append(("print.dropped_image", {"target": target[:200]}))
                else:
                    warnings.append(("print.dropped_element", {"element": tag, "target": target[:200]}))
            continue
        if tag not in ALLOWED:
            if kind != "end":
                warnings.append(("print.dropped_element", {"element": tag, "target": ""}))
            continue  # unwrap: keep the content
        if kind == "end":
            out.append(tok)
            continue
        kept: list[tuple[str, str]] = []
        for name, value in tok[2]:
            value = value or ""
            if name in ("id", "class") and _CLASS_OR_ID.match(value):
                kept.append((name, value))
            elif name == "href" and tag == "a":
                if value.startswith("#") and _CLASS_OR_ID.match(value[1:] or "x"):
                    kept.append((name, value))
                else:
                    warnings.append(("print.dropped_link", {"target": value[:200]}))
            elif name == "style" and _ALIGN.match(value):
                kept.append((name, value))
            elif name in ("colspan", "rowspan", "start") and value.isdigit() and len(value) < 4:
                kept.append((name, value))
            elif name in ("rel", "src", "data", "srcset", "style") or name.startswith("on"):
                warnings.append(("print.dropped_attribute", {"attribute": name, "target": value[:200]}))
        out.append((kind, tag, kept, None))
    return serialize(out, raw_tags=False), warnings


# -- isolates -> <bdi> -----------------------------------------------------------------------------
_ISOLATE_OPEN = {"\u2066": '<bdi dir="ltr">', "\u2067": '<bdi dir="rtl">', "\u2068": "<bdi>"}
_PDI = "\u2069"
_TAG_OR_TEXT = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_RAW_TEXT = {"svg", "title", "style", "script", "textarea"}  # no <bdi> may go inside these


def isolates_to_bdi(html: str) -> str:
    """Every matched isolate (LRI/RLI/FSI ... PDI) in the text of ``html`` as a ``<bdi>`` element.

    Inside tags, SVG, ``<title>`` and the like the controls are simply dropped; an unmatched one is
    left as it is (the page's last clean-up shows it as U+FFFD)."""
    if not any(ch in html for ch in "\u2066\u2067\u2068\u2069"):
        return html
    out: list[str] = []
    raw: list[str] = []
    for piece in _TAG_OR_TEXT.split(html):
        if piece.startswith("<"):
            match = re.match(r"<(/?)([A-Za-z][A-Za-z0-9]*)", piece)
            if match:
                name = match.group(2).lower()
                if name in _RAW_TEXT and not piece.endswith("/>"):
                    if not match.group(1):
                        raw.append(name)
                    elif raw and raw[-1] == name:
                        raw.pop()
            out.append(_strip_isolates(piece))
        elif raw:
            out.append(_strip_isolates(piece))
        else:
            out.append(_text_isolates(piece))
    return "".join(out)


def _strip_isolates(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)


def _first_strong_rtl(text: str) -> bool:
    """The direction of a first-strong isolate starting at ``text`` (its nested isolates skipped)."""
    depth = 0
    for ch in text:
        if ch in _ISOLATE_OPEN:
            depth += 1
        elif ch == _PDI:
            if not depth:
                break
            depth -= 1
        elif not depth:
            kind = unicodedata.bidirectional(ch)
            if kind in ("R", "AL"):
                return True
            if kind == "L":
                return False
    return False


def _text_isolates(text: str) -> str:
    # WeasyPrint lays each inline box out on its own (Pango reorders inside one box, the line places
    # the boxes in the block's direction), so a <bdi> is an isolate there; dir="auto" it does not know,
    # so a first-strong isolate gets the direction of its first strong letter written out.
    opened: list[tuple[int, str]] = []  # (position in ``out``, its tag) of the open isolates
    out: list[str] = []
    for index, ch in enumerate(text):
        if ch in _ISOLATE_OPEN:
            tag = _ISOLATE_OPEN[ch]
            if ch == "\u2068":
                tag = '<bdi dir="rtl">' if _first_strong_rtl(text[index + 1:]) else '<bdi dir="ltr">'
            opened.append((len(out), tag))
            out.append(ch)
        elif ch == _PDI and opened:
            at, tag = opened.pop()
            out[at] = tag
            out.append("</bdi>")
        else:
            out.append(ch)
    return "".join(out)


# -- right-to-left: one LTR span per Latin run split across elements ---------------------------------
_RUN = {"L", "EN", "AN"}
_STOP = {"R", "AL", "B", "S", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
_STOP_CHARS = {"\u060c", "\u061b"}  # the Persian comma and semicolon separate runs
_OPAQUE = {"svg", "style", "script", "head", "title", "pre"}


def _is_run(item: Token) -> bool:
    return item[0] == "c" and unicodedata.bidirectional(item[1]) in _RUN


def _can_continue(item: Token) -> bool:
    if item[0] == "c":
        return item[1] not in _STOP_CHARS and unicodedata.bidirectional(item[1]) not in _STOP
    return item[0] in ("start", "end") and item[1] in INLINE and item[1] != "bdi"


def _starts_run(items: Sequence[Token], i: int) -> bool:
    """A Latin letter, or inline start tags directly followed by one (a number starts no run)."""
    while i < len(items) and items[i][0] == "start" and items[i][1] in INLINE and items[i][1] != "bdi":
        i += 1
    return i < len(items) and items[i][0] == "c" and unicodedata.bidirectional(items[i][1]) == "L"


def wrap_ltr_runs(html: str) -> str:
    """Wrap every maximal run that starts with a Latin letter and spans more than one word or crosses an
    inline element (with the numbers and neutrals inside it) in ``<span dir="ltr">``.  WeasyPrint places
    the words of a line in the block's direction (``<code>v ÷ n</code>`` would print ``n ÷ v``)."""
    items: list[Token] = []
    for tok in tokenize(html):
        if tok[0] == "text":
            items.extend(("c", ch) for ch in tok[1])
        else:
            items.append(tok)
    out: list[Token] = []
    opaque = 0
    i, n = 0, len(items)
    while i < n:
        item = items[i]
        if item[0] in ("start", "end") and item[1] in _OPAQUE:
            opaque += 1 if item[0] == "start" else -1
        if opaque or not _starts_run(items, i):
            out.append(item)
            i += 1
            continue
        # Extend to the last run character reachable without a strong RTL letter or a block boundary,
        # keeping the elements opened inside the run balanced.
        best, depth, last_run, k = i, 0, False, i
        while k < n and _can_continue(items[k]):
            it = items[k]
            if it[0] == "start":
                depth += 1
            elif it[0] == "end":
                depth -= 1
                if depth < 0:
                    break
                if depth == 0 and last_run:
                    best = k
            else:
                last_run = _is_run(it)
                if depth == 0 and last_run:
                    best = k
            k += 1
        if items[best][0] == "start":  # no balanced run from this tag: start inside it instead
            out.append(item)
            i += 1
            continue
        if all(it[0] == "c" and not it[1].isspace() for it in items[i:best + 1]):  # one word: Pango's own
            out.extend(items[i:best + 1])
            i = best + 1
            continue
        out.append(("start", "span", [("dir", "ltr")], '<span dir="ltr">'))
        out.extend(items[i:best + 1])
        out.append(("end", "span"))
        i = best + 1
    # merge characters back into text tokens
    tokens: list[Token] = []
    for item in out:
        if item[0] == "c":
            if tokens and tokens[-1][0] == "text":
                tokens[-1] = ("text", tokens[-1][1] + item[1])
            else:
                tokens.append(("text", item[1]))
        else:
            tokens.append(item)
    return serialize(tokens)
