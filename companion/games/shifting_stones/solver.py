"""An exact solver for Shifting Stones: the cheapest way to make a pattern match, and the best turn.

**One pattern** (:func:`cheapest`).  Any plan can be rewritten with all its flips at the end (a flip
travels with its tile), flipping a tile twice is wasted, and a flip is only worth paying for a tile
that ends under one of the pattern's stones with the wrong face up.  So the fewest paid actions are
``min over shift sequences s of len(s) + flips(s(grid))``, where ``flips`` counts the wrong faces at
the best offset whose tile kinds all fit (infinite if none).

A grid is a *layout* (which kind of tile lies on each cell: one of the 5,040 arrangements of the tile
set, with its shifts precomputed as a table) and its *faces* (9 bits).  Two lower bounds add up: the
fewest shifts that bring the right kinds under the pattern (a breadth-first search over the layouts,
once per pattern), and the flips that no shift can spare (shifts never change how many tiles show
each face).  The search raises a threshold from that bound; for each, a breadth-first search over
layouts carries the set of face configurations reached per layout and depth as one 512-bit int, and
drops whatever cannot finish within the threshold.  The first threshold with a plan is the answer.

**A hand** (:func:`best_turn`).  Every paid action burns a card, so scoring a set ``S`` of a hand of
``n`` cards leaves a budget of ``n - |S|`` actions.  Sets are tried from the most points down; a set
is feasible if its cards can be scored, in some order, within the budget.  That is decided exactly by
a depth-first search with iterative deepening: a card that matches is scored at once (scoring does not
change the grid, so scoring earlier never hurts); with one card left, the single-pattern search
answers exactly; otherwise every shift and flip is tried, pruned wherever some card's exact distance
(memoised per grid and card) exceeds the budget, and every failed (grid, cards, budget) is remembered.
Burned cards are the unscored ones with the fewest points.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from companion.games.shifting_stones.patterns import FACES, Cell, Grid, Pattern, flip, swap

INF = 10**9
CODE = {face: i for i, face in enumerate(FACES)}  # in pairs: code >> 1 is the tile kind, code & 1 the side
N = 9
KINDS = len(FACES) // 2
CELLS = tuple((i // 3 + 1, i % 3 + 1) for i in range(N))
EDGES = tuple((i, j) for i in range(N) for j in range(i + 1, N)
              if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1)
SHIFTS = len(EDGES)
EDGE_BITS = tuple(1 << i | 1 << j for i, j in EDGES)
MAX_ACTIONS = 64  # loops stop there, far above any plan (about a dozen shifts place the kinds, then <= 9 flips)

# Per offset: the top-left cell and the ``(cell index, face code)`` pairs the pattern requires there.
Compiled = tuple[tuple[Cell, tuple[tuple[int, int], ...]], ...]
# A search move: ``("score", card)``, ``("shift", i, j)`` or ``("flip", i)`` (cell indices 0-8).
Move = tuple[str, int] | tuple[str, int, int]
# What a single-pattern search finds: fewest actions, the state after the shifts, the shifts (edge
# indices), the offset index.
Cost = tuple[int, int, list[int], int]


@dataclass(frozen=True)
class Step:
    """One step of a plan.  ``shift``: ``a``/``b``; ``flip``: ``at``; ``score``: ``card`` and ``at``
    (the top-left cell where it matches).  In a hand plan a paid action names the card it ``burn``s."""

    action: str
    a: Cell | None = None
    b: Cell | None = None
    at: Cell | None = None
    card: int | None = None
    burn: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.action}
        if self.action == "shift":
            assert self.a is not None and self.b is not None  # a shift always names both cells
            data.update(a=list(self.a), b=list(self.b))
        elif self.action == "flip":
            assert self.at is not None  # a flip always names its cell
            data["at"] = list(self.at)
        else:
            data["card"] = self.card
            if self.at is not None:
                data["at"] = list(self.at)
        if self.burn is not None:
            data["burn"] = self.burn
        return data


@dataclass(frozen=True)
class Plan:
    """The fewest paid actions that make one pattern match: ``steps`` (shifts, then flips) and ``at``,
    the top-left cell where the pattern then matches."""

    actions: int
    steps: tuple[Step, ...]
    at: Cell

    def to_json(self) -> dict[str, Any]:
        return {"actions": self.actions, "plan": [s.to_json() for s in self.steps], "at": list(self.at)}


@dataclass(frozen=True)
class Turn:
    """The best turn for a hand: ``points`` scored, ``steps`` in order, the ``scored`` and ``burned``
    card indices (in the order given), and the grid at the end."""

    points: int
    steps: tuple[Step, ...]
    scored: tuple[int, ...]
    burned: tuple[int, ...]
    grid: Grid

    @property
    def actions(self) -> int:
        return len(self.burned)

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "actions": self.actions, "plan": [s.to_json() for s in self.steps],
                "scored": list(self.scored), "burned": list(self.burned)}


# -- the state space ---------------------------------------------------------------------------------
# A grid is the pair (layout, faces): the layout says which kind of tile lies on each cell (2 bits per
# cell; one index among the 5,040 layouts of the tile set), the faces say which side of it shows (bit
# ``c`` set: the second face of its kind, ``moon bird boat tree``).  A state is the small int
# ``layout * 512 + faces``.  A shift moves the layout along a precomputed table and swaps two face
# bits; a flip toggles one face bit.
State = int


class _Space:
    """Every layout of one multiset of tile kinds, with the shifts between them as a table."""

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts
        layouts: list[int] = []

        def place(prefix: int, left: list[int], shift: int) -> None:
            if shift == 2 * N:
                layouts.append(prefix)
                return
            for kind, n in enumerate(left):
                if n:
                    left[kind] -= 1
                    place(prefix | kind << shift, left, shift + 2)
                    left[kind] += 1

        place(0, list(counts), 0)
        self.layouts = layouts
        self.index = {layout: n for n, layout in enumerate(layouts)}
        index = self.index
        per_shift = []
        for i, j in EDGES:  # (kinds at i and j, XORed) times the two cells' low bits: the swap as one XOR
            a, b, m = 2 * i, 2 * j, 1 << 2 * i | 1 << 2 * j
            per_shift.append([index[k ^ (((k >> a) ^ (k >> b)) & 3) * m] for k in layouts])
        self.rows: list[tuple[int, ...]] = list(zip(*per_shift))  # rows[layout][e]: the layout after shift e
        self._kind_cells: dict[int, tuple[int, ...]] = {}
        self.targets: dict[Pattern, _Target] = {}

    def kind_cells(self, index: int) -> tuple[int, ...]:
        """Per kind, the cells of layout ``index`` holding that kind, as a 9-bit mask."""
        found = self._kind_cells.get(index)
        if found is None:
            layout = self.layouts[index]
            masks = [0] * KINDS
            for c in range(N):
                masks[(layout >> 2 * c) & 3] |= 1 << c
            found = self._kind_cells[index] = tuple(masks)
        return found

    def state(self, grid: Grid) -> State:
        layout = faces = 0
        for c, face in enumerate(f for row in grid for f in row):
            code = CODE[face]
            layout |= (code >> 1) << 2 * c
            faces |= (code & 1) << c
        return self.index[layout] << 9 | faces

    def grid(self, s: State) -> Grid:
        layout, faces = self.layouts[s >> 9], s & 511
        codes = [((layout >> 2 * c) & 3) << 1 | (faces >> c) & 1 for c in range(N)]
        return tuple(tuple(FACES[v] for v in codes[r * 3:r * 3 + 3]) for r in range(3))

    def code(self, s: State, cell: int) -> int:
        return ((self.layouts[s >> 9] >> 2 * cell) & 3) << 1 | (s >> cell) & 1

    def target(self, pattern: Pattern) -> _Target:
        found = self.targets.get(pattern)
        if found is None:
            if len(self.targets) >= 512:
                self.targets.clear()
            found = self.targets[pattern] = _Target(self, pattern)
        return found

    def shifted(self, s: State, e: int) -> State:
        """The state after shift ``e`` (``s`` itself when both tiles look the same)."""
        layout, faces = s >> 9, s & 511
        m = EDGE_BITS[e]
        if faces & m not in (0, m):
            faces ^= m
        return self.rows[layout][e] << 9 | faces

    def neighbours(self, s: State) -> Iterator[tuple[Move, State]]:
        """Every shift that changes the grid, then every flip (the order of the plans' steps)."""
        for e, (i, j) in enumerate(EDGES):
            t = self.shifted(s, e)
            if t != s:
                yield ("shift", i, j), t
        for i in range(N):
            yield ("flip", i), s ^ 1 << i


class _Target:
    """What one pattern asks of a space: where it matches, and a lower bound on the way there.

    ``goals[layout]``: the offsets whose stones' kinds the layout shows, as ``(offset, cells, faces)``
    bit masks; ``kind_distance[layout]``: the fewest shifts to a goal layout, by a breadth-first
    search over the layouts from all goals at once, grown only as far as asked (255: farther than
    ``radius``); ``want``: how many stones of each face the pattern shows."""

    def __init__(self, space: _Space, pattern: Pattern) -> None:
        self.offsets = _compile(pattern)
        masks = []
        for _, req in self.offsets:
            kinds_mask = kinds = cells = faces = 0
            for c, code in req:
                kinds_mask |= 3 << 2 * c
                kinds |= (code >> 1) << 2 * c
                cells |= 1 << c
                faces |= (code & 1) << c
            masks.append((kinds_mask, kinds, cells, faces))
        goals: dict[int, list[tuple[int, int, int]]] = {}
        layouts = space.layouts
        for o, (km, kv, cells, faces) in enumerate(masks):
            for n in [n for n, layout in enumerate(layouts) if layout & km == kv]:
                goals.setdefault(n, []).append((o, cells, faces))
        self.space = space
        self.goals = goals
        # The kind distance, grown breadth first from the goals only as far as a search needs:
        # 255 means "more than ``radius``".
        self.kind_distance = bytearray(b"\xff") * len(layouts)
        for n in goals:
            self.kind_distance[n] = 0
        self.radius = 0
        self._frontier = list(goals)
        self._growing = threading.Lock()  # the TUI asks from its interface thread and a worker at once
        self._flips_needed: dict[State, int] = {}
        self.want = [0] * len(FACES)
        for _, _, face in pattern.required:
            self.want[CODE[face]] += 1

    def grow(self, radius: int) -> None:
        """Know the kind distance of every layout up to ``radius`` (beyond: 255).  Entries are only
        ever set from 255 to a distance above the current radius, so readers need no lock."""
        dist, rows = self.kind_distance, self.space.rows
        with self._growing:
            while self.radius < radius and self._frontier:
                d = self.radius + 1
                nxt = []
                for u in self._frontier:
                    for v in rows[u]:
                        if dist[v] == 255:
                            dist[v] = d
                            nxt.append(v)
                self._frontier = nxt
                self.radius = d
            if not self._frontier:
                self.radius = MAX_ACTIONS  # all known: 255 is "never"

    def match(self, s: State) -> int:
        """The first offset (index) where the pattern matches ``s`` now, or -1."""
        faces = s & 511
        for o, cells, want in self.goals.get(s >> 9, ()):
            if not (faces ^ want) & cells:
                return o
        return -1

    def flips_needed(self, s: State) -> int:
        """Flips no shift can spare: the pattern shows more of a face than the tiles of ``s`` do."""
        need = self._flips_needed.get(s)
        if need is not None:
            return need
        counts = self.space.counts
        need = 0
        for kind, cells in enumerate(self.space.kind_cells(s >> 9)):
            second = (s & cells).bit_count()  # tiles of this kind showing their second face
            need += max(0, self.want[2 * kind] - (counts[kind] - second)) + max(0, self.want[2 * kind + 1] - second)
        self._flips_needed[s] = need
        return need

    def lower(self, s: State, limit: int) -> int:
        """A lower bound on the paid actions that make the pattern match ``s``: exact on kinds up to
        ``limit`` (beyond it, any number above ``limit``)."""
        if self.radius < limit:
            self.grow(limit)
        d = self.kind_distance[s >> 9]
        return limit + 1 if d == 255 else d + self.flips_needed(s)

    def search(self, s: State, limit: int) -> Cost | None:
        """The fewest actions (at most ``limit``) that make the pattern match ``s``, or ``None``.

        Shifts first, flips last (see the module docstring).  For each threshold ``T`` from the
        lower bound up, a breadth-first search over the layouts carries, per layout and depth, the
        *set* of face configurations first reached there as one 512-bit int (a shift permutes that
        set with three masks and two bit shifts), pruned wherever ``depth + lower bound > T``.
        Breadth first, every kept state is reached at its fewest shifts within the pruned space, and
        an optimal plan's states all pass the pruning, so the first threshold with a plan is exact.
        """
        dist, goals, rows = self.kind_distance, self.goals, self.space.rows
        fixed = self.flips_needed(s)  # no shift changes it
        start, faces0 = s >> 9, s & 511
        if fixed > limit:
            return None
        while dist[start] == 255 and self.radius < limit - fixed:
            self.grow(self.radius + 1)
        if dist[start] == 255:
            return None  # more than ``limit`` shifts, or never
        threshold = dist[start] + fixed
        while threshold <= limit:
            reach = threshold - fixed  # every kept state has depth + kind distance <= reach
            self.grow(reach)  # so 255 means "too far" here
            layers: list[dict[int, int]] = [{start: 1 << faces0}]
            reached = {start: 1 << faces0}
            frontier = layers[0]
            best: tuple[int, int, int, int] | None = None  # actions, layout, faces, offset
            depth = 0
            while True:
                for layout, sets in frontier.items():
                    for o, cells, want in goals.get(layout, ()):
                        by_count = _mismatch_sets(cells, want)
                        for k in range(min(threshold - depth, N) + 1):
                            hit = sets & by_count[k]
                            if hit:
                                if best is None or depth + k < best[0]:
                                    best = (depth + k, layout, (hit & -hit).bit_length() - 1, o)
                                break
                if depth >= reach or best is not None:
                    break
                depth += 1
                nxt: dict[int, int] = {}
                slack = reach - depth
                for layout, sets in frontier.items():
                    e = -1
                    for to in rows[layout]:
                        e += 1
                        if dist[to] > slack:
                            continue
                        if sets & MOVING[e]:  # some configurations show different faces on the two cells
                            moved = (sets & KEEP[e]) | (sets & UP[e]) << BY[e] | (sets & DOWN[e]) >> BY[e]
                        elif to == layout:
                            continue  # two tiles alike: nothing changes
                        else:
                            moved = sets
                        old = reached.get(to, 0)
                        new = moved & ~old
                        if new:
                            reached[to] = old | new
                            nxt[to] = nxt.get(to, 0) | new
                if not nxt:
                    break
                layers.append(nxt)
                frontier = nxt
            if best is not None:
                return self._plan(best, layers)
            threshold += 1
        return None

    def _plan(self, best: tuple[int, int, int, int], layers: list[dict[int, int]]) -> Cost:
        """Walk back through the layers: at each depth, a shift that leads back one layer."""
        actions, layout, faces, o = best
        final = layout << 9 | faces
        rows = self.space.rows
        path: list[int] = []
        for depth in range(len(layers) - 1, 0, -1):
            if not layers[depth].get(layout, 0) >> faces & 1:
                continue  # the plan ended at a shallower depth
            for e in range(SHIFTS):
                back, m = rows[layout][e], EDGE_BITS[e]
                before = faces ^ m if faces & m not in (0, m) else faces
                if layers[depth - 1].get(back, 0) >> before & 1:
                    path.append(e)
                    layout, faces = back, before
                    break
        path.reverse()
        return actions, final, path, o


@lru_cache(maxsize=1024)
def _mismatch_sets(cells: int, want: int) -> tuple[int, ...]:
    """Bit ``f`` of item ``k``: face configuration ``f`` shows ``k`` wrong faces on ``cells``."""
    sets = [ALL_FACES] + [0] * N
    for c in range(N):
        if cells >> c & 1:
            wrong = ALL_FACES & ~FACE_BIT[c] if want >> c & 1 else FACE_BIT[c]
            for k in range(N, 0, -1):
                sets[k] = sets[k] & ~wrong | sets[k - 1] & wrong
            sets[0] &= ~wrong
    return tuple(sets)


def _face_bits() -> tuple[int, ...]:
    """Per cell ``c``: the set of face configurations (as a 512-bit int) whose bit ``c`` is set."""
    out = []
    for c in range(N):
        block = ((1 << (1 << c)) - 1) << (1 << c)  # in each run of 2^(c+1) configurations, the upper half
        out.append(block * sum(1 << (k << (c + 1)) for k in range(512 >> (c + 1))))
    return tuple(out)


ALL_FACES = (1 << 512) - 1
FACE_BIT = _face_bits()


def _face_perms() -> tuple[tuple[int, int, int, int], ...]:
    """Per shift (i, j): the masks that permute a set of face configurations as the shift does."""
    perms = []
    for i, j in EDGES:
        up, down = FACE_BIT[i] & ~FACE_BIT[j], FACE_BIT[j] & ~FACE_BIT[i]
        perms.append((ALL_FACES & ~(up | down), up, down, (1 << j) - (1 << i)))
    return tuple(perms)


FACE_PERMS = _face_perms()
KEEP, UP, DOWN, BY = (tuple(p[k] for p in FACE_PERMS) for k in range(4))
MOVING = tuple(up | down for up, down in zip(UP, DOWN))


_SPACES: dict[tuple[int, ...], _Space] = {}  # by tile counts per kind: one entry for any real grid


def _space(counts: tuple[int, ...]) -> _Space:
    found = _SPACES.get(counts)
    if found is None:
        found = _SPACES[counts] = _Space(counts)
    return found


def _space_of(grid: Grid) -> _Space:
    counts = [0] * KINDS
    for row in grid:
        for face in row:
            counts[CODE[face] >> 1] += 1
    return _space(tuple(counts))


@lru_cache(maxsize=4096)
def _compile(pattern: Pattern) -> Compiled:
    """Per offset: the top-left cell and the ``(cell index, face code)`` the pattern requires."""
    return tuple((at, tuple(((at[0] - 1 + r) * 3 + at[1] - 1 + c, CODE[f]) for r, c, f in pattern.required))
                 for at in pattern.offsets())


def _steps(space: _Space, target: _Target, cost: Cost) -> list[Move]:
    """The moves of a single-pattern plan: its shifts, then the flips on stones showing the wrong face."""
    _, final, path, o = cost
    moves: list[Move] = [("shift", *EDGES[e]) for e in path]
    moves += [("flip", c) for c, code in target.offsets[o][1] if space.code(final, c) != code]
    return moves


def cheapest(grid: Grid, pattern: Pattern, limit: int = INF) -> Plan | None:
    """The fewest shifts and flips that make ``pattern`` match ``grid`` (``None`` if it never can, or
    needs more than ``limit`` actions).  Shifts come first, then flips; ``at`` is where it matches."""
    if not pattern.possible():
        return None
    space = _space_of(grid)
    target = space.target(pattern)
    s = space.state(grid)
    cost = target.search(s, min(limit, MAX_ACTIONS))
    if cost is None:
        return None
    steps = [Step("shift", a=CELLS[i], b=CELLS[j]) for i, j in (EDGES[e] for e in cost[2])]
    steps += [Step("flip", at=CELLS[c]) for c, code in target.offsets[cost[3]][1] if space.code(cost[1], c) != code]
    assert len(steps) == cost[0]
    return Plan(cost[0], tuple(steps), target.offsets[cost[3]][0])


def apply_step(grid: Grid, step: Step) -> Grid:
    if step.action == "shift":
        assert step.a is not None and step.b is not None
        return swap(grid, step.a, step.b)
    if step.action == "flip":
        assert step.at is not None
        return flip(grid, step.at)
    return grid


# -- hands -------------------------------------------------------------------------------------------
class _HandSearch:
    def __init__(self, space: _Space, patterns: Sequence[Pattern]) -> None:
        self.space = space
        self.targets = [space.target(p) for p in patterns]
        self.failed: dict[tuple[State, frozenset[int]], int] = {}  # largest budget known to fail
        # (state, card) -> (plan, None) when known exactly, or (None, L): no plan within L actions
        self.costs: dict[tuple[State, int], tuple[Cost | None, int]] = {}

    def cost(self, s: State, card: int, limit: int) -> Cost | None:
        """The cheapest plan for one card from ``s`` if it takes at most ``limit`` actions (memoised)."""
        key = (s, card)
        known = self.costs.get(key)
        if known is not None:
            found, tried = known
            if found is not None:
                return found if found[0] <= limit else None
            if limit <= tried:
                return None
        found = self.targets[card].search(s, limit)
        self.costs[key] = (found, limit)
        return found

    def solve(self, s: State, todo: frozenset[int], budget: int) -> list[Move] | None:
        """Moves (``("score", card)``, ``("shift", i, j)``, ``("flip", i)``) that score every card in
        ``todo`` with at most ``budget`` paid actions, or ``None``."""
        moves: list[Move] = []
        rest: list[int] = []
        for card in sorted(todo):
            if self.targets[card].match(s) >= 0:
                moves.append(("score", card))
            else:
                rest.append(card)
        if not rest:
            return moves
        remaining = frozenset(rest)
        key = (s, remaining)
        if self.failed.get(key, -1) >= budget:
            return None
        if all(self.targets[card].lower(s, budget) <= budget for card in rest):
            if len(rest) == 1:
                plan = self.cost(s, rest[0], budget)
                if plan is not None:
                    return moves + _steps(self.space, self.targets[rest[0]], plan) + [("score", rest[0])]
            elif all(self.cost(s, card, budget) is not None for card in rest):
                # two cards or more: neither matches now, so each needs a move; try every first move
                for move, t in self.space.neighbours(s):
                    found = self.solve(t, remaining, budget - 1)
                    if found is not None:
                        return moves + [move] + found
        self.failed[key] = max(self.failed.get(key, -1), budget)
        return None


def best_turn(grid: Grid, cards: Sequence[tuple[Pattern, int]]) -> Turn:
    """The most points a hand can score this turn, and how (ties: the fewest cards burned)."""
    n = len(cards)
    patterns = [p for p, _ in cards]
    space = _space_of(grid)
    search = _HandSearch(space, patterns)
    s0 = space.state(grid)
    possible = [i for i, p in enumerate(patterns) if p.possible()]
    candidates: list[tuple[int, tuple[int, ...]]] = []
    for size in range(1, len(possible) + 1):
        for subset in combinations(possible, size):
            candidates.append((sum(cards[i][1] for i in subset), subset))
    candidates.sort(key=lambda c: -c[0])
    best: tuple[int, list[Move], tuple[int, ...], list[Move]] | None = None  # points, paid, subset, moves
    for points, subset in candidates:
        if best is not None and points < best[0]:
            break
        budget = n - len(subset)
        if best is not None:
            budget = min(budget, len(best[1]) - 1)  # same points: only a cheaper plan is better
        found = None
        for b in range(0, budget + 1):  # iterative deepening: the fewest actions first
            found = search.solve(s0, frozenset(subset), b)
            if found is not None:
                break
        if found is not None:
            paid = [m for m in found if m[0] != "score"]
            if best is None or points > best[0] or len(paid) < len(best[1]):
                best = (points, paid, subset, found)
    if best is None:
        return Turn(0, (), (), (), grid)
    points, paid, subset, moves = best
    spare = sorted((i for i in range(n) if i not in subset), key=lambda i: (cards[i][1], i))
    burned = tuple(spare[:len(paid)])
    steps: list[Step] = []
    scored: list[int] = []
    burns = iter(burned)
    s = s0
    for move in moves:
        match move:
            case ("score", card):
                target = search.targets[card]
                steps.append(Step("score", card=card, at=target.offsets[target.match(s)][0]))
                scored.append(card)
            case ("shift", i, j):
                steps.append(Step("shift", a=CELLS[i], b=CELLS[j], burn=next(burns)))
                s = space.shifted(s, EDGES.index((i, j)))
            case (_, i):  # ("flip", i)
                steps.append(Step("flip", at=CELLS[i], burn=next(burns)))
                s = s ^ 1 << i
    return Turn(points, tuple(steps), tuple(scored), burned, space.grid(s))
