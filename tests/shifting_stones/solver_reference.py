"""Slow, obviously correct answers to check the solver against (tests and bench/stones_solver.py).

Nothing here is shared with the solver: grids are tuples of 9 face ids, moves are tried one by one,
breadth first, and every sequence of actions a hand can pay for is considered.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.shifting_stones.patterns import OTHER_FACE, Grid, Pattern

Flat = tuple[str, ...]
EDGES = tuple((i, j) for i in range(9) for j in range(i + 1, 9) if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1)


def flat(grid: Grid) -> Flat:
    return tuple(face for row in grid for face in row)


def shifts(g: Flat) -> list[Flat]:
    out = []
    for i, j in EDGES:
        t = list(g)
        t[i], t[j] = t[j], t[i]
        out.append(tuple(t))
    return out


def moves(g: Flat) -> list[Flat]:
    """Every grid one paid action away: the 12 shifts and the 9 flips."""
    out = shifts(g)
    for i in range(9):
        t = list(g)
        t[i] = OTHER_FACE[t[i]]
        out.append(tuple(t))
    return out


def matches(g: Flat, pattern: Pattern) -> bool:
    return bool(pattern.matches(tuple(g[r * 3:r * 3 + 3] for r in range(3))))


def flips_to_match(g: Flat, pattern: Pattern) -> int | None:
    """The fewest flips (no shift) that make ``pattern`` match ``g``, or None."""
    best = None
    for at in pattern.offsets():
        n = 0
        for r, c, face in pattern.required:
            shown = g[(at[0] - 1 + r) * 3 + at[1] - 1 + c]
            if shown != face:
                if OTHER_FACE[shown] != face:
                    break
                n += 1
        else:
            best = n if best is None else min(best, n)
    return best


def distance(grid: Grid, pattern: Pattern) -> int | None:
    """The fewest paid actions that make ``pattern`` match, or None: every sequence of shifts,
    breadth first, each followed by the flips it still needs (flips commute with shifts when they
    travel with their tile, and a flip is only worth it on a stone of the pattern)."""
    g0 = flat(grid)
    layer, seen, depth, best = [g0], {g0}, 0, None
    while layer and (best is None or depth < best):
        for g in layer:
            n = flips_to_match(g, pattern)
            if n is not None and (best is None or depth + n < best):
                best = depth + n
        nxt = []
        for g in layer:
            for h in shifts(g):
                if h not in seen:
                    seen.add(h)
                    nxt.append(h)
        layer, depth = nxt, depth + 1
    return best


def distance_by_every_action(grid: Grid, pattern: Pattern, depth: int) -> int | None:
    """The same without the argument about flips: every shift and flip, up to ``depth`` actions."""
    layer, seen = {flat(grid)}, {flat(grid)}
    for d in range(depth + 1):
        if any(matches(g, pattern) for g in layer):
            return d
        layer = {h for g in layer for h in moves(g) if h not in seen}
        seen |= layer
    return None


def best_turn(grid: Grid, cards: Sequence[tuple[Pattern, int]]) -> tuple[int, int]:
    """(most points, fewest paid actions for them) over every sequence of scores, shifts and flips a
    hand of ``len(cards)`` cards can pay for: each score and each paid action uses up one card.

    Breadth first over (grid, cards scored so far) by paid actions; scoring a card that matches is a
    free step to (grid, scored + card).  A state is feasible when actions + cards scored <= hand."""
    n = len(cards)
    g0 = flat(grid)
    best = (0, 0)
    seen = {(g0, frozenset())}
    layer = [(g0, frozenset[int]())]
    for actions in range(n):
        # close the layer under scoring
        todo = list(layer)
        while todo:
            g, done = todo.pop()
            for card, (pattern, _) in enumerate(cards):
                if card not in done and actions + len(done) + 1 <= n and matches(g, pattern):
                    state = (g, done | {card})
                    if state not in seen:
                        seen.add(state)
                        layer.append(state)
                        todo.append(state)
        for _, done in layer:
            points = sum(cards[c][1] for c in done)
            if points > best[0] or (points == best[0] and points and actions < best[1]):
                best = (points, actions)
        nxt = []
        for g, done in layer:
            if actions + 1 + len(done) < n:  # a paid action is only worth it if a card is left to score
                for h in moves(g):
                    if (h, done) not in seen:
                        seen.add((h, done))
                        nxt.append((h, done))
        layer = nxt
    return best
