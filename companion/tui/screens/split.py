"""The split calculator: piles of gems shared by some players, card by card and pooled."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input

from companion.errors import UsageError
from companion.i18n import N_, _
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.text import Prose


def compute(piles_text: str, among_text: str) -> list[str]:
    """Sentences for both ways of sharing; :class:`UsageError` for a bad number (as ``companion split``)."""
    from companion.arith import split_piles
    from companion.commands.split import _count, describe

    piles = [_count(p, "bad_number") for p in piles_text.replace(",", " ").replace("،", " ").split()]
    if not piles:
        raise UsageError("bad_number", value=piles_text)
    among = _count(among_text.strip() or "0", "bad_among")
    if among < 1:
        raise UsageError("bad_among", value=among_text)
    lines = [_("Card by card:")] + describe(split_piles(piles, among))
    lines += [_("Pooled:")] + describe(split_piles(piles, among, pooled=True))
    return lines


class SplitScreen(CompanionScreen):
    BINDINGS = [Binding("escape", "close", N_("Back"), id="split.back")]

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def compose_body(self) -> ComposeResult:
        with Vertical(id="split"):
            yield Prose(lambda: _("Split calculator"), classes="title")
            yield Prose(lambda: _("Gems on each card (for example 4 8):"), classes="label")
            yield Input(id="piles")
            yield Prose(lambda: _("Number of players sharing:"), classes="label")
            yield Input(id="among")
            yield Prose(self._result, id="split-result", classes="panel")

    def _result(self) -> Text:
        return Text("\n".join(self.lines))

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#piles").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "piles":
            self.query_one("#among").focus()
            return
        try:
            self.lines = compute(self.query_one("#piles", Input).value, self.query_one("#among", Input).value)
        except UsageError as exc:
            self.show_error(exc)
            return
        self.query_one("#split-result", Prose).refresh(layout=True)

    def retranslate(self) -> None:
        if self.lines:
            try:
                self.lines = compute(self.query_one("#piles", Input).value, self.query_one("#among", Input).value)
            except UsageError:
                self.lines = []
        super().retranslate()

    def action_close(self) -> None:
        self.app.pop_screen()
