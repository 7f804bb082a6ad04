"""A game in play: the journal, the engine and the states, kept in step.

``Session.apply`` checks an event against the rules *first*, appends it durably to the journal, and
only then moves the state on -- so a rejected event changes nothing (not even the file) and an
acknowledged one survives a crash.  Undo and redo are journal events too.  With
``background_sync=True`` (the TUI) the event is written before the state moves on and fsynced just
after, off the path from a key to its frame (:meth:`~companion.journal.JournalWriter.sync_in_background`).

One session writes a journal (``new``/``resume`` lock it; a second one gets
:class:`~companion.errors.JournalLocked`); any number may follow it read-only (``follow``, then
``refresh`` to take in what the writer appended).
"""

from __future__ import annotations

import gc
import itertools
import json
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from companion.errors import JournalError, RuleError
from companion.games import get
from companion.journal import (
    OUT_OF_MEMORY,
    REDO,
    UNDO,
    Entry,
    EventLog,
    Header,
    Journal,
    JournalTail,
    JournalWriter,
    Warning_,
    check_line,
    encode,
    read_journal,
)


@dataclass
class Step:
    event: dict[str, Any]
    state: Any
    outcome: Any


CHECKPOINT = 256  # a state is kept every this many steps; any other is replayed from the one before it
RECENT = 2048  # the latest steps (at least this many) are kept whole: the log, undo and redo use them
_BLOCKS = 4  # older stretches of CHECKPOINT steps recomputed and kept, the latest used


