"""``StonesGrid``: the 3 × 3 Shifting Stones grid with a cell cursor, shift and flip keys.

Each face is drawn as a coloured block holding an ASCII glyph (language-neutral and one cell per
character in every terminal, Chinese ones included) and the face's localized name.  The grid is never
mirrored: cell ``[row, col]`` is the same in every language (row 1 at the top, column 1 at the left).

Keys (Textual bindings with descriptions, so the help screen lists them): arrows move the cursor;
``s`` or space chooses the stone under the cursor for a shift, and again on a side-by-side stone posts
:class:`StonesGrid.Shift`; ``f`` posts :class:`StonesGrid.Flip`; Escape drops a chosen stone, or, when
none is chosen, posts :class:`StonesGrid.Leave` (the screen then goes back to its card field: Escape
never leaves the game from the grid).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from companion.games.shifting_stones.patterns import SIZE, Cell, Grid, Pattern
from companion.i18n import N_, current
from companion.tui import bidi

GLYPHS = {"sun": "-O-", "moon": " C ", "fish": "><>", "bird": "\\v/",
          "horse": " H ", "boat": "\\_/", "seed": " o ", "tree": "/^\\"}
STYLES = {"sun": "black on yellow", "moon": "black on grey70", "fish": "black on cyan",
          "bird": "white on magenta", "horse": "white on dark_orange3", "boat": "white on blue",
          "seed": "black on green3", "tree": "white on dark_green"}
GREY_STYLE = "grey58 on grey23"
CELL_WIDTH = 12
CELL_LINES = 3  # a cell is drawn as its label, its glyph and its name


def face_name(face: str) -> str:
    from companion.games.shifting_stones.explain import face as name

    return name(face, current())


def mini_rows(pattern: Pattern) -> list[Text]:
    """A card's picture as small coloured glyph rows (a grey stone is `` . ``)."""
    rows = []
    for row in pattern.rows:
        line = Text()
        for index, face in enumerate(row):
            if index:
                line.append(" ")
            if face is None:
                line.append(" . ", style=GREY_STYLE)
            else:
                line.append(GLYPHS[face], style=STYLES[face])
        rows.append(line)
    return rows


class StonesGrid(Widget, can_focus=True):
    DEFAULT_CSS = """
    StonesGrid { height: auto; width: auto; padding: 0 1; }
    StonesGrid:focus { background: $boost; }
    """
    KEYS_WHERE = N_("In the grid:")  # the heading of its keys on F1 while it has no focus
    BINDINGS = [
        Binding("up", "move(-1, 0)", N_("Move the cursor up"), show=False, id="stones.grid.up"),
        Binding("down", "move(1, 0)", N_("Move the cursor down"), show=False, id="stones.grid.down"),
        Binding("left", "move(0, -1)", N_("Move the cursor left"), show=False, id="stones.grid.left"),
        Binding("right", "move(0, 1)", N_("Move the cursor right"), show=False, id="stones.grid.right"),
        Binding("s,space", "choose", N_("Shift"), id="stones.grid.shift"),
        Binding("f", "flip", N_("Flip"), id="stones.grid.flip"),
        Binding("escape", "drop", N_("Back to the cards"), show=False, id="stones.grid.cancel"),
    ]

    @dataclass
    class Shift(Message):
        a: Cell
        b: Cell

    @dataclass
    class Flip(Message):
        at: Cell

    class Leave(Message):
        """Escape with no stone chosen: the host is done with the grid."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.grid: Grid | None = None
        self.cursor: Cell = (1, 1)
        self.selected: Cell | None = None
        self.highlight: frozenset[Cell] = frozenset()

    def show(self, grid: Grid | None, highlight: Iterable[Cell] = ()) -> None:
        highlight = frozenset(highlight)
        if grid == self.grid and highlight == self.highlight and self.is_mounted:
            return  # the same picture: nothing to paint
        # Its size depends only on whether there is a grid (see get_content_height/width): a layout
        # only when that changes, else just this widget is painted again.
        layout = (grid is None) != (self.grid is None)
        self.grid = grid
        self.highlight = highlight
        if grid is None:
            self.selected = None
        self.refresh(layout=layout)

    # -- drawing --------------------------------------------------------------------------------
    def _cell_lines(self, grid: Grid, r: int, c: int) -> list[Text]:
        tr = current()
        face = grid[r - 1][c - 1]
        style = STYLES[face]
        if (r, c) == self.cursor and self.has_focus:
            style += " reverse"
        label = tr.gettext("{row},{col}", row=r, col=c)  # a cell's coordinates (Persian: «۱،۱»)
        mark = "++" if (r, c) in self.highlight else ""
        top = (" " + label).ljust(CELL_WIDTH - len(mark) - 1) + mark + " "
        glyph = GLYPHS[face].center(CELL_WIDTH)
        name = bidi.line(face_name(face), tr.direction == "rtl")
        pad = max(CELL_WIDTH - Text(name).cell_len, 0)
        name_line = " " * (pad // 2) + name + " " * (pad - pad // 2)
        bold = " bold" if (r, c) in self.highlight else ""
        return [Text(top, style=style), Text(glyph, style=style + " bold"), Text(name_line, style=style + bold)]

    def render(self) -> Text:
        grid = self.grid
        if grid is None:
            return Text("")
        tr = current()
        lines = [Text("   " + "".join(tr.digits(str(c)).center(CELL_WIDTH + 2) for c in range(1, SIZE + 1)),
                      style="bold")]
        for r in range(1, SIZE + 1):
            cells = [self._cell_lines(grid, r, c) for c in range(1, SIZE + 1)]
            for k in range(CELL_LINES):
                line = Text(tr.digits(str(r)) if k == 1 else " ", style="bold")
                line.append("  ")
                for c in range(1, SIZE + 1):
                    left = right = " "
                    if self.selected == (r, c):
                        left, right = "[", "]"
                    elif (r, c) == self.cursor and k == 1:
                        left, right = ">", "<"
                    line.append(left, style="bold")
                    line.append_text(cells[c - 1][k])
                    line.append(right, style="bold")
                lines.append(line)
            lines.append(Text(""))
        return Text("\n").join(lines[:-1])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 if self.grid is None else 1 + SIZE * CELL_LINES + SIZE - 1  # column numbers, rows, gaps

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 3 + SIZE * (CELL_WIDTH + 2)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- keys -----------------------------------------------------------------------------------
    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        self.cursor = (min(SIZE, max(1, r + dr)), min(SIZE, max(1, c + dc)))
        self.refresh()

    def action_choose(self) -> None:
        if self.grid is None:
            self.app.bell()
            return
        if self.selected is None:
            self.selected = self.cursor
        elif self.selected == self.cursor:
            self.selected = None
        else:
            a, self.selected = self.selected, None
            self.post_message(self.Shift(a, self.cursor))
        self.refresh()

    def action_flip(self) -> None:
        if self.grid is None:
            self.app.bell()
            return
        self.selected = None
        self.post_message(self.Flip(self.cursor))
        self.refresh()

    def action_drop(self) -> None:
        if self.selected is None:
            self.post_message(self.Leave())
            return
        self.selected = None
        self.refresh()
