"""Load on `companion share` (issue 18): 50 viewers on the stream, 200 events appended to the journal.

On 127.0.0.1 only.  Every viewer must receive every state (the ``events`` count of each state it is
sent, 1 to 200, each at least once, in order); prints the p95 time from an event written to a viewer
receiving the state that has it (goal < 250 ms) and the server's peak resident memory (goal < 150 MB),
then a verdict; exits 1 on a miss.  Bounded: at most 60 s.

    .venv/bin/python bench/share_load.py [--viewers 50] [--events 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def diamant_events(n: int) -> tuple[dict, list[dict]]:
    """A legal Diamant game of ``n`` events (draws and leaves), played on the engine."""
    import random

    from replay_scale import play_diamant

    from companion.journal import new_header

    rng = random.Random(18)
    players = [f"P{i}" for i in range(1, 9)]
    options = {"players": [1, 12], "rounds": 100, "treasures": [rng.randint(1, 17) for _ in range(300)],
               "hazards": [f"h{i}" for i in range(20)], "hazard_copies": 5, "relics": 20, "relics_per_round": 1}
    header = new_header("diamant", "diamant", players, options=options)
    return header.to_json(), play_diamant(header, rng, leave_chance=0.1, limit=n)


def rss_mb(pid: int) -> float:
    """Peak resident memory of ``pid`` (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def viewer(url: str, total: int, got: dict[int, float], ready: asyncio.Event, counter: list[int]) -> None:
    async with httpx.AsyncClient(timeout=httpx.Timeout(30, read=30)) as client, \
            client.stream("GET", url + "stream?lang=fa") as r:
        r.raise_for_status()
        async for line in r.aiter_lines():
            if not line.startswith("data: "):
                continue
            events = json.loads(line[6:])["events"]
            got.setdefault(events, time.monotonic())
            if not ready.is_set():
                counter[0] += 1
                if counter[0] >= counter[1]:
                    ready.set()
            if events >= total:
                return


async def main_async(args: argparse.Namespace) -> int:
    header, events = diamant_events(args.events)
    folder = Path(tempfile.mkdtemp(prefix="share-load-"))
    path = folder / "game.jsonl"
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "share", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().strip() if proc.stdout else ""
        assert url.startswith("http://127.0.0.1:"), url
        ready = asyncio.Event()
        counter = [0, args.viewers]
        received = [dict() for _ in range(args.viewers)]
        tasks = [asyncio.create_task(viewer(url, len(events), received[i], ready, counter))
                 for i in range(args.viewers)]
        await asyncio.wait_for(ready.wait(), 20)
        written: dict[int, float] = {}
        with path.open("a", encoding="utf-8") as f:
            for n, event in enumerate(events, 1):
                f.write(json.dumps(event) + "\n")
                f.flush()
                written[n] = time.monotonic()
                await asyncio.sleep(args.gap)
        done, pending = await asyncio.wait(tasks, timeout=20)
        for task in pending:
            task.cancel()
        peak = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    # A viewer may get one state for two events written close together (the server coalesces what it
    # reads at once); the state it gets still holds every event, so each event is "received" when the
    # first state with at least that many events arrives.
    delays, missing = [], 0
    for got in received:
        counts = sorted(got)
        for n, t_written in written.items():
            later = [got[c] for c in counts if c >= n]
            if not later:
                missing += 1
                continue
            delays.append(min(later) - t_written)
    delays.sort()
    p95 = delays[int(len(delays) * 0.95) - 1] * 1000 if delays else float("inf")
    worst = delays[-1] * 1000 if delays else float("inf")
    ok = missing == 0 and p95 < 250 and peak < 150
    print(f"viewers {args.viewers}, events {len(events)}, missing {missing}")
    print(f"event written -> viewer received: p95 {p95:.1f} ms, worst {worst:.1f} ms (goal p95 < 250 ms)")
    print(f"server peak RSS {peak:.1f} MB (goal < 150 MB)")
    print("verdict:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--gap", type=float, default=0.02, help="seconds between two appended events")
    args = parser.parse_args()
    args.viewers = max(1, min(args.viewers, 90))
    args.events = max(1, min(args.events, 1000))
    return asyncio.run(asyncio.wait_for(main_async(args), 60 + args.events * args.gap))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
