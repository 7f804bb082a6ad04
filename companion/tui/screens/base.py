"""What every screen of the referee assistant shares.

* ``compose_body()`` instead of ``compose()``: the base adds the translated footer.
* ``retranslate()`` is called on every screen in the stack when the language changes; the default
  refreshes every :class:`Prose` (they translate when they render), calls ``retranslate()`` on any
  widget that has one, and refreshes the footer's key labels.  Override to rebuild lists.
* ``palette()`` yields the command-palette entries that make sense on this screen right now.
* ``show_error(exc)`` turns a :class:`CompanionError` into a translated notification.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen

from companion.errors import CompanionError
from companion.i18n import current
from companion.tui.widgets.footer import TranslatedFooter

if TYPE_CHECKING:
    from textual import getters

    from companion.tui.app import CompanionApp

    _MixedInto = Screen[object]  # the mixin only ever comes before a Screen
else:
    _MixedInto = object


@dataclass(frozen=True)
class PaletteCommand:
    title: str
    """The entry, already translated."""
    run: Callable[[], object]
    help: str = ""


class Translatable(_MixedInto):
    """Mixin for screens: language refresh, palette entries and error notices."""

    if TYPE_CHECKING:
        app = getters.app(CompanionApp)  # for the type checker only: no isinstance check at run time

    def retranslate(self) -> None:
        self.set_class(current().direction == "rtl", "-rtl")
        for widget in self.query("*"):
            hook = getattr(widget, "retranslate", None)
            if hook is not None and widget is not self:
                hook()
        self.refresh_bindings()

    def palette(self) -> Iterable[PaletteCommand]:
        return ()

    def show_error(self, exc: CompanionError) -> None:
        self.app.show_error(exc)

    def on_mount(self) -> None:
        self.set_class(current().direction == "rtl", "-rtl")

    def on_screen_resume(self) -> None:
        for footer in self.query(TranslatedFooter):
            footer.schedule_update()

    def _direction_class(self) -> None:
        # Before the children mount: setting it in on_mount would restyle the whole screen again.
        self.set_class(current().direction == "rtl", "-rtl", update=False)

    def compose(self) -> ComposeResult:
        """The screen's own widgets (``compose_body``), then the translated footer."""
        self._direction_class()
        yield from self.compose_body()
        yield TranslatedFooter()

    def compose_body(self) -> ComposeResult:
        return iter(())


class CompanionScreen(Translatable, Screen):
    pass


class CompanionModal(Translatable, ModalScreen):
    pass
