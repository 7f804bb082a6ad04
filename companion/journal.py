"""The journal: JSON Lines, one header then one event per line, append-only and durable.

* :func:`read_journal` reads a file without ever writing to it.  An invalid line raises
  :class:`JournalError` naming the line and the reason -- except a damaged *last* line without its
  newline (a crash in the middle of a write), which is dropped with a warning: the valid prefix loads.
  Only a regular file of at most :data:`MAX_JOURNAL_BYTES` is read, lines of at most
  :data:`MAX_LINE_BYTES`; a UTF-8 byte order mark at the start is accepted, blank lines are skipped.
* :class:`JournalWriter` appends one event per call, written to the file before returning (so it
  survives the program's death before any screen shows its effect) and by default also fsynced before
  returning (it survives a power cut too); with :meth:`JournalWriter.sync_in_background` (the TUI) the
  fsync runs a moment later on a thread of its own, and a failed one is written again.  It holds an
  OS lock on the journal (one writer per game; :func:`writer_of` says who), creates a new journal
  whole (temporary file, fsync, link, folder fsync) and always writes at the end of the last good
  line, never at the file's current end.
* :class:`JournalTail` reads what another session appends, complete lines only, from where it stopped.
* :func:`fold` applies the ``undo``/``redo`` events and returns the events that are in force.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import socket
import stat
import tempfile
import threading
import time
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import JournalError, JournalLocked
from companion.fsutil import (
    FileTooLarge,
    NotRegularFile,
    current_umask,
    fsync_dir,
    open_regular,
    read_fd,
    read_regular,
)
from companion.i18n import N_

FORMAT = "companion"
VERSION = 1
UNDO, REDO = "undo", "redo"
BOM = b"\xef\xbb\xbf"  # accepted at the start of a file (some editors add it), never written
MAX_JOURNAL_BYTES = 128 * 1024 * 1024  # ~2.5 million events in force; read line by line, ~60 bytes per event kept
READ_CHUNK = 1 << 20  # a journal is read this much at a time (never whole)
MAX_LINE_BYTES = 64 * 1024  # no header or event comes near it; the writer refuses longer lines
TEMP_SUFFIX = ".new"  # ``.NAME.jsonl.XXXXXXXX.new``: a journal being created (no ``*.jsonl`` match)
STALE_TEMP_SECONDS = 600.0  # an unlocked temporary file older than this was left by a crash


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


@dataclass(frozen=True, slots=True)
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


class EventLog:
    """Event lines kept compactly: their JSON text end to end in one buffer, and their line numbers.

    A stack (``push``/``pop``), read by index (``event(i)`` parses the line again: the engines' events
    are small).  A million events take about their size on disk plus 16 bytes each.
    """

    __slots__ = ("_text", "_ends", "_lines")

    def __init__(self) -> None:
        self._text = bytearray()
        self._ends = array("Q")
        self._lines = array("Q")

    def __len__(self) -> int:
        return len(self._ends)

    def push(self, text: bytes, line: int = 0) -> None:
        self._text += text
        self._ends.append(len(self._text))
        self._lines.append(line)

    def pop(self) -> tuple[bytes, int]:
        """The latest line's text and number, taken off."""
        start = self._ends[-2] if len(self._ends) > 1 else 0
        text = bytes(self._text[start:])
        del self._text[start:]
        self._ends.pop()
        return text, self._lines.pop()

    def clear(self) -> None:
        self._text.clear()
        del self._ends[:]
        del self._lines[:]

    def text(self, index: int) -> bytes:
        if index < 0:
            index += len(self._ends)
        start = self._ends[index - 1] if index > 0 else 0
        return bytes(self._text[start:self._ends[index]])

    def line(self, index: int) -> int:
        return self._lines[index]

    def event(self, index: int) -> dict[str, Any]:
        event: dict[str, Any] = json.loads(self.text(index))
        return event

    def entry(self, index: int) -> Entry:
        return Entry(self.line(index), self.event(index))

    def entries(self) -> Iterator[Entry]:
        return (self.entry(i) for i in range(len(self._ends)))


