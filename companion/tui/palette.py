"""The command palette the app opens (Ctrl+P): Textual's, closing at most once, its search field drawn in
display order.  Loaded when the palette first opens, not at start-up (with :mod:`companion.tui.commands`
and the bidi text field)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.command import CommandInput, CommandPalette

from companion.tui.commands import PaletteInput
from companion.tui.screens.base import DismissOnce


class CompanionPalette(DismissOnce, CommandPalette):
    """Textual's command palette, closing at most once (two Enters or Escapes of one burst), its
    search field a :class:`~companion.tui.commands.PaletteInput` (typed Persian reads as it should)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if type(widget) is CommandInput:  # the same field, drawn in display order
                widget = PaletteInput(placeholder=widget.placeholder, select_on_focus=False)
            yield widget
