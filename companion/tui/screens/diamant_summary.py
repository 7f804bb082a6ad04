"""The end-of-round and end-of-game summary of Diamant, shown by the game screen over its board.

Enter or Escape closes it.  Any other key closes it too and goes on to the card field, which keeps
the focus while the summary is open (``DiamantScreen.take_key``, called by the app as each key
arrives), so that a host who is already typing the next card loses nothing, in a burst too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from companion.games.diamant import explain as words
from companion.games.diamant.engine import RoundEnd, State
from companion.i18n import _, current
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


class SummaryProse(Prose):
    """A line of the summary: said when the summary is shown (:meth:`RoundSummary.show`), not at every
    key while it is hidden, as the board's panels are."""

    SYNC_WITH_PANELS = False


class RoundSummary(VerticalScroll, OneLayout):  # (VerticalScroll first: its CSS comes with it)
    """The summary of the last round that ended, shown by the game screen in place of its board.

    Kept in the game screen, hidden, from the start: a round's end fills in its text and shows it, one
    frame and no screen pushed (pushing a screen over the board cost 20-60 ms a round end in a pty,
    bench/tui_keyframe.py).  The card field keeps the focus, so the next card typed goes there; the game
    screen closes the summary on the first key that is not for reading it (``DiamantScreen.take_key``).
    Another round's summary (a line more or less) is laid out once; its scrollbars' own reactives ask
    for a layout when they come or go."""

    DEFAULT_CSS = """
    RoundSummary { display: none; }
    """
    can_focus = False  # the card field keeps the focus; the game screen scrolls it (take_key)

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: State | None = None
        self.before: tuple[int, ...] = ()
        self.end: RoundEnd | None = None

    def compose(self) -> ComposeResult:
        yield SummaryProse(self.text, id="summary")
        yield SummaryProse(lambda: _("Enter or Escape: close. Typing the next card closes it too."), classes="hint")

    def text(self) -> Text:
        if self.state is None or self.end is None:
            return Text("")
        return summary_text(self.state, self.before, self.end)

    def show(self, state: State, before: tuple[int, ...], end: RoundEnd) -> None:
        """Say this round's summary (shown by the caller)."""
        self.state, self.before, self.end = state, before, end
        for prose in self.query(Prose):
            prose.sync()
        if self.scroll_y:
            self.scroll_home(animate=False)