class Journal:
    """A journal as read: its header, the events in force (:attr:`in_force`, undo/redo folded as the
    lines were read, kept compactly) and those a ``redo`` may still restore (:attr:`redoable`).

    :attr:`entries` (every event line, ``undo``/``redo`` included) is not kept: it is read again on
    first use (from the same bytes or the same prefix of the file), for the few callers that want it.
    """

    def __init__(self, path: Path | None, header: Header, entries: list[Entry] | None = None,
                 warnings: list[Warning_] | None = None, *, in_force: EventLog | None = None,
                 redoable: EventLog | None = None, fold_error: JournalError | None = None,
                 reread: Callable[[], list[Entry]] | None = None) -> None:
        self.path = path
        self.header = header
        self.warnings = warnings if warnings is not None else []
        self._entries = entries
        self._reread = reread
        if in_force is None:  # made from a list of entries: fold them now
            folder = _Folder()
            for entry in entries or []:
                folder.add(entry.line, entry.kind, encode(entry.event).rstrip(b"\n"))
            in_force, redoable, fold_error = folder.done, folder.undone, folder.error
        self._in_force = in_force
        self._redoable = redoable if redoable is not None else EventLog()
        self._fold_error = fold_error

    @property
    def entries(self) -> list[Entry]:
        """Every event line in order (``undo`` and ``redo`` included), read again on first use."""
        if self._entries is None:
            self._entries = self._reread() if self._reread is not None else []
        return self._entries

    @property
    def in_force(self) -> EventLog:
        """The events in force (:class:`JournalError` when an ``undo``/``redo`` line is impossible)."""
        if self._fold_error is not None:
            raise self._fold_error
        return self._in_force

    @property
    def redoable(self) -> EventLog:
        """The undone events a ``redo`` may still restore, latest last."""
        if self._fold_error is not None:
            raise self._fold_error
        return self._redoable

    def effective(self) -> list[Entry]:
        """The events in force once ``undo``/``redo`` are applied."""
        return list(self.in_force.entries())


class _Folder:
    """Folds event lines as they are read: ``undo``/``redo`` move lines between two compact stacks.
    The first impossible ``undo``/``redo`` is kept (raised when the events are asked for) and folding
    stops there, as :func:`fold` would."""

    __slots__ = ("done", "undone", "error")

    def __init__(self) -> None:
        self.done = EventLog()
        self.undone = EventLog()
        self.error: JournalError | None = None

    def add(self, line: int, kind: str, text: bytes) -> None:
        if self.error is not None:
            return
        if kind == UNDO:
            if not self.done:
                self.error = JournalError("journal_nothing_to_undo", line=line)
            else:
                self.undone.push(*self.done.pop())
        elif kind == REDO:
            if not self.undone:
                self.error = JournalError("journal_nothing_to_redo", line=line)
            else:
                self.done.push(*self.undone.pop())
        else:
            self.undone.clear()
            self.done.push(text, line)


def parse_time(value: Any) -> datetime | None:
    """A time as journals write it (``started``, an event's ``at``: ISO, ``2026-11-29T20:00:00Z``; no
    zone means UTC), else ``None`` -- anything else (``at`` is also a grid cell in Shifting Stones)."""
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


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
        raise bad("bad_version", value=version)
    if version > VERSION:
        raise bad("newer_version", value=version)
    game = obj.get("game")
    from companion.games import known  # the registry (imports no engine)

    if not known(game):
        raise bad("unknown_game", value=game)
    ruleset = obj.get("ruleset", game)
    if not isinstance(ruleset, str) or not ruleset:
        raise bad("bad_ruleset", value=ruleset)
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
    """Names are non-empty text a terminal shows as typed (no control, bidi or invisible characters, at
    most ``safetext.MAX_NAME_CELLS`` cells), unique in a game."""
    from companion import safetext

    seen: set[str] = set()
    for name in players:
        code = safetext.check_name(name)
        if code is not None:
            params = safetext.name_params(name)
            if line is None:
                raise JournalError(code, **params)
            raise JournalError("journal_rejected_event", line=line, cause=code, **params)
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
    """Read and check a journal file.  Never writes to it.

    Only a regular file is read (a folder, a device or a FIFO is refused at once, never waited on), and
    only up to :data:`MAX_JOURNAL_BYTES`.
    """
    path = Path(path)
    try:
        fd = open_regular(path)
    except OSError as exc:
        raise _read_error(path, exc) from None
    try:
        journal = _read_fd(fd, path)[0]
    finally:
        os.close(fd)
    return journal


def _read_fd(fd: int, path: Path) -> tuple[Journal, _Lines]:
    """Read the journal on ``fd`` chunk by chunk (never whole), folding as it goes."""
    lines = _Lines(_chunks(fd, path))
    try:
        journal = _parse(lines, path)
    except OSError as exc:
        raise _read_error(path, exc) from None
    except MemoryError:
        raise JournalError("journal_unreadable", path=str(path), reason=OUT_OF_MEMORY) from None
    size = lines.size
    journal._reread = lambda: _reread_file(path, size)
    return journal, lines


OUT_OF_MEMORY = N_("there is not enough memory on this machine to load a game this long")


def _chunks(fd: int, path: str | os.PathLike[str], start: int = 0, stop: int | None = None) -> Iterator[bytes]:
    """The bytes of ``fd`` from ``start`` in chunks, to its end (or ``stop``); :class:`FileTooLarge`
    when the file is, or grows while being read, past :data:`MAX_JOURNAL_BYTES`."""
    limit = MAX_JOURNAL_BYTES
    size = os.fstat(fd).st_size
    if size > limit:
        raise FileTooLarge(path, size, limit)
    offset = start
    end = limit + 1 if stop is None else stop
    while offset < end:
        chunk = os.pread(fd, min(READ_CHUNK, end - offset), offset)
        if not chunk:
            return
        offset += len(chunk)
        if offset > limit:
            raise FileTooLarge(path, offset, limit)
        yield chunk


