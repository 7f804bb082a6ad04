"""Markdown laid out by the app, for right-to-left documents in terminals that do no bidi.

Textual's ``Markdown`` widget lays its blocks out left to right in logical order, so Persian reads
backwards in xterm, tmux, kitty...  Here the document is parsed (markdown-it, CommonMark + tables),
turned into :class:`Block` s (headings, paragraphs, list items, block quotes, tables, rules) whose
inline text keeps emphasis as Rich styles, and each block is **wrapped to the width first**; only
then is every line put in visual order (:func:`companion.tui.bidi.reorder_line`) and right-aligned.

Pure layout (:func:`parse_blocks`, :func:`layout`) is separate from the widget (:class:`RtlMarkdown`),
which re-lays out whenever its width changes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from companion.tui import bidi, linebreak

HEADING_STYLES = {1: Style(bold=True, underline=True), 2: Style(bold=True), 3: Style(bold=True, italic=True)}
INLINE_STYLES = {"strong": Style(bold=True), "em": Style(italic=True), "s": Style(strike=True),
                 "link": Style(underline=True)}
CODE_STYLE = Style(bold=True, dim=False, reverse=False, color="cyan")
QUOTE_BAR = "│ "
BULLETS = ("•", "◦", "▪")
TABLE_SEPARATOR = " │ "
LTR_CLASSES = frozenset({"grid"})  # a table with one of these classes keeps column 1 on the left


def plain_parser():
    """CommonMark + tables + block attributes (``{.grid}`` above a table: see :data:`LTR_CLASSES`)."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.attrs import attrs_block_plugin

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.use(attrs_block_plugin, allowed=("class",))
    return md


@dataclass
class Block:
    """One laid-out unit: ``kind`` is heading, paragraph, table, rule or blank."""

    kind: str
    text: Text = field(default_factory=Text)
    level: int = 0                 # heading level
    first_prefix: str = ""         # list marker / quote bars before the first line (logical order)
    prefix: str = ""               # the same width of indentation for the following lines
    rows: list[list[Text]] = field(default_factory=list)  # table: header row first
    header_rows: int = 0
    rtl: bool | None = None        # base direction; None: the document's
    columns_ltr: bool = False      # table: column 1 on the left even in a right-to-left document


