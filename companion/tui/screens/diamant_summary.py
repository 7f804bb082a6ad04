"""The end-of-round and end-of-game summary of Diamant (a modal over the game screen).

Enter or Escape closes it.  Any other key closes it too and goes on to the game screen's entry (the
app routes it there, and every later key of the same burst, in order: see ``CompanionModal.take_key``),
so that a host who is already typing the next card loses nothing.  Its result is always ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

from companion.games.diamant import explain as words
from companion.games.diamant.engine import RoundEnd, State
from companion.i18n import N_, _, current
from companion.tui.screens.base import ReadAndGoOn
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
    relics = words.counts_relics(rules)  # no "relics 0" where players keep no relics (classic, house-001)
    for row in standings(state, before):
        text.append("\n")
        if relics:
            text.append(_("{player}: {score} in all ({coins}); this round {gained}; chest {chest}, relics {relics}",
                          player=row.player, score=row.score, coins=words.coins(row.score, rules, tr),
                          gained=row.gained, chest=row.chest, relics=row.relics))
        else:
            text.append(_("{player}: {score} in all ({coins}); this round {gained}; chest {chest}",
                          player=row.player, score=row.score, coins=words.coins(row.score, rules, tr),
                          gained=row.gained, chest=row.chest))
    if state.finished:
        final = words.final_lines(state, tr)  # the breakdowns, how a tie was settled, the winners
        text.append("\n\n")
        text.append(_("How each score is made:"), style="bold")
        for line in final[:-1]:
            text.append("\n" + line)
        text.append("\n" + final[-1], style="bold green")
        text.append("\n\n" + _("To log this play in BG Stats: Ctrl+P, then “Export to BG Stats”."))
    else:
        text.append("\n" + _("Round {next} starts with the next card.", next=end.round + 1))
    return text


class DiamantSummary(ReadAndGoOn):
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

    def key_target(self, below: Screen[object]) -> Widget | None:
        return next(iter(below.query("#card")), None)
