"""Run by test_kill.py in a subprocess: play some Diamant by keys, report each acknowledged event, then hang."""

import asyncio
import sys
from pathlib import Path

from companion.tui.app import make_app
from companion.tui.settings import Settings
from tests.tui.helpers import new_game_by_keys, play

STEPS = ["15", "snake", "9", (1,), "relic", "4", (2,), "spider"]


async def main(folder: Path) -> None:
    app = make_app("en", data_dir=folder / "data", config_dir=folder / "config", settings=Settings())
    async with app.run_test(size=(120, 45)) as pilot:
        await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
        screen = app.screen
        print("JOURNAL", screen.session.writer.path, flush=True)
        for step in STEPS:
            await play(pilot, [step])
            print("ACK", len(screen.session.steps), flush=True)
        print("READY", flush=True)
        await asyncio.sleep(3600)


asyncio.run(main(Path(sys.argv[1])))
