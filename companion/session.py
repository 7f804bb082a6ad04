"""A game in play: the journal, the engine and the states, kept in step.

``Session.apply`` checks an event against the rules *first*, appends it durably to the journal, and
only then moves the state on -- so a rejected event changes nothing (not even the file) and an
acknowledged one survives a crash.  Undo and redo are journal events too.

One session writes a journal (``new``/``resume`` lock it; a second one gets
:class:`~companion.errors.JournalLocked`); any number may follow it read-only (``follow``, then
``refresh`` to take in what the writer appended).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import JournalError, RuleError
from companion.games import get
from companion.journal import (
    REDO,
    UNDO,
    Entry,
    Header,
    Journal,
    JournalTail,
    JournalWriter,
    Warning_,
    check_line,
    encode,
    fold_history,
    read_journal,
)


@dataclass
class Step:
    event: dict[str, Any]
    state: Any
    outcome: Any


def replay(journal: Journal) -> tuple[Any, list[Step]]:
    """Fold a journal into its state.  A rejected event raises :class:`JournalError` naming its line."""
    initial, steps = _replay(journal)
    return (steps[-1].state if steps else initial), steps


def _replay(journal: Journal) -> tuple[Any, list[Step]]:
    """The state before the first event, and every step in force."""
    game = get(journal.header.game)
    try:
        initial = state = game.start(journal.header)
    except RuleError as exc:
        raise JournalError("journal_bad_setup", **_wrap(exc, 1)) from exc
    steps: list[Step] = []
    for entry in journal.effective():
        try:
            state, outcome = game.apply(state, entry.event)
        except RuleError as exc:
            raise JournalError("journal_rejected_event", **_wrap(exc, entry.line)) from exc
        steps.append(Step(entry.event, state, outcome))
    return initial, steps


def _absorb(game: Any, initial: Any, steps: list[Step], undone: list[Step],
            entries: list[Entry]) -> tuple[list[Step], list[Step]]:
    """``steps`` and ``undone`` once ``entries`` (read after them) are applied, as new lists; a line the
    rules refuse raises :class:`JournalError` naming it, and the lists given are left as they were."""
    steps, undone = list(steps), list(undone)
    for entry in entries:
        if entry.kind == UNDO:
            if not steps:
                raise JournalError("journal_nothing_to_undo", line=entry.line)
            undone.append(steps.pop())
        elif entry.kind == REDO:
            if not undone:
                raise JournalError("journal_nothing_to_redo", line=entry.line)
            steps.append(undone.pop())
        else:
            try:
                state, outcome = game.apply(steps[-1].state if steps else initial, entry.event)
            except RuleError as exc:
                raise JournalError("journal_rejected_event", **_wrap(exc, entry.line)) from exc
            steps.append(Step(entry.event, state, outcome))
            undone.clear()
    return steps, undone


def _start(header: Header) -> Any:
    try:
        return get(header.game).start(header)
    except RuleError as exc:
        raise JournalError("journal_bad_setup", **_wrap(exc, 1)) from exc


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _wrap(exc: RuleError, line: int) -> dict[str, Any]:
    """The parameters of a journal error that carries an engine's error (``cause``) and its line."""
    return {**exc.params, "line": line, "cause": exc.code}


