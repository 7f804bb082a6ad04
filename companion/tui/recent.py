"""The recent-games list: every journal in the user data folder, newest first, with its status.

A game that was not finished (quit, crashed, killed) is resumable; a journal that cannot be read is
listed with its error so that the host sees why.

Each entry says enough to tell games apart: the game and its preset (edition, mode), the players, the
round or turn reached (where the registry's ``period_end`` says periods end), the time of the last
change (the last event's ``at`` when it has one, else the file's modification time), and for a finished
game its winners.  Only regular files are read (never a FIFO or a device), each at most
:data:`REPLAY_BYTES` for a full description (a larger one is described from its header line), and a
description is kept per file while its size and modification time stay the same.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.games.base import Preset, Text

REPLAY_BYTES = 2 * 1024 * 1024  # a longer journal is listed from its header (opening it still reads it all)
HEADER_BYTES = 64 * 1024  # the header line of a journal is never longer (journal.MAX_LINE_BYTES)


@dataclass(frozen=True)
class RecentGame:
    path: Path
    modified: float
    game: str = ""
    ruleset: str = ""
    players: tuple[str, ...] = ()
    started: str | None = None
    finished: bool = False
    events: int = 0
    scores: dict[str, Any] = field(default_factory=dict)
    error: CompanionError | None = None
    preset: Text | None = None          # the preset's name (translated where it is shown), if one matches
    period: tuple[str, int] | None = None  # ("round", 3) or ("turn", 12): where the game stands
    winners: tuple[str, ...] = ()
    changed: float = 0.0                # the last change: the last event's time, else the file's mtime
    partial: bool = False               # too long to replay for the list: described from its header only

    @property
    def resumable(self) -> bool:
        return self.error is None and not self.finished


def games_dir(folder: Path | None = None) -> Path:
    if folder is None:
        from companion.paths import user_data_dir

        folder = user_data_dir()
    return Path(folder) / "games"


def new_journal_path(game: str, folder: Path | None = None, now: datetime | None = None) -> Path:
    """A fresh file name in the games folder: ``20261129-200000-diamant.jsonl`` (never an existing one)."""
    base = games_dir(folder)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    path = base / f"{stamp}-{game}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = base / f"{stamp}-{game}-{n}.jsonl"
    return path


def _event_time(event: dict[str, Any]) -> float | None:
    """An event's ``at`` when it is an ISO time (``at`` is also a grid cell in Shifting Stones)."""
    from companion.journal import parse_time

    when = parse_time(event.get("at"))
    return when.timestamp() if when is not None else None


class _Presets:
    """Each game's presets, read once per scan (Diamant reads its ruleset files for them)."""

    def __init__(self) -> None:
        self._found: dict[str, list[Preset]] = {}

    def of(self, header: Any) -> Preset | None:
        from companion.games import get

        if header.game not in self._found:
            try:
                self._found[header.game] = list(get(header.game).presets())
            except Exception:  # a game that cannot list its presets: no preset name
                self._found[header.game] = []
        return next((p for p in self._found[header.game] if p.matches(header)), None)


def _period(game: Any, steps: Sequence[Any], summary: dict[str, Any]) -> tuple[str, int]:
    """The round or turn reached: the one in play, or the last one of a finished game."""
    kind, ended, last_ended = "", 0, False
    for step in steps:
        label = game.period_end(step)
        last_ended = label is not None
        if label is not None:
            kind, ended = label[0], ended + 1
    if isinstance(summary.get("round"), int) and not isinstance(summary.get("round"), bool):
        return "round", summary["round"]
    if not kind:
        kind = "round" if "round" in summary else "turn"
    finished = bool(summary.get("finished"))
    return kind, max(1, ended if finished and last_ended else ended + 1)


def describe_one(path: Path, presets: _Presets | None = None, info: os.stat_result | None = None) -> RecentGame:
    from companion.games import get
    from companion.journal import read_journal
    from companion.session import replay

    presets = presets or _Presets()
    try:
        info = info or path.stat()
        modified = info.st_mtime
    except OSError:
        modified = 0.0
    if info is not None and info.st_size > REPLAY_BYTES:
        return _from_header(path, modified, presets)
    try:
        journal = read_journal(path)
        header = journal.header
        state, steps = replay(journal)
        game = get(header.game)
        summary = game.summary(state)
    except CompanionError as exc:
        return RecentGame(path, modified, error=exc, changed=modified)
    except ImportError as exc:  # a game whose engine is not installed
        return RecentGame(path, modified, changed=modified,
                          error=CompanionError("journal_header_unknown_game", line=1, value=str(exc.name)))
    changed = next((t for t in (_event_time(e.event) for e in reversed(journal.entries)) if t is not None),
                   modified)
    finished = bool(summary.get("finished"))
    winners = tuple(str(w) for w in summary.get("winners", ()) or ()) if finished else ()
    return RecentGame(path, modified, header.game, header.ruleset, header.players, header.started,
                      finished, len(steps), dict(summary.get("scores", {})),
                      preset=_preset_name(presets.of(header)), period=_period(game, steps, summary),
                      winners=winners, changed=changed)


def _preset_name(preset: Preset | None) -> Text | None:
    return preset.name if preset is not None else None


def _from_header(path: Path, modified: float, presets: _Presets) -> RecentGame:
    """A journal too long to replay for a list: what its first line says (read at most HEADER_BYTES)."""
    from companion.journal import parse_journal

    try:
        data = _head(path)
        cut = data.find(b"\n")
        header = parse_journal(data[:cut + 1] if cut >= 0 else data, path).header
    except (CompanionError, OSError) as exc:
        error = exc if isinstance(exc, CompanionError) else CompanionError(
            "journal_unreadable", path=str(path), reason=exc.strerror or str(exc))
        return RecentGame(path, modified, error=error, changed=modified)
    return RecentGame(path, modified, header.game, header.ruleset, header.players, header.started,
                      preset=_preset_name(presets.of(header)), changed=modified, partial=True)


def _head(path: Path) -> bytes:
    """The first :data:`HEADER_BYTES` of a regular file (never waits on a FIFO or a device)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        return os.read(fd, HEADER_BYTES)
    finally:
        os.close(fd)


_CACHE: dict[str, tuple[tuple[int, int, int], RecentGame]] = {}
_CACHE_LOCK = threading.Lock()


def scan(folder: Path | None = None, limit: int = 200) -> list[RecentGame]:
    """The newest ``limit`` journals of the games folder, newest first.

    Only regular ``*.jsonl`` files are listed; a description is reused while the file's size and
    modification time (and inode) are unchanged.
    """
    base = games_dir(folder)
    found: list[tuple[Path, os.stat_result]] = []
    try:
        with os.scandir(base) as entries:
            for entry in entries:
                if not entry.name.endswith(".jsonl"):
                    continue
                try:
                    info = entry.stat()  # follows a symbolic link: what it points to must be a regular file
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):
                    found.append((Path(entry.path), info))
    except OSError:
        return []
    found.sort(key=lambda item: item[1].st_mtime, reverse=True)
    presets = _Presets()
    listed = []
    for path, info in found[:limit]:
        key = (info.st_size, info.st_mtime_ns, info.st_ino)
        with _CACHE_LOCK:
            cached = _CACHE.get(str(path))
        if cached is not None and cached[0] == key:
            listed.append(cached[1])
            continue
        game = describe_one(path, presets, info)
        with _CACHE_LOCK:
            if len(_CACHE) > 4 * limit:
                _CACHE.clear()
            _CACHE[str(path)] = (key, game)
        listed.append(game)
    return listed