class Steps(Sequence[Step]):
    """The steps in force, as a list of :class:`Step` that holds in memory only what is cheap.

    Each event is kept as its journal line (compact), the state after every :data:`CHECKPOINT`-th
    step, and the latest :data:`RECENT` or so steps whole.  An older step is made again on access by
    replaying its events from the checkpoint before it (the engines are pure: the same event on the
    same state gives the same state and outcome); the last few stretches made are kept.  Reading in
    order (``for step in steps``, ``reversed(steps)``) costs one ``apply`` per older step, random access
    at most :data:`CHECKPOINT`.  A slice of more than :data:`RECENT` steps is a lazy view.
    """

    def __init__(self, game: Any, initial: Any, events: EventLog | None = None) -> None:
        self._game = game
        self._initial = initial
        self._events = events if events is not None else EventLog()
        self._marks: list[Any] = [initial]  # _marks[j]: the state after j * CHECKPOINT steps
        self._recent: list[Step] = []  # the steps from _base to the end, whole
        self._base = 0
        self._blocks: dict[int, list[Step]] = {}  # block number -> its steps (recomputed, latest used last)
        self._ends: list[tuple[int, Any]] = []  # (index, label) of each step that ends a round or turn

    # -- changes ---------------------------------------------------------------------------------
    def append(self, step: Step, text: bytes | None = None, line: int = 0) -> None:
        """Add ``step`` (``text``: its event's journal line when already encoded, without newline)."""
        if text is None:
            text = encode(step.event).rstrip(b"\n")
        n = len(self._events)
        self._events.push(text, line)
        self._recent.append(step)
        label = self._game.period_end(step)
        if label is not None:
            self._ends.append((n, label))
        if (n + 1) % CHECKPOINT == 0:
            self._marks.append(step.state)
        if len(self._recent) > RECENT + CHECKPOINT:  # the oldest whole stretch goes (its states can be remade)
            del self._recent[:CHECKPOINT]
            self._base += CHECKPOINT

    def pop(self) -> Step:
        """Take the latest step off and return it."""
        n = len(self._events)
        if not n:
            raise IndexError("pop from no steps")
        if not self._recent:  # undone past what is kept whole: make the stretch before whole again
            block = (n - 1) // CHECKPOINT
            self._recent = self._block(block)[: n - block * CHECKPOINT]
            self._base = block * CHECKPOINT
        step = self._recent.pop()
        self._events.pop()
        n -= 1
        if self._ends and self._ends[-1][0] == n:
            self._ends.pop()
        del self._marks[n // CHECKPOINT + 1:]
        for block in [b for b in self._blocks if (b + 1) * CHECKPOINT > n]:
            del self._blocks[block]
        return step

    def clear(self) -> None:
        self._ends = []
        self._events.clear()
        self._marks[1:] = []
        self._recent, self._base, self._blocks = [], 0, {}

    # -- reading ---------------------------------------------------------------------------------
    def period_ends(self) -> Sequence[tuple[int, Any]]:
        """``(index, label)`` of every step that ends a round or a turn (``Game.period_end``), in order:
        noted as steps are added, so a screen finds the period in play without remaking old steps."""
        return self._ends

    def period_start(self) -> int:
        """The index of the first step of the round or turn in play: after the last step that ended one,
        not counting the newest step (a period it just ended stays in play until the next event)."""
        before = bisect_right(self._ends, len(self) - 2, key=lambda end: end[0])
        return self._ends[before - 1][0] + 1 if before else 0

    def periods_before(self, index: int) -> int:
        """How many rounds or turns ended before step ``index``."""
        return bisect_right(self._ends, index - 1, key=lambda end: end[0])

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        n = len(self._events)
        if isinstance(index, slice):
            start, stop, stride = index.indices(n)
            picked = range(start, stop, stride)
            if len(picked) <= RECENT:
                return [self._step(i) for i in picked]
            return _View(self, picked)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("step index out of range")
        return self._step(index)

    def _step(self, index: int) -> Step:
        if index >= self._base:
            return self._recent[index - self._base]
        block = index // CHECKPOINT
        steps = self._block(block)
        if index - block * CHECKPOINT >= len(steps):  # made while the stretch was shorter
            del self._blocks[block]
            steps = self._block(block)
        return steps[index - block * CHECKPOINT]

    def _block(self, block: int) -> list[Step]:
        """The steps of stretch ``block`` (from its checkpoint), kept among the last few made."""
        steps = self._blocks.pop(block, None)
        if steps is None:
            steps = self._make(block)
            while len(self._blocks) >= _BLOCKS:
                del self._blocks[next(iter(self._blocks))]
        self._blocks[block] = steps
        return steps

    def _make(self, block: int) -> list[Step]:
        start = block * CHECKPOINT
        stop = min(start + CHECKPOINT, len(self._events))
        state, apply, events = self._marks[block], self._game.apply, self._events
        steps = []
        for i in range(start, stop):
            event = events.event(i)
            state, outcome = apply(state, event)
            steps.append(Step(event, state, outcome))
        return steps

    def __iter__(self) -> Iterator[Step]:
        base, recent = self._base, list(self._recent)
        if base:
            state, apply, events = self._initial, self._game.apply, self._events
            for i in range(base):
                cached = self._blocks.get(i // CHECKPOINT)
                if cached is not None:
                    step = cached[i % CHECKPOINT]
                    state = step.state
                    yield step
                    continue
                event = events.event(i)
                state, outcome = apply(state, event)
                yield Step(event, state, outcome)
        yield from recent

    def __reversed__(self) -> Iterator[Step]:
        yield from reversed(list(self._recent))
        for block in range((self._base - 1) // CHECKPOINT, -1, -1) if self._base else ():
            steps = self._blocks.get(block) or self._make(block)
            yield from reversed(steps[: self._base - block * CHECKPOINT])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a changing list

    def __repr__(self) -> str:
        return f"<{len(self)} steps>"

    def text(self, index: int) -> bytes:
        """The journal line of step ``index``'s event (without its newline)."""
        return self._events.text(index)


class _View(Sequence[Step]):
    """A long slice of :class:`Steps`, read lazily (in order, it replays as the steps do)."""

    def __init__(self, steps: Steps, picked: range) -> None:
        self._steps, self._picked = steps, picked

    def __len__(self) -> int:
        return len(self._picked)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        if isinstance(index, slice):
            picked = self._picked[index]
            return [self._steps[i] for i in picked] if len(picked) <= RECENT else _View(self._steps, picked)
        return self._steps[self._picked[index]]

    def __iter__(self) -> Iterator[Step]:
        picked = self._picked
        if picked.step == 1:
            for i, step in enumerate(self._steps):
                if i >= picked.stop:
                    return
                if i >= picked.start:
                    yield step
        else:
            yield from (self._steps[i] for i in picked)

    def __reversed__(self) -> Iterator[Step]:
        picked = self._picked
        if picked.step == 1:
            last = len(self._steps) - 1
            for i, step in enumerate(reversed(self._steps)):
                index = last - i
                if index < picked.start:
                    return
                if index < picked.stop:
                    yield step
        else:
            yield from (self._steps[i] for i in reversed(picked))


def replay(journal: Journal) -> tuple[Any, Steps]:
    """Fold a journal into its state.  A rejected event raises :class:`JournalError` naming its line."""
    initial, steps = _replay(journal)
    return (steps[-1].state if steps else initial), steps


class _NoCycleCollection:
    """Replaying makes many objects and frees none: the cyclic collector would scan them again and
    again for nothing (half the time of a long replay).  It is paused meanwhile (engines make no cycles)."""

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self.was:
            gc.enable()


def _replay(journal: Journal) -> tuple[Any, Steps]:
    """The state before the first event, and every step in force."""
    game = get(journal.header.game)
    try:
        initial = state = game.start(journal.header)
    except RuleError as exc:
        raise JournalError("journal_bad_setup", **_wrap(exc, 1)) from exc
    events = journal.in_force
    total = len(events)
    keep = max(0, total - RECENT) // CHECKPOINT * CHECKPOINT  # steps before this: only their checkpoints
    try:
        steps = Steps(game, initial, events)
        apply, recent, marks, ends = game.apply, steps._recent, steps._marks, steps._ends
        period_end = game.period_end
        with _NoCycleCollection():
            for i in range(total):
                event = events.event(i)
                try:
                    state, outcome = apply(state, event)
                except RuleError as exc:
                    raise JournalError("journal_rejected_event", **_wrap(exc, events.line(i))) from exc
                if (i + 1) % CHECKPOINT == 0:
                    marks.append(state)
                step = Step(event, state, outcome)
                if i >= keep:
                    recent.append(step)
                label = period_end(step)
                if label is not None:
                    ends.append((i, label))
    except MemoryError:
        path = journal.path if journal.path is not None else Path("-")
        raise JournalError("journal_unreadable", path=str(path), reason=OUT_OF_MEMORY) from None
    steps._base = total - len(recent)
    return initial, steps


def _absorb(game: Any, initial: Any, steps: Steps, undone: list[Step], entries: list[Entry]) -> None:
    """Apply ``entries`` (read after ``steps`` and ``undone``) to them, in place; a line the rules
    refuse raises :class:`JournalError` naming it, and both are left as they were."""
    done: list[tuple[str, list[Step] | None]] = []
    try:
        for entry in entries:
            if entry.kind == UNDO:
                if not steps:
                    raise JournalError("journal_nothing_to_undo", line=entry.line)
                undone.append(steps.pop())
                done.append((UNDO, None))
            elif entry.kind == REDO:
                if not undone:
                    raise JournalError("journal_nothing_to_redo", line=entry.line)
                steps.append(undone.pop())
                done.append((REDO, None))
            else:
                try:
                    state, outcome = game.apply(steps[-1].state if steps else initial, entry.event)
                except RuleError as exc:
                    raise JournalError("journal_rejected_event", **_wrap(exc, entry.line)) from exc
                steps.append(Step(entry.event, state, outcome), line=entry.line)
                done.append(("event", undone[:]))
                undone.clear()
    except JournalError:
        for kind, cleared in reversed(done):  # put everything back as it was
            if kind == UNDO:
                steps.append(undone.pop())
            elif kind == REDO:
                undone.append(steps.pop())
            else:
                steps.pop()
                undone[:] = cleared or []
        raise


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
                 steps: Steps | list[Step] | None = None, warnings: list[Warning_] | None = None) -> None:
        self.header = header
        self.writer = writer
        self.game = get(header.game)
        self.initial = initial
        if not isinstance(steps, Steps):
            given, steps = steps or [], Steps(self.game, initial)
            for step in given:
                steps.append(step)
        self.steps: Steps = steps
        self.undone: list[Step] = []
        self.warnings = warnings or []
        self.pending: list[dict[str, Any]] = []  # events not yet on disk (the disk refused them)
        self.save_error: JournalError | None = None
        self._tail: JournalTail | None = None  # set when the game is followed read-only

    # -- opening --------------------------------------------------------------------------------
    @classmethod
    def new(cls, header: Header, path: str | Path | None, *, background_sync: bool = False) -> Session:
        """A new game; with ``path``, its journal is created whole (header on disk) and locked
        (``background_sync``: events are fsynced just after they are written, see :meth:`sync_in_background`).

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
        session = cls(header, writer, initial)
        if background_sync:
            session.sync_in_background()
        return session

    @classmethod
    def resume(cls, path: str | Path, read_only: bool = False, *, background_sync: bool = False) -> Session:
        """Continue the game in ``path``, writing to it (``read_only``: the same as :meth:`follow`;
        ``background_sync``: as for :meth:`new`).

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
            session.undone = _redoable(journal.redoable, session)
            try:
                writer.repair(journal)
            except OSError as exc:
                raise JournalError("journal_not_writable", path=str(path), reason=_reason(exc)) from None
        except BaseException:
            writer.close()
            raise
        session.writer = writer
        if background_sync:
            session.sync_in_background()
        return session

    def sync_in_background(self) -> None:
        """From now on an event is written before ``apply``/``undo``/``redo`` return, and fsynced just
        after by a thread of the journal writer (a killed program loses nothing; a power cut may cost
        the last few milliseconds).  A failed fsync is repaired by the next write or :meth:`flush`, and
        until then :attr:`saved` is False.  Nothing for a session without a journal or a follower."""
        if self.writer is not None:
            self.writer.sync_in_background()

    @classmethod
    def follow(cls, path: str | Path) -> Session:
        """Watch the game in ``path`` without writing: no lock, no change to any file.

        ``apply``/``undo``/``redo``/``save_as`` raise :class:`JournalError` ``journal_read_only``
        (``path``); :meth:`refresh` takes in what the writing session appended since.  Only complete
        lines are read: a line being written is taken in once it is whole.
        """
        tail = JournalTail(path)
        chunk = tail.read()
        assert chunk.journal is not None  # a first read is from the header: the whole journal, folded
        initial, steps = _replay(chunk.journal)
        session = cls(chunk.header, None, initial, steps)
        session.undone = _redoable(chunk.journal.redoable, session)
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
        if chunk.journal is not None:  # the file was replaced or shortened: read again from its header
            initial, steps = _replay(chunk.journal)
            game = get(chunk.header.game)
            self.header, self.game, self.initial, self.steps = chunk.header, game, initial, steps
            self.undone = _redoable(chunk.journal.redoable, self)
            tail.advance(chunk)
            return max(1, len(chunk.journal.in_force) + len(chunk.journal.redoable))
        _absorb(self.game, self.initial, self.steps, self.undone, chunk.entries)
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
        line = check_line(encode(event)).rstrip(b"\n")  # a line no reader would accept is refused before it is written
        self._write(event)
        self.steps.append(Step(event, state, outcome), line)
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
        """Nothing pending, and (syncing in the background) no failed fsync waiting for its rewrite."""
        return not self.pending and (self.writer is None or self.writer.sync_error is None)

    def flush(self) -> bool:
        """Write the events the disk refused before.  True when everything is on disk.

        A refused write never loses the game: the event stays in memory (``pending``), the state moves
        on, and ``save_error`` says why; the next event or an explicit ``flush`` tries again.  Syncing in
        the background, a failed fsync with nothing pending is repaired here too (the writer writes the
        unconfirmed lines again and fsyncs), reported the same way when the disk refuses.
        """
        while self.pending and self.writer is not None:
            try:
                self.writer.append(self.pending[0])
            except OSError as exc:
                self._refused(exc)
                return False
            self.pending.pop(0)
        if self.writer is not None and self.writer.sync_error is not None:
            try:
                self.writer.sync()
            except OSError as exc:
                self._refused(exc)
                return False
        self.save_error = None
        return True

    def _refused(self, exc: OSError) -> None:
        assert self.writer is not None
        self.save_error = JournalError("journal_write_failed", path=str(self.writer.path),
                                       reason=exc.strerror or str(exc))

    def save_as(self, path: str | Path) -> None:
        """Write the whole game to a new journal (when the old one cannot be written) and continue there.

        The new file is complete before it has its name, or absent (``OSError``, and nothing is left
        behind).  It holds the events in force, then the undone ones and as many ``undo`` lines, so
        that a ``redo`` still works there.
        """
        self._refuse_if_read_only()
        undone = [step.event for step in reversed(self.undone)]
        steps = self.steps
        events = (json.loads(steps.text(i)) for i in range(len(steps)))  # one at a time, not all at once
        writer = JournalWriter.create(path, self.header,
                                      itertools.chain(events, undone, [{"event": UNDO}] * len(undone)))
        if self.writer is not None:
            if self.writer.background:
                writer.sync_in_background()
            try:
                self.writer.close()
            except OSError:
                pass  # its last fsync failed: the whole game is in the new journal anyway
        self.writer, self.pending, self.save_error = writer, [], None

    def close(self) -> None:
        """Close the journal (syncing in the background: after its last fsync).  A last fsync the disk
        refuses does not raise: the journal is closed and ``save_error`` says why."""
        writer = self.writer
        if writer is not None:
            try:
                writer.close()
            except OSError as exc:
                if not writer.background:
                    raise
                self._refused(exc)
            self.writer = None


def _redoable(undone: EventLog, session: Session) -> list[Step]:
    """After a resume, the events that a ``redo`` may still bring back (undone at the end of the file)."""
    steps: list[Step] = []
    state = session.state
    for entry in [undone.entry(i) for i in range(len(undone) - 1, -1, -1)]:  # replayed on the state, as a redo would
        try:
            state, outcome = session.game.apply(state, entry.event)
        except RuleError:
            break
        steps.append(Step(entry.event, state, outcome))
    return list(reversed(steps))
