"""A footer whose key labels follow the current language.

Textual's ``Footer`` shows ``Binding.description`` as written in the class; ours passes each one
through the catalogs (bindings are declared with ``N_()``) and the bidi reordering.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from companion.i18n import _, current
from companion.tui import bidi


def label(description: str) -> str:
    return bidi.line(_(description), current().direction == "rtl") if description else ""


class TranslatedFooter(Footer):
    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        seen: set[str] = set()
        palette_key = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, tooltip) in active.items():
            if not binding.show or binding.action in seen or key == palette_key:
                continue
            seen.add(binding.action)
            yield FooterKey(binding.key, self.app.get_key_display(binding), label(binding.description),
                            binding.action, disabled=not enabled, tooltip=tooltip)
        if self.show_command_palette and palette_key in active:
            _node, binding, enabled, tooltip = active[palette_key]
            yield FooterKey(binding.key, self.app.get_key_display(binding), label(binding.description),
                            binding.action, classes="-command-palette", disabled=not enabled)

    def retranslate(self) -> None:
        # Only the footer of the screen on show can recompose now; the others do when they resume.
        if self.is_attached and self.screen is self.app.screen:
            self.call_after_refresh(self.recompose)
