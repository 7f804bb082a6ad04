"""Pick the language (F2); the switch applies at once to every screen, the footer and the palette."""

from __future__ import annotations

from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList

from companion.i18n import LANGUAGE_NAMES, N_, _, current
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.menu import Menu
from companion.tui.widgets.text import Prose


class LanguageScreen(CompanionModal):
    BINDINGS = [Binding("escape", "dismiss", N_("Close"), id="language.close")]

    def compose_body(self) -> ComposeResult:
        with Vertical(id="language-box", classes="dialog"):
            yield Prose(lambda: _("Language"), classes="title")
            menu = Menu([(loc, partial(str, name)) for loc, name in LANGUAGE_NAMES.items()], id="language-menu")
            menu.highlighted = list(LANGUAGE_NAMES).index(current().locale)
            yield menu

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
