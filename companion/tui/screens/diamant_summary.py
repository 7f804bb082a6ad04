"""The end-of-round and end-of-game summary of Diamant (a modal over the game screen).

Enter or Escape closes it.  Any other key closes it too and goes on to the game screen (its result
is the key), so that a host who is already typing the next card loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.games.diamant import explain as words
from companion.games.diamant.engine import RoundEnd, State
from companion.i18n import N_, _, current
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose


@dataclass(frozen=True)
class Standing:
    player: str
    gained: int   # this round (chest and relics)
    chest: int
    relics: int   # how many relics
    score: int


def standings(state: State, before: tuple[int, ...]) -> list[Standing]:
    """Every player, best score first (seat order among equals); ``before``: scores at the round's start."""
    rows = [Standing(player, state.score(seat) - before[seat], state.chest[seat], len(state.relics[seat]),
                     state.score(seat)) for seat, player in enumerate(state.players)]
    return sorted(rows, key=lambda row: -row.score)


def summary_text(state: State, before: tuple[int, ...], end: RoundEnd) -> Text:
    """The summary: how the round ended, each player's gain, chest, relics, score and coins; winners."""
    tr = current()
    rules = state.rules
    if state.finished:
        text = Text(_("The game is over after round {round}.", round=end.round), style="bold")
    else:
        text = Text(_("Round {round} of {rounds} is over.", round=end.round, rounds=rules.rounds), style="bold")
    if end.reason == "bust":
        text.append("\n" + _("It ended in a bust: whoever was still in the cave went back with nothing."))
    else:
        text.append("\n" + _("It ended with everyone back at camp."))
    for row in standings(state, before):
        text.append("\n")
        text.append(_("{player}: {score} in all ({coins}); this round {gained}; chest {chest}, relics {relics}",
                      player=row.player, score=row.score, coins=words.coins(row.score, rules, tr),
                      gained=row.gained, chest=row.chest, relics=row.relics))
    if state.finished:
        winners = state.winners()
        line = (_("Winner: {names}.", names=tr.join(winners)) if len(winners) == 1
                else _("Shared win: {names}.", names=tr.join(winners)))
        text.append("\n" + line, style="bold green")
    else:
        text.append("\n" + _("Round {next} starts with the next card.", next=end.round + 1))
    return text


class DiamantSummary(CompanionModal):
    DEFAULT_CSS = """
    DiamantSummary { align: center middle; }
    DiamantSummary > #summary-box { width: 90; }
    """
    BINDINGS = [Binding("enter,escape", "close", N_("Close"), id="summary.close")]

    def __init__(self, state: State, before: tuple[int, ...], end: RoundEnd) -> None:
        super().__init__()
        self.state = state
        self.before = before
        self.end = end

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="summary-box", classes="dialog"):
            yield Prose(self.text, id="summary")
            yield Prose(lambda: _("Enter or Escape: close. Typing the next card closes it too."), classes="hint")

    def text(self) -> Text:
        return summary_text(self.state, self.before, self.end)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        # Keys this screen does not use close it and go on to the game (the next card, Ctrl+L...).
        if event.key in ("enter", "escape", "tab", "shift+tab", "up", "down", "pageup", "pagedown"):
            return
        event.stop()
        event.prevent_default()
        self.dismiss((event.key, event.character))