class Session:
    """A live game: ``apply``, ``undo``, ``redo``; every change is on disk before it is shown."""

    def __init__(self, header: Header, writer: JournalWriter | None, initial: Any,
                 steps: list[Step] | None = None, warnings: list[Warning_] | None = None) -> None:
        self.header = header
        self.writer = writer
        self.game = get(header.game)
        self.initial = initial
        self.steps: list[Step] = steps or []
        self.undone: list[Step] = []
        self.warnings = warnings or []
        self.pending: list[dict[str, Any]] = []  # events not yet on disk (the disk refused them)
        self.save_error: JournalError | None = None
        self._tail: JournalTail | None = None  # set when the game is followed read-only

    # -- opening --------------------------------------------------------------------------------
    @classmethod
    def new(cls, header: Header, path: str | Path | None) -> Session:
        """A new game; with ``path``, its journal is created whole (header on disk) and locked.

        A bad setup raises :class:`RuleError` before any file exists; a folder or disk that refuses
        raises :class:`JournalError` ``journal_create_failed`` (``path``, ``reason``), a header too long
        to record ``journal_event_too_long``.
        """
        initial = get(header.game).start(header)  # a bad setup fails before any file exists
        writer = None
        if path is not None:
            try:
                writer = JournalWriter.create(path, header)
            except OSError as exc:
                raise JournalError("journal_create_failed", path=str(path), reason=_reason(exc)) from None
        return cls(header, writer, initial)

    @classmethod
    def resume(cls, path: str | Path, read_only: bool = False) -> Session:
        """Continue the game in ``path``, writing to it (``read_only``: the same as :meth:`follow`).

        The journal is locked first, then read and every event checked before the file is touched.
        Raises :class:`~companion.errors.JournalLocked` when another session writes it, and
        :class:`JournalError` ``journal_not_writable`` (``path``, ``reason``) when it can be read but
        not written (a read-only file or mount): it can still be followed.
        """
        if read_only:
            return cls.follow(path)
        path = Path(path)
        try:
            writer = JournalWriter.open(path)
        except OSError as exc:
            read_journal(path)  # a missing, unreadable or invalid file says so first
            raise JournalError("journal_not_writable", path=str(path), reason=_reason(exc)) from None
        try:
            journal = writer.read()
            initial, steps = _replay(journal)  # validates every event before the file is touched
            session = cls(journal.header, None, initial, steps, journal.warnings)
            session.undone = _redoable(journal, session)
            try:
                writer.repair(journal)
            except OSError as exc:
                raise JournalError("journal_not_writable", path=str(path), reason=_reason(exc)) from None
        except BaseException:
            writer.close()
            raise
        session.writer = writer
        return session

    @classmethod
    def follow(cls, path: str | Path) -> Session:
        """Watch the game in ``path`` without writing: no lock, no change to any file.

        ``apply``/``undo``/``redo``/``save_as`` raise :class:`JournalError` ``journal_read_only``
        (``path``); :meth:`refresh` takes in what the writing session appended since.  Only complete
        lines are read: a line being written is taken in once it is whole.
        """
        tail = JournalTail(path)
        chunk = tail.read()
        initial = _start(chunk.header)
        session = cls(chunk.header, None, initial)
        session.steps, session.undone = _absorb(session.game, initial, [], [], chunk.entries)
        tail.advance(chunk)
        session._tail = tail
        return session

    def refresh(self) -> int:
        """Read-only: take in the lines appended to the journal since the last look (from that offset).

        Returns how many event lines were new (0: nothing changed; always 0 for a writing session).
        A new line the rules refuse raises :class:`JournalError` naming it, and the state stays as it
        was.  If the file was replaced or shortened, it is read again from its header.
        """
        tail = self._tail
        if tail is None:
            return 0
        chunk = tail.read()
        if chunk.restarted:
            initial = _start(chunk.header)
            game = get(chunk.header.game)
            steps, undone = _absorb(game, initial, [], [], chunk.entries)
            self.header, self.game, self.initial = chunk.header, game, initial
        else:
            steps, undone = _absorb(self.game, self.initial, self.steps, self.undone, chunk.entries)
        self.steps, self.undone = steps, undone
        tail.advance(chunk)
        return len(chunk.entries)

    @property
    def read_only(self) -> bool:
        """True for a session made by :meth:`follow`."""
        return self._tail is not None

    @property
    def path(self) -> Path | None:
        """The journal this session writes or follows (``None``: in memory only)."""
        if self._tail is not None:
            return self._tail.path
        return self.writer.path if self.writer is not None else None

    def _refuse_if_read_only(self) -> None:
        if self._tail is not None:
            raise JournalError("journal_read_only", path=str(self._tail.path))

    # -- state ----------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial

    @property
    def last_outcome(self) -> Any:
        return self.steps[-1].outcome if self.steps else None

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def apply(self, event: dict[str, Any]) -> Any:
        self._refuse_if_read_only()
        state, outcome = self.game.apply(self.state, event)
        check_line(encode(event))  # a line no reader would accept is refused before it is written
        self._write(event)
        self.steps.append(Step(event, state, outcome))
        self.undone.clear()
        return outcome

    def undo(self) -> Step:
        self._refuse_if_read_only()
        if not self.steps:
            raise RuleError("nothing_to_undo")
        self._write({"event": UNDO})
        step = self.steps.pop()
        self.undone.append(step)
        return step

    def redo(self) -> Step:
        self._refuse_if_read_only()
        if not self.undone:
            raise RuleError("nothing_to_redo")
        self._write({"event": REDO})
        step = self.undone.pop()
        self.steps.append(step)
        return step

    def _write(self, event: dict[str, Any]) -> None:
        if self.writer is not None:
            self.pending.append(event)
            self.flush()

    @property
    def saved(self) -> bool:
        return not self.pending

    def flush(self) -> bool:
        """Write the events the disk refused before.  True when everything is on disk.

        A refused write never loses the game: the event stays in memory (``pending``), the state moves
        on, and ``save_error`` says why; the next event or an explicit ``flush`` tries again.
        """
        while self.pending and self.writer is not None:
            try:
                self.writer.append(self.pending[0])
            except OSError as exc:
                self.save_error = JournalError("journal_write_failed", path=str(self.writer.path),
                                               reason=exc.strerror or str(exc))
                return False
            self.pending.pop(0)
        self.save_error = None
        return True

    def save_as(self, path: str | Path) -> None:
        """Write the whole game to a new journal (when the old one cannot be written) and continue there.

        The new file is complete before it has its name, or absent (``OSError``, and nothing is left
        behind).  It holds the events in force, then the undone ones and as many ``undo`` lines, so
        that a ``redo`` still works there.
        """
        self._refuse_if_read_only()
        undone = [step.event for step in reversed(self.undone)]
        events = [step.event for step in self.steps] + undone + [{"event": UNDO}] * len(undone)
        writer = JournalWriter.create(path, self.header, events)
        if self.writer is not None:
            self.writer.close()
        self.writer, self.pending, self.save_error = writer, [], None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def _redoable(journal: Journal, session: Session) -> list[Step]:
    """After a resume, the events that a ``redo`` may still bring back (undone at the end of the file)."""
    _, undone = fold_history(journal.entries)
    steps: list[Step] = []
    state = session.state
    for entry in reversed(undone):  # replay them on top of the current state, as a redo would
        try:
            state, outcome = session.game.apply(state, entry.event)
        except RuleError:
            break
        steps.append(Step(entry.event, state, outcome))
    return list(reversed(steps))
