"""Key -> frame in a real pseudo-terminal: an 8-player Diamant game against a bare Textual app.

Goal (issue 15): Enter -> last frame written p95 < 16 ms and <= 1.5x the bare app (one Input, one Label,
the label updated on Enter) measured the same way, interleaved key by key in the same run, in en, fa and
zh_Hant; round ends include the summary screen they open.  Then undo and redo (Ctrl+Z, Ctrl+Y) on a
Shifting Stones game of 100,000 events in force, against the bare app's Enter in the same way, same
goal. A frame that changes nothing on screen is not waited for (see ``ptyterm``).  In the first
language, a stock Textual app of the game screen's shape that repaints as much on each Enter
(``REFERENCE``) is timed too, interleaved, and printed for information: what Textual itself costs for
such a frame, and so is the least any Textual app can cost for that frame (``LINE``: one Line-API
widget painting the same 47 lines, no work on Enter but a counter).  Prints each figure, the goal and a
verdict; exits 1 on a miss.  ``--rounds N`` plays the
first N rounds only (a quicker look); ``--events N`` sets the size of the undo game; ``--viewers N``
(default 20, 0: skip) how many players follow the table through ``companion share`` while the host
plays, compared with the same game alone. ``--detail`` prints every key's time (what was typed, in ms);
``--lang L`` measures one language only; ``--profile FILE`` runs the companion under cProfile and writes
its statistics to FILE.<lang> (the figures are then not comparable).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptyterm import KEYS, Pty, percentile  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Ava", "Ben", "Chen", "Dara", "Eli", "Farah", "Gus", "Hana"]
ROUNDS = [
    ["15", "3", "relic", "snake", "7", "leave:1,2", "11", "leave:3", "spider", "snake"],
    ["17", "leave:1,2,3,4", "9", "lava", "leave:5,6,7,8"],
    ["1", "2", "3", "4", "5", "leave:1", "spider", "rockfall", "leave:2,3", "ram", "spider"],
    ["14", "13", "leave:1,2,3,4,5,6,7", "lava", "lava"],
    ["11", "7", "relic", "leave:8", "5", "leave:1,2,3,4,5,6,7"],
]
GOAL_P95 = 0.016
GOAL_RATIO = 1.5
FLOOR: dict[str, list[float]] = {}  # the information apps' times (REFERENCE, LINE), when measured
GOAL_SHARED = 1.25  # the host's median with players following the table, against the same run without

BARE = """
from textual.app import App
from textual.widgets import Input, Label
class Bare(App):
    def compose(self):
        yield Label("ready", id="out")
        yield Input(id="in")
    def on_input_submitted(self, event):
        self.query_one("#out", Label).update("got " + event.value)
        event.input.value = ""
Bare().run()
"""

# The floor (for information): a stock Textual app of the game screen's shape -- two columns of panels
# (Static widgets, 47 lines in all, as many as the 8-player Diamant screen shows) over one Input --
# whose every panel says something new on each Enter, as a card changes the path, odds, deck, players,
# log and explanation.  What stock Textual costs to repaint that much, measured the same way.
REFERENCE = """
from textual.app import App
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Static
LEFT, RIGHT = (("path", 6), ("odds", 13), ("deck", 5)), (("players", 16), ("log", 5), ("explain", 2))
class Reference(App):
    CSS = "VerticalScroll { width: 1fr; } Static { margin-bottom: 1; }"
    AUTO_FOCUS = "#in"
    def compose(self):
        self.count = 0
        with Horizontal():
            for column in (LEFT, RIGHT):
                with VerticalScroll():
                    for name, lines in column:
                        yield Static(self.say(name, lines), id=name)
        yield Input(id="in")
    def say(self, name, lines):
        said = f"card {self.count}, {self.count * 7 % 13} of 26 cards"
        return "\\n".join(f"{name} line {i + 1}: {said}" for i in range(lines))
    def on_input_submitted(self, event):
        self.count += 1
        for column in (LEFT, RIGHT):
            for name, lines in column:
                self.query_one("#" + name, Static).update(self.say(name, lines))
        event.input.value = ""
