"""Replay and resume at scale: 1k, 10k, 100k and 1M events *in force* (no undo padding), every game.

Goal (issue 15 item 3): replay linear in events and flat in memory -- 10,000 events < 0.3 s,
1,000,000 events < 30 s and < 300 MB peak resident memory; each tenfold step costs about ten times
the one before (a step over 13x is a miss: superlinear).

Each size is measured in a fresh child process (``--child``) so that its peak RSS is its own: the
child reads the journal (``read_journal`` + ``replay``), then opens it as the TUI does
(``Session.resume``), and prints the two times and its peak RSS (``VmHWM``).  The times judged are
the child's CPU time (user + system): on a shared 2-core machine the wall time also counts the other
processes' turns (it is printed beside, with the load average).  The sizes up to 10,000 are measured
in three children each, and the medians judged.

The journals:

* **Shifting Stones**, 2 players: a layout, then turns of shift, flip and end_turn (a pass now and
  then); the rules do not bound a game (burned cards are reshuffled into the deck).
* **Death Valley**, standard mode: the face-up card travels, the next is revealed, an ability move puts
  the travelled card back in the deck (stars recorded now and then); the rules do not bound that.
* **Diamant**: the rules bound a game (at most 100 rounds; a house deck of at most 500 treasures, 50
  hazard kinds and 50 relics), so the longest game is ~60,000 events.  The generator plays the
  longest house-rules game it can (12 players, 100 rounds, the biggest deck, few leaves); 1k and 10k
  are prefixes of it, 100k and 1M are *several complete games* replayed one after another in the
  same child (time summed, peak RSS over all), i.e. a host's many games' worth.

Usage: ``python bench/replay_scale.py [--games diamant,shifting_stones,death_valley]
[--sizes 1000,10000,100000,1000000]``; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (1_000, 10_000, 100_000, 1_000_000)
GAMES = ("diamant", "shifting_stones", "death_valley")
GOAL_10K = 0.3  # seconds
GOAL_1M = 30.0  # seconds
GOAL_RSS_MB = 300
MAX_STEP_RATIO = 13.0  # time(10n) / time(n): about 10 when linear


# -- journals ---------------------------------------------------------------------------------------
def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n"


def play_diamant(header, rng: random.Random, leave_chance: float = 0.01, limit: int | None = None) -> list[dict]:
    """Legal events for the game of ``header``, played on the engine to its end (or ``limit`` events):
    now and then someone leaves, otherwise the next card (treasure, relic, then a hazard not yet on
    the path when there is one)."""
    from companion.games import diamant
    from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, round_view

    state = diamant.start(header)
    events: list[dict] = []
    while not state.finished and (limit is None or len(events) < limit):
        view = round_view(state)
        contents = diamant.deck(view)
        cave = list(view.cave)
        if state.in_round and not state.decided and len(cave) > 1 and rng.random() < leave_chance:
            event = {"event": "leave", "players": [rng.choice(cave)]}
        elif contents["total"] == 0:
            event = {"event": "leave", "players": cave}
        elif contents[TREASURE]:
            event = {"event": "draw", "card": TREASURE, "value": rng.choice(sorted(contents[TREASURE]))}
        elif contents[RELIC]:
            event = {"event": "draw", "card": RELIC}
        else:
            seen = view.hazards_on_path()
            fresh = [h for h in sorted(contents[HAZARD]) if not seen[h]]
            event = {"event": "draw", "card": HAZARD, "hazard": (fresh or sorted(contents[HAZARD]))[0]}
        state, _ = diamant.apply(state, event)
        events.append(event)
    return events


def diamant_game(seed: int) -> tuple[dict, list[dict]]:
    """The longest Diamant game the house rules allow, played to its end (header, events)."""
    from companion.journal import new_header

    rng = random.Random(seed)
    hazards = [f"h{i}" for i in range(50)]
    players = [f"P{i}" for i in range(1, 13)]
    options = {"players": [1, 12], "rounds": 100, "treasures": [rng.randint(1, 17) for _ in range(500)],
               "hazards": hazards, "hazard_copies": 20, "relics": 50, "relics_per_round": 1}
    header = new_header("diamant", "diamant", players, options=options)
    return header.to_json(), play_diamant(header, rng)


def stones_events(n: int) -> tuple[dict, list[dict]]:
    from companion.journal import new_header

    rng = random.Random(3)
    header = new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"], mode="multi").to_json()
    events: list[dict] = [{"event": "layout", "grid": [["sun", "fish", "horse"], ["seed", "tree", "boat"],
                                                       ["horse", "bird", "tree"]]}]
    cells = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    passed = False
    while len(events) < n:
        if not passed and rng.random() < 0.1:
            events.append({"event": "pass"})  # this player's previous turn was not a pass
            events.append({"event": "end_turn"})  # the other player's turn, without action
            passed = True
            continue
        passed = False
        r, c = rng.choice(cells)
        b = (r, c + 1) if c < 3 else (r, c - 1)
        events.append({"event": "shift", "a": [r, c], "b": list(b)})
        events.append({"event": "flip", "at": list(rng.choice(cells))})
        events.append({"event": "end_turn"})
    return header, events[:n]


def valley_events(n: int) -> tuple[dict, list[dict]]:
    from companion.games.death_valley.catalog import CARD_IDS
    from companion.journal import new_header

    rng = random.Random(5)
    header = new_header("death_valley", "death_valley", ["Ava", "Ben"], mode="standard").to_json()
    players = ["Ava", "Ben"]
    a, b = CARD_IDS[0], CARD_IDS[1]
    events: list[dict] = [{"event": "reveal", "card": a}]
    turn = 0
    while len(events) < n:
        player = players[turn]
        events.append({"event": "travel", "card": a, "source": "faceup", "to": player})
        events.append({"event": "reveal", "card": b})
        events.append({"event": "move", "card": a, "from": f"journey:{player}", "to": "deck"})
        if rng.random() < 0.05:
            events.append({"event": "stars", "card": rng.choice(CARD_IDS), "stars": rng.randint(0, 5)})
        a, b, turn = b, a, 1 - turn
    return header, events[:n]


def write_journals(game: str, n: int, folder: Path, cache: dict) -> list[Path]:
    """The journal(s) of ``n`` events in force for ``game`` (Diamant: several games past the longest)."""
    chunks: list[tuple[dict, list[dict]]] = []
    if game == "diamant":
        left, seed = n, 0
        while left > 0:
            if seed not in cache:
                cache[seed] = diamant_game(seed)
            header, events = cache[seed]
            chunks.append((header, events[:left]))
            left -= len(chunks[-1][1])
            seed += 1
    elif game == "shifting_stones":
        chunks.append(stones_events(n))
    else:
        chunks.append(valley_events(n))
    paths = []
    for index, (header, events) in enumerate(chunks):
        path = folder / f"{game}-{n}-{index}.jsonl"
        with path.open("w", encoding="utf-8") as fh:
            fh.write(_line(header))
            fh.writelines(_line(e) for e in events)
        paths.append(path)
    return paths


# -- one measure, in a child ------------------------------------------------------------------------
def child(paths: list[str]) -> None:
    from companion import journal
    from companion.journal import read_journal
    from companion.session import Session, replay

    if os.environ.get("BENCH_JOURNAL_LIMIT"):  # to measure a reader that refuses long journals
        journal.MAX_JOURNAL_BYTES = int(os.environ["BENCH_JOURNAL_LIMIT"])
    replay_time = resume_time = replay_cpu = resume_cpu = 0.0
    events = 0
    for path in paths:
        t0, c0 = time.perf_counter(), time.process_time()
        state, steps = replay(read_journal(path))
        replay_time += time.perf_counter() - t0
        replay_cpu += time.process_time() - c0
        events += len(steps)
        del state, steps
        t0, c0 = time.perf_counter(), time.process_time()
        session = Session.resume(path)
        resume_time += time.perf_counter() - t0
        resume_cpu += time.process_time() - c0
        session.close()
        del session
    rss = _peak_rss_mb()
    print(json.dumps({"replay": replay_cpu, "resume": resume_cpu, "replay_wall": replay_time,
                      "resume_wall": resume_time, "events": events, "rss_mb": rss}))


def _peak_rss_mb() -> float:
    """This process's peak resident memory: ``VmHWM`` (``ru_maxrss`` would count the parent's too on
    Linux, whose peak a child inherits across ``exec``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(paths: list[Path], runs: int = 1) -> dict:
    """The child's figures; with ``runs`` > 1, each time the median of that many children (a short
    size is measured thrice: one run of 0.3 s swings with what else the machine does)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    results = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, __file__, "--child", *map(str, paths)], capture_output=True,
                              text=True, env=env, timeout=900)
        if done.returncode != 0:
            return {"error": (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]}
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    result: dict = dict(results[0])
    for key in ("replay", "resume", "replay_wall", "resume_wall"):
        result[key] = statistics.median(r[key] for r in results)
    result["rss_mb"] = max(r["rss_mb"] for r in results)
    return result


# -- the series -------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--child", nargs="+")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"goals: 10,000 events < {GOAL_10K} s; 1,000,000 < {GOAL_1M:.0f} s and < {GOAL_RSS_MB} MB peak RSS; "
          f"each 10x step <= {MAX_STEP_RATIO:.0f}x the time of the one before")
    misses: list[str] = []
    with tempfile.TemporaryDirectory(prefix="replay-scale-") as tmp:
        for game in args.games.split(","):
            cache: dict = {}
            print(f"\n{game}")
            print(f"  {'events':>9}  {'journals':>8}  {'replay s':>9}  {'ratio':>6}  {'resume s':>9}  {'ratio':>6}  "
                  f"{'peak MB':>8}  {'wall s (replay, resume)':>24}")
            before: dict | None = None
            for n in sizes:
                paths = write_journals(game, n, Path(tmp), cache)
                result = measure(paths, runs=3 if n <= 10_000 else 1)
                for path in paths:
                    path.unlink()
                if "error" in result:
                    print(f"  {n:>9,}  {len(paths):>8}  failed: {result['error']}")
                    misses.append(f"{game} {n:,}: {result['error']}")
                    before = None
                    continue
                if result["events"] != n:
                    misses.append(f"{game} {n:,}: {result['events']:,} events in force, not {n:,}")
                ratios = ("", "")
                if before is not None and sizes[sizes.index(n) - 1] * 10 == n:
                    r1, r2 = result["replay"] / before["replay"], result["resume"] / before["resume"]
                    ratios = (f"{r1:.1f}x", f"{r2:.1f}x")
                    if n >= 100_000 and max(r1, r2) > MAX_STEP_RATIO:
                        misses.append(f"{game} {n:,}: {max(r1, r2):.1f}x the time of {n // 10:,} (superlinear)")
                print(f"  {n:>9,}  {len(paths):>8}  {result['replay']:>9.3f}  {ratios[0]:>6}  "
                      f"{result['resume']:>9.3f}  {ratios[1]:>6}  {result['rss_mb']:>8.0f}  "
                      f"{result['replay_wall']:>11.3f} {result['resume_wall']:>11.3f}")
                worst = max(result["replay"], result["resume"])
                if n == 10_000 and worst >= GOAL_10K:
                    misses.append(f"{game} 10,000: {worst:.3f} s (goal < {GOAL_10K} s)")
                if n == 1_000_000 and worst >= GOAL_1M:
                    misses.append(f"{game} 1,000,000: {worst:.1f} s (goal < {GOAL_1M:.0f} s)")
                if n == 1_000_000 and result["rss_mb"] >= GOAL_RSS_MB:
                    misses.append(f"{game} 1,000,000: {result['rss_mb']:.0f} MB (goal < {GOAL_RSS_MB} MB)")
                before = result
    print()
    if misses:
        print("verdict: NOT met")
        for miss in misses:
            print(f"  - {miss}")
        return 1
    print("verdict: met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
