"""Textual's ``Markdown`` widget with Chinese line breaking (the rules viewer in every language but a
right-to-left one laid out by the app).

Textual breaks lines only at spaces: a Chinese paragraph broke at its few spaces («遊戲共 5 / 輪») or
anywhere in a run, and a table column could not be narrower than a whole cell, so its cells were cut
with "…".  Here every block that holds text (paragraphs, which list items and quotes are made of,
headings, table cells) draws its content through :class:`companion.tui.linebreak.CjkLines` when it
has CJK characters in it: lines break where Chinese allows, and a table column may shrink to the
widest piece that cannot be broken, so the cells wrap instead.  Text without CJK characters is drawn
by Textual exactly as before.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Markdown
from textual.widgets import _markdown as md

from companion.tui.linebreak import CjkLines, has_cjk, min_width


class _CjkRender:
    """Mixed into a Static: its content, when it has CJK characters, drawn with Chinese line breaks."""

    def render(self):
        visual = super().render()  # type: ignore[misc]
        if isinstance(visual, Content) and has_cjk(visual.plain):
            return CjkLines(visual)
        return visual


class CjkParagraph(_CjkRender, md.MarkdownParagraph):
    pass


class CjkH1(_CjkRender, md.MarkdownH1):
    pass


class CjkH2(_CjkRender, md.MarkdownH2):
    pass


class CjkH3(_CjkRender, md.MarkdownH3):
    pass


class CjkH4(_CjkRender, md.MarkdownH4):
    pass


class CjkH5(_CjkRender, md.MarkdownH5):
    pass


class CjkH6(_CjkRender, md.MarkdownH6):
    pass


class CjkTableCell(_CjkRender, md.MarkdownTableCellContents):
    pass


def column_widths(rows: list[list[Content]], room: int, padding: int = 2) -> list[int] | None:
    """Widths (cells, padding included) that share ``room`` between the columns: each as wide as its
    widest cell, the widest columns narrowed first, none below its widest unbreakable piece; None
    when even that does not fit.  (Textual's grid narrows the first columns first, which left the
    last column of a Chinese table wide and the others a character or two.)"""
    count = max((len(row) for row in rows), default=0)
    if not count:
        return None
    cells = [[row[c] for row in rows if c < len(row)] for c in range(count)]
    natural = [max([1] + [max(cell_len(line) for line in cell.plain.split("\n")) for cell in column]) + padding
               for column in cells]
    least = [max([1] + [_least(cell.plain) for cell in column]) + padding for column in cells]
    if sum(least) > room:
        return None
    widths = list(natural)
    while sum(widths) > room:
        widest = max((c for c in range(count) if widths[c] > least[c]), key=lambda c: widths[c])
        widths[widest] -= 1
    return widths


def _least(text: str) -> int:
    if has_cjk(text):
        return min_width(text)
    return max((cell_len(word) for word in text.split()), default=0)


class CjkTableContent(md.MarkdownTableContent):
    """The table grid, its cells drawn with Chinese line breaks (and wrapped, not cut with "…"), its
    columns shared out by :func:`column_widths` once its width is known."""

    _columns = "auto"

    def on_resize(self, event: events.Resize) -> None:
        rows = [self.headers, *self.rows]
        count = max((len(row) for row in rows), default=0)
        widths = column_widths(rows, event.size.width - max(0, count - 1))  # a gutter between columns
        columns = " ".join(map(str, widths)) if widths else "auto"
        if columns != self._columns:
            self._columns = columns
            self.styles.grid_columns = columns

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if type(widget) is md.MarkdownTableCellContents:
                cell = CjkTableCell(widget.content, classes=" ".join(widget.classes), name=widget.name)
                widget = cell.with_tooltip(widget.tooltip)  # type: ignore[arg-type]  # Textual's own value
            yield widget


class CjkTable(md.MarkdownTable):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if type(widget) is md.MarkdownTableContent:
                widget = CjkTableContent(widget.headers, widget.rows)
            yield widget


class CjkMarkdown(Markdown):
    """``Markdown`` whose text blocks break lines as Chinese expects (see the module's note)."""

    BLOCKS = {
        **Markdown.BLOCKS,
        "h1": CjkH1, "h2": CjkH2, "h3": CjkH3, "h4": CjkH4, "h5": CjkH5, "h6": CjkH6,
        "paragraph_open": CjkParagraph,
        "table_open": CjkTable,
    }
