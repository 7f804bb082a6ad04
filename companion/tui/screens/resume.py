"""Resume a recent game: every journal in the user data folder, unfinished (and crashed) ones first.

A game another companion is writing now (``journal.writer_of``) says so, and by whom; opening it
offers to follow it read-only (see :meth:`companion.tui.app.CompanionApp.open_journal`).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import N_, _, current, ngettext
from companion.journal import LockHolder, writer_of
from companion.tui.messages import describe, game_name
from companion.tui.recent import RecentGame, scan
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.menu import Menu, selected_key
from companion.tui.widgets.text import Prose


def when_text(timestamp: float) -> str:
    """A date and time as the locale writes them (Babel), in the locale's digits: ``Nov 29, 2026, 8:15 PM``."""
    from babel import Locale
    from babel.dates import format_date, format_time

    tr = current()
    try:
        moment = datetime.fromtimestamp(timestamp)
    except (OverflowError, OSError, ValueError):
        moment = datetime.fromtimestamp(0)
    pattern = str(Locale.parse(tr.babel_locale).datetime_formats["medium"])
    text = pattern.format(format_time(moment, "short", locale=tr.babel_locale),
                          format_date(moment, "medium", locale=tr.babel_locale))
    return tr.digits(text)


def title_text(game: RecentGame) -> str:
    """The game and its preset: ``Diamant: Incan Gold`` (the game alone when no preset matches)."""
    name = game_name(game.game)
    if game.preset is None:
        return name
    preset = game.preset(current())
    return name if preset == name else _("{game}: {preset}", game=name, preset=preset)


def _winners(game: RecentGame) -> list[str]:
    from companion.games import UnknownGame, get

    tr = current()
    try:
        found = get(game.game)
    except UnknownGame:
        return list(game.winners)
    return [found.player_name(w, tr) for w in game.winners]


def entry_text(game: RecentGame, writer: LockHolder | None = None) -> str:
    """The line of ``game`` in the list; ``writer``: who is writing it now (``None``: nobody)."""
    text = _entry_text(game)
    if writer is None:
        return text
    if writer.pid is None or writer.host is None:
        return _("{entry} · being written in another companion", entry=text)
    # The pid is an identifier, not a quantity: text, as in the message of the lock itself.
    return _("{entry} · being written by process {pid} on {host}", entry=text, pid=str(writer.pid), host=writer.host)


def _entry_text(game: RecentGame) -> str:
    tr = current()
    when = when_text(game.changed or game.modified)
    if game.error is not None:
        return _("{file} cannot be opened: {reason} (last change {when})", when=when, file=game.path.name,
                 reason=describe(game.error))
    title, players = title_text(game), tr.join(game.players)
    if game.finished:
        winners = _winners(game)
        if not winners:
            return _("{game} · {players} · finished · last change {when}", game=title, players=players, when=when)
        return ngettext("{game} · {players} · finished, {winners} won · last change {when}",
                        "{game} · {players} · finished, shared win: {winners} · last change {when}",
                        len(winners), game=title, players=players, winners=tr.join(winners), when=when)
    if game.period is None:  # a journal too long to replay for the list
        return _("{game} · {players} · last change {when}", game=title, players=players, when=when)
    kind, number = game.period
    if kind == "turn":
        return _("{game} · {players} · turn {n} · last change {when}", game=title, players=players, n=number,
                 when=when)
    return _("{game} · {players} · round {n} · last change {when}", game=title, players=players, n=number,
             when=when)


class ResumeScreen(CompanionScreen):
    BINDINGS = [Binding("escape", "close", N_("Back"), id="resume.back")]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[RecentGame] = []
        self.writers: dict[Path, LockHolder] = {}
        """The listed games that another session has open for writing, and who that is."""

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
        self.games = sorted(scan(self.app.data_dir), key=lambda g: (not g.resumable, -(g.changed or g.modified)))
        self.writers = {}
        for game in self.games:
            holder = writer_of(game.path) if game.error is None else None
            if holder is not None:
                self.writers[game.path] = holder
        self.query_one("#recent", Menu).set_items(
            [(str(i), partial(entry_text, g, self.writers.get(g.path))) for i, g in enumerate(self.games)])
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
