"""``companion history`` over 1,000 journals: a cold run (nothing cached) and a warm one (all cached).

Goal (issue 20): 1,000 journals summarized in under 2 s warm (every journal unchanged since the last
run: read from the cache, none replayed); the cold run (each journal replayed once) is printed too.

The journals, legal by construction (each is played through its engine while it is written):

* **Diamant** (two in three): the base game with 3 to 6 players from a pool whose names come in several
  spellings (``Ava``, ``ava``, ``Ava ``), played to the end with random draws and leaves; every event has
  an ``"at"`` time, so the history knows how long each game took.
* **Shifting Stones** and **Death Valley**: games in progress (100 to 400 events) made by the
  generators of ``bench/replay_scale.py``.

Each run is measured in a fresh child process (``--child``: imports included, as ``companion history``
pays them), in a temporary folder with its own cache folder.  Usage: ``python bench/history.py
[--journals 1000]``; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GOAL_WARM = 2.0  # seconds, 1,000 journals
NAMES = ("Ava", "ava", "Ava ", "Ben", "BEN", "Chen", "Dara", "Eli", "Fay", "Gus", "Hal")


def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n"


def _stamp(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def diamant_game(rng: random.Random, started: datetime) -> tuple[dict, list[dict]]:
    """A finished base game of Diamant, played with random draws and leaves."""
    from companion.games import diamant
    from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, round_view
    from companion.journal import new_header

    pool: list[str] = []
    for name in rng.sample(NAMES, len(NAMES)):
        if name.strip().casefold() not in {p.strip().casefold() for p in pool}:
            pool.append(name)
    header = new_header("diamant", "diamant", pool[:rng.randint(3, 6)]).to_json()
    header["started"] = _stamp(started)
    state = diamant.start(new_header("diamant", "diamant", header["players"]))
    events: list[dict] = []
    moment = started
    while not state.finished:
        view = round_view(state)
        contents = diamant.deck(view)
        cave = list(view.cave)
        if state.in_round and not state.decided and cave and rng.random() < 0.3:
            event: dict = {"event": "leave", "players": rng.sample(cave, rng.randint(1, len(cave)))}
        elif contents["total"] == 0:
            event = {"event": "leave", "players": cave}
        else:
            kinds = [k for k in (TREASURE, HAZARD, RELIC) if contents[k]]
            kind = rng.choice(kinds)
            if kind == TREASURE:
                event = {"event": "draw", "card": TREASURE, "value": rng.choice(sorted(contents[TREASURE]))}
            elif kind == RELIC:
                event = {"event": "draw", "card": RELIC}
            else:
                event = {"event": "draw", "card": HAZARD, "hazard": rng.choice(sorted(contents[HAZARD]))}
        state, _outcome = diamant.apply(state, event)
        moment += timedelta(seconds=rng.randint(5, 40))
        events.append({**event, "at": _stamp(moment)})
    return header, events


def write_folder(folder: Path, count: int) -> dict[str, int]:
    """``count`` journals of mixed games in ``folder``; how many of each game."""
    from replay_scale import stones_events, valley_events

    rng = random.Random(20)
    made = {"diamant": 0, "shifting_stones": 0, "death_valley": 0}
    start = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
    for i in range(count):
        started = start + timedelta(hours=7 * i)
        kind = ("diamant", "diamant", "shifting_stones", "diamant", "diamant", "death_valley")[i % 6]
        if kind == "diamant":
            header, events = diamant_game(rng, started)
        else:
            maker = stones_events if kind == "shifting_stones" else valley_events
            header, events = maker(rng.randint(100, 400))
            header = {**header, "started": _stamp(started)}
        made[kind] += 1
        with (folder / f"{i:04d}-{kind}.jsonl").open("w", encoding="utf-8") as fh:
            fh.write(_line(header))
            fh.writelines(_line(e) for e in events)
    return made


def child(folder: str) -> None:
    t0, c0 = time.perf_counter(), time.process_time()
    from companion import history

    collected = history.collect(Path(folder))  # the user cache folder: XDG_CACHE_HOME, set by measure()
    found = history.summarize(collected.records)
    data = found.to_json()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(json.dumps({"wall": wall, "cpu": cpu, "replayed": collected.replayed, "cached": collected.cached,
                      "journals": len(collected.records), "unreadable": len(data["unreadable"]),
                      "players": len(data["players"]),
                      "plays": {g: v["plays"] for g, v in data["games"].items()}}))


def _env(cache: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache)}


def measure(folder: Path, cache: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", str(folder)], capture_output=True,
                          text=True, env=_env(cache), timeout=900)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]}
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journals", type=int, default=1000)
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"goal: {args.journals:,} journals summarized in < {GOAL_WARM} s warm (cold printed too)")
    misses: list[str] = []
    with tempfile.TemporaryDirectory(prefix="history-bench-") as tmp:
        folder, cache = Path(tmp) / "games", Path(tmp) / "cache"
        folder.mkdir()
        t0 = time.perf_counter()
        made = write_folder(folder, args.journals)
        size = sum(p.stat().st_size for p in folder.iterdir())
        print(f"journals: {made} ({size / 1e6:.1f} MB), written in {time.perf_counter() - t0:.1f} s")
        print(f"  {'run':<6}  {'wall s':>7}  {'cpu s':>7}  {'replayed':>8}  {'cached':>6}")
        results = {}
        for run in ("cold", "warm"):
            result = measure(folder, cache)
            if "error" in result:
                print(f"  {run:<6}  failed: {result['error']}")
                misses.append(f"{run}: {result['error']}")
                continue
            results[run] = result
            print(f"  {run:<6}  {result['wall']:>7.3f}  {result['cpu']:>7.3f}  {result['replayed']:>8}  "
                  f"{result['cached']:>6}")
        if "cold" in results and results["cold"]["replayed"] != args.journals:
            misses.append(f"cold: {results['cold']['replayed']} journals replayed, not {args.journals}")
        if "warm" in results:
            warm = results["warm"]
            if warm["replayed"]:
                misses.append(f"warm: {warm['replayed']} journals replayed again (the cache missed them)")
            if warm["unreadable"]:
                misses.append(f"warm: {warm['unreadable']} journals unreadable (the generator made bad ones)")
            if warm["wall"] >= GOAL_WARM:
                misses.append(f"warm: {warm['wall']:.3f} s (goal < {GOAL_WARM} s)")
            if "cold" in results and warm["plays"] != results["cold"]["plays"]:
                misses.append("warm and cold runs disagree")
            print(f"plays: {warm['plays']}, players: {warm['players']}")
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "companion", "history", "--folder", str(folder), "--json"],
                                  capture_output=True, text=True, env=_env(cache), cwd=ROOT, timeout=900)
            whole = time.perf_counter() - t0
            print(f"the whole command, warm (`companion history --json`, interpreter start included): {whole:.3f} s")
            if done.returncode != 0:
                misses.append(f"companion history: exit {done.returncode}")
            elif whole >= GOAL_WARM:
                misses.append(f"companion history, warm: {whole:.3f} s (goal < {GOAL_WARM} s)")
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
