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
from companion.tui.widgets.text import OneLayout, Prose


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


class SummaryBox(VerticalScroll, OneLayout):  # (VerticalScroll first: its CSS comes with it)
    """The dialog's scrolling box: another round's summary (a line more or less) is laid out once; the
    scrollbars' own reactives ask for a layout when they come or go."""


class DiamantSummary(ReadAndGoOn):
    """The summary of one round (``show`` puts another round in it: a game screen keeps one and shows
    it again at every round's end, so a round's end costs one frame, not a screen built anew)."""

    DEFAULT_CSS = """
    DiamantSummary { align: center middle; }
    DiamantSummary > #summary-box { width: 90; }
    """
    BINDINGS = [Binding("enter,escape", "close", N_("Close"), id="summary.close")]

    def __init__(self, state: State | None = None, before: tuple[int, ...] = (), end: RoundEnd | None = None) -> None:
        super().__init__()
        self.state = state
        self.before = before
        self.end = end
        self._said_in: tuple[str, str] | None = None  # the language and bidi mode it was last shown in

    def compose_body(self) -> ComposeResult:
        with SummaryBox(id="summary-box", classes="dialog"):
            yield Prose(self.text, id="summary")
            yield Prose(lambda: _("Enter or Escape: close. Typing the next card closes it too."), classes="hint")

    def text(self) -> Text:
        if self.state is None or self.end is None:
            return Text("")
        return summary_text(self.state, self.before, self.end)

    def show(self, state: State, before: tuple[int, ...], end: RoundEnd) -> None:
        """Say this round's summary (before the screen is pushed again); it can be dismissed again."""
        self.state, self.before, self.end = state, before, end
        self._dismissed = False
        if not self.is_mounted:
            return  # composed with it
        from companion.tui import bidi

        said_in = (current().locale, bidi.mode())
        if said_in != self._said_in:
            if self._said_in is not None:
                self.retranslate()  # the language changed while it was put away
            self._said_in = said_in
        for prose in self.query(Prose):
            prose.sync()
        box = self.query_one("#summary-box", VerticalScroll)
        if box.scroll_y:
            box.scroll_home(animate=False)

    def key_target(self, below: Screen[object]) -> Widget | None:
        return next(iter(below.query("#card")), None)
