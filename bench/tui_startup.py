"""Start-up of the referee assistant as a ratio to a bare Textual app that shows one label (goal <= 1.3).

Each sample is a fresh interpreter that imports, builds the app and runs it headless until the first
screen is mounted, then exits.  Samples of the two alternate (a busy machine slows both alike).
Prints the medians and their ratio, and the ratio of the fastest runs (the least disturbed ones).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BARE = """
import asyncio
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("hello")
async def main():
    async with Bare().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
asyncio.run(main())
"""

OURS = """
import asyncio, sys
from pathlib import Path
from companion.tui.app import make_app
from companion.tui.settings import Settings
async def main():
    folder = Path(sys.argv[1])
    app = make_app("fa", data_dir=folder / "d", config_dir=folder / "c", settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert "weasyprint" not in sys.modules
asyncio.run(main())
"""


def sample(code: str, folder: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, folder], cwd=ROOT, check=True)
    return time.perf_counter() - start


def main(runs: int = 11) -> None:
    bare: list[float] = []
    ours: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        sample(BARE, folder), sample(OURS, folder)  # warm the file cache (and the catalog cache)
        for _ in range(runs):
            bare.append(sample(BARE, folder))
            ours.append(sample(OURS, folder))
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"bare Textual app: median {b * 1000:.0f} ms, fastest {min(bare) * 1000:.0f} ms over {runs} runs")
    print(f"companion tui (Persian home screen): median {o * 1000:.0f} ms, fastest {min(ours) * 1000:.0f} ms")
    print(f"ratio: {o / b:.2f} of the medians, {min(ours) / min(bare):.2f} of the fastest (goal <= 1.3)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
