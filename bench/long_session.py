"""Long sessions: the memory a live session holds grows with the events, not faster as the game goes on.

Prints the memory held per event by a live session at 2,500 / 5,000 / 10,000 events, the growth of that
figure (flat is about 1), the goal (growth <= 1.25) and a verdict; exits 1 on a miss.  How fast a long
game answers a key (undo and redo on 100,000 events, in a real terminal) is bench/tui_keyframe.py's.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from diamant_replay import build  # noqa: E402

from companion.journal import new_header  # noqa: E402
from companion.session import Session  # noqa: E402

GOAL_GROWTH = 1.25


def memory_per_event() -> bool:
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
    growth = last / first
    ok = growth <= GOAL_GROWTH
    print(f"growth of bytes per event from 2,500 to 10,000 events: x{growth:.2f} (flat is about 1; goal <= "
          f"{GOAL_GROWTH}) -> {'met' if ok else 'MISSED'}")
    return ok


def _restart(session, header):
    # Keep the old session alive: a host with many games open still holds them all.
    _restart.kept.append(session)
    return Session.new(header, None)


_restart.kept = []


def main() -> int:
    return 0 if memory_per_event() else 1


if __name__ == "__main__":
    sys.exit(main())
