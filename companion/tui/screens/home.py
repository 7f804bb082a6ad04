"""The home screen: new game, resume, split calculator, rules library, settings."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionScreen, PaletteCommand
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose

ENTRIES = {
    "new": N_("New game"),
    "resume": N_("Resume a game"),
    "split": N_("Split calculator"),
    "history": N_("History of the table"),
    "rules": N_("Rules library"),
    "settings": N_("Settings"),
    "quit": N_("Quit"),
}


class HomeScreen(CompanionScreen):
    BINDINGS = [
        Binding("n", "open('new')", N_("New game"), id="home.new"),
        Binding("r", "open('resume')", N_("Resume"), id="home.resume"),
        Binding("c", "open('split')", N_("Split"), id="home.split"),
        Binding("h", "open('history')", N_("History"), id="home.history"),
        Binding("l", "open('rules')", N_("Rules"), id="home.rules"),
        Binding("s", "open('settings')", N_("Settings"), id="home.settings"),
    ]

    def compose_body(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Prose(lambda: _("Referee assistant"), classes="title")
            yield Prose(lambda: _("Choose with the arrow keys and Enter, or press the letter shown below."),
                        classes="hint")
            yield Menu([(key, partial(_, msg)) for key, msg in ENTRIES.items()], id="home-menu")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open(selected_key(event))

    def action_open(self, what: str) -> None:
        if what == "quit":
            self.app.exit()
            return
        from companion.tui.screens import library

        if what == "history":  # (its module loads when it is opened: it reads journals)
            from companion.tui.screens.history import HistoryScreen

            self.app.push_screen(HistoryScreen())
            return
        screen = {
            "new": library.NewGameScreen,
            "resume": library.ResumeScreen,
            "split": library.SplitScreen,
            "rules": library.RulesLibraryScreen,
            "settings": library.SettingsScreen,
        }[what]()
        self.app.push_screen(screen)

    def palette(self) -> Iterator[PaletteCommand]:
        for key, msg in ENTRIES.items():
            if key != "quit":
                yield PaletteCommand(_(msg), partial(self.action_open, key))
