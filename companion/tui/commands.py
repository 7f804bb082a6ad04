"""The command palette: every action that makes sense on the current screen, in the current language.

In a right-to-left language the palette is marked ``-rtl`` when it opens (``app.tcss`` then aligns its
list to the right, like every menu).  Its search field is a :class:`PaletteInput`: Textual's
``CommandInput`` drawn as a :class:`~companion.tui.widgets.bidi_input.BidiInput`, so typed Persian
shows shaped, in reading order and right-aligned while the palette searches the logical text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.command import CommandInput, CommandPalette, DiscoveryHit, Hit, Hits, Provider

from companion.i18n import current
from companion.tui import bidi
from companion.tui.widgets.bidi_input import BidiInput

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp
    from companion.tui.screens.base import PaletteCommand


class PaletteInput(CommandInput, BidiInput):
    """The palette's search field: ``CommandInput`` (its styles, and what the palette looks it up by)
    showing its text as a ``BidiInput`` does.  ``CommandInput`` comes first: Textual takes CSS type
    names from the first base only (it adds no methods, so ``BidiInput``'s still override ``Input``'s)."""


class CompanionCommands(Provider):
    if TYPE_CHECKING:
        @property
        def app(self) -> CompanionApp: ...  # the app this palette belongs to (for the type checker)

    def _commands(self) -> list[PaletteCommand]:
        screen = self.screen
        entries = list(getattr(screen, "palette", lambda: ())())
        entries.extend(self.app.app_palette())
        return entries

    async def startup(self) -> None:
        rtl = current().direction == "rtl"
        for screen in self.app.screen_stack:
            if isinstance(screen, CommandPalette):
                screen.set_class(rtl, "-rtl")

    @staticmethod
    def _shown(text: str) -> str:
        return bidi.line(text, current().direction == "rtl")

    async def discover(self) -> Hits:
        for entry in self._commands():
            yield DiscoveryHit(self._shown(entry.title), entry.run, help=self._shown(entry.help) or None)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in self._commands():
            score = matcher.match(entry.title)
            if score > 0:
                shown = self._shown(entry.title)
                display = matcher.highlight(entry.title) if shown == entry.title else shown
                yield Hit(score, display, entry.run, help=self._shown(entry.help) or None)
