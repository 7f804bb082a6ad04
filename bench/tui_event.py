"""Time from an event to the refreshed Diamant screen over an 8-player game (goal: p95 under 16 ms).

A full 5-round game is played through the screen's own entry (the same path as Enter in the card
field): parse, ``session.apply`` (journal append with fsync), explanation, the panels whose text
changed laid out again, and the whole screen painted.  The round summaries that open on the way are
closed outside the measure.  Prints the median, p95 and max.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = ["Ava", "Ben", "Chen", "Dara", "Eli", "Farah", "Gus", "Hana"]
ROUNDS = [
    ["15", "3", "relic", "snake", "7", "leave:1,2", "11", "leave:3", "spider", "snake"],
    ["17", "leave:1,2,3,4", "9", "lava", "leave:5,6,7,8"],
    ["1", "2", "3", "4", "5", "leave:1", "spider", "rockfall", "leave:2,3", "ram", "spider"],
    ["14", "13", "leave:1,2,3,4,5,6,7", "lava", "lava"],
    ["11", "7", "relic", "leave:8", "5", "leave:1,2,3,4,5,6,7"],
]


async def run(lang: str) -> list[tuple[float, float]]:
    from companion.tui.app import make_app
    from companion.tui.settings import Settings

    times: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(lang, data_dir=Path(folder) / "d", config_dir=Path(folder) / "c", settings=Settings())
        async with app.run_test(size=(140, 50)) as pilot:
            app.start_game("diamant", "diamant", PLAYERS)
            await pilot.pause()
            screen = app.screen
            from companion.games.diamant.engine import round_view
            from companion.i18n import current
            from companion.tui.diamant_entry import parse

            for round_steps in ROUNDS:
                for step in round_steps:
                    start = time.perf_counter()
                    if step.startswith("leave:"):
                        seats = [int(s) - 1 for s in step[6:].split(",")]
                        event = {"event": "leave", "players": [PLAYERS[s] for s in seats]}
                    else:
                        event = parse(step, round_view(screen.session.state), current())
                    ok = screen.send(event)
                    assert ok, step
                    applied = time.perf_counter()
                    # Lay out and paint the whole screen now, as the next frame would.
                    screen._refresh_layout()
                    screen._compositor.render_update(full=True)
                    end = time.perf_counter()
                    times.append((end - start, applied - start))
                    await pilot.pause()
                    if app.screen is not screen:  # a round ended: close its summary, as the host would
                        app.pop_screen()
                        await pilot.pause()
            assert screen.session.state.finished
    return times


def main() -> None:
    for lang in ("en", "fa", "zh_Hant"):
        pairs = asyncio.run(run(lang))
        times = sorted(t for t, _a in pairs)
        applies = sorted(a for _t, a in pairs)
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        print(f"{lang}: {len(times)} events, event -> painted screen: median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms (goal p95 < 16 ms); "
              f"of which apply + fsync median {statistics.median(applies) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
