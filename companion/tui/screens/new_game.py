"""New game: the game, its preset, the players (2-8 as the game allows) and the language."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList

from companion.errors import CompanionError
from companion.i18n import N_, _, current
from companion.tui import bidi
from companion.tui.messages import game_name
from companion.tui.screens.base import CompanionScreen, PaletteCommand
from companion.tui.widgets.menu import Menu
from companion.tui.widgets.text import Prose

SEPARATORS = re.compile(r"\s*[,،、，;؛]\s*")


def parse_players(text: str) -> list[str]:
    """Names separated by commas (Latin, Persian or Chinese) or semicolons; blanks dropped."""
    return [name.strip() for name in SEPARATORS.split(text) if name.strip()]


class NewGameScreen(CompanionScreen):
    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="new.back"),
        Binding("ctrl+s", "start", N_("Start"), id="new.start", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        from companion.tui.screens import available_games

        self.games = available_games()
        self.game = self.games[0] if self.games else ""
        self.ruleset = ""

    def compose_body(self) -> ComposeResult:
        from companion.tui.app import LANGUAGE_NAMES

        with VerticalScroll(id="new-game"):
            yield Prose(lambda: _("New game"), classes="title")
            yield Prose(lambda: _("Game"), classes="label")
            yield Menu([(g, lambda g=g: game_name(g)) for g in self.games], id="game")
            yield Prose(lambda: _("Rules"), classes="label")
            yield Menu(self._preset_items(), id="preset")
            yield Prose(self._players_label, classes="label", id="players-label")
            yield Input(placeholder=self._players_placeholder(), id="players")
            yield Prose(lambda: _("Language"), classes="label")
            yield Menu([(loc, lambda n=name: n) for loc, name in LANGUAGE_NAMES.items()], id="language")
            yield Prose(lambda: _("Tab moves between fields; Enter in the players field or Ctrl+S starts the game."),
                        classes="hint")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#game", Menu).focus()
        if self.game:
            for problem in self._screen_class().setup_problems():
                self.show_error(problem)

    def _screen_class(self):
        from companion.tui.screens import game_screen_class

        return game_screen_class(self.game)

    def _preset_items(self):
        if not self.game:
            return []
        presets = self._screen_class().presets()
        if presets and self.ruleset not in [p for p, _n in presets]:
            self.ruleset = presets[0][0]
        return [(rid, lambda rid=rid: dict(self._screen_class().presets()).get(rid, rid)) for rid, _n in presets]

    @staticmethod
    def _players_placeholder() -> str:
        # Not typed text: shown in display order like any label.
        return bidi.line(_("Ava, Ben, Chen"), current().direction == "rtl")

    def retranslate(self) -> None:
        super().retranslate()
        self.query_one("#players", Input).placeholder = self._players_placeholder()

    def _players_label(self) -> str:
        if not self.game or not self.ruleset:
            return _("Players")
        low, high = self._screen_class().player_range(self.ruleset)
        return _("Players ({low} to {high}), separated by commas", low=low, high=high)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "game" and event.option.id != self.game:
            self.game = event.option.id
            self.query_one("#preset", Menu).set_items(self._preset_items())
            for problem in self._screen_class().setup_problems():
                self.show_error(problem)
        elif event.option_list.id == "preset":
            self.ruleset = event.option.id
        self.query_one("#players-label", Prose).refresh(layout=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "language":
            self.app.set_language(event.option.id)
        else:
            self.focus_next()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        players = parse_players(self.query_one("#players", Input).value)
        if not self.game:
            return
        if not players:
            self.show_error(CompanionError("tui.no_players"))
            return
        screen_class = self._screen_class()
        low, high = screen_class.player_range(self.ruleset)
        if not low <= len(players) <= high:
            self.show_error(CompanionError("tui.player_count", game=self.game, low=low, high=high, count=len(players)))
            return
        self.app.start_game(self.game, screen_class.ruleset_of(self.ruleset), players, switch=True,
                            **screen_class.header_extra(self.ruleset))

    def action_close(self) -> None:
        self.app.pop_screen()

    def palette(self):
        yield PaletteCommand(_("Start the game"), self.action_start)
