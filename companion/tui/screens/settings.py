"""Settings: who reorders right-to-left text (this program or the terminal), and the language."""

from __future__ import annotations

from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose

BIDI_LABELS = {
    "app": N_("This program reorders right-to-left text (xterm, tmux, kitty, Alacritty, iTerm2, Windows Terminal)"),
    "terminal": N_("The terminal reorders right-to-left text (GNOME Terminal, Konsole with bidi on, mlterm)"),
}


class SettingsScreen(CompanionScreen):
    BINDINGS = [Binding("escape", "close", N_("Back"), id="settings.back")]

    def compose_body(self) -> ComposeResult:
        with Vertical(id="settings"):
            yield Prose(lambda: _("Settings"), classes="title")
            yield Prose(lambda: _("Right-to-left text"), classes="label")
            yield Prose(self._current, classes="hint", id="bidi-now")
            yield Menu([(mode, partial(_, msg)) for mode, msg in BIDI_LABELS.items()], id="bidi")
            yield Prose(lambda: _("Check: this sentence must read from right to left: {sample}",
                                  sample="بازی الماس (۵ دور)"), classes="hint")
            yield Prose(lambda: _("Press F2 to change the language."), classes="hint")

    def _current(self) -> str:
        return _("Now: {choice}", choice=_(BIDI_LABELS[self.app.settings.bidi]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.app.set_bidi(selected_key(event))

    def action_close(self) -> None:
        self.app.pop_screen()