def _reread_file(path: Path, size: int) -> list[Entry]:
    """Every event line of the first ``size`` bytes of ``path`` (what was read before: a journal is
    append-only)."""
    try:
        fd = open_regular(path)
    except OSError as exc:
        raise _read_error(path, exc) from None
    try:
        entries: list[Entry] = []
        _parse(_Lines(_chunks(fd, path, 0, size)), path, entries)
        return entries
    except OSError as exc:
        raise _read_error(path, exc) from None
    finally:
        os.close(fd)


def _read_error(path: Path, exc: OSError) -> JournalError:
    """The journal error for a file that cannot be read as a journal."""
    if isinstance(exc, FileNotFoundError):
        return JournalError("journal_missing", path=str(path))
    if isinstance(exc, IsADirectoryError) or (isinstance(exc, NotRegularFile) and exc.kind == "directory"):
        return JournalError("journal_is_directory", path=str(path))
    if isinstance(exc, NotRegularFile):
        return JournalError("journal_not_regular", path=str(path))
    if isinstance(exc, FileTooLarge):
        return JournalError("journal_too_large", path=str(path), limit=MAX_JOURNAL_BYTES // (1024 * 1024))
    return JournalError("journal_unreadable", path=str(path), reason=exc.strerror or str(exc))


_CONTENT = re.compile(rb"[^ \t\r\n\f\v]")  # a byte that is not ASCII white space


def _scan(data: bytes, start: int = 0, number: int = 0,
          stop_at: int | None = None) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, content, ended by a newline) for each line that is not blank, from ``start``.

    Blank lines (ASCII white space only) are jumped over: one search for the next byte that is not
    white space, and ``bytes.count`` for the newlines passed, so a file of blank lines costs no Python
    loop per line.  A line longer than :data:`MAX_LINE_BYTES` is refused, naming it.  ``stop_at``: scan
    only up to there (just after a newline).
    """
    size = len(data) if stop_at is None else stop_at
    while start < size:
        content = _CONTENT.search(data, start, size)
        if content is None:
            return  # only blank lines to the end
        begin = data.rfind(b"\n", start, content.start()) + 1 or start
        number += data.count(b"\n", start, begin) + 1
        end = data.find(b"\n", begin, size)
        stop = size if end == -1 else end
        if stop - begin > MAX_LINE_BYTES:
            raise JournalError("journal_line_too_long", line=number, limit=MAX_LINE_BYTES // 1024)
        yield number, data[begin:stop], end != -1
        if end == -1:
            return
        start = end + 1


def _header_line(text: str, number: int, path: Path | None) -> Header:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise JournalError("journal_bad_json", line=number, column=getattr(exc, "colno", 1)) from None
    return parse_header(obj, number, path.parent if path is not None else None)


class _Lines:
    """The lines that are not blank, from chunks of a journal: ``(number, content, ended by a
    newline)`` as :func:`_scan` gives them for the whole file, holding at most one chunk and one line.

    After the iteration: :attr:`size` (bytes read) and :attr:`tail` (what follows the last newline;
    :attr:`tail_size` its length, also when a long blank run was not kept).
    """

    def __init__(self, chunks: Iterable[bytes], number: int = 0, skip_bom: bool = True) -> None:
        self.chunks = chunks
        self.number = number
        self.skip_bom = skip_bom
        self.size = 0
        self.tail = b""
        self.tail_size = 0
        self.lines_read = number

    def __iter__(self) -> Iterator[tuple[int, bytes, bool]]:
        number, buf, first, blank_run = self.number, b"", self.skip_bom, False
        last_newline = 0  # the offset after the last newline read
        for chunk in self.chunks:
            at = self.size
            self.size += len(chunk)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                last_newline = at + newline + 1
            if first:  # a byte order mark at the start of the file is skipped
                buf += chunk
                if len(buf) < len(BOM) and BOM.startswith(buf):
                    continue
                chunk, buf, first = (buf[len(BOM):] if buf.startswith(BOM) else buf), b"", False
            if blank_run:  # a blank line longer than a line may be: skipped, unless content follows
                newline = chunk.find(b"\n")
                end = len(chunk) if newline < 0 else newline
                if _CONTENT.search(chunk, 0, end):
                    raise JournalError("journal_line_too_long", line=number + 1, limit=MAX_LINE_BYTES // 1024)
                if newline < 0:
                    continue
                number, chunk, blank_run = number + 1, chunk[newline + 1:], False
            data = buf + chunk if buf else chunk
            cut = data.rfind(b"\n") + 1
            if cut:
                yield from _scan(data, 0, number, cut)
                number += data.count(b"\n", 0, cut)
            buf = data[cut:]
            if len(buf) > MAX_LINE_BYTES:
                if _CONTENT.search(buf):
                    raise JournalError("journal_line_too_long", line=number + 1, limit=MAX_LINE_BYTES // 1024)
                buf, blank_run = b"", True
        if first and buf.startswith(BOM):
            buf = buf[len(BOM):]
        if buf and not blank_run:
            yield from _scan(buf, 0, number)  # the last line, without its newline
        self.tail = buf if not blank_run else b""
        self.tail_size = self.size - last_newline
        self.lines_read = number  # the newlines read

def parse_journal(data: bytes, path: Path | None = None) -> Journal:
    """Read and check a journal held in memory (``data``: the whole file)."""
    journal = _parse(_Lines(data[i:i + READ_CHUNK] for i in range(0, len(data), READ_CHUNK)), path)
    journal._reread = lambda: _reparse(data, path)
    return journal


def _reparse(data: bytes, path: Path | None) -> list[Entry]:
    entries: list[Entry] = []
    _parse(_Lines([data]), path, entries)
    return entries


def _parse(lines: Iterable[tuple[int, bytes, bool]], path: Path | None = None,
           entries: list[Entry] | None = None, complete_only: bool = False) -> Journal:
    """The journal in ``lines``, folded as it is read; with ``entries``, every event line goes there too.
    ``complete_only``: a last line without its newline is not read (it is being written)."""
    header: Header | None = None
    warnings: list[Warning_] = []
    folder = _Folder()
    rest = iter(lines)
    for number, raw, terminated in rest:
        if complete_only and not terminated:
            break
        last = not terminated
        if header is None and number != 1:
            raise JournalError("journal_empty", line=1)  # the header must be line 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if last and header is not None:
                warnings.append(Warning_("journal_truncated", {"line": number, "size": len(raw)}))
                break
            raise JournalError("journal_not_utf8", line=number) from None
        if text.endswith("\r"):
            text = text[:-1]
        try:  # (blank lines, ASCII white space only as in JSON, were skipped by _scan)
            if header is None:
                header = _header_line(text, number, path)
                continue
            event = _parse_event(text, number)
        except JournalError:
            if last and header is not None:
                # A crash in the middle of the last write: keep the valid prefix, say what went.
                warnings.append(Warning_("journal_truncated", {"line": number, "size": len(raw)}))
                break
            raise
        folder.add(number, event["event"], raw[:-1] if raw.endswith(b"\r") else raw)
        if entries is not None:
            entries.append(Entry(number, event))
    for _unread in rest:  # (only the last line can stop the loop early) read to the end: _Lines then knows its tail
        pass
    if header is None:
        raise JournalError("journal_empty", line=1)
    return Journal(path, header, entries, warnings, in_force=folder.done, redoable=folder.undone,
                   fold_error=folder.error)


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


# -- one writer per journal -----------------------------------------------------------------------
@dataclass(frozen=True)
class LockHolder:
    """Who writes a journal, from the card it leaves beside it (``.NAME.jsonl.lock``); any may be unknown."""

    pid: int | None = None
    host: str | None = None
    since: str | None = None  # ISO 8601, UTC

    def error(self, path: Path) -> JournalLocked:
        """The error a second opener gets."""
        if self.pid is None or self.host is None or self.since is None:
            return JournalLocked("journal_locked_unknown", path=str(path))
        try:
            when = datetime.fromisoformat(self.since.replace("Z", "+00:00")).astimezone(UTC)
            since = when.strftime("%Y-%m-%d %H:%M UTC")
        except ValueError:
            since = self.since
        # The pid is an identifier, not a quantity: text, so that no locale groups its digits.
        return JournalLocked("journal_locked", path=str(path), pid=str(self.pid), host=self.host, since=since)


LOCK_WAIT_SECONDS = 0.25  # how long a writer waits for a lock held for an instant (a probe by a reader)


def lock_card_path(path: str | os.PathLike[str]) -> Path:
    """The small file beside a journal that says who has it open for writing (never the journal itself)."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


