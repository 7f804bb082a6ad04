"""The screens the home menu opens (one import place for it) and the rules library."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import N_, _
from companion.tui.messages import game_name
from companion.tui.screens.base import CompanionScreen
from companion.tui.screens.new_game import NewGameScreen  # noqa: F401
from companion.tui.screens.resume import ResumeScreen  # noqa: F401
from companion.tui.screens.settings import SettingsScreen  # noqa: F401
from companion.tui.screens.split import SplitScreen  # noqa: F401
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose


class RulesLibraryScreen(CompanionScreen):
    BINDINGS = [Binding("escape", "close", N_("Back"), id="library.back")]

    def compose_body(self) -> ComposeResult:
        from companion.tui.screens import available_games

        with Vertical(id="library"):
            yield Prose(lambda: _("Rules library"), classes="title")
            items = []
            for game in available_games():
                items.append((f"{game}:rules", lambda g=game: _("{game}: rules", game=game_name(g))))
                items.append((f"{game}:card", lambda g=game: _("{game}: quick reference", game=game_name(g))))
            yield Menu(items, id="library-menu")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        from companion.tui.screens.rules import RulesScreen

        game, _sep, kind = selected_key(event).partition(":")
        self.app.push_screen(RulesScreen(game, kind))

    def action_close(self) -> None:
        self.app.pop_screen()
