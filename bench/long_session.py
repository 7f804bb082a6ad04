"""Long sessions (issue 8): a 10,000-event journal opens in the referee assistant and stays responsive,
and memory grows per event by about the event's own state, not more as the game gets longer.

Prints: the time to open the journal in the TUI (headless), the time from a key press to the refreshed
screen after it, and the memory held per event by a live session at 2,500 / 5,000 / 10,000 events
(a flat bytes-per-event figure means no growth beyond the events themselves).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from diamant_replay import build  # noqa: E402

from companion.journal import new_header  # noqa: E402
from companion.session import Session  # noqa: E402


def write_journal(folder: Path) -> Path:
    events, header = build(10_000)
    while len(events) < 10_000:
        events += [{"event": "undo"}, {"event": "redo"}]
    path = folder / "long.jsonl"
    with path.open("w") as fh:
        fh.write(json.dumps(header) + "\n")
        for event in events[:10_000]:
            fh.write(json.dumps(event) + "\n")
    return path


def memory_per_event() -> None:
    events, header_json = build(20_000)
    effective = [e for e in events if e["event"] not in ("undo", "redo")]
    header = new_header("diamant", "diamant", header_json["players"], options=header_json["options"])
    tracemalloc.start()
    session = Session.new(header, None)
    base = tracemalloc.get_traced_memory()[0]
    marks = {}
    count = 0
    while count < 10_000:
        for event in effective:
            if count >= 10_000:
                break
            if session.state.finished:
                session = _restart(session, header)
            session.apply(event)
            count += 1
            if count in (2_500, 5_000, 10_000):
                marks[count] = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    for n, used in marks.items():
        print(f"session memory after {n:>6,} events: {used / 1024:8.0f} KiB = {used / n:6.0f} bytes per event")
    first, last = marks[2_500] / 2_500, marks[10_000] / 10_000
    print(f"growth of bytes per event from 2,500 to 10,000 events: x{last / first:.2f} (flat is about 1)")


def _restart(session, header):
    # Keep the old session alive: a host with many games open still holds them all.
    _restart.kept.append(session)
    return Session.new(header, None)


_restart.kept = []


async def tui_figures(path: Path, folder: Path) -> None:
    from companion.tui.app import make_app
    from companion.tui.settings import Settings

    t0 = time.perf_counter()
    app = make_app("en", resume=path, data_dir=folder / "d", config_dir=folder / "c", settings=Settings())
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        opened = time.perf_counter() - t0
        print(f"open a 10,000-event journal in the TUI: {opened * 1000:.0f} ms (headless, to the first screen)")
        screen = app.screen
        times = []
        for _ in range(10):  # as bench/tui_event.py: the action, then lay out and paint the whole screen
            for action in (screen.action_undo, screen.action_redo):
                t = time.perf_counter()
                action()
                screen._refresh_layout()
                screen._compositor.render_update(full=True)
                times.append(time.perf_counter() - t)
                await pilot.pause()
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"undo/redo -> painted screen after 10,000 events: median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms (goal < 16 ms)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = write_journal(folder)
        asyncio.run(tui_figures(path, folder))
    memory_per_event()


if __name__ == "__main__":
    main()
