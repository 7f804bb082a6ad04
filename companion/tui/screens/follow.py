"""The question a second opener gets: this game is written elsewhere (or cannot be written) -- follow it?

The app opens :class:`FollowPrompt` when resuming a journal fails with ``journal_locked``,
``journal_locked_unknown`` or ``journal_not_writable``: it shows the translated reason (who holds the
game: process, machine, since when) and asks.  Enter follows the game read-only, Escape does not open
it; nothing else answers.  A key typed before the question could be read (the rest of the burst that
opened it: a second Enter, a word being typed) is not an answer either: keys that arrive within
:data:`READ_SECONDS` of the question are dropped.  Its result is ``True`` (follow) or ``False``.
"""

from __future__ import annotations

from textual import events
from textual._time import get_time  # the clock of every event's ``time``
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from companion.errors import CompanionError
from companion.i18n import N_, _
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose

READ_SECONDS = 0.3
"""Keys that arrive sooner than this after the question appears were typed before it was seen."""

FOLLOW_CODES = frozenset({"journal_locked", "journal_locked_unknown", "journal_not_writable"})
"""The errors of ``Session.resume`` after which the game can still be followed read-only."""


class FollowPrompt(CompanionModal):
    DEFAULT_CSS = """
    FollowPrompt { align: center middle; }
    """
    BINDINGS = [
        Binding("enter", "follow", N_("Follow read-only"), id="follow.yes"),
        Binding("escape", "decline", N_("Do not open"), id="follow.no"),
    ]

    def __init__(self, error: CompanionError) -> None:
        super().__init__()
        self.error = error
        self.asked_at = get_time()

    def compose_body(self) -> ComposeResult:
        from companion.tui.messages import describe

        with Vertical(id="follow-box", classes="dialog"):
            yield Prose(lambda: _("This game is written elsewhere"), classes="title")
            yield Prose(lambda: describe(self.error), id="follow-reason")
            yield Prose(lambda: _("Enter: follow the game read-only (it updates as it is played). "
                                  "Escape: do not open it."), classes="hint", id="follow-hint")

    def take_key(self, event: events.Key | events.Paste) -> bool:
        if isinstance(event, events.Paste) or event.is_printable:
            return True  # typing answers nothing (and goes nowhere: no field is behind the question)
        if event.key not in ("enter", "escape"):
            return False  # F1, Ctrl+Q, Tab...: as everywhere
        if event.time - self.asked_at < READ_SECONDS:
            return True  # already on its way before the question could be read
        self.dismiss(event.key == "enter")
        return True

    def action_follow(self) -> None:  # a click on the footer
        self.dismiss(True)

    def action_decline(self) -> None:
        self.dismiss(False)
