"""Start-up of ``companion tui`` in a real pseudo-terminal, as a ratio to a bare Textual app (goal <= 1.15).

Each sample execs a fresh interpreter in a pty (``bench/ptyterm.py`` plays the terminal and answers
Textual's synchronized-output query, so every frame is bracketed) and times from the exec to the end of
the first complete frame: the first frame that shows the whole screen the program settles on (its text,
escape sequences aside, is that of the fullest frame written before the output goes quiet) -- the home
screen with its menu and footer.  Textual repaints the same screen once or twice more at start (a resize,
the focus); the time of that last frame is printed too, for information.  The bare app is a Textual
``App`` with one ``Label``, measured the same way; samples of the two alternate (a busy machine slows
both alike).  Each language (en, fa, zh_Hant) starts once untimed first
so that the file cache and the compiled-catalog cache are warm, as on any start after the first.

Prints each median and the ratio of the medians, the goal and a verdict; exits 1 on a miss.
``--runs N`` sets the samples per language (default 21).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptyterm import FRAME_END, Pty  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GOAL_RATIO = 1.15
QUIET = 0.4  # no output for this long: start-up is over (the home screen has no blinking cursor)
LANGUAGES = ("en", "fa", "zh_Hant")
# Text the complete home screen shows (its last menu entry), checked in each settled sample.
MARKERS = {"en": "Quit", "zh_Hant": "離開", "fa": None}

BARE = """
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("hello")
Bare().run()
"""


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON"))}
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (home / var).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / var)
    env.update(HOME=str(home), TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8",
               PYTHONPATH=str(ROOT), COMPANION_LANG=lang)
    return env


_CONTROLS = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>]"
                       rb"|[\r\n]")


def _text(frame: bytes) -> bytes:
    """What a frame writes, without cursor moves, colours and other controls."""
    return _CONTROLS.sub(b"", frame)


def sample(argv: list[str], env: dict[str, str], marker: str | None, timeout: float = 30) -> tuple[float, float]:
    """Seconds from the exec to the end of the first complete frame, and to the last frame written."""
    start = time.perf_counter()
    term = Pty(argv, env, cwd=str(ROOT))
    try:
        ends: list[tuple[int, float]] = []  # (output length at the end of a frame, time)
        deadline = start + timeout
        while True:
            chunk = term._read(QUIET if ends else 0.05)
            if FRAME_END in chunk:
                now = time.perf_counter()
                offset = len(term.output) - len(chunk)
                at = chunk.find(FRAME_END)
                while at != -1:  # a read may hold several frames: each ends where its bracket closes
                    ends.append((offset + at + len(FRAME_END), now))
                    at = chunk.find(FRAME_END, at + 1)
            elif not chunk and ends:
                break
            if time.perf_counter() > deadline:
                raise SystemExit(f"{' '.join(argv)}: no frame within {timeout} s")
        output = bytes(term.output)
        if marker is not None and marker.encode() not in output:
            raise SystemExit(f"{' '.join(argv)}: the screen never showed {marker!r}")
        frames, begin = [], 0
        for end, when in ends:
            frames.append((_text(output[begin:end]), when))
            begin = end
        fullest = max(len(text) for text, _when in frames)
        settled = [text for text, _when in frames if len(text) == fullest][-1]
        first = next(when for text, when in frames if text == settled)
        return first - start, ends[-1][1] - start
    finally:
        term.close()


def run(lang: str, runs: int, folder: Path) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    (folder / "bare.py").write_text(BARE)
    ours_argv = [sys.executable, "-m", "companion", "tui", "--lang", lang]
    bare_argv = [sys.executable, str(folder / "bare.py")]
    ours_env, bare_env = _env(folder / f"ours-{lang}", lang), _env(folder / "bare", lang)
    sample(ours_argv, ours_env, MARKERS[lang])  # warm: file cache, compiled catalogs
    sample(bare_argv, bare_env, "hello")
    ours: list[tuple[float, float]] = []
    bare: list[tuple[float, float]] = []
    for _ in range(runs):
        bare.append(sample(bare_argv, bare_env, "hello"))
        ours.append(sample(ours_argv, ours_env, MARKERS[lang]))
    return ours, bare


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 21
    load = os.getloadavg()[0]
    print(f"Start-up in a pty, exec -> first complete frame of the home screen; goal <= {GOAL_RATIO}x a bare "
          f"Textual app with one Label, {runs} interleaved runs per language")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for lang in LANGUAGES:
            samples = run(lang, runs, Path(tmp))
            (ours, ours_last), (bare, bare_last) = ([[s[i] for s in side] for i in (0, 1)] for side in samples)
            o, b = statistics.median(ours), statistics.median(bare)
            ratio = o / b
            ok = ratio <= GOAL_RATIO
            failed |= not ok
            print(f"  {lang:8} first complete frame: companion median {o * 1000:4.0f} ms (fastest "
                  f"{min(ours) * 1000:4.0f}) | bare median {b * 1000:4.0f} ms (fastest {min(bare) * 1000:4.0f}) | "
                  f"ratio {ratio:.2f} (fastest {min(ours) / min(bare):.2f}) -> {'met' if ok else 'MISSED'}")
            print(f"  {'':8} last frame of start-up: companion {statistics.median(ours_last) * 1000:4.0f} ms | bare "
                  f"{statistics.median(bare_last) * 1000:4.0f} ms | ratio "
                  f"{statistics.median(ours_last) / statistics.median(bare_last):.2f} (for information)")
    print(f"load average at the start: {load:.2f}; verdict: {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
