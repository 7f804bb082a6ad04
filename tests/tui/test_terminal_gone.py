"""The terminal goes away without a hangup signal (a window closed under ``make run``, an ssh session that
drops): the referee assistant quits on its own, with the game saved and its journal free to open again,
instead of reading an empty input at full speed for ever and keeping the journal locked."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

from companion.session import Session

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ava", "Ben", "Chen"]


def _env(home: Path) -> dict[str, str]:
    env = {"HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (home / var).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / var)
    return env


def _read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_app_quits_saved_when_its_terminal_goes_away_without_a_hangup(tmp_path):
    journal = tmp_path / "game.jsonl"
    lines = [{"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant", "players": PLAYERS,
              "started": "2026-12-01T10:00:00Z"},
             {"event": "draw", "card": "treasure", "value": 15}, {"event": "draw", "card": "hazard", "hazard": "snake"}]
    journal.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = journal.read_bytes()
    pid, fd = pty.fork()
    if pid == 0:  # the child: no hangup signal will reach it, as under make or a dropped session
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        os.chdir(ROOT)
        os.execvpe(sys.executable, [sys.executable, "-m", "companion", "tui", "--lang", "en", "--resume",
                                    str(journal)], _env(tmp_path / "home"))
    try:
        shown = _read_until(fd, b"snake", 30)
        assert b"snake" in shown, "the game screen did not open"
        os.close(fd)  # the terminal goes away
        fd = -1
        deadline = time.monotonic() + 15
        status = None
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            spent = _cpu_seconds(pid)
            time.sleep(1)
            raise AssertionError(f"still running 15 s after its terminal went away, "
                                 f"using {_cpu_seconds(pid) - spent:.2f} s of CPU a second")
    finally:
        if fd >= 0:
            os.close(fd)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert status is not None and os.WIFEXITED(status)
    assert journal.read_bytes() == before  # nothing lost, nothing added
    session = Session.resume(journal)  # not locked any more: it opens here
    try:
        assert [step.event for step in session.steps] == lines[1:]
    finally:
        session.close()
