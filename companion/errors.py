"""One error family for the whole companion.

Engines and loaders raise these with a stable ``code`` and ``params`` (plain data); shells turn them
into sentences through :func:`companion.messages.describe_error`.  Nothing here translates.
"""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """Base class: ``code`` names the problem, ``params`` holds the values a message needs."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code, params)

    def __str__(self) -> str:  # readable in tracebacks and logs, never shown to players
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.code}({args})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, **{self.params!r})"


class RuleError(CompanionError):
    """An event the rules do not allow in the current state.  The state is unchanged."""


class EventError(RuleError):
    """An event that is malformed (missing field, wrong type, unknown name)."""


class JournalError(CompanionError):
    """A journal file that cannot be read.  ``params['line']`` is the 1-based line when known."""


class JournalLocked(JournalError):
    """The journal is open for writing in another session (an OS lock on the file says so).

    Code ``journal_locked`` with ``path``, ``pid`` (text), ``host`` and ``since`` (``2026-11-29 20:00 UTC``)
    when the holder left its card beside the journal, else ``journal_locked_unknown`` with ``path`` only.
    The game can still be followed read-only (:meth:`companion.session.Session.follow`).
    """


class RulesetError(CompanionError):
    """A ruleset, catalog or library file with a bad setting.  ``params`` names the file and setting."""


class UsageError(CompanionError):
    """Bad command-line use (unknown language, bad number, ...)."""
