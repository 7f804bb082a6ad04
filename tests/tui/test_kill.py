"""Kill -9 a running session mid-game, resume it: every acknowledged event is there."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from companion.session import Session
from tests.tui.helpers import build_app, play

ROOT = Path(__file__).resolve().parents[2]


def test_sigkill_then_resume_loses_nothing(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-m", "tests.tui.kill_child", str(tmp_path)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    journal, acked = None, 0
    try:
        for line in child.stdout:
            if line.startswith("JOURNAL"):
                journal = Path(line.split(" ", 1)[1].strip())
            elif line.startswith("ACK"):
                acked = int(line.split()[1])
            elif line.startswith("READY"):
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert journal is not None and acked == 8

    session = Session.resume(journal)
    assert len(session.steps) == 8
    state = session.state
    session.close()
    # 15 and 9 among three: 5 + 3 each; Ava leaves alone with 8.  4 among two: Ben leaves alone with
    # 5 + 3 + 2 = 10 and takes the relic (the first claimed: 5).  Chen is still in with 10.
    assert [c.to_json()["card"] for c in state.path] == ["treasure", "hazard", "treasure", "treasure", "hazard"]
    assert state.chest == (8, 10, 0) and state.relics == ((), (5,), ()) and state.carried == (0, 0, 10)

    async def go():
        app = build_app((tmp_path / "data", tmp_path / "config"), resume=journal)
        async with app.run_test(size=(120, 45)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert type(screen).__name__ == "DiamantScreen"
            assert screen.session.state == state
            await play(pilot, ["5"])  # the game goes on, appended to the same file
            assert len(screen.session.steps) == 9
    asyncio.run(go())
    assert len(Session.resume(journal).steps) == 9
