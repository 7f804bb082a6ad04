"""SIGKILL a session at random moments while it writes; every acknowledged event must reload.

CI runs a short loop; set ``COMPANION_CRASH_RUNS=300`` for the full one.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.journal import read_journal
from companion.session import Session, replay
from tests.hardening.crash_driver import events

DRIVER = Path(__file__).with_name("crash_driver.py")
RUNS = int(os.environ.get("COMPANION_CRASH_RUNS", "24"))


def run_and_kill(path: Path, seed: int, delay: float) -> int:
    """Start the driver, kill it after ``delay`` seconds of writing; return the last acknowledged event."""
    proc = subprocess.Popen([sys.executable, str(DRIVER), str(path), str(seed)], stdout=subprocess.PIPE, text=True)
    acked = 0
    lines: list[str] = []

    def read():
        for line in proc.stdout:
            lines.append(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 20
    while "ready" not in lines and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader.join(timeout=5)
    for line in lines:
        if line.startswith("ack "):
            acked = int(line.split()[1])
    return acked


@pytest.mark.parametrize("batch", range(max(1, RUNS // 8)))
def test_sigkill_never_loses_an_acknowledged_event(tmp_path, batch):
    rng = random.Random(batch)
    for i in range(8):
        seed = batch * 100 + i
        path = tmp_path / f"game-{i}.jsonl"
        acked = run_and_kill(path, seed, rng.uniform(0.0, 0.25))
        if not path.exists():
            assert acked == 0
            continue
        _, sequence = events(seed)
        journal = read_journal(path)  # loads, perhaps with a warning about a torn last line
        written = [e.event for e in journal.entries]
        assert written[:acked] == sequence[:acked], f"seed {seed}: lost acknowledged events"
        assert written == sequence[: len(written)]
        state, _ = replay(journal)
        # and the game can go on from there
        session = Session.resume(path)
        assert session.state == state
        session.close()