def _try_lock(fd: int, mode: int = fcntl.LOCK_EX, wait: float = LOCK_WAIT_SECONDS) -> bool:
    """Take an OS lock on ``fd`` (``flock``: tied to this open file, released when it is closed or the
    process dies).  False when another open file holds it.  A file system that has no locks at all
    (``ENOLCK``, ``EOPNOTSUPP``) counts as locked by us: the game must stay playable there."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        except OSError as exc:
            if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
                return True
            raise


def _holder_card() -> bytes:
    since = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": since}).encode("utf-8")


def _clean(text: Any, size: int) -> str | None:
    if not isinstance(text, str) or not text:
        return None
    text = "".join(c for c in text if c.isprintable())[:size]
    return text or None


def read_lock_card(path: str | os.PathLike[str]) -> LockHolder:
    """What the card beside ``path`` says (every field ``None`` when it is missing or damaged).

    A card naming a process of this machine that no longer runs is stale (its writer was killed): it
    says nothing.  Whether the journal is locked is the OS lock's word, never the card's.
    """
    try:
        data = json.loads(read_regular(lock_card_path(path), 4096))
    except (OSError, ValueError, RecursionError):
        return LockHolder()
    if not isinstance(data, dict):
        return LockHolder()
    pid = data.get("pid")
    pid = pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None
    host, since = _clean(data.get("host"), 64), _clean(data.get("since"), 32)
    if pid is not None and host == socket.gethostname():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return LockHolder()
        except OSError:
            pass  # it exists (another user's)
    return LockHolder(pid, host, since)


def writer_of(path: str | os.PathLike[str]) -> LockHolder | None:
    """Who has the journal at ``path`` open for writing, or ``None`` when nobody has (or it cannot be
    opened).  Asks the OS lock with a shared lock held for an instant (a writer retries past it)."""
    try:
        fd = open_regular(path)
    except OSError:
        return None
    try:
        if _try_lock(fd, fcntl.LOCK_SH, wait=0):
            return None
        return read_lock_card(path)
    finally:
        os.close(fd)


def remove_stale_temporaries(folder: str | os.PathLike[str], age: float = STALE_TEMP_SECONDS) -> int:
    """Delete the temporary files of journals whose creation was cut short (a crash), in ``folder``.

    One is stale when it is older than ``age`` seconds and no process holds its lock (a creator locks
    it before writing).  Returns how many were removed; errors are ignored.
    """
    removed = 0
    now = time.time()
    try:
        names = [n for n in os.listdir(folder) if n.startswith(".") and n.endswith(TEMP_SUFFIX) and ".jsonl." in n]
    except OSError:
        return 0
    for name in names:
        full = os.path.join(folder, name)
        try:
            fd = os.open(full, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > age and _try_lock(fd, wait=0):
                os.unlink(full)
                removed += 1
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


class JournalWriter:
    """Append events durably.  Use :meth:`create` for a new game, :meth:`resume` for an existing file.

    * **One writer**: the writer holds an OS lock (``flock``) on the journal for as long as it is open;
      a second :meth:`create`/:meth:`open`/:meth:`resume` of the same file raises
      :class:`~companion.errors.JournalLocked`.  The OS drops the lock when the process dies.  Who holds
      it is written on a card beside the journal (:func:`lock_card_path`), removed by :meth:`close`.
    * **Whole or absent**: :meth:`create` writes the header (and any events) into a temporary file,
      fsyncs it and links it to its name (never over an existing file), then fsyncs the folder.
    * **At the last good offset**: every write starts at the end of the last complete line written or
      read (:attr:`good`), never at the file's current end; a failed write is cut off there again, and if
      even that fails the next write overwrites the remains and cuts what is left beyond it.

    Writes go straight to the file descriptor (no buffer): when ``append`` returns, the event is in the
    file (the OS has it: a killed program loses nothing).  By default it is also fsynced before
    ``append`` returns.

    **Background sync** (:meth:`sync_in_background`, for a host waiting at every key): ``append`` still
    writes (and cuts) synchronously and raises ``OSError`` when the write is refused, then asks one
    syncer thread (daemon, started on first use, one per writer) to fsync; the requests that arrive
    while an fsync runs make one more fsync.  The offsets, ``synced <= good``:

    * ``[0, synced)`` is on disk: an fsync that *began after* those bytes were written succeeded.  The
      syncer takes ``target = good`` (under the lock, so only writes that returned) before it calls
      ``fsync`` and, when it succeeds, moves ``synced`` up to ``target`` -- never to a ``good`` that grew
      meanwhile: a write that raced the fsync is covered by the next one.
    * ``[synced, good)`` was written and acknowledged but is not known to be on disk: a copy of exactly
      those bytes is kept (:attr:`unsynced_bytes`; tiny, between two fsyncs).
    * A failed fsync (``EIO``) moves nothing and is kept (:attr:`sync_error`); the syncer then fsyncs
      nothing more (a later fsync could succeed although the failed pages were dropped).  The next
      ``append`` (or :meth:`sync`, :meth:`close`) writes the kept copy again *from* ``synced``, then its
      own event, cuts what lies beyond, and fsyncs before returning; on success ``synced = good`` = the
      new end.  If that fails it raises ``OSError``, cuts back to ``good`` (the acknowledged bytes stay,
      the refused event goes) and keeps the copy and the error for the next try: nothing acknowledged
      is ever cut off, nothing is written twice (each rewrite starts at ``synced``).

    :meth:`wait_synced` waits for the syncer; :meth:`close` stops it, fsyncs once more and only then
    closes the descriptor (the syncer never fsyncs a closed or reused one).
    """

    def __init__(self, path: Path, fd: int, good: int = 0) -> None:
        self.path = path
        self._fd: int | None = fd
        self.good = good  # end of the last complete line (the next write starts here)
        self._data_size = good  # what :meth:`read` found: its size and what follows its last newline
        self._tail = b""
        self._tail_size = 0
        # background sync (see the class docstring); every field below is guarded by ``_cv``
        self._background = False
        self.synced = good  # end of what an fsync confirmed (``good`` itself when syncing in the foreground)
        self._unsynced = bytearray()  # the bytes ``[synced, good)``, as written
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._wanted = False  # an fsync was asked for since the syncer last began one
        self._busy = False  # the syncer is inside ``os.fsync``
        self._stopping = False
        self._sync_error: OSError | None = None

    # -- opening --------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike[str], header: Header,
               events: Iterable[dict[str, Any]] = ()) -> JournalWriter:
        """A new journal holding ``header`` then ``events``, complete on disk before it has its name.

        Raises ``FileExistsError`` when ``path`` exists (a game is never overwritten) and ``OSError``
        when the folder refuses; nothing is left behind then.
        """
        path = Path(path)
        folder = path.parent
        payload = check_line(encode(header.to_json())) + b"".join(_encode_event(e) for e in events)
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(folder)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=TEMP_SUFFIX, dir=folder)
        try:
            os.fchmod(fd, 0o644 & ~current_umask())  # mkstemp makes 0600; journals were always 0644
            _try_lock(fd)  # before the file has its name: nobody can open it unlocked
            _write_all(fd, payload)
            os.fsync(fd)
            try:
                os.link(tmp, path)  # fails if the name is taken: no overwrite
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS):
                    raise
                os.close(fd)
                fd = -1
                fd = cls._create_in_place(path, payload)  # a file system without hard links
            os.unlink(tmp)
        except BaseException:
            if fd >= 0:
                os.close(fd)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        fsync_dir(folder)
        writer = cls(path, fd, len(payload))
        writer._leave_card()
        return writer

    @staticmethod
    def _create_in_place(path: Path, payload: bytes) -> int:
        """Create ``path`` exclusively and write it (where hard links are not available)."""
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            _try_lock(fd)
            _write_all(fd, payload)
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise
        return fd

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> JournalWriter:
        """Lock an existing journal for writing, changing nothing in it yet (see :meth:`read`,
        :meth:`repair`).  Raises :class:`~companion.errors.JournalLocked` when another session writes
        it, :class:`JournalError` when it is not a regular file, ``OSError`` when it cannot be opened."""
        path = Path(path)
        try:
            fd = open_regular(path, os.O_RDWR)
        except NotRegularFile as exc:
            raise _read_error(path, exc) from None
        try:
            if not _try_lock(fd):
                raise read_lock_card(path).error(path)
            size = os.fstat(fd).st_size
        except BaseException:
            os.close(fd)
            raise
        writer = cls(path, fd, size)
        writer._leave_card()
        return writer

    def read(self) -> Journal:
        """The journal as it is on disk, read through the locked descriptor."""
        journal, lines = _read_fd(self._require(), self.path)
        self._data_size = lines.size
        self._tail, self._tail_size = lines.tail, lines.tail_size
        return journal

    def repair(self, journal: Journal) -> None:
        """Make the file end with a complete line before the first append (``journal``: :meth:`read`).

        A damaged last line (a crash mid-write, never acknowledged) is moved to ``<name>.dropped``; a
        complete last line that only lacks its newline gets one.  Sets :attr:`good` to the new end.
        """
        fd = self._require()
        size, tail = self._data_size, self._tail
        self.good = self.synced = size
        if not self._tail_size:
            return
        cut = size - self._tail_size
        if any(w.code == "journal_truncated" for w in journal.warnings):
            with open(self.path.with_name(self.path.name + ".dropped"), "ab") as keep:
                keep.write(tail + b"\n")
                keep.flush()
                os.fsync(keep.fileno())
            os.ftruncate(fd, cut)
            os.fsync(fd)
            self.good = self.synced = cut
        else:  # a complete last line that only lacks its newline
            self._write(b"\n")

    @classmethod
    def resume(cls, path: str | os.PathLike[str], journal: Journal | None = None) -> tuple[JournalWriter, Journal]:
        """Lock an existing journal, read it and open it for appending (the journal is read again under
        the lock; ``journal`` is accepted for compatibility and not used).

        A damaged last line (a crash mid-write, never acknowledged) is moved to ``<name>.dropped``
        before appending, so that the next event starts on a line of its own.
        """
        writer = cls.open(path)
        try:
            journal = writer.read()
            writer.repair(journal)
        except BaseException:
            writer.close()
            raise
        return writer, journal

    # -- writing --------------------------------------------------------------------------------
    def _require(self) -> int:
        if self._fd is None:
            raise ValueError("the journal is closed")
        return self._fd

    def _write(self, data: bytes) -> None:
        fd = self._require()
        with self._cv:
            background = self._background
            # Never waits for an fsync in flight: a failure it reports later is repaired by the next
            # write.  Once one has failed the syncer starts no other, so none runs during a rewrite.
            rewrite = background and self._sync_error is not None
            start, again = (self.synced, bytes(self._unsynced)) if rewrite else (self.good, b"")
        good = self.good
        end = good + len(data)
        try:
            os.lseek(fd, start, os.SEEK_SET)  # at the last good (or synced) offset, never at the current end
            _write_all(fd, again + data if again else data)
            if os.fstat(fd).st_size > end:
                os.ftruncate(fd, end)  # what an earlier failed write left and could not cut off
            if not background or rewrite:
                os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, good)  # leave no half line behind (what was acknowledged stays)
            except OSError:
                pass  # the next write overwrites it from ``good`` (or ``synced``) and cuts the rest
            raise
        with self._cv:
            self.good = end
            if not background or rewrite:
                self.synced = end
                self._unsynced.clear()
                self._sync_error = None
            else:
                self._unsynced += data
                self._ask_sync()

    def append(self, event: dict[str, Any]) -> None:
        """Write one event (``OSError`` if the disk refuses): in the file when this returns, and fsynced
        before it returns too unless :meth:`sync_in_background` was asked for (then just after)."""
        self._write(_encode_event(event))

    # -- background sync ------------------------------------------------------------------------
    def sync_in_background(self) -> None:
        """From now on ``append`` does not wait for fsync: a syncer thread does it just after (see the
        class docstring).  Asking again changes nothing."""
        with self._cv:
            self._background = True

    @property
    def background(self) -> bool:
        """Whether fsync runs in the background (:meth:`sync_in_background`)."""
        return self._background

    @property
    def sync_error(self) -> OSError | None:
        """Why the last background fsync failed (the next write, :meth:`sync` or :meth:`close` writes the
        unconfirmed bytes again), else ``None``."""
        return self._sync_error

    @property
    def unsynced_bytes(self) -> bytes:
        """What was written after :attr:`synced` (``good - synced`` bytes), not yet confirmed on disk."""
        with self._cv:
            return bytes(self._unsynced)

    def _ask_sync(self) -> None:
        """One more fsync (caller holds ``_cv``); requests made during one fsync make one more."""
        self._wanted = True
        if self._thread is None:
            self._thread = threading.Thread(target=self._run_syncer, name=f"fsync {self.path.name}", daemon=True)
            self._thread.start()
        self._cv.notify_all()

    def _run_syncer(self) -> None:
        cv = self._cv
        while True:
            with cv:
                while not (self._wanted or self._stopping):
                    cv.wait()
                if self._stopping:
                    return
                self._wanted = False
                fd = self._fd
                if self._sync_error is not None or fd is None:
                    continue  # a failed fsync is repaired by the writing thread (a rewrite), not retried here
                target = self.good
                self._busy = True
            error: OSError | None = None
            try:
                os.fsync(fd)
            except OSError as exc:
                error = exc
            with cv:
                self._busy = False
                if error is not None:
                    self._sync_error = error
                else:
                    self._confirmed(target)
                cv.notify_all()

    def _confirmed(self, target: int) -> None:
        """An fsync that began when ``target`` bytes were written succeeded (caller holds ``_cv``)."""
        if target > self.synced:
            del self._unsynced[: target - self.synced]
            self.synced = target

    def wait_synced(self, timeout: float | None = None) -> bool:
        """Wait until the syncer has nothing left to do; True when everything written is then on disk
        (False: the time ran out, or an fsync failed -- :attr:`sync_error`)."""
        with self._cv:
            self._cv.wait_for(lambda: self._sync_error is not None or not (self._wanted or self._busy)
                              or self._thread is None, timeout)
            return self._sync_error is None and self.synced == self.good

    def sync(self) -> None:
        """Make everything written durable now: wait for the syncer, then write the unconfirmed bytes
        again after a failed fsync (and fsync), or fsync what is not yet confirmed.  ``OSError`` when the
        disk refuses (the bytes and the error are kept for the next try)."""
        fd = self._require()
        with self._cv:
            while self._busy:
                self._cv.wait()
            if self._sync_error is None and self.synced == self.good:
                return
        if self._sync_error is not None:
            self._write(b"")  # the rewrite from ``synced``, then fsync
            return
        with self._cv:
            target = self.good
        try:
            os.fsync(fd)
        except OSError as exc:
            with self._cv:
                self._sync_error = exc  # as a failed background fsync: the next write rewrites from ``synced``
            raise
        with self._cv:
            self._confirmed(target)

    def _stop_syncer(self) -> None:
        with self._cv:
            thread, self._stopping = self._thread, True
            self._cv.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        with self._cv:
            self._thread, self._stopping, self._wanted = None, False, False

    def _leave_card(self) -> None:
        """Say who writes this journal, beside it (best effort: a folder that refuses costs only that)."""
        card = lock_card_path(self.path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(card, flags | os.O_NONBLOCK, 0o644)
        except OSError:
            return
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                _write_all(fd, _holder_card())
        except OSError:
            pass
        finally:
            os.close(fd)

    def close(self) -> None:
        """Close the journal; the lock goes with it (the card beside it first).

        Syncing in the background, the syncer is stopped (its fsync in flight ends first) and what it
        had not confirmed is fsynced (or written again, after a failed fsync) before the descriptor is
        closed; if the disk refuses, the journal is closed all the same and the ``OSError`` raised.
        """
        if self._fd is not None:
            error: OSError | None = None
            if self._background:
                self._stop_syncer()
                try:
                    self.sync()
                except OSError as exc:
                    error = exc
            try:
                lock_card_path(self.path).unlink(missing_ok=True)
            except OSError:
                pass
            os.close(self._fd)
            self._fd = None
            if error is not None:
                raise error

    def __enter__(self) -> JournalWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def _encode_event(event: dict[str, Any]) -> bytes:
    if not isinstance(event.get("event"), str):
        raise JournalError("journal_no_event", line=None)
    return check_line(encode(event))


def check_line(line: bytes) -> bytes:
    """``line`` if a reader will accept its length, else :class:`JournalError` ``journal_event_too_long``."""
    if len(line) > MAX_LINE_BYTES:
        raise JournalError("journal_event_too_long", limit=MAX_LINE_BYTES // 1024)
    return line


# -- following a game another session writes --------------------------------------------------------
@dataclass(frozen=True)
class Chunk:
    """What :meth:`JournalTail.read` found: complete lines only, not yet taken in."""

    header: Header
    entries: list[Entry]
    offset: int  # where the next read starts (after the last complete line)
    line: int  # the number of the last line read
    identity: tuple[int, int]  # (device, inode) of the file read
    restarted: bool  # the file was replaced or shortened: these are all its lines, from the header
    journal: Journal | None = None  # a read from the header: the journal folded (``entries`` is then empty)


class JournalTail:
    """Reads a journal that another session may be appending to, without ever writing or locking it.

    Each :meth:`read` looks only at what was added since the last :meth:`advance` (from that offset)
    and only at complete lines: a line still being written is read once its newline is there.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.header: Header | None = None
        self.offset = 0
        self.line = 0
        self.identity: tuple[int, int] | None = None

    def read(self) -> Chunk:
        """The complete lines appended since the last :meth:`advance` (``JournalError`` for a bad one)."""
        try:
            fd = open_regular(self.path)
        except OSError as exc:
            raise _read_error(self.path, exc) from None
        try:
            info = os.fstat(fd)
            identity = (info.st_dev, info.st_ino)
            restarted = self.header is not None and (identity != self.identity or info.st_size < self.offset)
            start = 0 if restarted or self.header is None else self.offset
            if start == 0:  # the whole journal: read line by line and folded, as read_journal does
                lines = _Lines(_chunks(fd, self.path))
                try:
                    journal = _parse(lines, self.path, complete_only=True)
                except MemoryError:
                    raise JournalError("journal_unreadable", path=str(self.path), reason=OUT_OF_MEMORY) from None
                return Chunk(journal.header, [], lines.size - lines.tail_size, lines.lines_read, identity,
                             restarted, journal)
            data = read_fd(fd, MAX_JOURNAL_BYTES, start, self.path)
        except OSError as exc:
            raise _read_error(self.path, exc) from None
        finally:
            os.close(fd)
        complete = data[: data.rfind(b"\n") + 1]
        header = None if start == 0 else self.header
        first = 0 if start == 0 else self.line
        skip = len(BOM) if start == 0 and complete.startswith(BOM) else 0
        entries: list[Entry] = []
        for number, raw, _ in _scan(complete, skip, first):
            if header is None and number != 1:
                raise JournalError("journal_empty", line=1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise JournalError("journal_not_utf8", line=number) from None
            text = text[:-1] if text.endswith("\r") else text
            if header is None:
                header = _header_line(text, number, self.path)
            else:
                entries.append(Entry(number, _parse_event(text, number)))
        if header is None:
            raise JournalError("journal_empty", line=1)
        return Chunk(header, entries, start + len(complete), first + complete.count(b"\n"), identity, restarted)

    def advance(self, chunk: Chunk) -> None:
        """Take ``chunk`` in: the next :meth:`read` starts after it."""
        self.header, self.offset, self.line, self.identity = chunk.header, chunk.offset, chunk.line, chunk.identity
