"""Shifting Stones solver timings over a fixed set of random grids and library hands.

    .venv/bin/python bench/stones_solver.py [--seed N] [--cases N]

Goals (issue 3): one pattern p95 < 50 ms, a 4-card hand < 300 ms, a 6-card hand < 3 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.shifting_stones.library import load_library  # noqa: E402
from companion.games.shifting_stones.patterns import TILE_KINDS  # noqa: E402
from companion.games.shifting_stones.solver import best_turn, cheapest  # noqa: E402

GOALS_MS = {"one pattern": 50, "4-card hand": 300, "6-card hand": 3000}


def random_grid(rng: random.Random):
    tiles = [rng.choice((a, b)) for a, b, n in TILE_KINDS for _ in range(n)]
    rng.shuffle(tiles)
    return tuple(tuple(tiles[r * 3:r * 3 + 3]) for r in range(3))


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cases", type=int, default=200, help="cases for one pattern (hands: a quarter)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cards = [(c.pattern, c.points) for c in load_library(None).values()]
    runs = {
        "one pattern": [(random_grid(rng), rng.choice(cards)) for _ in range(args.cases)],
        "4-card hand": [(random_grid(rng), rng.sample(cards, 4)) for _ in range(max(1, args.cases // 4))],
        "6-card hand": [(random_grid(rng), rng.sample(cards, 6)) for _ in range(max(1, args.cases // 4))],
    }
    ok = True
    print(f"seed {args.seed}")
    for name, cases in runs.items():
        times = []
        for grid, what in cases:
            start = time.perf_counter()
            if name == "one pattern":
                cheapest(grid, what[0])
            else:
                best_turn(grid, what)
            times.append((time.perf_counter() - start) * 1000)
        p50, p95, worst = percentile(times, 0.5), percentile(times, 0.95), max(times)
        goal = GOALS_MS[name]
        verdict = "ok" if p95 < goal else "OVER GOAL"
        ok &= p95 < goal
        print(f"{name:12}  n={len(times):4}  p50 {p50:8.2f} ms  p95 {p95:8.2f} ms  max {worst:8.2f} ms  "
              f"mean {statistics.mean(times):8.2f} ms  goal p95 < {goal} ms: {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
