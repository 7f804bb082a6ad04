"""Resume a recent game: every journal in the user data folder, unfinished (and crashed) ones first."""

from __future__ import annotations

from datetime import datetime
from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import N_, _, current
from companion.tui.messages import describe, game_name
from companion.tui.recent import RecentGame, scan
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose


def entry_text(game: RecentGame) -> str:
    tr = current()
    when = tr.digits(datetime.fromtimestamp(game.modified).strftime("%Y-%m-%d %H:%M"))
    if game.error is not None:
        return _("{when}: {file} cannot be opened: {reason}", when=when, file=game.path.name,
                 reason=describe(game.error))
    players = tr.join(game.players)
    if game.finished:
        return _("{when}: {game}, {players}: finished", when=when, game=game_name(game.game), players=players)
    return _("{when}: {game}, {players}: unfinished, {n} events", when=when, game=game_name(game.game),
             players=players, n=game.events)


class ResumeScreen(CompanionScreen):
    BINDINGS = [Binding("escape", "close", N_("Back"), id="resume.back")]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[RecentGame] = []

    def compose_body(self) -> ComposeResult:
        with Vertical(id="resume"):
            yield Prose(lambda: _("Resume a game"), classes="title")
            yield Prose(self._hint, classes="hint", id="resume-hint")
            yield Menu([], id="recent")

    def _hint(self) -> str:
        if not self.games:
            return _("No saved games yet in {folder}.", folder=str(self.app.games_dir()))
        return _("Games are saved in {folder}. Enter opens the highlighted one.", folder=str(self.app.games_dir()))

    def on_mount(self) -> None:
        super().on_mount()
        self.games = sorted(scan(self.app.data_dir), key=lambda g: (not g.resumable, -g.modified))
        self.query_one("#recent", Menu).set_items(
            [(str(i), partial(entry_text, g)) for i, g in enumerate(self.games)])
        self.query_one("#resume-hint", Prose).refresh(layout=True)
        self.query_one("#recent").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = self.games[int(selected_key(event))]
        if game.error is not None:
            self.show_error(game.error)
            return
        self.app.open_journal(game.path, switch=True)

    def action_close(self) -> None:
        self.app.pop_screen()
