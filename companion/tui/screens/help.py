"""The keys of the screen below, translated (F1).

Arrow keys are written as words (Textual's arrow glyphs are ambiguous-width in East Asian terminals)
and the columns are aligned by terminal cells, not characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen


ARROWS = {
    "up": N_("Up arrow"),
    "down": N_("Down arrow"),
    "left": N_("Left arrow"),
    "right": N_("Right arrow"),
    "enter": N_("Enter"),
}


def key_text(app: App[object], binding: Binding) -> str:
    """How a key is written on this screen: arrows and Enter as translated words."""
    modifiers, key = binding.parse_key()
    if key in ARROWS and not binding.key_display:
        return "+".join([m.capitalize() for m in modifiers] + [_(ARROWS[key])])
    return app.get_key_display(binding)


class KeysScreen(CompanionModal):
    BINDINGS = [Binding("escape,f1,q", "dismiss", N_("Close"), id="keys.close")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="keys-box", classes="dialog"):
            yield Prose(self._text)

    def rows(self) -> list[tuple[str, str]]:
        """``(key, description)`` for every key of the screen below, translated."""
        seen = set()
        rows = []
        for active in self.under.active_bindings.values():
            binding = active.binding
            if not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            rows.append((key_text(self.app, binding), _(binding.description)))
        widget = self.under.focused
        for binding in getattr(widget, "BINDINGS", []) if widget is not None else []:
            if isinstance(binding, Binding) and binding.description and binding.action not in seen:
                seen.add(binding.action)
                rows.append((key_text(self.app, binding), _(binding.description)))
        rows.append(("Ctrl+P", _("Every action, searchable")))
        return rows

    def _text(self) -> Text:
        text = Text(_("Keys"), style="bold")
        rows = self.rows()
        width = max(cell_len(k) for k, _d in rows)
        for key, description in rows:
            text.append("\n")
            text.append(key + " " * (width - cell_len(key)), style="bold")
            text.append("  " + description)
        return text
