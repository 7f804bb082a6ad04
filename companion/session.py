"""A game in play: the journal, the engine and the states, kept in step.

``Session.apply`` checks an event against the rules *first*, appends it durably to the journal, and
only then moves the state on -- so a rejected event changes nothing (not even the file) and an
acknowledged one survives a crash.  Undo and redo are journal events too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import JournalError, RuleError
from companion.games import get
from companion.journal import REDO, UNDO, Header, Journal, JournalWriter, Warning_, fold_history, read_journal


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

    # -- opening --------------------------------------------------------------------------------
    @classmethod
    def new(cls, header: Header, path: str | Path | None) -> Session:
        initial = get(header.game).start(header)  # a bad setup fails before any file exists
        writer = JournalWriter.create(path, header) if path is not None else None
        return cls(header, writer, initial)

    @classmethod
    def resume(cls, path: str | Path) -> Session:
        journal = read_journal(path)
        initial, steps = _replay(journal)  # validates every event before the file is touched
        session = cls(journal.header, None, initial, steps, journal.warnings)
        session.undone = _redoable(journal, session)
        session.writer, _ = JournalWriter.resume(path, journal)
        return session

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
        state, outcome = self.game.apply(self.state, event)
        self._write(event)
        self.steps.append(Step(event, state, outcome))
        self.undone.clear()
        return outcome

    def undo(self) -> Step:
        if not self.steps:
            raise RuleError("nothing_to_undo")
        self._write({"event": UNDO})
        step = self.steps.pop()
        self.undone.append(step)
        return step

    def redo(self) -> Step:
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
        """Write the whole game to a new journal (when the old one cannot be written) and continue there."""
        writer = JournalWriter.create(path, self.header)
        try:
            for step in self.steps:
                writer.append(step.event)
        except OSError:
            writer.close()
            raise
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