Reference().run()
"""

# The least (for information): the same 47 lines, two columns of them, painted by one Line-API widget
# (Textual's fastest way to paint text: no widget per panel, no layout, no styles per panel), every line
# saying something new on each Enter, and nothing else done.  No app that shows this screen's changes
# through Textual can cost less a key.
LINE = """
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input
class Lines(Widget):
    DEFAULT_CSS = "Lines { height: 1fr; }"
    count = 0
    def render_line(self, y):
        if y >= 24:
            return Strip.blank(self.size.width)
        said = f"card {self.count}, {self.count * 7 % 13} of 26 cards"
        half = self.size.width // 2
        left = f" left line {y + 1}: {said}".ljust(half)[:half]
        right = (f" right line {y + 1}: {said}" if y < 23 else "").ljust(self.size.width - half)
        return Strip([Segment(left, Style(color="yellow")), Segment(right[:self.size.width - half])])
class Line(App):
    AUTO_FOCUS = "#in"
    def compose(self):
        yield Lines()
        yield Input(id="in")
    def on_input_submitted(self, event):
        lines = self.query_one(Lines)
        lines.count += 1
        lines.refresh()
        event.input.value = ""
Line().run()
"""
INFO_APPS = {"reference": REFERENCE, "line": LINE}


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (home / var).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / var)
    env.update(HOME=str(home), TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8",
               PYTHONPATH=str(ROOT), COMPANION_LANG=lang)
    return env


class Viewers:
    """``companion share`` on the journal and ``n`` players' pages following its stream (loopback only)."""

    def __init__(self, journal: Path, n: int, env: dict[str, str]) -> None:
        import subprocess
        import threading
        import urllib.request

        self.server = subprocess.Popen([sys.executable, "-m", "companion", "share", str(journal)], env=env,
                                       cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.server.stdout is not None
        url = self.server.stdout.readline().strip()
        self.received = [0] * n
        self._stop = threading.Event()

        def follow(index: int) -> None:
            try:
                with urllib.request.urlopen(url + "stream?lang=en", timeout=60) as stream:
                    for line in stream:
                        if self._stop.is_set():
                            return
                        if line.startswith(b"data:"):
                            self.received[index] += 1
            except OSError:
                return

        self.threads = [threading.Thread(target=follow, args=(i,), daemon=True) for i in range(n)]
        for thread in self.threads:
            thread.start()

    def close(self) -> None:
        self._stop.set()
        self.server.terminate()
        self.server.wait(10)


PROFILED = """
import cProfile, os, runpy, signal, sys
profile = cProfile.Profile()
out = sys.argv[1]
def stop(*_args):
    profile.disable()
    profile.dump_stats(out)
    os._exit(0)
signal.signal(signal.SIGTERM, stop)
sys.argv = [sys.argv[0]] + sys.argv[2:]
profile.enable()
runpy.run_module("companion", run_name="__main__", alter_sys=True)
"""
OPTIONS: dict[str, str | bool] = {}


def _companion(home: Path, lang: str) -> list[str]:
    """The command that runs the companion (under cProfile with ``--profile``)."""
    profile = OPTIONS.get("profile")
    if isinstance(profile, str):
        (home / "profiled.py").write_text(PROFILED)
        return [sys.executable, str(home / "profiled.py"), f"{profile}.{lang}", "tui"]
    return [sys.executable, "-m", "companion", "tui"]


def run(lang: str, rounds: int, viewers: int = 0, reference: bool = False) -> tuple[list[float], list[float]]:
    """The companion's and the bare app's times, key by key; with ``reference`` the stock-Textual
    reference app is timed too, interleaved, into :data:`FLOOR`."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        journal = home / "game.jsonl"
        journal.write_text(json.dumps({"journal": "companion", "version": 1, "game": "diamant",
                                       "ruleset": "diamant", "players": PLAYERS,
                                       "started": "2026-12-01T10:00:00Z"}) + "\n")
        (home / "bare.py").write_text(BARE)
        watching = Viewers(journal, viewers, _env(home / "share", lang)) if viewers else None
        ours = Pty(_companion(home, lang) + ["--lang", lang, "--resume", str(journal)],
                   _env(home / "ours", lang), cwd=str(ROOT))
        bare = Pty([sys.executable, str(home / "bare.py")], _env(home / "bare", lang), cwd=str(ROOT))
        info: dict[str, Pty] = {}
        if reference:
            for name, source in INFO_APPS.items():
                (home / f"{name}.py").write_text(source)
                info[name] = Pty([sys.executable, str(home / f"{name}.py")], _env(home / name, lang), cwd=str(ROOT))
                FLOOR[name] = []
        ours_times: list[float] = []
        bare_times: list[float] = []
        try:
            ours.drain(4.0)
            bare.drain(1.0)
            for app in info.values():
                app.drain(1.0)
            for round_steps in ROUNDS[:rounds]:
                for step in round_steps:
                    if step.startswith("leave:"):
                        ours.send(KEYS["ctrl+l"])
                        ours.wait_quiet(0.1)
                        ours.send("".join(step[6:].split(",")))
                    else:
                        ours.send(step)
                    bare.send(step)
                    ours.wait_quiet(0.1)
                    bare.wait_quiet(0.1)
                    ours_times.append(ours.key_to_frame(KEYS["enter"]))
                    bare_times.append(bare.key_to_frame(KEYS["enter"]))
                    for name, app in info.items():
                        app.send(step)
                        app.wait_quiet(0.1)
                        FLOOR[name].append(app.key_to_frame(KEYS["enter"]))
                    if OPTIONS.get("detail"):
                        frames = " ".join(f"{t * 1000:.0f}{'*' if changed else ''}" for t, changed in ours.frames)
                        print(f"    {lang} {step:18} {ours_times[-1] * 1000:6.1f} ms "
                              f"(bare {bare_times[-1] * 1000:5.1f}) frames at {frames} (*: changed)")
                # The round is over and its summary is open: the host closes it (not timed).
                ours.send(KEYS["escape"])
                ours.wait_quiet(0.2)
        finally:
            ours.close()
            bare.close()
            for app in info.values():
                app.close()
            if watching is not None:
                watching.close()
                if min(watching.received) < 2:
                    raise SystemExit(f"the viewers received {min(watching.received)} states: the share view failed")
        journal_events = len(journal.read_text().splitlines()) - 1
        expected = sum(len(r) for r in ROUNDS[:rounds])
        if journal_events != expected:
            raise SystemExit(f"{lang}: the journal has {journal_events} events, {expected} were typed")
    return ours_times, bare_times


def run_undo(events: int, presses: int = 12) -> tuple[list[float], list[float]]:
    """Ctrl+Z and Ctrl+Y, alternately, on a resumed Shifting Stones game of ``events`` events in force."""
    from replay_scale import _line, stones_events

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        journal = home / "long.jsonl"
        header, played = stones_events(events)
        with journal.open("w", encoding="utf-8") as fh:
            fh.write(_line(header))
            fh.writelines(_line(e) for e in played)
        (home / "bare.py").write_text(BARE)
        ours = Pty(_companion(home, "undo") + ["--lang", "en", "--resume", str(journal)],
                   _env(home / "ours", "en"), cwd=str(ROOT))
        bare = Pty([sys.executable, str(home / "bare.py")], _env(home / "bare", "en"), cwd=str(ROOT))
        ours_times: list[float] = []
        bare_times: list[float] = []
        try:
            ours.wait_for("Turn", timeout=120)  # the resumed game is on screen
            ours.drain(1.0)
            bare.drain(1.0)
            for index in range(presses):
                bare.send("x")
                bare.wait_quiet(0.1)
                ours_times.append(ours.key_to_frame(KEYS["ctrl+z" if index % 2 == 0 else "ctrl+y"]))
                bare_times.append(bare.key_to_frame(KEYS["enter"]))
                if OPTIONS.get("detail"):
                    print(f"    undo {index % 2 and 'ctrl+y' or 'ctrl+z'} {ours_times[-1] * 1000:6.1f} ms "
                          f"(bare {bare_times[-1] * 1000:5.1f})")
        finally:
            ours.close()
            bare.close()
    return ours_times, bare_times


def verdict(label: str, ours: list[float], bare: list[float]) -> bool:
    p95, bare_p95 = percentile(ours, 0.95), percentile(bare, 0.95)
    ratio = statistics.median(ours) / statistics.median(bare)
    ratio95 = p95 / bare_p95
    ok = p95 < GOAL_P95 and ratio95 <= GOAL_RATIO
    print(f"  {label:8} {len(ours)} keys: companion median {statistics.median(ours) * 1000:5.1f} ms, "
          f"p95 {p95 * 1000:5.1f} ms, max {max(ours) * 1000:5.1f} ms | bare median "
          f"{statistics.median(bare) * 1000:5.1f} ms, p95 {bare_p95 * 1000:5.1f} ms | ratio median "
          f"{ratio:.2f}, p95 {ratio95:.2f} -> {'met' if ok else 'MISSED'}")
    return ok


def main(argv: list[str]) -> int:
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else len(ROUNDS)
    events = int(argv[argv.index("--events") + 1]) if "--events" in argv else 100_000
    OPTIONS["detail"] = "--detail" in argv
    if "--profile" in argv:
        OPTIONS["profile"] = str(Path(argv[argv.index("--profile") + 1]).resolve())
    langs = [argv[argv.index("--lang") + 1]] if "--lang" in argv else ["en", "fa", "zh_Hant"]
    failed = False
    print(f"Enter -> last frame written, 8-player Diamant in a pty, {rounds} rounds; goal p95 < "
          f"{GOAL_P95 * 1000:.0f} ms and <= {GOAL_RATIO}x a bare Textual app measured interleaved")
    load = os.getloadavg()[0]
    for lang in langs:
        ours, bare = run(lang, rounds, reference=lang == langs[0])
        failed |= not verdict(lang, ours, bare)
        for name, said in (("reference", "a stock Textual app of the same shape repainting its 6 panels (47 lines)"),
                           ("line", "one Line-API widget painting the same 47 lines, doing nothing else (the least)")):
            times = FLOOR.get(name)
            if times:
                print(f"  {'':8} for information, in the same run: {said} on each Enter: median "
                      f"{statistics.median(times) * 1000:5.1f} ms, p95 {percentile(times, 0.95) * 1000:5.1f} ms, ratio "
                      f"to the bare app median {statistics.median(times) / statistics.median(bare):.2f}, p95 "
                      f"{percentile(times, 0.95) / percentile(bare, 0.95):.2f} (the companion against it: median "
                      f"{statistics.median(ours) / statistics.median(times):.2f}, p95 "
                      f"{percentile(ours, 0.95) / percentile(times, 0.95):.2f})")
        least = FLOOR.get("line")
        if least and percentile(least, 0.95) / percentile(bare, 0.95) > GOAL_RATIO:
            print(f"  {'':8} (the least app's own p95 is over {GOAL_RATIO}x the bare app's: no Textual app that paints "
                  f"these lines can meet the ratio in this run)")
        FLOOR.clear()
    viewers = int(argv[argv.index("--viewers") + 1]) if "--viewers" in argv else 20
    if viewers:
        alone, _bare = run("en", rounds)
        shared, _bare = run("en", rounds, viewers)
        change = statistics.median(shared) / statistics.median(alone)
        ok = change <= GOAL_SHARED
        failed |= not ok
        print(f"  en with {viewers} players following the table (companion share): median "
              f"{statistics.median(shared) * 1000:5.1f} ms against {statistics.median(alone) * 1000:5.1f} ms alone, "
              f"x{change:.2f} (goal <= x{GOAL_SHARED}: the host's screen unchanged) -> {'met' if ok else 'MISSED'}")
    if events <= 0:
        print(f"load average at the start: {load:.2f}; verdict: {'MISSED' if failed else 'met'}")
        return 1 if failed else 0
    print(f"Ctrl+Z / Ctrl+Y -> last frame on a {events:,}-event Shifting Stones game, same goal")
    failed |= not verdict("undo", *run_undo(events))
    print(f"load average at the start: {load:.2f}; verdict: {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
