"""A program in a pseudo-terminal, timed the way a person waits: from a key to the last frame it changes.

The bench plays the terminal: it answers Textual's question whether synchronized output is supported
(DEC mode 2026), so every frame the app writes is bracketed by ``ESC[?2026h`` ... ``ESC[?2026l``, and it
keeps what the terminal would show (``pyte``, a terminal emulator).  The time of a key is measured from
the write of its bytes to the end of the last frame before the output goes quiet *that changed what is
on screen* (characters or their colours and styles): a frame that paints the same picture again is
written but nobody waits for it.  That includes key parsing, dispatch, the app's handlers, any screen
pushed on the way (a round summary), layout, rendering and the write to the terminal -- all of what a
host waits for.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time

import pyte

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;1$y"
FRAME_END = b"\x1b[?2026l"

KEYS = {"enter": b"\r", "escape": b"\x1b", "tab": b"\t", "ctrl+z": b"\x1a", "ctrl+y": b"\x19",
        "ctrl+l": b"\x0c", "ctrl+q": b"\x11", "down": b"\x1b[B", "up": b"\x1b[A"}


class Pty:
    def __init__(self, argv: list[str], env: dict[str, str], size: tuple[int, int] = (120, 40),
                 cwd: str | None = None) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program, with the pty as its terminal
            if cwd:
                os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        self.pid, self.fd = pid, fd
        cols, rows = size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.output = bytearray()
        self._pending = b""  # read, not yet fed to the emulated terminal
        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)
        self._picture = self.picture()
        self.frames: list[tuple[float, bool]] = []  # the last key's frames (see key_to_frame)
        self._start: float | None = None

    def picture(self) -> tuple:
        """What the terminal shows: every cell's character, colours and styles."""
        return tuple(tuple(row[x] for x in range(self.screen.columns))
                     for row in (self.screen.buffer[y] for y in range(self.screen.lines)))

    def text(self) -> str:
        """The characters the terminal shows, one line per row."""
        return "\n".join(self.screen.display)

    def _changed(self, data: bytes) -> bool:
        """Feed ``data`` to the emulated terminal; whether what it shows changed."""
        self._stream.feed(data)
        picture = self.picture()
        changed = picture != self._picture
        self._picture = picture
        return changed

    def _read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            return b""
        if SYNC_QUERY in data:
            os.write(self.fd, SYNC_REPLY)
        self.output += data
        self._pending += data
        return data

    def _frames_changed(self) -> bool:
        """Whether the frames completed since the last call changed the picture (fed frame by frame)."""
        pending = self._pending
        end = pending.rfind(FRAME_END)
        if end < 0:
            return False
        end += len(FRAME_END)
        self._pending = pending[end:]
        return self._changed(pending[:end])

    def wait_quiet(self, quiet: float = 0.3, timeout: float = 30) -> float | None:
        """Read until nothing comes for ``quiet`` s; the time the last frame that changed the picture
        ended (None: no such frame).

        Keep ``quiet`` well under half a second: a text cursor blinks every 0.5 s (a key restarts it).
        """
        deadline = time.perf_counter() + timeout
        last_end = None
        while time.perf_counter() < deadline:
            data = self._read(quiet)
            if not data:
                return last_end
            if FRAME_END in data:
                now = time.perf_counter()
                changed = self._frames_changed()
                if changed:
                    last_end = now
                if self._start is not None:
                    self.frames.append((now - self._start, changed))
        raise TimeoutError("the program never went quiet")

    def drain(self, seconds: float) -> None:
        """Read (and answer) whatever comes for ``seconds``: start-up, before anything is timed."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            self._read(0.05)

    def wait_for(self, text: str, timeout: float = 30) -> None:
        deadline = time.perf_counter() + timeout
        needle = text.encode()
        start = len(self.output)
        while needle not in self.output[start:]:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{text!r} never appeared")
            self._read(0.05)

    def send(self, data: bytes | str) -> None:
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def key_to_frame(self, data: bytes | str, quiet: float = 0.15, timeout: float = 10) -> float:
        """Seconds from writing ``data`` to the end of the last frame it caused that changed the picture.

        The first changing frame may take any time (up to ``timeout``); after it, ``quiet`` seconds
        without output end the response.
        """
        self.wait_quiet(0.05)
        start = time.perf_counter()
        self.send(data)
        deadline = start + timeout
        self.frames = []  # when each frame ended (s after the key) and whether it changed the picture
        while True:
            chunk = self._read(0.05)
            if FRAME_END in chunk:
                end = time.perf_counter()
                changed = self._frames_changed()
                self.frames.append((end - start, changed))
                if changed:
                    break
            if time.perf_counter() > deadline:
                raise AssertionError(f"{data!r} changed nothing on screen within {timeout} s")
        self._start = start
        try:
            later = self.wait_quiet(quiet)
        finally:
            self._start = None
        return (later or end) - start

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        deadline = time.time() + 5
        while time.time() < deadline:
            done, _status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            self._read(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]
