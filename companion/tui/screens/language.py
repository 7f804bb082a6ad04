"""Pick the language (F2); the switch applies at once to every screen, the footer and the palette."""

from __future__ import annotations

from functools import partial

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import LANGUAGE_NAMES, N_, _, current
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.menu import Menu
from companion.tui.widgets.text import Prose


def language_menu(id: str) -> Menu:
    """The four languages, each named in itself, the one in use highlighted (the F2 list, the new-game form)."""
    menu = Menu([(loc, partial(str, name)) for loc, name in LANGUAGE_NAMES.items()], id=id)
    menu.highlighted = list(LANGUAGE_NAMES).index(current().locale)
    return menu


class LanguageScreen(CompanionModal):
    BINDINGS = [Binding("escape", "dismiss", N_("Close"), id="language.close")]
    MOVES = {"up": "cursor_up", "down": "cursor_down", "home": "first", "end": "last",
             "pageup": "page_up", "pagedown": "page_down"}

    def take_key(self, event: events.Key | events.Paste) -> bool:
        # Every key is decided as it arrives, so Down Down Enter in one burst picks the third entry
        # and the keys after Enter go to the screen below.  Typing closes without a choice and goes on.
        if self.is_typing(event):
            self.dismiss(None)
            return False
        assert isinstance(event, events.Key)
        menu = self.query_one("#language-menu", Menu)
        if event.key == "escape":
            self.dismiss(None)
        elif event.key == "enter":
            option = menu.highlighted_option
            self.dismiss(option.id if option is not None else None)
        elif event.key in self.MOVES:
            getattr(menu, f"action_{self.MOVES[event.key]}")()
        else:
            return False
        return True

    def compose_body(self) -> ComposeResult:
        with Vertical(id="language-box", classes="dialog"):
            yield Prose(lambda: _("Language"), classes="title")
            yield language_menu("language-menu")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
