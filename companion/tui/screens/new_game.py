"""New game: the game, its preset, the players (2-8 as the game allows) and the language."""

from __future__ import annotations

import re
from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList

from companion.errors import CompanionError
from companion.games.base import Preset
from companion.i18n import N_, _, current
from companion.tui import bidi
from companion.tui.messages import game_name
from companion.tui.screens.base import CompanionScreen, PaletteCommand
from companion.tui.screens.language import language_menu
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose

SEPARATORS = re.compile(r"\s*[,،、，;؛]\s*")


def parse_players(text: str) -> list[str]:
    """Names separated by commas (Latin, Persian or Chinese) or semicolons; blanks dropped."""
    return [name.strip() for name in SEPARATORS.split(text) if name.strip()]


class NewGameScreen(CompanionScreen):
    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="new.back"),
        Binding("ctrl+s", "start", N_("Start"), id="new.start", priority=True),
        # Priority: handled as the key arrives, so keys typed right after it (one burst) already go to
        # the next field; as ordinary bindings they came back from the old field after the burst had
        # gone into it (and was lost).
        Binding("tab", "move(1)", show=False, priority=True, id="new.next"),
        Binding("shift+tab", "move(-1)", show=False, priority=True, id="new.previous"),
        Binding("enter", "enter", show=False, priority=True, id="new.enter"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from companion.tui.screens import available_games

        self.games = available_games()
        self.game = self.games[0] if self.games else ""
        self.preset = ""  # the id of the chosen preset of self.game
        self.teach = False  # "Teach me the game": the header gets "teach": true (companion.teach)
        # Per game: its presets by id and why some did not load, read once while the form is open
        # (Diamant reads every ruleset file; the players label asks on every refresh).
        self._setups: dict[str, tuple[dict[str, Preset], list[CompanionError]]] = {}

    def compose_body(self) -> ComposeResult:
        # Laid out to fit 80 x 24: the game and its rules side by side, then the players (and the start
        # hint) beside the language.  The fields keep their order: Tab goes game, rules, players, language.
        with VerticalScroll(id="new-game"):
            yield Prose(lambda: _("New game"), classes="title")
            with Horizontal(id="new-game-choice"):
                with Vertical(id="new-game-game"):
                    yield Prose(lambda: _("Game"), classes="label")
                    yield Menu([(g, partial(game_name, g)) for g in self.games], id="game")
                with Vertical(id="new-game-rules"):
                    yield Prose(lambda: _("Rules"), classes="label")
                    yield Menu(self._preset_items(), id="preset")
            with Horizontal(id="new-game-people"):
                with Vertical(id="new-game-players"):
                    yield Prose(self._players_label, classes="label", id="players-label")
                    yield BidiInput(placeholder=self._players_placeholder(), id="players")
                    yield Prose(lambda: _("Tab moves between fields; Enter in the players field or Ctrl+S starts "
                                          "the game."), classes="hint", id="new-game-hint")
                with Vertical(id="new-game-language"):
                    yield Prose(lambda: _("Language"), classes="label")
                    yield language_menu("language")
                    yield Prose(lambda: _("Teaching"), classes="label")
                    yield Menu([("keep", lambda: _("Just keep score")), ("teach", lambda: _("Teach me the game"))],
                               id="teach")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#game", Menu).focus()
        self._show_setup_problems()

    def _setup(self) -> tuple[dict[str, Preset], list[CompanionError]]:
        """The chosen game's presets by id (from the registry: editions, modes and house rules) and the
        problems of those that do not load."""
        if not self.game:
            return {}, []
        if self.game not in self._setups:
            from companion.games import get

            game = get(self.game)
            self._setups[self.game] = ({p.id: p for p in game.presets()}, list(game.setup_problems()))
        return self._setups[self.game]

    def _presets(self) -> dict[str, Preset]:
        return self._setup()[0]

    def _show_setup_problems(self) -> None:
        for problem in self._setup()[1]:
            self.show_error(problem)

    def _preset_items(self):
        presets = self._presets()
        if presets and self.preset not in presets:
            self.preset = next(iter(presets))
        return [(pid, lambda p=p: p.name(current())) for pid, p in presets.items()]

    def _players_placeholder(self) -> str:
        """Example names, as many as the chosen rules want at least (one for a solo game)."""
        preset = self._presets().get(self.preset)
        fewest = preset.players[0] if preset is not None else 3
        if fewest <= 1:
            example = _("Ava")
        elif fewest == 2:
            example = _("Ava, Ben")
        else:
            example = _("Ava, Ben, Chen")
        # Not typed text: shown in display order like any label.
        return bidi.line(example, current().direction == "rtl")

    def retranslate(self) -> None:
        super().retranslate()
        self.query_one("#players", Input).placeholder = self._players_placeholder()

    def _players_label(self) -> str:
        preset = self._presets().get(self.preset)
        if preset is None:
            return _("Players")
        low, high = preset.players
        if high == 1:
            return _("The player's name")
        if low == high:  # never "2 to 2"
            return _("Players ({n}), separated by commas", n=low)
        return _("Players ({low} to {high}), separated by commas", low=low, high=high)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "game" and selected_key(event) != self.game:
            self.game = selected_key(event)
            self.query_one("#preset", Menu).set_items(self._preset_items())
            self._show_setup_problems()
        elif event.option_list.id == "preset":
            self.preset = selected_key(event)
        elif event.option_list.id == "teach":
            self.teach = selected_key(event) == "teach"
        self.query_one("#players-label", Prose).refresh(layout=True)
        self.query_one("#players", Input).placeholder = self._players_placeholder()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "language":
            self.app.set_language(selected_key(event))
        else:
            self.focus_next()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_move(self, step: int) -> None:
        if self.app.screen is self:
            (self.focus_next if step > 0 else self.focus_previous)()

    def action_enter(self) -> None:
        """Enter: in a list, choose the highlighted entry and go on at once; in the players field, start."""
        if self.app.screen is not self:
            return
        focused = self.focused
        if isinstance(focused, Menu):
            index = focused.highlighted
            if index is not None and focused.id == "language":
                key = focused.get_option_at_index(index).id
                if key:
                    self.app.set_language(key)
                return
            self.focus_next()
        elif isinstance(focused, Input):
            # After the keys already sent to the field (a burst "names + Enter" is still in its queue).
            focused.call_later(self.action_start)

    def action_start(self) -> None:
        players = parse_players(self.query_one("#players", Input).value)
        preset = self._presets().get(self.preset)
        if preset is None:
            return
        if not players:
            self.show_error(CompanionError("tui.no_players"))
            return
        low, high = preset.players
        if not low <= len(players) <= high:
            self.show_error(CompanionError("tui.player_count", game=self.game, low=low, high=high, count=len(players)))
            return
        extra = dict(preset.header)
        if self.teach:
            extra["teach"] = True
        self.app.start_game(self.game, preset.ruleset, players, switch=True, **extra)

    def action_close(self) -> None:
        self.app.pop_screen()

    def palette(self):
        yield PaletteCommand(_("Start the game"), self.action_start)
