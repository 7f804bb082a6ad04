"""The setup checklist of a game that teaches (``"teach": true`` in its header; :mod:`companion.teach`).

Shown over the game screen when the game starts.  Enter or Escape closes it; any other key closes it
too and goes on to the field that has the focus on the game screen (``ReadAndGoOn.take_key``, as the
Diamant round summary does), so a host who starts typing loses nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.i18n import N_, _, current
from companion.teach import checklist_lines
from companion.tui.screens.base import ReadAndGoOn
from companion.tui.widgets.text import Prose


class SetupChecklist(ReadAndGoOn):
    DEFAULT_CSS = """
    SetupChecklist { align: center middle; }
    SetupChecklist > #checklist-box { width: 90; height: auto; max-height: 90%; }
    """
    BINDINGS = [Binding("enter,escape", "close", N_("Close"), id="checklist.close")]

    def __init__(self, game_id: str, state: object) -> None:
        super().__init__()
        self.game_id = game_id
        self.state = state

    def lines(self) -> list[str]:
        return checklist_lines(self.game_id, self.state, current())

    def text(self) -> Text:
        text = Text(_("Before you start: set up the table"), style="bold")
        for line in self.lines():
            text.append("\n• " + line)
        return text

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="checklist-box", classes="dialog"):
            yield Prose(self.text, id="checklist")
            yield Prose(lambda: _("Enter or Escape: close. Typing closes it too."), classes="hint")
