"""Diamant engine speed: time per applied event, and replaying a 10,000-line journal.

Goal (issue 2): replaying a 10,000-event journal in under 0.5 s on the 2-core machine.
The long journal is a 100-round, 8-player house-rules game (header options) where the host also undoes and redoes
often, as at a real table; every line is read, folded and every event in force is applied.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import diamant  # noqa: E402
from companion.games.diamant.engine import round_view  # noqa: E402
from companion.journal import new_header, read_journal  # noqa: E402
from companion.session import replay  # noqa: E402

PLAYERS = [f"P{i}" for i in range(1, 9)]


def legal_event(rng: random.Random, state):
    view = round_view(state)
    if state.in_round and not state.decided and state.path and rng.random() < 0.25:
        cave = list(state.cave)
        return {"event": "leave", "players": rng.sample(cave, rng.randint(1, max(1, len(cave) // 3)))}
    contents = diamant.deck(view)
    if contents["total"] == 0:  # a house rule can empty the deck: the rest walk out
        return {"event": "leave", "players": list(state.cave)}
    cards = [("treasure", v) for v in contents["treasure"].elements()]
    cards += [("hazard", h) for h in contents["hazard"].elements()] + [("relic", None)] * contents["relic"]
    kind, value = rng.choice(sorted(cards, key=str))
    if kind == "treasure":
        return {"event": "draw", "card": "treasure", "value": value}
    if kind == "hazard":
        return {"event": "draw", "card": "hazard", "hazard": value}
    return {"event": "draw", "card": "relic"}


def build(lines_wanted: int, seed: int = 7) -> tuple[list[dict], dict]:
    rng = random.Random(seed)
    header = new_header("diamant", "diamant", PLAYERS, options={"rounds": 100, "relics": 50, "hazard_copies": 20})
    state = diamant.start(header)
    events: list[dict] = []
    while len(events) < lines_wanted and not state.finished:
        event = legal_event(rng, state)
        state, _ = diamant.apply(state, event)
        events.append(event)
        if rng.random() < 0.1 and len(events) < lines_wanted - 2:
            events += [{"event": "undo"}, {"event": "redo"}]
    return events, header.to_json()


def main() -> None:
    events, header = build(10_000)
    while len(events) < 10_000:  # the game ended: keep the session going with undo/redo pairs
        events += [{"event": "undo"}, {"event": "redo"}]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.jsonl"
        with path.open("w") as fh:
            fh.write(json.dumps(header) + "\n")
            for e in events:
                fh.write(json.dumps(e) + "\n")
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            journal = read_journal(path)
            state, steps = replay(journal)
            runs.append(time.perf_counter() - t0)
    applied = len(steps)
    best, median = min(runs), statistics.median(runs)
    print(f"journal lines: {len(events):,} events ({applied:,} in force after undo/redo)")
    print(f"replay 10,000-line journal: median {median * 1000:.1f} ms, best {best * 1000:.1f} ms "
          f"(goal < 500 ms: {'met' if median < 0.5 else 'NOT met'}; ratio to goal {median / 0.5:.2f})")
    header_obj = journal.header
    # apply alone, per event
    start = diamant.start(header_obj)
    effective = [s.event for s in steps]
    t0 = time.perf_counter()
    reps = 3
    for _ in range(reps):
        state = start
        for event in effective:
            state, _ = diamant.apply(state, event)
    per = (time.perf_counter() - t0) / (reps * len(effective))
    print(f"apply: {per * 1e6:.1f} µs per event over {len(effective):,} events "
          f"(10,000 events in force would take {per * 10_000 * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
