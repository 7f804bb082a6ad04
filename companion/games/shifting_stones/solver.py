"""An exact solver for Shifting Stones: the cheapest way to make a pattern match, and the best turn.

**One pattern** (:func:`cheapest`).  Any plan can be rewritten with all its flips at the end (a flip
travels with its tile), flipping a tile twice is wasted, and a flip is only worth paying for a tile
that ends under one of the pattern's stones with the wrong face up.  So the fewest paid actions are
``min over swap sequences s of len(s) + flips(s(grid))``, where ``flips`` counts the wrong faces at
the best offset whose tile kinds all fit (infinite if none).  We find that minimum with A* over the
swap-only states, using an admissible bound: each pattern stone needs a tile of its kind, which must
travel at least its Manhattan distance (one swap moves two tiles by one cell each) and be flipped if
it shows the wrong face.  The search stops when no open state can beat the best plan found.

**A hand** (:func:`best_turn`).  Every paid action burns a card, so scoring a set ``S`` of a hand of
``n`` cards leaves a budget of ``n - |S|`` actions.  Sets are tried from the most points down; a set
is feasible if its cards can be scored, in some order, within the budget.  That is decided exactly by
a depth-first search with iterative deepening: a card that matches is scored at once (scoring does not
change the grid, so scoring earlier never hurts); with one card left, :func:`cheapest` answers
exactly; otherwise every shift and flip is tried, pruned by the same admissible bound.  Burned cards
are the unscored ones with the fewest points.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from companion.games.shifting_stones.patterns import FACES, Cell, Grid, Pattern

INF = 10**9
CODE = {face: i for i, face in enumerate(FACES)}  # faces are ordered in pairs: code ^ 1 is the other face
N = 9
CELLS = tuple((i // 3 + 1, i % 3 + 1) for i in range(N))
EDGES = tuple((i, j) for i in range(N) for j in range(i + 1, N)
              if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1)
MAN = tuple(tuple(abs(i // 3 - j // 3) + abs(i % 3 - j % 3) for j in range(N)) for i in range(N))

State9 = tuple[int, ...]
# Per offset: the top-left cell and the ``(cell index, face code)`` pairs the pattern requires there.
Compiled = tuple[tuple[Cell, tuple[tuple[int, int], ...]], ...]
# A search move: ``("score", card)``, ``("shift", i, j)`` or ``("flip", i)`` (cell indices 0-8).
Move = tuple[str, int] | tuple[str, int, int]
# What :func:`_cost` finds: fewest actions, the swapped state, the swap path, the offset index.
Cost = tuple[int, State9 | None, list[tuple[int, int]], int]


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


# -- encoding --------------------------------------------------------------------------------------
def encode(grid: Grid) -> State9:
    return tuple(CODE[f] for row in grid for f in row)


def decode(state: State9) -> Grid:
    return tuple(tuple(FACES[state[r * 3 + c]] for c in range(3)) for r in range(3))


@lru_cache(maxsize=4096)
def _compile(pattern: Pattern) -> Compiled:
    """Per offset: the top-left cell and the ``(cell index, face code)`` the pattern requires."""
    return tuple((at, tuple(((at[0] - 1 + r) * 3 + at[1] - 1 + c, CODE[f]) for r, c, f in pattern.required))
                 for at in pattern.offsets())


def _swapped(s: State9, i: int, j: int) -> State9:
    t = list(s)
    t[i], t[j] = t[j], t[i]
    return tuple(t)


def _flipped(s: State9, i: int) -> State9:
    t = list(s)
    t[i] ^= 1
    return tuple(t)


def _flips(s: State9, compiled: Compiled) -> tuple[int, int]:
    """The fewest flips that make the pattern match ``s`` without moving any tile, and at which offset."""
    best, where = INF, -1
    for k, (_, req) in enumerate(compiled):
        n = 0
        for i, f in req:
            v = s[i]
            if v != f:
                if v ^ 1 != f:
                    break
                n += 1
        else:
            if n < best:
                best, where = n, k
    return best, where


def bound(s: State9, compiled: Compiled) -> int:
    """A lower bound on the paid actions that make the pattern match ``s`` (admissible)."""
    pos: list[list[int]] = [[] for _ in FACES]
    for i, v in enumerate(s):
        pos[v].append(i)
    best2 = INF
    for _, req in compiled:
        total2 = 0
        for c, f in req:
            row = MAN[c]
            m = INF
            for t in pos[f]:
                if row[t] < m:
                    m = row[t]
            for t in pos[f ^ 1]:
                if row[t] + 2 < m:
                    m = row[t] + 2
            total2 += m
            if total2 >= best2:
                break
        if total2 < best2:
            best2 = total2
    return (best2 + 1) // 2


def _cost(s: State9, pattern: Pattern, limit: int = INF) -> Cost:
    """A* over swaps: (fewest actions, final swapped state, swap path, offset index); INF if > limit."""
    compiled = _compile(pattern)
    best, where = _flips(s, compiled)
    best_state: State9 | None = s
    if best > limit:  # also when nothing matches yet (best is INF)
        best, best_state, where = min(INF, limit + 1), None, -1
    parent: dict[State9, tuple[State9, tuple[int, int]] | None] = {s: None}
    depth = {s: 0}
    heap = [(bound(s, compiled), 0, 0, s)]
    counter = 0
    while heap:
        f, d, _, u = heapq.heappop(heap)
        if f >= best:
            break
        if d > depth[u]:
            continue
        nd = d + 1
        if nd >= best:
            continue
        for i, j in EDGES:
            if u[i] == u[j]:
                continue
            v = _swapped(u, i, j)
            old = depth.get(v)
            if old is not None and old <= nd:
                continue
            depth[v] = nd
            parent[v] = (u, (i, j))
            fl, w = _flips(v, compiled)
            if nd + fl < best:
                best, best_state, where = nd + fl, v, w
            h = nd + bound(v, compiled)
            if h < best:
                counter += 1
                heapq.heappush(heap, (h, nd, counter, v))
    if best_state is None or best > limit:
        return INF, None, [], -1
    path: list[tuple[int, int]] = []
    link = parent[best_state]
    while link is not None:
        node, edge = link
        path.append(edge)
        link = parent[node]
    path.reverse()
    return best, best_state, path, where


def cheapest(grid: Grid, pattern: Pattern, limit: int = INF) -> Plan | None:
    """The fewest shifts and flips that make ``pattern`` match ``grid`` (``None`` if it never can, or
    needs more than ``limit`` actions).  Shifts come first, then flips; ``at`` is where it matches."""
    if not pattern.possible():
        return None
    s = encode(grid)
    actions, final, swaps, where = _cost(s, pattern, limit)
    if final is None:
        return None
    at, req = _compile(pattern)[where]
    steps = [Step("shift", a=CELLS[i], b=CELLS[j]) for i, j in swaps]
    steps += [Step("flip", at=CELLS[i]) for i, f in req if final[i] != f]
    assert len(steps) == actions
    return Plan(actions, tuple(steps), at)


def apply_step(grid: Grid, step: Step) -> Grid:
    s = encode(grid)
    if step.action == "shift":
        s = _swapped(s, CELLS.index(step.a), CELLS.index(step.b))
    elif step.action == "flip":
        s = _flipped(s, CELLS.index(step.at))
    return decode(s)


# -- hands -------------------------------------------------------------------------------------------
class _HandSearch:
    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.patterns = patterns
        self.compiled = [_compile(p) for p in patterns]
        self.failed: dict[tuple[State9, frozenset[int]], int] = {}  # largest budget known to fail
        self.costs: dict[tuple[State9, int], Cost] = {}

    def cost(self, s: State9, card: int) -> Cost:
        key = (s, card)
        if key not in self.costs:
            self.costs[key] = _cost(s, self.patterns[card])
        return self.costs[key]

    def solve(self, s: State9, todo: frozenset[int], budget: int) -> list[Move] | None:
        """Moves (``("score", card)``, ``("shift", i, j)``, ``("flip", i)``) that score every card in
        ``todo`` with at most ``budget`` paid actions, or ``None``."""
        moves: list[Move] = []
        rest: set[int] = set()
        for card in sorted(todo):
            if _flips(s, self.compiled[card])[0] == 0:
                moves.append(("score", card))
            else:
                rest.add(card)
        if not rest:
            return moves
        remaining = frozenset(rest)
        key = (s, remaining)
        if self.failed.get(key, -1) >= budget:
            return None
        for card in rest:
            if bound(s, self.compiled[card]) > budget:
                self.failed[key] = max(self.failed.get(key, -1), budget)
                return None
        if len(rest) == 1:
            (card,) = rest
            actions, final, swaps, where = self.cost(s, card)
            if actions > budget or final is None:  # no final state: the cost is INF
                self.failed[key] = max(self.failed.get(key, -1), budget)
                return None
            req = self.compiled[card][where][1]
            moves += [("shift", i, j) for i, j in swaps]
            moves += [("flip", i) for i, f in req if final[i] != f]
            return moves + [("score", card)]
        if budget >= 1:
            for move, t in self._neighbours(s):
                found = self.solve(t, remaining, budget - 1)
                if found is not None:
                    return moves + [move] + found
        self.failed[key] = max(self.failed.get(key, -1), budget)
        return None

    @staticmethod
    def _neighbours(s: State9) -> Iterator[tuple[Move, State9]]:
        for i, j in EDGES:
            if s[i] != s[j]:
                yield ("shift", i, j), _swapped(s, i, j)
        for i in range(N):
            yield ("flip", i), _flipped(s, i)


def best_turn(grid: Grid, cards: Sequence[tuple[Pattern, int]]) -> Turn:
    """The most points a hand can score this turn, and how (ties: the fewest cards burned)."""
    n = len(cards)
    patterns = [p for p, _ in cards]
    search = _HandSearch(patterns)
    s0 = encode(grid)
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
                at = _compile(patterns[card])[_flips(s, _compile(patterns[card]))[1]][0]
                steps.append(Step("score", card=card, at=at))
                scored.append(card)
            case ("shift", i, j):
                steps.append(Step("shift", a=CELLS[i], b=CELLS[j], burn=next(burns)))
                s = _swapped(s, i, j)
            case (_, i):  # ("flip", i)
                steps.append(Step("flip", at=CELLS[i], burn=next(burns)))
                s = _flipped(s, i)
    return Turn(points, tuple(steps), tuple(scored), burned, decode(s))
