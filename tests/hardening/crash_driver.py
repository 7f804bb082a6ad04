"""The crash harness: play a random legal game, stop inside a chosen write, SIGKILL it there, then check.

Two halves share this module:

* **The child** (``python crash_driver.py FOLDER GAME PRESET SEED LENGTH MODE ...``) creates a journal
  through :class:`companion.session.Session` in ``FOLDER/games`` and plays :func:`plan` into it.  Before
  it starts it wraps the file operations of *this process* (``os.write``/``pwrite``/``writev``,
  ``os.fsync``/``fdatasync``, ``os.rename``/``replace``/``link``, ``os.ftruncate``/``truncate``, an
  ``os.open`` that creates a file, and files opened for writing through ``open``/``io.open``/``os.fdopen``,
  whose buffered writes are routed through the wrapped ``os.write``) -- only for files under
  ``FOLDER/games``; the library is never patched.  Step 0 is the creation of the journal, step *n* the
  *n*-th event.  Modes:

  - ``trace``: print ``OP step op name`` for every operation and play to the end;
  - ``kill STEP OP PHASE``: at operation ``OP`` of step ``STEP`` print ``AT step op name phase`` and stop
    with ``SIGSTOP`` *inside* the operation -- ``before`` it, ``mid`` (a write of half its bytes done) or
    ``after`` it (done, not yet returned); the parent sees the process stopped and SIGKILLs it there;
  - ``lie STEP OP PHASE``: the same, but ``ACK`` is printed *before* each event is applied (a broken
    program for the harness's own test: it must report the lost event).

  It prints ``CREATED`` once ``Session.new`` returned, ``ACK n`` once event *n* returned from
  ``apply``/``undo``/``redo``, and ``DONE`` at the end.

* **The parent** (:func:`kill_run`, :func:`campaign`, used by ``test_crash_safety.py``,
  ``test_crash_tui.py`` and ``bench/crash_loop.py``) traces a seed, aims kills at the operations of the
  header, of ordinary events, of round (turn) ends, of undos and of redos, and after each kill checks the
  journal: whole or absent, every acknowledged event there and nothing beyond the one in flight, it
  replays, ``Session.resume`` gives the same state and one more event applies.  :class:`Tally` counts
  kills, kills that landed mid-write, acknowledged events, events lost and journals unreadable.
"""

from __future__ import annotations

import builtins
import io
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.errors import CompanionError, RuleError  # noqa: E402
from companion.games import get  # noqa: E402
from companion.journal import Header, new_header  # noqa: E402

PLAYERS = ("Ava", "Ben", "Chen", "Dee", "Eli", "Fay")
STARTED = "2026-11-29T20:00:00Z"
# Every built-in game and set-up: each Diamant ruleset, Shifting Stones standard and solo, Death Valley
# standard, backseat and solo (and the harder robot).
CONFIGS: tuple[tuple[str, str], ...] = (
    ("diamant", "diamant"), ("diamant", "diamant-classic"), ("diamant", "incan-gold"), ("diamant", "house-001"),
    ("shifting_stones", "standard"), ("shifting_stones", "solo"),
    ("death_valley", "standard"), ("death_valley", "backseat"), ("death_valley", "solo"),
    ("death_valley", "solo-hard"),
)
GAMES = ("diamant", "shifting_stones", "death_valley")
CATEGORIES = ("header", "event", "round_end", "undo", "redo")
PHASES = {"write": ("before", "mid", "after")}  # every other operation: before or after
GAMES_FOLDER = "games"


# -- the games: legal random event sequences, asked of the engines ---------------------------------
@dataclass(frozen=True)
class Planned:
    """Event ``n`` of a plan: the event, what kind of write it is, and the state once it is in force."""

    event: dict[str, Any]
    category: str  # "event" | "round_end" | "undo" | "redo"
    state: Any


def preset_of(game: str, preset_id: str) -> Any:
    for preset in get(game).presets():
        if preset.id == preset_id:
            return preset
    raise LookupError(f"{game} has no preset {preset_id!r}")


