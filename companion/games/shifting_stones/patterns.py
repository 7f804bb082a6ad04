"""Faces, grids and the pattern notation of Shifting Stones (spec/shifting-stones.md).

Notation: rows separated by ``/``, cells by spaces, each cell a face id or ``*`` (a grey stone: any
face); 1-3 rows of 1-3 cells, all rows the same length.  :func:`parse_pattern` and
:meth:`Pattern.text` round-trip: ``parse_pattern(p.text) == p`` and ``parse_pattern(t).text`` is ``t``
written canonically (lower case, single spaces, `` / `` between rows).

Cells are ``(row, col)``, 1-based, row 1 at the top as seen from the grid's "up" side.  A grid is a
tuple of 3 rows of 3 face ids.  Nothing here translates: errors are coded ``stones.*``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.errors import EventError

FACES: tuple[str, ...] = ("sun", "moon", "fish", "bird", "horse", "boat", "seed", "tree")
# The two faces of each tile kind, and how many tiles of that kind there are.
TILE_KINDS: tuple[tuple[str, str, int], ...] = (
    ("sun", "moon", 1), ("fish", "bird", 2), ("horse", "boat", 3), ("seed", "tree", 3))
OTHER_FACE: dict[str, str] = {}
KIND_OF: dict[str, int] = {}
for _kind, (_a, _b, _n) in enumerate(TILE_KINDS):
    OTHER_FACE[_a], OTHER_FACE[_b] = _b, _a
    KIND_OF[_a] = KIND_OF[_b] = _kind
GREY = "*"
SIZE = 3

Cell = tuple[int, int]
Grid = tuple[tuple[str, ...], ...]


def tile_counts(faces: Iterable[str]) -> tuple[int, ...]:
    """How many tiles of each kind (sun/moon, fish/bird, horse/boat, seed/tree) the faces show."""
    counts = Counter(KIND_OF[f] for f in faces)
    return tuple(counts.get(k, 0) for k in range(len(TILE_KINDS)))


TILE_SET = tuple(n for _, _, n in TILE_KINDS)


@dataclass(frozen=True)
class Pattern:
    """A card's picture: ``rows[r][c]`` is a face id or ``None`` for a grey stone."""

    rows: tuple[tuple[str | None, ...], ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def text(self) -> str:
        return " / ".join(" ".join(GREY if f is None else f for f in row) for row in self.rows)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_pattern({self.text!r})"

    @cached_property
    def required(self) -> tuple[tuple[int, int, str], ...]:
        """The non-grey cells as ``(row offset, col offset, face)``, 0-based within the pattern."""
        return tuple((r, c, f) for r, row in enumerate(self.rows) for c, f in enumerate(row) if f is not None)

    def offsets(self) -> list[Cell]:
        """Every top-left cell (1-based) where the pattern fits inside the grid."""
        return [(r + 1, c + 1) for r in range(SIZE - self.height + 1) for c in range(SIZE - self.width + 1)]

    def cells_at(self, at: Cell) -> list[Cell]:
        """The grid cells the non-grey stones cover when the top-left corner sits on ``at``."""
        return [(at[0] + r, at[1] + c) for r, c, _ in self.required]

    def matches_at(self, grid: Grid, at: Cell) -> bool:
        return all(grid[at[0] - 1 + r][at[1] - 1 + c] == f for r, c, f in self.required)

    def matches(self, grid: Grid) -> list[Cell]:
        """Every offset (top-left cell, 1-based) where the pattern matches ``grid``; empty if none."""
        return [at for at in self.offsets() if self.matches_at(grid, at)]

    def possible(self) -> bool:
        """Whether the tile set can show this pattern at all (e.g. never two suns)."""
        need = Counter(KIND_OF[f] for _, _, f in self.required)
        return all(need[k] <= TILE_SET[k] for k in need)


def _bad(code: str, text: Any, **params: Any) -> EventError:
    return EventError(code, pattern=str(text), **params)


def parse_pattern(text: Any) -> Pattern:
    """Read pattern notation (``"sun * fish"``, ``"horse / horse"``).  Raises :class:`EventError`."""
    if not isinstance(text, str):
        raise EventError("stones.pattern_not_text", pattern=text)
    if not text.strip():
        raise _bad("stones.pattern_empty", text)
    rows: list[tuple[str | None, ...]] = []
    for number, chunk in enumerate(text.split("/"), 1):
        cells = chunk.split()
        if not cells:
            raise _bad("stones.pattern_empty_row", text, row=number)
        row: list[str | None] = []
        for cell in cells:
            face = cell.lower()
            if face == GREY:
                row.append(None)
            elif face in OTHER_FACE:
                row.append(face)
            else:
                raise _bad("stones.pattern_unknown_face", text, face=cell, faces=" ".join(FACES))
        rows.append(tuple(row))
    if len(rows) > SIZE or any(len(r) > SIZE for r in rows):
        raise _bad("stones.pattern_too_big", text, rows=len(rows), cols=max(len(r) for r in rows))
    if len({len(r) for r in rows}) > 1:
        raise _bad("stones.pattern_ragged", text, lengths=" ".join(str(len(r)) for r in rows))
    pattern = Pattern(tuple(rows))
    if not pattern.required:
        raise _bad("stones.pattern_all_grey", text)
    return pattern


def parse_grid(value: Any) -> Grid:
    """A full grid, as notation text (3 rows of 3 face ids) or as 3 lists of 3 face ids.

    Only the shape and the faces are checked here; :func:`check_tile_set` checks the tile set.
    """
    rows: list[tuple[str | None, ...]]
    if isinstance(value, str):
        shown: Any = value
        try:
            rows = list(parse_pattern(value).rows)
        except EventError as exc:
            if exc.code == "stones.pattern_unknown_face":
                raise EventError("stones.grid_unknown_face", grid=value, face=exc.params["face"],
                                 faces=" ".join(FACES)) from None
            raise EventError("stones.grid_shape", grid=value) from None
    elif isinstance(value, (list, tuple)):
        shown = value  # the JSON value itself: describe() shows it as JSON
        rows = []
        for row in value:
            if not isinstance(row, (list, tuple)) or not all(isinstance(f, str) for f in row):
                raise EventError("stones.grid_shape", grid=shown)
            for face in row:
                if face not in OTHER_FACE:
                    raise EventError("stones.grid_unknown_face", grid=shown, face=face, faces=" ".join(FACES))
            rows.append(tuple(row))
    else:
        raise EventError("stones.grid_shape", grid=value)
    faces = tuple(tuple(face for face in row if face is not None) for row in rows)
    if any(len(shown_row) != len(row) for shown_row, row in zip(faces, rows)):
        raise EventError("stones.grid_grey", grid=shown)  # a grey stone: a grid shows real faces
    if len(faces) != SIZE or any(len(r) != SIZE for r in faces):
        raise EventError("stones.grid_shape", grid=shown)
    return faces


def check_tile_set(grid: Grid) -> None:
    """A layout is valid only if it shows exactly the nine tiles (1 sun/moon, 2 fish/bird, ...)."""
    counts = tile_counts(f for row in grid for f in row)
    for (a, b, want), got in zip(TILE_KINDS, counts):
        if got != want:
            raise EventError(f"stones.layout_{a}_{b}", want=want, got=got)


def grid_text(grid: Grid) -> str:
    """A grid in pattern notation (what ``--grid`` takes)."""
    return " / ".join(" ".join(row) for row in grid)


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def swap(grid: Grid, a: Cell, b: Cell) -> Grid:
    cells = [list(row) for row in grid]
    cells[a[0] - 1][a[1] - 1], cells[b[0] - 1][b[1] - 1] = cells[b[0] - 1][b[1] - 1], cells[a[0] - 1][a[1] - 1]
    return tuple(tuple(row) for row in cells)


def flip(grid: Grid, at: Cell) -> Grid:
    cells = [list(row) for row in grid]
    cells[at[0] - 1][at[1] - 1] = OTHER_FACE[cells[at[0] - 1][at[1] - 1]]
    return tuple(tuple(row) for row in cells)
