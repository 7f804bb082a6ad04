"""The journal: JSON Lines, one header then one event per line, append-only and durable.

* :func:`read_journal` reads a file without ever writing to it.  An invalid line raises
  :class:`JournalError` naming the line and the reason -- except a damaged *last* line without its
  newline (a crash in the middle of a write), which is dropped with a warning: the valid prefix loads.
* :class:`JournalWriter` appends one event per call with ``flush`` + ``fsync`` before returning, so an
  event is on disk before any screen shows its effect.
* :func:`fold` applies the ``undo``/``redo`` events and returns the events that are in force.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import JournalError
from companion.fsutil import fsync_dir

FORMAT = "companion"
VERSION = 1
UNDO, REDO = "undo", "redo"


@dataclass(frozen=True)
class Header:
    game: str
    ruleset: str
    players: tuple[str, ...]
    started: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    folder: Path | None = field(default=None, compare=False, repr=False)  # where the journal file lives

    def get(self, key: str, default: Any = None) -> Any:
        """Any header key, including game-specific ones (``mode``, ``catalog``, ...)."""
        return self.raw.get(key, default)

    def to_json(self) -> dict[str, Any]:
        data = dict(self.raw)
        data.update(journal=FORMAT, version=VERSION, game=self.game, ruleset=self.ruleset,
                    players=list(self.players))
        if self.started:
            data["started"] = self.started
        if self.options:
            data["options"] = self.options
        return data


@dataclass(frozen=True)
class Entry:
    """One event line: its 1-based line number and its object."""

    line: int
    event: dict[str, Any]

    @property
    def kind(self) -> str:
        kind: str = self.event["event"]  # checked by the reader and the writer
        return kind


@dataclass(frozen=True)
class Warning_:
    code: str
    params: dict[str, Any]


@dataclass
class Journal:
    path: Path | None
    header: Header
    entries: list[Entry]
    warnings: list[Warning_] = field(default_factory=list)

    def effective(self) -> list[Entry]:
        """The events in force once ``undo``/``redo`` are applied."""
        return fold(self.entries)


def new_header(game: str, ruleset: str, players: Iterable[str], **extra: Any) -> Header:
    started = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    raw = {"journal": FORMAT, "version": VERSION, "game": game, "ruleset": ruleset,
           "players": list(players), "started": started, **extra}
    return parse_header(raw, line=1)


def parse_header(obj: Any, line: int = 1, folder: Path | None = None) -> Header:
    def bad(reason: str, **params: Any) -> JournalError:
        return JournalError(f"journal_header_{reason}", line=line, **params)

    if not isinstance(obj, dict) or obj.get("journal") != FORMAT:
        raise bad("not_a_journal")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise bad("bad_version", value=repr(version))
    if version > VERSION:
        raise bad("newer_version", value=version)
    game = obj.get("game")
    from companion.games import known  # the registry (imports no engine)

    if not known(game):
        raise bad("unknown_game", value=repr(game))
    ruleset = obj.get("ruleset", game)
    if not isinstance(ruleset, str) or not ruleset:
        raise bad("bad_ruleset", value=repr(ruleset))
    players = obj.get("players")
    if not isinstance(players, list) or not players:
        raise bad("no_players")
    check_player_names(players, line=line)
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise bad("bad_options")
    started = obj.get("started")
    return Header(game=game, ruleset=ruleset, players=tuple(players),
                  started=started if isinstance(started, str) else None, options=options, raw=dict(obj),
                  folder=folder)


def check_player_names(players: Iterable[Any], line: int | None = None) -> None:
    """Names are any non-empty text without control characters, unique in a game."""
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise JournalError("journal_bad_player", line=line, name=repr(name))
        if any(ord(c) < 32 or ord(c) == 127 for c in name):
            raise JournalError("journal_bad_player", line=line, name=repr(name))
        if name in seen:
            raise JournalError("journal_duplicate_player", line=line, name=name)
        seen.add(name)


def _parse_event(text: str, line: int) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise JournalError("journal_bad_json", line=line, column=getattr(exc, "colno", 1)) from None
    if not isinstance(obj, dict):
        raise JournalError("journal_not_object", line=line)
    kind = obj.get("event")
    if not isinstance(kind, str) or not kind:
        if obj.get("journal") == FORMAT:
            raise JournalError("journal_second_header", line=line)
        raise JournalError("journal_no_event", line=line)
    return obj


def iter_lines(data: bytes) -> Iterator[tuple[int, bytes, bool]]:
    """Yield (line number, content, ended by a newline)."""
    start, number, size = 0, 0, len(data)
    while start < size:
        number += 1
        end = data.find(b"\n", start)
        if end == -1:
            yield number, data[start:], False
            return
        yield number, data[start:end], True
        start = end + 1


def read_journal(path: str | os.PathLike[str]) -> Journal:
    """Read and check a journal file.  Never writes to it."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise JournalError("journal_missing", path=str(path)) from None
    except IsADirectoryError:
        raise JournalError("journal_is_directory", path=str(path)) from None
    except OSError as exc:
        raise JournalError("journal_unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    return parse_journal(data, path)


def parse_journal(data: bytes, path: Path | None = None) -> Journal:
    header: Header | None = None
    entries: list[Entry] = []
    warnings: list[Warning_] = []
    for number, raw, terminated in iter_lines(data):
        last = not terminated
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if last and header is not None:
                warnings.append(Warning_("journal_truncated", {"line": number, "size": len(raw)}))
                break
            raise JournalError("journal_not_utf8", line=number) from None
        if text.endswith("\r"):
            text = text[:-1]
        if not text.strip():
            if header is None and number == 1:
                raise JournalError("journal_empty", line=number)
            continue  # blank lines are harmless
        try:
            if header is None:
                try:
                    obj = json.loads(text)
                except (ValueError, RecursionError) as exc:
                    raise JournalError("journal_bad_json", line=number, column=getattr(exc, "colno", 1)) from None
                header = parse_header(obj, number, path.parent if path is not None else None)
            else:
                entries.append(Entry(number, _parse_event(text, number)))
        except JournalError:
            if last and header is not None:
                # A crash in the middle of the last write: keep the valid prefix, say what went.
                warnings.append(Warning_("journal_truncated", {"line": number, "size": len(raw)}))
                break
            raise
    if header is None:
        raise JournalError("journal_empty", line=1)
    return Journal(path=path, header=header, entries=entries, warnings=warnings)


def fold(entries: Iterable[Entry]) -> list[Entry]:
    """Apply ``undo`` and ``redo``: the events in force, in order."""
    return fold_history(entries)[0]


def fold_history(entries: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """The events in force, and the undone ones a ``redo`` may still restore (latest last).

    ``undo`` cancels the latest event not yet cancelled; ``redo`` restores the latest undone one and is
    only valid directly after undos (or redos).  A plain event clears what could be redone.
    """
    done: list[Entry] = []
    undone: list[Entry] = []
    for entry in entries:
        kind = entry.kind
        if kind == UNDO:
            if not done:
                raise JournalError("journal_nothing_to_undo", line=entry.line)
            undone.append(done.pop())
        elif kind == REDO:
            if not undone:
                raise JournalError("journal_nothing_to_redo", line=entry.line)
            done.append(undone.pop())
        else:
            undone.clear()
            done.append(entry)
    return done, undone


def encode(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


class JournalWriter:
    """Append events durably.  Use :meth:`create` for a new game, :meth:`resume` for an existing file.

    Writes go straight to the file descriptor (no buffer) and are fsynced before ``append`` returns.
    A failed write (disk full, file made read-only) is rolled back to the last complete line and the
    ``OSError`` is raised, so the file never keeps half an event.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: Header) -> JournalWriter:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)  # never overwrite a game
        writer = cls(path, fd)
        try:
            writer._write(encode(header.to_json()))
        except OSError:
            writer.close()
            path.unlink(missing_ok=True)
            raise
        fsync_dir(path.parent)
        return writer

    @classmethod
    def resume(cls, path: str | os.PathLike[str], journal: Journal | None = None) -> tuple[JournalWriter, Journal]:
        """Open an existing journal for appending (``journal``: the file as already read, if it was).

        A damaged last line (a crash mid-write, never acknowledged) is moved to ``<name>.dropped``
        before appending, so that the next event starts on a line of its own.
        """
        path = Path(path)
        if journal is None:
            journal = read_journal(path)
        data = path.read_bytes()
        fd = os.open(path, os.O_WRONLY)
        writer = cls(path, fd)
        try:
            if data and not data.endswith(b"\n"):
                cut = data.rfind(b"\n") + 1
                if any(w.code == "journal_truncated" for w in journal.warnings):
                    with open(path.with_name(path.name + ".dropped"), "ab") as keep:
                        keep.write(data[cut:] + b"\n")
                        keep.flush()
                        os.fsync(keep.fileno())
                    os.ftruncate(fd, cut)
                    os.fsync(fd)
                else:  # a complete last line that only lacks its newline
                    os.lseek(fd, 0, os.SEEK_END)
                    writer._write(b"\n")
        except OSError:
            writer.close()
            raise
        return writer, journal

    def _write(self, data: bytes) -> None:
        if self._fd is None:
            raise ValueError("the journal is closed")
        fd = self._fd
        end = os.lseek(fd, 0, os.SEEK_END)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, end)  # leave no half line behind
            except OSError:
                pass
            raise

    def append(self, event: dict[str, Any]) -> None:
        """Write one event and make it durable before returning (``OSError`` if the disk refuses)."""
        if not isinstance(event.get("event"), str):
            raise JournalError("journal_no_event", line=None)
        self._write(encode(event))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> JournalWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