def players_for(game: str, preset_id: str, seed: int) -> tuple[str, ...]:
    low, high = preset_of(game, preset_id).players
    return PLAYERS[:random.Random(seed).randint(low, min(high, len(PLAYERS)))]


def header_for(game: str, preset_id: str, seed: int) -> Header:
    preset = preset_of(game, preset_id)
    header = new_header(game, preset.ruleset, players_for(game, preset_id, seed), **dict(preset.header))
    return type(header)(**{**header.__dict__, "started": STARTED, "raw": {**header.raw, "started": STARTED}})


def _diamant_candidates(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    from companion.games.diamant.engine import decision_error, deck, round_view

    view = round_view(state)
    contents = deck(view)
    cards = [("treasure", v) for v in sorted(contents["treasure"].elements())]
    cards += [("hazard", h) for h in sorted(contents["hazard"].elements())] + [("relic", 0)] * contents["relic"]
    rng.shuffle(cards)
    draws = []
    for kind, value in cards[:6]:
        event: dict[str, Any] = {"event": "draw", "card": kind}
        if kind == "treasure":
            event["value"] = value
        elif kind == "hazard":
            event["hazard"] = value
        elif view.rules.printed_relics:
            event["value"] = rng.choice((5, 10))
        draws.append(event)
    leaves = []
    if decision_error(state) is None:
        cave = list(state.cave)
        leavers = set(rng.sample(cave, rng.randint(1, len(cave))))
        leaves = [{"event": "leave", "players": [p for p in state.players if p in leavers]}]  # seat order
    return leaves + draws if leaves and rng.random() < 0.35 else draws + leaves


_LAYOUT_TILES = (("sun", "moon"),) + (("fish", "bird"),) * 2 + (("horse", "boat"),) * 3 + (("seed", "tree"),) * 3


def _stones_layout(rng: random.Random) -> dict[str, Any]:
    tiles = list(_LAYOUT_TILES)
    rng.shuffle(tiles)
    faces = [rng.choice(tile) for tile in tiles]
    return {"event": "layout", "grid": " / ".join(" ".join(faces[r * 3:r * 3 + 3]) for r in range(3))}


def _stones_candidates(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    from companion.games.shifting_stones.library import BUILTIN, read_cards

    if state.grid is None:
        return [_stones_layout(rng)]
    grid = state.grid
    cells = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    scores = [{"event": "score", "pattern": card.pattern.text, "points": card.points}
              for card in _library(read_cards, BUILTIN) if card.pattern.matches(grid)]
    rng.shuffle(scores)
    r, c = rng.randint(1, 3), rng.randint(1, 2)  # a two-stone pattern cut from the grid itself
    scores.append({"event": "score", "pattern": f"{grid[r - 1][c - 1]} {grid[r - 1][c]}",
                   "points": rng.choice((1, 2, 3, 5))})
    a = rng.choice(cells)
    b = rng.choice([x for x in cells if abs(x[0] - a[0]) + abs(x[1] - a[1]) == 1])
    actions = {
        "score": scores[:3], "shift": [{"event": "shift", "a": list(a), "b": list(b)}],
        "flip": [{"event": "flip", "at": list(rng.choice(cells))}], "end_turn": [{"event": "end_turn"}],
        "pass": [{"event": "pass"}], "layout": [_stones_layout(rng)],
    }
    weights = {"score": 5, "shift": 3, "flip": 2, "end_turn": 3, "pass": 1, "layout": 0.2}
    order = sorted(actions, key=lambda k: rng.random() ** (1 / weights[k]), reverse=True)
    return [event for kind in order for event in actions[kind]]


_LIBRARY: list[Any] = []


def _library(read_cards: Callable[..., list[Any]], path: Path) -> list[Any]:
    if not _LIBRARY:
        _LIBRARY.extend(read_cards(path, "builtin"))
    return _LIBRARY


def _valley_candidates(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    from companion.games.death_valley.catalog import CARD_IDS, MAX_STARS
    from companion.games.death_valley.engine import choices, ordered

    now = choices(state)
    stars = {"event": "stars", "card": rng.choice(CARD_IDS), "stars": rng.randint(0, MAX_STARS)}
    if now.over:
        return [stars]
    if now.reveal:
        return [{"event": "reveal", "card": rng.choice(now.reveal)}]
    deck = ordered(state.deck)
    if now.robot is not None:
        if now.robot.takes_deck:
            return [{"event": "robot", "card": rng.choice([c for c in deck if c != now.robot.faceup] or deck)}]
        return [{"event": "robot"}]
    out: list[dict[str, Any]] = []
    if now.faceup:
        out.append({"event": "travel", "card": now.faceup, "source": "faceup"})
    if now.deck and deck:
        out.append({"event": "travel", "card": rng.choice(deck), "source": "deck"})
    if now.give_to and now.faceup:
        out.append({"event": "travel", "card": now.faceup, "source": "faceup", "to": now.give_to})
    if now.rest:
        card = rng.choice(now.rest)
        rest: dict[str, Any] = {"event": "rest", "card": card}
        others = [c for c in now.rest if c != card]
        if others and rng.random() < 0.3:
            rest["tuck"] = [rng.choice(others)]
        out.append(rest)
    rng.shuffle(out)
    journey = state.journeys[state.active]
    if now.move and journey and rng.random() < 0.15:
        out.insert(0, {"event": "move", "card": rng.choice(journey), "from": f"journey:{state.active}",
                       "to": "discard"})
    if now.end_turn:
        out.insert(0 if rng.random() < 0.7 else len(out), {"event": "end_turn"})
    if rng.random() < 0.05:
        out.insert(0, stars)
    return out + [stars]


CANDIDATES: dict[str, Callable[[Any, random.Random], list[dict[str, Any]]]] = {
    "diamant": _diamant_candidates, "shifting_stones": _stones_candidates, "death_valley": _valley_candidates,
}


def _finished(state: Any) -> bool:
    return bool(getattr(state, "finished", False))


def plan(game: str, preset_id: str, seed: int, length: int) -> tuple[Header, list[Planned]]:
    """The header and up to ``length`` events for ``seed``: each one accepted by the engine where it stands.

    Undo and redo are mixed in (a redo only straight after undos, as the journal allows); an event is
    a ``round_end`` when the game's ``period_end`` says it closes a round (Diamant) or a turn.
    """
    from companion.session import Step

    header = header_for(game, preset_id, seed)
    engine = get(game)
    rng = random.Random(f"{game}/{preset_id}/{seed}")
    states = [engine.start(header)]
    undone: list[Any] = []
    out: list[Planned] = []
    while len(out) < length:
        r = rng.random()
        if _finished(states[-1]):  # the end: take the last event back and bring it again, then stop
            undone.append(states.pop())
            out.append(Planned({"event": "undo"}, "undo", states[-1]))
            states.append(undone.pop())
            out.append(Planned({"event": "redo"}, "redo", states[-1]))
            break
        if len(states) > 1 and r < 0.07:
            undone.append(states.pop())
            out.append(Planned({"event": "undo"}, "undo", states[-1]))
            continue
        if undone and r < 0.55:
            states.append(undone.pop())
            out.append(Planned({"event": "redo"}, "redo", states[-1]))
            continue
        for event in CANDIDATES[game](states[-1], rng):
            try:
                state, outcome = engine.apply(states[-1], event)
            except RuleError:
                continue
            kind = "round_end" if engine.period_end(Step(event, state, outcome)) is not None else "event"
            states.append(state)
            undone.clear()
            out.append(Planned(event, kind, state))
            break
        else:
            raise AssertionError(f"{game}/{preset_id} seed {seed}: no candidate event is legal at {len(out)}")
    return header, out


# -- the child: file operations that announce themselves and stop inside ---------------------------
class Trap:
    """Counts this process's file operations under ``folder`` per step; stops inside the chosen one."""

    def __init__(self, folder: Path, *, trace: bool = False, kill: tuple[int, int, str] | None = None) -> None:
        self.prefix = os.path.realpath(folder)
        self.trace = trace
        self.kill = kill
        self.step = 0
        self.op = 0
        self._real: dict[str, Any] = {}

    # -- which files are ours
    def _path_ours(self, path: Any, dir_fd: int | None = None) -> bool:
        if isinstance(path, int):
            return self._fd_ours(path)
        try:
            text = os.fsdecode(path)
        except TypeError:
            return False
        if dir_fd is not None and not os.path.isabs(text):
            return self._fd_ours(dir_fd)
        where = os.path.realpath(os.path.dirname(os.path.abspath(text)))
        return where == self.prefix or where.startswith(self.prefix + os.sep)

    def _fd_ours(self, fd: int) -> bool:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return False
        return target == self.prefix or target.startswith(self.prefix + os.sep)

    # -- the operation counter
    def set_step(self, step: int) -> None:
        self.step, self.op = step, 0

    def hit(self, name: str) -> str | None:
        """Count one operation; the phase to stop in when it is the chosen one, else ``None``."""
        op = self.op
        self.op += 1
        if self.trace:
            print(f"OP {self.step} {op} {name}", flush=True)
        if self.kill is None or (self.step, op) != self.kill[:2]:
            return None
        phase = self.kill[2]
        if phase not in PHASES.get(name, ("before", "after")):
            phase = "before"
        self._at = f"AT {self.step} {op} {name} {phase}"
        return phase

    def stop(self) -> None:
        """Say where we are, then stop: the parent SIGKILLs a stopped process, so we die right here."""
        print(self._at, flush=True)
        # at this thread (the journal's syncer may be the one stopping): a SIGSTOP sent to the process
        # from another thread lands a moment later, by when this one has gone past the operation
        signal.pthread_kill(threading.get_ident(), signal.SIGSTOP)
        os._exit(97)  # continued instead of killed: the parent's bug, never a pass

    def around(self, name: str, call: Callable[[], Any], phase: str | None) -> Any:
        if phase == "before":
            self.stop()
        result = call()
        if phase is not None:
            self.stop()
        return result

    # -- the wrappers
    def install(self) -> None:
        real = self._real = {name: getattr(os, name) for name in (
            "write", "pwrite", "writev", "fsync", "fdatasync", "rename", "replace", "link", "ftruncate",
            "truncate", "open") if hasattr(os, name)}
        real["io_open"] = io.open
        trap = self

        def write(fd: int, data: Any) -> int:
            if not trap._fd_ours(fd):
                return int(real["write"](fd, data))
            phase = trap.hit("write")
            if phase == "mid":
                view = memoryview(data).cast("B")
                if len(view) >= 2:
                    real["write"](fd, view[:len(view) // 2])
                trap.stop()
            return int(trap.around("write", lambda: real["write"](fd, data), phase))

        def fd_op(name: str, kind: str) -> Callable[..., Any]:
            def wrapper(fd: int, *args: Any) -> Any:
                if not trap._fd_ours(fd):
                    return real[name](fd, *args)
                return trap.around(kind, lambda: real[name](fd, *args), trap.hit(kind))
            return wrapper

        def path_op(name: str, kind: str) -> Callable[..., Any]:
            def wrapper(src: Any, *args: Any, **kwargs: Any) -> Any:
                if not (trap._path_ours(src, kwargs.get("src_dir_fd"))
                        or (args and trap._path_ours(args[0], kwargs.get("dst_dir_fd")))):
                    return real[name](src, *args, **kwargs)
                return trap.around(kind, lambda: real[name](src, *args, **kwargs), trap.hit(kind))
            return wrapper

        def open_(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
            creates = bool(flags & os.O_CREAT) and trap._path_ours(path, dir_fd) and not os.path.exists(
                path if dir_fd is None else f"/proc/self/fd/{dir_fd}/{os.fsdecode(path)}")
            if not creates:
                return int(real["open"](path, flags, mode, dir_fd=dir_fd))
            return int(trap.around("create", lambda: real["open"](path, flags, mode, dir_fd=dir_fd),
                                   trap.hit("create")))

        class TrappedRaw(io.FileIO):
            def write(self, data: Any) -> int:
                return write(self.fileno(), data)

        def file_open(file: Any, mode: str = "r", buffering: int = -1, encoding: str | None = None,
                      errors: str | None = None, newline: str | None = None, closefd: bool = True,
                      opener: Any = None) -> Any:
            writes = any(c in mode for c in "wax+")
            if not writes or not (trap._fd_ours(file) if isinstance(file, int) else trap._path_ours(file)):
                return real["io_open"](file, mode, buffering, encoding, errors, newline, closefd, opener)
            raw_mode = mode.replace("b", "").replace("t", "")
            make = lambda: TrappedRaw(file, raw_mode, closefd=closefd, opener=opener)  # noqa: E731
            if not isinstance(file, int) and not os.path.exists(file) and "r" not in raw_mode:
                raw = trap.around("create", make, trap.hit("create"))
            else:
                raw = make()
            if buffering == 0 and "b" in mode:
                return raw
            size = buffering if buffering > 1 else io.DEFAULT_BUFFER_SIZE
            buffered = io.BufferedRandom(raw, size) if "+" in mode else io.BufferedWriter(raw, size)
            if "b" in mode:
                return buffered
            return io.TextIOWrapper(buffered, encoding or "utf-8", errors, newline, line_buffering=buffering == 1)

        os.write = write
        for name in ("pwrite", "writev"):
            if name in real:
                setattr(os, name, fd_op(name, "write"))
        for name, kind in (("fsync", "fsync"), ("fdatasync", "fsync"), ("ftruncate", "truncate")):
            setattr(os, name, fd_op(name, kind))
        for name, kind in (("rename", "rename"), ("replace", "rename"), ("link", "link"),
                           ("truncate", "truncate")):
            setattr(os, name, path_op(name, kind))
        os.open = open_
        io.open = builtins.open = file_open


def child_args(argv: list[str]) -> tuple[Path, str, str, int, int, str, tuple[int, int, str] | None]:
    folder, game, preset_id, seed, length, mode, *rest = argv
    target = (int(rest[0]), int(rest[1]), rest[2]) if mode in ("kill", "lie") else None
    return Path(folder), game, preset_id, int(seed), int(length), mode, target


def main(argv: list[str]) -> None:
    from companion.session import Session

    folder, game, preset_id, seed, length, mode, target = child_args(argv)
    header, events = plan(game, preset_id, seed, length)
    trap = Trap(folder / GAMES_FOLDER, trace=mode == "trace", kill=target)
    trap.install()
    session = Session.new(header, folder / GAMES_FOLDER / f"{game}.jsonl")
    print("CREATED", flush=True)
    for n, planned in enumerate(events, 1):
        trap.set_step(n)
        if mode == "lie":
            print(f"ACK {n}", flush=True)
        kind = planned.event["event"]
        if kind == "undo":
            session.undo()
        elif kind == "redo":
            session.redo()
        else:
            session.apply(planned.event)
        if session.pending:  # the disk refused it: not acknowledged
            raise SystemExit(f"event {n} was not written: {session.save_error}")
        print(f"ACK {n}", flush=True)
    session.close()
    print("DONE", flush=True)


# -- the parent: aim, kill, check ------------------------------------------------------------------
@dataclass
class Tally:
    """What a campaign of kills found, for one game through one surface."""

    kills: int = 0          # runs aimed at a write (every run is aimed)
    landed: int = 0         # the child was stopped inside the write it announced when SIGKILL came
    acked: int = 0          # acknowledged events, summed over the runs
    lost: int = 0           # acknowledged events missing after the kill
    unapplied: int = 0      # events in the journal that were never applied (beyond the one in flight)
    unreadable: int = 0     # journals that no longer load (a torn header included)
    torn_headers: int = 0   # of those: a kill while the journal was created left an empty/half file
    continued: int = 0      # runs where the resumed game took one more event
    absent: int = 0         # runs killed before the journal existed (nothing to go on with: correct)
    by_category: dict[str, int] = field(default_factory=dict)
    by_op: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("kills", "landed", "acked", "lost", "unapplied", "unreadable", "torn_headers", "continued",
                     "absent"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in ((self.by_category, other.by_category), (self.by_op, other.by_op)):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        self.failures += other.failures

    @property
    def landed_share(self) -> float:
        return self.landed / self.kills if self.kills else 0.0


@dataclass(frozen=True)
class Driver:
    """How to start a child: ``command(folder, game, preset, seed, length, mode, *target)``."""

    name: str
    module: str
    timeout: float = 60.0

    def command(self, *args: Any) -> list[str]:
        return [sys.executable, "-m", self.module, *[str(a) for a in args]]


SESSION = Driver("session", "tests.hardening.crash_driver")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _run(driver: Driver, folder: Path, args: list[Any], on_line: Callable[[str, subprocess.Popen[str]], bool],
         ) -> tuple[list[str], int | None, str]:
    """Run a child; ``on_line`` sees each stdout line and returns True to stop reading."""
    folder.mkdir(parents=True, exist_ok=True)
    err_path = folder / "child.stderr"
    with open(err_path, "w") as err:
        proc = subprocess.Popen(driver.command(folder, *args), cwd=ROOT, env=_env(), stdout=subprocess.PIPE,
                                stderr=err, text=True)
        lines: queue.Queue[str | None] = queue.Queue()

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.put(line.rstrip("\n"))
            lines.put(None)

        reader = threading.Thread(target=pump, daemon=True)
        reader.start()
        seen: list[str] = []
        deadline = time.monotonic() + driver.timeout
        try:
            while True:
                try:
                    line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
                except queue.Empty:
                    seen.append("TIMEOUT")
                    break
                if line is None:
                    break
                seen.append(line)
                if on_line(line, proc):
                    break
        finally:
            if proc.poll() is None:
                proc.kill()
            rc = proc.wait(timeout=30)
            reader.join(timeout=5)
    return seen, rc, err_path.read_text(errors="replace")[-2000:]


def trace(driver: Driver, folder: Path, game: str, preset_id: str, seed: int, length: int) -> dict[int, list[str]]:
    """Step -> the names of its file operations, as the child performs them without a kill."""
    seen, rc, err = _run(driver, folder, [game, preset_id, seed, length, "trace"], lambda line, proc: False)
    if rc != 0 or "DONE" not in seen:
        raise AssertionError(f"trace of {game}/{preset_id} seed {seed} failed (rc {rc}): {err}")
    ops: dict[int, list[str]] = {}
    for line in seen:
        if line.startswith("OP "):
            _, step, op, name = line.split()
            ops.setdefault(int(step), []).append(name)
            assert len(ops[int(step)]) == int(op) + 1
    return ops


def _stop_seen(pid: int, timeout: float = 10.0) -> bool:
    """Wait until ``pid`` is stopped (it announced a stop); True when it is."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                state = fh.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        if state in ("T", "t"):
            return True
        if state in ("Z", "X"):
            return False
        time.sleep(0.001)
    return False


def journal_files(folder: Path) -> list[Path]:
    games = folder / GAMES_FOLDER
    return sorted(games.glob("*.jsonl")) if games.is_dir() else []


def kill_run(driver: Driver, folder: Path, game: str, preset_id: str, seed: int, length: int,
             target: tuple[int, int, str], category: str, *, lie: bool = False,
             check_header: Callable[[Header, Header], bool] | None = None) -> Tally:
    """One child, stopped and SIGKILLed inside operation ``target``; then everything is checked."""
    tally = Tally(kills=1, by_category={category: 1})
    landed: list[str] = []

    def on_line(line: str, proc: subprocess.Popen[str]) -> bool:
        if not line.startswith("AT "):
            return False
        if _stop_seen(proc.pid):
            landed.append(line)
        proc.send_signal(signal.SIGKILL)
        return True

    mode = "lie" if lie else "kill"
    seen, rc, err = _run(driver, folder, [game, preset_id, seed, length, mode, *target], on_line)
    where = f"{driver.name} {game}/{preset_id} seed {seed} kill at {target} ({category})"
    if landed and rc == -signal.SIGKILL:
        tally.landed = 1
        name = landed[0].split()[3]
        tally.by_op[name] = 1
    elif "DONE" in seen:
        tally.failures.append(f"{where}: missed, the driver had finished")
    else:
        tally.failures.append(f"{where}: not killed inside a write (rc {rc}, last {seen[-1:]}): {err}")
    acked = max([int(line.split()[1]) for line in seen if line.startswith("ACK ")], default=0)
    tally.acked = acked
    _check(tally, folder, game, preset_id, seed, length, acked, "CREATED" in seen, where, check_header)
    return tally


def _check(tally: Tally, folder: Path, game: str, preset_id: str, seed: int, length: int, acked: int,
           created: bool, where: str, check_header: Callable[[Header, Header], bool] | None) -> None:
    from companion.journal import read_journal
    from companion.session import Session, replay

    header, planned = plan(game, preset_id, seed, length)
    expected = [p.event for p in planned]
    files = journal_files(folder)
    if len(files) > 1:
        tally.failures.append(f"{where}: {len(files)} journals for one game: {[f.name for f in files]}")
    if not files:
        if created:
            tally.lost += acked
            tally.unreadable += 1
            tally.failures.append(f"{where}: the journal is gone after it was created")
        else:
            tally.absent += 1
        return  # a kill before the journal existed: absent is a correct outcome
    path = files[0]
    try:
        journal = read_journal(path)
    except CompanionError as exc:
        tally.unreadable += 1
        tally.lost += acked
        size = path.stat().st_size
        if not created:
            tally.torn_headers += 1
        tally.failures.append(f"{where}: journal unreadable ({exc.code}, {size} bytes, "
                              f"{'after' if created else 'while'} creating it)")
        return
    if check_header is None:
        if journal.header != header:
            tally.failures.append(f"{where}: the header differs: {journal.header!r}")
    elif not check_header(journal.header, header):
        tally.failures.append(f"{where}: the header differs: {journal.header!r}")
    written = [entry.event for entry in journal.entries]
    k = len(written)
    if written != expected[:k]:
        first = next(i for i, (a, b) in enumerate(zip(written, expected)) if a != b) if k <= len(expected) else k
        tally.failures.append(f"{where}: event {first + 1} in the journal is not the one applied")
        tally.unapplied += k - first
        tally.lost += max(0, acked - first)
        return
    if k < acked:
        tally.lost += acked - k
        tally.failures.append(f"{where}: {acked - k} acknowledged event(s) lost ({k} of {acked} in the journal)")
    if k > acked + 1:
        tally.unapplied += k - acked - 1
        tally.failures.append(f"{where}: {k - acked - 1} event(s) in the journal that were never applied")
    try:
        state, _ = replay(journal)
        if k and state != planned[k - 1].state:
            tally.failures.append(f"{where}: the replayed state is not the state the game had")
        session = Session.resume(path)
        try:
            if session.state != state:
                tally.failures.append(f"{where}: resume and replay disagree")
            nxt = expected[k] if k < len(expected) else {"event": "undo"}
            if nxt["event"] == "undo":
                session.undo()
            elif nxt["event"] == "redo":
                session.redo()
            else:
                session.apply(nxt)
            if session.pending:
                raise OSError(str(session.save_error))
        finally:
            session.close()
        again = read_journal(path)
        if [e.event for e in again.entries] != written + [nxt]:
            tally.failures.append(f"{where}: the event after the resume is not in the journal")
        else:
            replay(again)
            tally.continued += 1
    except (CompanionError, OSError) as exc:
        tally.failures.append(f"{where}: the game cannot go on: {exc!r}")


def aim(ops: dict[int, list[str]], planned: list[Planned], category: str,
        rng: random.Random) -> tuple[int, int, str] | None:
    """A random operation of a random step of ``category`` (``None`` when the plan has no such step)."""
    steps = [0] if category == "header" else [n for n, p in enumerate(planned, 1) if p.category == category]
    steps = [s for s in steps if ops.get(s)]
    if not steps:
        return None
    step = rng.choice(steps)
    op = rng.randrange(len(ops[step]))
    return step, op, rng.choice(PHASES.get(ops[step][op], ("before", "after")))


def spread(game: str, kills: int, categories: tuple[str, ...],
           presets: Iterable[str] | None = None) -> dict[str, list[str]]:
    """``kills`` kills of ``game`` over its set-ups and the categories, every pair in turn: preset -> categories."""
    presets = list(presets) if presets is not None else [preset for g, preset in CONFIGS if g == game]
    out: dict[str, list[str]] = {preset: [] for preset in presets}
    for k in range(kills):
        out[presets[(k // len(categories) + k) % len(presets)]].append(categories[k % len(categories)])
    return out


Work = tuple[Path, str, int, tuple[int, int, str], str]


def _map(jobs: int, call: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    if jobs <= 1 or len(items) <= 1:
        return [call(item) for item in items]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(call, items))


def campaign(driver: Driver, base: Path, game: str, kills: int, length: int,
             categories: Iterable[str] = CATEGORIES, *, presets: Iterable[str] | None = None, jobs: int = 1,
             first_seed: int = 0, check_header: Callable[[Header, Header], bool] | None = None) -> Tally:
    """Exactly ``kills`` kills of ``game``, spread over its set-ups (or ``presets``) and ``categories``.

    Each seed is traced once (the operations of every step), then gives at most one kill per category;
    a category that a seed's game lacks is taken from the next seed.
    """
    categories = tuple(categories)
    work: list[Work] = []
    for preset, wanted in spread(game, kills, categories, presets).items():
        seed = first_seed
        while wanted:
            batch: list[int] = []  # seeds whose games have a step of a wanted kind (the plan is cheap)
            while len(batch) < max(1, -(-len(wanted) // len(categories))):
                if seed - first_seed > 50 + 10 * kills:
                    raise AssertionError(f"{game}/{preset}: no seed gives a {wanted[0]} to kill")
                planned = plan(game, preset, seed, length)[1]
                if "header" in wanted or {p.category for p in planned} & set(wanted):
                    batch.append(seed)
                seed += 1

            def traced(s: int, preset: str = preset) -> tuple[int, dict[int, list[str]]]:
                folder = base / f"{driver.name}-{game}-{preset}-{s}"
                return s, trace(driver, folder / "trace", game, preset, s, length)

            for s, ops in _map(jobs, traced, batch):
                _, planned = plan(game, preset, s, length)
                rng = random.Random(f"{s}/aim")
                for i, category in enumerate(dict.fromkeys(wanted)):
                    target = aim(ops, planned, category, rng)
                    if target is not None:
                        wanted.remove(category)
                        folder = base / f"{driver.name}-{game}-{preset}-{s}" / f"kill-{i}"
                        work.append((folder, preset, s, target, category))

    def one(item: Work) -> Tally:
        folder, preset, seed, target, category = item
        return kill_run(driver, folder, game, preset, seed, length, target, category, check_header=check_header)

    total = Tally()
    for result in _map(jobs, one, work):
        total.add(result)
    assert total.kills == kills, (total.kills, kills)
    return total


if __name__ == "__main__":
    main(sys.argv[1:])
