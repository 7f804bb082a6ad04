"""Drive ``companion tui`` in a real terminal (tmux), as a person types: bursts, pastes, named keys.

``tmux send-keys -l TEXT`` delivers ``TEXT`` as one burst, the way an input method commits a word or a
paste arrives: that is what the Textual pilot (one key, then a wait) cannot reproduce.  The pane's text
(``screen()``) is logical characters, good enough to find words and states; what the pane *looks*
like is for ``shared/tools/term-shot``.

    with Terminal(tmp_path, "--lang", "en") as term:
        term.wait_for("New game")
        term.burst("n")
        ...
        assert term.exit_status() == 0

Each terminal has its own tmux server (``-L``), its own XDG folders under ``tmp_path`` (so the games
folder is ``term.games``) and ends with the test.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def needs_tmux() -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")


class Terminal:
    def __init__(self, tmp_path: Path, *args: str, size: tuple[int, int] = (120, 40),
                 env: dict[str, str] | None = None, command: list[str] | None = None) -> None:
        needs_tmux()
        self.home = tmp_path / "term-home"
        self.xdg = {var: self.home / sub for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                                                          ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"))}
        for folder in self.xdg.values():
            folder.mkdir(parents=True, exist_ok=True)
        self.games = self.xdg["XDG_DATA_HOME"] / "companion" / "games"
        self.socket = f"companion-test-{uuid.uuid4().hex[:12]}"
        self.status_file = tmp_path / f"{self.socket}.status"
        environment = {"HOME": str(self.home), "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                       "PYTHONPATH": str(ROOT), "COLORTERM": "truecolor",
                       **{k: str(v) for k, v in self.xdg.items()}, **(env or {})}
        argv = command or [sys.executable, "-m", "companion", "tui", *args]
        # The exit status goes to a file; the pane then waits, so its last screen can still be read.
        shell = f"{shlex.join(argv)}; echo $? > {shlex.quote(str(self.status_file))}; sleep 600"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in environment.items())
        width, height = size
        path = shlex.quote(os.environ.get("PATH", "/usr/bin:/bin"))
        self._tmux("new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t",
                   f"env -i PATH={path} {exports} sh -c {shlex.quote(shell)}")
        self._tmux("set-option", "-g", "status", "off")

    # -- tmux -----------------------------------------------------------------------------------
    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20)
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def burst(self, text: str) -> None:
        """``text`` in one write, as an input method or a paste delivers it."""
        self._tmux("send-keys", "-t", "t", "-l", text)

    def keys(self, *names: str) -> None:
        """Named keys (tmux names: ``Enter``, ``Escape``, ``C-z``, ``F1``, ``Tab``, ``Up``...), in one write."""
        self._tmux("send-keys", "-t", "t", *names)

    def type(self, text: str, delay: float = 0.03) -> None:
        """``text`` one character at a time, ``delay`` apart (a quick typist)."""
        for char in text:
            self.burst(char)
            time.sleep(delay)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "t")

    def wait_for(self, text: str, timeout: float = 15) -> str:
        """Wait until ``text`` is on the screen; the screen then (fails the test, showing it, on timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear within {timeout} s; the screen:\n{shown}")
            time.sleep(0.05)

    def wait_until(self, predicate, timeout: float = 15, what: str = "condition"):
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} did not hold within {timeout} s; the screen:\n{self.screen()}")
            time.sleep(0.05)

    def settle(self, quiet: float = 0.3, timeout: float = 10) -> str:
        """Wait until the screen stops changing for ``quiet`` seconds; the screen then."""
        deadline = time.monotonic() + timeout
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                break
        return last

    def exit_status(self, timeout: float = 15) -> int:
        """The app's exit status, once it has exited."""
        self.wait_until(self.status_file.exists, timeout, "the app's exit")
        return int(self.status_file.read_text().strip() or "-1")

    def exited(self) -> bool:
        return self.status_file.exists()

    def journals(self) -> list[Path]:
        return sorted(self.games.glob("*.jsonl")) if self.games.exists() else []

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