def first_strong_rtl(text: str) -> bool | None:
    """The direction of the first strong character (None when there is none)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return None


def inline_text(token, code_style: Style = CODE_STYLE) -> Text:
    """The children of an ``inline`` token as one styled Text (soft breaks become spaces)."""
    text = Text(end="")
    active: list[Style] = []
    for child in token.children or ():
        kind = child.type
        if kind in ("text", "html_inline"):
            text.append(child.content, Style.combine(active) if active else None)
        elif kind == "code_inline":
            text.append(child.content, Style.combine(active + [code_style]))
        elif kind == "softbreak":
            text.append(" ")
        elif kind == "hardbreak":
            text.append("\n")
        elif kind == "image":
            text.append(child.content, Style.combine(active) if active else None)
        elif kind.endswith("_open"):
            active.append(INLINE_STYLES.get(kind[:-5], Style()))
        elif kind.endswith("_close") and active:
            active.pop()
    return text


def parse_blocks(markdown: str, number: Callable[[int], str] = str) -> list[Block]:
    """The blocks of ``markdown`` in reading order (``number`` writes list numbers in the locale's digits)."""
    tokens = plain_parser().parse(markdown)
    blocks: list[Block] = []
    lists: list[dict] = []        # open lists: {"ordered", "tight", "n"}
    quotes = 0
    item_marker: str | None = None  # the marker waiting for the first paragraph of a list item
    heading_level = 0
    table: Block | None = None
    row: list[Text] | None = None

    def bars() -> str:
        return QUOTE_BAR * quotes

    def indent() -> str:
        # Each enclosing list indents by its marker's width (the innermost is the marker itself).
        return "".join(" " * entry["width"] for entry in lists)

    def blank() -> None:
        if blocks and blocks[-1].kind != "blank":
            blocks.append(Block("blank"))

    for token in tokens:
        kind = token.type
        if kind == "heading_open":
            heading_level = int(token.tag[1:])
        elif kind == "heading_close":
            heading_level = 0
            blank()
        elif kind in ("bullet_list_open", "ordered_list_open"):
            start = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 1
            lists.append({"ordered": kind == "ordered_list_open", "n": start, "width": 2, "depth": len(lists)})
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists:
                blank()
        elif kind == "list_item_open":
            current = lists[-1]
            if current["ordered"]:
                marker = f"{number(int(token.info or current['n']))}. "
                current["n"] = int(token.info or current["n"]) + 1
            else:
                marker = BULLETS[current["depth"] % len(BULLETS)] + " "
            item_marker = marker
        elif kind == "list_item_close":
            item_marker = None
        elif kind == "blockquote_open":
            quotes += 1
        elif kind == "blockquote_close":
            quotes -= 1
            blank()
        elif kind == "paragraph_close":
            if not token.hidden:
                blank()
        elif kind == "hr":
            blocks.append(Block("rule", first_prefix=bars(), prefix=bars()))
            blank()
        elif kind in ("code_block", "fence"):
            content = token.content.rstrip("\n")
            blocks.append(Block("paragraph", Text(content, style=CODE_STYLE), first_prefix=bars() + indent(),
                                prefix=bars() + indent(), rtl=False))
            blank()
        elif kind == "table_open":
            classes = set(str(token.attrGet("class") or "").split())
            table = Block("table", first_prefix=bars() + indent(), prefix=bars() + indent(),
                          columns_ltr=bool(classes & LTR_CLASSES))
        elif kind == "table_close" and table is not None:
            blocks.append(table)
            table = None
            blank()
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close" and table is not None and row is not None:
            table.rows.append(row)
            row = None
        elif kind == "thead_close" and table is not None:
            table.header_rows = len(table.rows)
        elif kind == "inline":
            text = inline_text(token)
            if row is not None:
                row.append(text)
            elif heading_level:
                text.stylize(HEADING_STYLES.get(heading_level, HEADING_STYLES[3]))
                blocks.append(Block("heading", text, level=heading_level, first_prefix=bars(), prefix=bars()))
            else:
                outer = bars() + "".join(" " * entry["width"] for entry in lists[:-1])
                if item_marker is not None:
                    lists[-1]["width"] = len(item_marker)
                    first, rest = outer + item_marker, outer + " " * len(item_marker)
                    item_marker = None
                else:
                    first = rest = bars() + indent()
                blocks.append(Block("paragraph", text, first_prefix=first, prefix=rest))
    while blocks and blocks[-1].kind == "blank":
        blocks.pop()
    return blocks


# -- layout ----------------------------------------------------------------------------------------
@dataclass
class Line:
    """One line of the laid-out document: ``logical`` as wrapped, ``shown`` in display order."""

    logical: Text
    shown: Text
    rtl: bool
    columns_ltr: bool = False  # a table row whose column 1 is on the left although ``rtl``


def _wrap(text: Text, width: int) -> list[Text]:
    console = bidi._console()
    out: list[Text] = []
    for part in text.split("\n", allow_blank=True) if "\n" in text.plain else [text]:
        if linebreak.has_cjk(part.plain):  # broken where Chinese allows, not only at spaces
            lines = linebreak.wrap(part, max(width, 1))
        else:
            lines = list(part.wrap(console, max(width, 1), justify="left", overflow="fold", no_wrap=False))
        for line in lines or [Text()]:
            line.rstrip()
            line.end = ""
            out.append(line)
    return out


def _direction(block_rtl: bool | None, text: str, document_rtl: bool) -> bool:
    if block_rtl is not None:
        return block_rtl
    if document_rtl:
        return True
    return bool(first_strong_rtl(text))


def _shown(logical: Text, width: int, rtl: bool) -> Text:
    if bidi.mode() == "app":
        shown = bidi.reorder_line(logical.copy(), rtl)
    else:
        shown = logical.copy()
    shown.end = ""
    shown.no_wrap = True
    if rtl and shown.cell_len < width:
        shown.pad_left(width - shown.cell_len)
    return shown


def _block_lines(block: Block, width: int, document_rtl: bool) -> list[Line]:
    if block.kind == "blank":
        return [Line(Text(), Text(), document_rtl)]
    if block.kind == "rule":
        logical = Text(block.first_prefix + "─" * max(1, width - len(block.first_prefix)), style="dim")
        return [Line(logical, _shown(logical, width, document_rtl), document_rtl)]
    if block.kind == "table":
        return _table_lines(block, width, document_rtl)
    rtl = _direction(block.rtl, block.text.plain, document_rtl)
    room = max(8, width - len(block.first_prefix))
    lines = []
    for index, piece in enumerate(_wrap(block.text, room)):
        prefix = block.first_prefix if index == 0 else block.prefix
        logical = Text(prefix, end="") + piece if prefix else piece
        lines.append(Line(logical, _shown(logical, width, rtl), rtl))
    return lines


def _column_widths(rows: list[list[Text]], room: int) -> list[int] | None:
    """Column widths that fit ``room`` without breaking a word; None when no such widths exist."""
    count = max(len(r) for r in rows)
    cells = [[r[c] if c < len(r) else Text() for r in rows] for c in range(count)]
    natural = [max(1, max(cell.cell_len for cell in column)) for column in cells]
    least = [max([1] + [linebreak.min_width(cell.plain) if linebreak.has_cjk(cell.plain) else
                        max((Text(word).cell_len for word in cell.plain.split()), default=1) for cell in column])
             for column in cells]
    room -= len(TABLE_SEPARATOR) * (count - 1)
    if sum(least) > room:
        return None
    widths = list(natural)
    while sum(widths) > room:
        widest = max((c for c in range(count) if widths[c] > least[c]), key=lambda c: widths[c] - least[c])
        widths[widest] -= 1
    return widths


def _stacked_lines(block: Block, width: int, document_rtl: bool) -> list[Line]:
    """A table too wide for the screen: one group per row, each cell as ``header: value``."""
    header = block.rows[0] if block.header_rows else []
    lines: list[Line] = []
    for index, row in enumerate(block.rows[block.header_rows:]):
        if index:
            lines.append(Line(Text(), Text(), document_rtl))
        for col, cell in enumerate(row):
            text = Text(end="")
            if col < len(header) and header[col].plain:
                text.append_text(header[col])
                text.append(": ")
                text.stylize("bold", 0, len(text))
            text.append_text(cell)
            marker = BULLETS[0] + " " if col else ""
            item = Block("paragraph", text, first_prefix=block.first_prefix + marker,
                         prefix=block.prefix + " " * len(marker))
            lines.extend(_block_lines(item, width, document_rtl))
    return lines


def _table_lines(block: Block, width: int, document_rtl: bool) -> list[Line]:
    """Each cell wrapped to its column and reordered on its own; right-to-left puts column 1 on the right
    (unless the table is a picture of a grid, :data:`LTR_CLASSES`), and the table against the right edge."""
    rows = [r for r in block.rows if r]
    if not rows:
        return []
    prefix = block.first_prefix
    widths = _column_widths(rows, width - len(prefix))
    if widths is None:
        return _stacked_lines(block, width, document_rtl)
    reverse = document_rtl and not block.columns_ltr
    lines: list[Line] = []
    for index, row in enumerate(rows):
        cells = []
        for col, w in enumerate(widths):
            cell = row[col] if col < len(row) else Text()
            if index < block.header_rows:
                cell = cell.copy()
                cell.stylize("bold")
            rtl = _direction(None, cell.plain, document_rtl)
            cells.append([(piece, _cell(piece, w, rtl)) for piece in _wrap(cell, w)])
        height = max(len(c) for c in cells)
        for n in range(height):
            logical_cells, shown_cells = [], []
            for col, w in enumerate(widths):
                piece, shown = cells[col][n] if n < len(cells[col]) else (Text(), Text(" " * w))
                logical_cells.append(piece)
                shown_cells.append(shown)
            if reverse:
                shown_cells.reverse()
            shown = Text(TABLE_SEPARATOR, style="dim", end="").join(shown_cells)
            logical = Text(TABLE_SEPARATOR, end="").join(logical_cells)
            if prefix:
                bars = Text(prefix[::-1] if document_rtl else prefix, style="dim", end="")
                shown = shown + bars if document_rtl else bars + shown
            if document_rtl and shown.cell_len < width:
                shown.pad_left(width - shown.cell_len)
            lines.append(Line(logical, shown, document_rtl, block.columns_ltr))
        if index + 1 == block.header_rows:
            shown_widths = widths[::-1] if reverse else widths
            rule = Text("─┼─", style="dim", end="").join(Text("─" * w, style="dim") for w in shown_widths)
            if document_rtl and rule.cell_len < width:
                rule.pad_left(width - rule.cell_len)
            lines.append(Line(Text(), rule, document_rtl))
    return lines


def _cell(piece: Text, width: int, rtl: bool) -> Text:
    shown = bidi.reorder_line(piece.copy(), rtl) if bidi.mode() == "app" else piece.copy()
    shown.end = ""
    pad = width - shown.cell_len
    if pad > 0:
        if rtl:
            shown.pad_left(pad)
        else:
            shown.pad_right(pad)
    return shown


def layout(blocks: list[Block], width: int, rtl: bool) -> list[Line]:
    """Every block wrapped to ``width`` cells, then each line reordered for display and right-aligned."""
    lines: list[Line] = []
    for block in blocks:
        lines.extend(_block_lines(block, width, rtl))
    return lines


# -- the widget ------------------------------------------------------------------------------------
class RtlMarkdown(Widget):
    """A Markdown document laid out by :func:`layout` (re-laid out when the width changes)."""

    DEFAULT_CSS = """
    RtlMarkdown { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.blocks: list[Block] = []
        self.rtl = True
        self._cache: tuple[int, list[Line]] | None = None
        self._headings: list[int] = []  # at which line of the cached layout each heading starts

    def update(self, markdown: str, *, rtl: bool, number: Callable[[int], str] = str) -> None:
        self.blocks = parse_blocks(markdown, number)
        self.rtl = rtl
        self._cache = None
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Line]:
        if self._cache is None or self._cache[0] != width:
            lines: list[Line] = []
            self._headings = []
            for block in self.blocks:  # as layout() does, noting where each heading starts
                if block.kind == "heading":
                    self._headings.append(len(lines))
                lines.extend(_block_lines(block, width, self.rtl))
            self._cache = (width, lines)
        return self._cache[1]

    def heading_line(self, index: int, width: int | None = None) -> int | None:
        """The line the ``index``-th heading (0: the first) starts at, laid out at ``width`` (default:
        the widget's); ``None`` when the document has fewer headings."""
        self.lines(width or self.content_region.width or self.size.width)
        return self._headings[index] if 0 <= index < len(self._headings) else None

    def render(self) -> Text:
        width = self.content_region.width or self.size.width
        result = Text("\n", end="", no_wrap=True).join(line.shown for line in self.lines(width))
        result.no_wrap = True
        result.overflow = "crop"
        return result

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.lines(width)))
