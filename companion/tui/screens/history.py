"""The history of the table: every saved game summed up (see :mod:`companion.history`).

The journals are read in a thread (the first time, each is replayed; later, the cache answers), so
the screen shows at once and fills in when they are read.  Every text is a :class:`Prose`, translated
when it renders: a language switch redraws it in the new language (right to left in Persian).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll

from companion.i18n import N_, _, current
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from companion.history import History


class HistoryScreen(CompanionScreen):
    DEFAULT_CSS = """
    HistoryScreen #history { padding: 1 2; }
    HistoryScreen #history-sections { height: auto; }
    HistoryScreen .history-section { margin-top: 1; text-style: bold; }
    """
    BINDINGS = [Binding("escape", "close", N_("Back"), id="history.back")]

    def __init__(self) -> None:
        super().__init__()
        self.found: History | None = None
        """The history once the journals are read."""
        self.problem: str | None = None
        """Why the folder cannot be read (an error of the system), if it cannot."""
        self._words: dict[str, list[tuple[str, list[str]]]] = {}

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="history"):
            yield Prose(lambda: _("History of the table"), classes="title")
            yield Prose(self._hint, classes="hint", id="history-hint")
            yield Vertical(id="history-sections")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#history").focus()
        self.run_worker(self._read, thread=True, exclusive=True, exit_on_error=False)

    def _read(self) -> None:
        from companion.history import history

        try:
            found = history(self.app.games_dir())
        except OSError as exc:
            self.app.call_from_thread(self._failed, exc.strerror or str(exc))
            return
        self.app.call_from_thread(self._show, found)

    def _failed(self, reason: str) -> None:
        from companion.safetext import clean

        self.problem = clean(reason)
        self.query_one("#history-hint", Prose).refresh(layout=True)

    def _hint(self) -> str:
        folder = str(self.app.games_dir())
        if self.problem is not None:
            return _("The games in {folder} cannot be read: {reason}.", folder=folder, reason=self.problem)
        if self.found is None:
            return _("Reading the games saved in {folder}…", folder=folder)
        if not self.found.games and not self.found.unreadable:
            return _("No saved games yet in {folder}.", folder=folder)
        return _("Every game saved in {folder}, finished or not.", folder=folder)

    def sections(self) -> list[tuple[str, list[str]]]:
        """The history in the current language: (title, lines) for each part."""
        from companion.history import sections

        if self.found is None:
            return []
        tr = current()
        if tr.locale not in self._words:
            self._words[tr.locale] = sections(self.found, tr)
        return self._words[tr.locale]

    def _show(self, found: History) -> None:
        self.found = found
        self._words = {}
        widgets = []
        for index in range(len(self.sections())):
            widgets.append(Prose(partial(self._title, index), classes="history-section"))
            widgets.append(Prose(partial(self._lines, index), classes="history-lines", id=f"history-part-{index}"))
        box = self.query_one("#history-sections", Vertical)
        box.remove_children()
        box.mount_all(widgets)
        self.query_one("#history-hint", Prose).refresh(layout=True)

    def _title(self, index: int) -> str:
        return self.sections()[index][0]

    def _lines(self, index: int) -> str:
        return "\n".join(self.sections()[index][1])

    def retranslate(self) -> None:
        self._words = {}
        super().retranslate()

    def action_close(self) -> None:
        self.app.pop_screen()
