"""Plays a random Diamant game into a journal, printing ``ack N`` once event N is durable.

Run by ``test_crash_safety.py``, which kills it with SIGKILL at random moments.
Usage: python crash_driver.py JOURNAL SEED
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games import diamant  # noqa: E402
from companion.games.diamant.engine import round_view  # noqa: E402
from companion.journal import new_header  # noqa: E402
from companion.session import Session  # noqa: E402

PLAYERS = ("Ava", "Ben", "Chen", "Dee", "Eli")


def events(seed: int):
    """The driver's event sequence for ``seed`` (also used by the test to know what was acknowledged)."""
    rng = random.Random(seed)
    header = new_header("diamant", "diamant", PLAYERS)
    header = type(header)(**{**header.__dict__, "started": "2026-11-29T20:00:00Z"})
    state = diamant.start(header)
    out = []
    while not state.finished and len(out) < 400:
        if out and rng.random() < 0.1:
            out.append({"event": "undo"})
            out.append({"event": "redo"})
            continue
        view = round_view(state)
        if state.in_round and not state.decided and state.path and rng.random() < 0.3:
            cave = list(state.cave)
            event = {"event": "leave", "players": rng.sample(cave, rng.randint(1, len(cave)))}
        else:
            contents = diamant.deck(view)
            cards = [("treasure", v) for v in sorted(contents["treasure"].elements())]
            cards += [("hazard", h) for h in sorted(contents["hazard"].elements())] + [("relic", 0)] * contents["relic"]
            kind, value = rng.choice(cards)
            event = {"event": "draw", "card": kind}
            if kind == "treasure":
                event["value"] = value
            elif kind == "hazard":
                event["hazard"] = value
        state, _ = diamant.apply(state, event)
        out.append(event)
    return header, out


def main() -> None:
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    header, sequence = events(seed)
    session = Session.new(header, path)
    print("ready", flush=True)
    for n, event in enumerate(sequence, 1):
        if event["event"] == "undo":
            session.undo()
        elif event["event"] == "redo":
            session.redo()
        else:
            session.apply(event)
        print(f"ack {n}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main()
