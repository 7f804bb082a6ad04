"""Where a finished game's BG Stats play was written, and its import link (a modal over the game).

The game screen's palette offers "Export to BG Stats" once the game is over; it writes the play
(:mod:`companion.bgstats`) and opens this screen.  Enter or Escape closes it; C copies the link to the
terminal's clipboard (where the terminal allows it).  No QR code: the link of a three-player game is
some 700 to 900 characters, a QR symbol of about 100 modules a side, which no 80 x 24 terminal shows.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.i18n import N_, _
from companion.safetext import clean
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose


class BgStatsScreen(CompanionModal):
    DEFAULT_CSS = """
    BgStatsScreen { align: center middle; }
    BgStatsScreen > #bgstats-box { width: 90; max-height: 90%; }
    BgStatsScreen #bgstats-path, BgStatsScreen #bgstats-link { margin: 0 0 1 2; }
    """
    BINDINGS = [
        Binding("enter,escape", "close", N_("Close"), id="bgstats.close"),
        Binding("c", "copy", N_("Copy the link"), id="bgstats.copy"),
    ]

    def __init__(self, path: Path, link: str) -> None:
        super().__init__()
        self.path = path
        self.link = link

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="bgstats-box", classes="dialog"):
            yield Prose(lambda: _("The play is saved for BG Stats in this file:"), id="bgstats-saved")
            # A path and a link are left to right whatever the language; the path may hold anything.
            yield Static(Text(clean(str(self.path)), overflow="fold"), id="bgstats-path")
            yield Prose(lambda: _("To import it, open this link on a phone or tablet that has BG Stats:"),
                        id="bgstats-open")
            yield Static(Text(self.link, overflow="fold"), id="bgstats-link")
            yield Prose(lambda: _("Enter or Escape: close. C: copy the link."), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.link)
        self.app.notice(_("The link is copied (if the terminal lets programs use its clipboard)."))


__all__ = ["BgStatsScreen"]
