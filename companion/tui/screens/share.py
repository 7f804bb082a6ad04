""""Share the table" (F11 on a game screen): the address and a QR code of ``companion share FILE``.

The server is a child process of its own (``python -m companion share FILE [--lan]``): it only reads
the journal, so it can neither slow nor crash this screen.  One child per journal and mode is kept
while the TUI runs (closing the dialog leaves it serving); :func:`stop_all` ends them when the app
exits.  ``L`` switches between this computer only and the local network, ``S`` stops sharing.
No web or QR library is imported here before the dialog opens.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose

START_SECONDS = 20.0

_children: dict[tuple[str, bool], tuple[subprocess.Popen[str], str]] = {}


def start(path: str | Path, lan: bool) -> str:
    """The URL of the share server for ``path`` (started now unless it already runs); '' if it failed."""
    key = (str(path), lan)
    running = _children.get(key)
    if running is not None and running[0].poll() is None:
        return running[1]
    command = [sys.executable, "-m", "companion", "share", str(path)] + (["--lan"] if lan else [])
    from companion.share import PARENT_VARIABLE  # (no web framework is imported with it)

    env = dict(os.environ, **{PARENT_VARIABLE: str(os.getpid())})  # it stops when this TUI is gone
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, start_new_session=True, env=env)
    assert child.stdout is not None
    url = child.stdout.readline().strip()
    if not url.startswith("http://"):
        stop(child)
        return ""
    _children[key] = (child, url)
    return url


def stop(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        child.terminate()
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    if child.stdout is not None:
        child.stdout.close()


def stop_all() -> None:
    """End every share server this TUI started (the app calls it as it exits)."""
    while _children:
        _key, (child, _url) = _children.popitem()
        stop(child)


atexit.register(stop_all)


def qr_text(url: str) -> Text:
    """``url`` as a QR code in half blocks (two modules a character cell), dark on light with a quiet zone."""
    import segno

    matrix = [list(row) for row in segno.make(url, error="l", micro=False).matrix]
    size = len(matrix)
    quiet = 2
    rows = [[0] * (size + 2 * quiet) for _ in range(quiet)]
    rows += [[0] * quiet + [1 if m else 0 for m in row] + [0] * quiet for row in matrix]
    rows += [[0] * (size + 2 * quiet) for _ in range(quiet)]
    if len(rows) % 2:
        rows.append([0] * (size + 2 * quiet))
    glyphs = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
    lines = ["".join(glyphs[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1]))
             for i in range(0, len(rows), 2)]
    return Text("\n".join(lines), style="#000000 on #ffffff", no_wrap=True)


class ShareScreen(CompanionModal):
    DEFAULT_CSS = """
    ShareScreen { align: center middle; }
    ShareScreen #share-box { width: auto; max-width: 100%; height: auto; }
    ShareScreen #share-qr { width: auto; height: auto; }
    """
    BINDINGS = [
        Binding("escape,enter", "close", N_("Close"), id="share.close"),
        Binding("l", "toggle_lan", N_("Local network or this computer"), id="share.lan"),
        Binding("s", "stop", N_("Stop sharing"), id="share.stop"),
    ]

    def __init__(self, path: str | Path, lan: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self.lan = lan
        self.url = ""
        self.failed = False

    def compose_body(self) -> ComposeResult:
        with Vertical(id="share-box", classes="dialog"):
            yield Prose(lambda: _("Share the table"), classes="title")
            yield Prose(self.status_text, id="share-url")
            yield Static("", id="share-qr")
            yield Prose(self.hint_text, classes="hint", id="share-hint")

    def status_text(self) -> str:
        if self.failed:
            return _("The view could not be started; the game itself is not affected.")
        if not self.url:
            return _("Starting the view…")
        if self.lan:
            return _("Players on the same network open {url} (or scan the code).", url=self.url)
        return _("This computer only: {url}", url=self.url)

    def hint_text(self) -> str:
        if self.lan:
            return _("L: this computer only · S: stop sharing · Escape: close (the view keeps running)")
        return _("L: the local network · S: stop sharing · Escape: close (the view keeps running)")

    def on_mount(self) -> None:
        self.begin()

    def begin(self) -> None:
        self.url, self.failed = "", False
        self.show()
        self.run_worker(self._start, thread=True, exclusive=True, group="share")

    def _start(self) -> None:
        try:
            url = start(self.path, self.lan)
        except OSError:
            url = ""
        self.app.call_from_thread(self._started, url)

    def _started(self, url: str) -> None:
        self.url, self.failed = url, not url
        self.show()

    def show(self) -> None:
        self.query_one("#share-qr", Static).update(qr_text(self.url) if self.url else "")
        self.retranslate()

    def action_toggle_lan(self) -> None:
        self.lan = not self.lan
        self.begin()

    def action_stop(self) -> None:
        for key in [k for k in _children if k[0] == str(self.path)]:
            stop(_children.pop(key)[0])
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
