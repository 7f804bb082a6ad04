"""The keys of the screen below, translated (F1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose


class KeysScreen(CompanionModal):
    BINDINGS = [Binding("escape,f1,q", "dismiss", N_("Close"), id="keys.close")]

    def __init__(self, under) -> None:
        super().__init__()
        self.under = under

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="keys-box", classes="dialog"):
            yield Prose(self._text)

    def _text(self) -> Text:
        text = Text(_("Keys"), style="bold")
        seen = set()
        rows = []
        for key, active in self.under.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            rows.append((self.app.get_key_display(binding), _(binding.description)))
        widget = self.under.focused
        for binding in getattr(widget, "BINDINGS", []) if widget is not None else []:
            if isinstance(binding, Binding) and binding.description and binding.action not in seen:
                seen.add(binding.action)
                rows.append((self.app.get_key_display(binding), _(binding.description)))
        rows.append(("Ctrl+P", _("Every action, searchable")))
        width = max(len(k) for k, _d in rows)
        for key, description in rows:
            text.append("\n")
            text.append(key.ljust(width), style="bold")
            text.append("  " + description)
        return text
