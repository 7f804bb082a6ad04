"""What every screen of the referee assistant shares.

* ``compose_body()`` instead of ``compose()``: the base adds the translated footer.
* ``retranslate()`` is called on every screen in the stack when the language changes; the default
  refreshes every :class:`Prose` (they translate when they render), calls ``retranslate()`` on any
  widget that has one, and refreshes the footer's key labels.  Override to rebuild lists.
* ``palette()`` yields the command-palette entries that make sense on this screen right now.
* ``show_error(exc)`` turns a :class:`CompanionError` into a translated notification.

The screen on top sees every key first, in the order the keys arrive (``take_key``, called by the
app before it routes the key).  Modals (:class:`CompanionModal`) close at most once
(:class:`DismissOnce`: a second ``dismiss``, or one on a screen that is no longer on top, does
nothing -- Textual's own would pop the screen under it).  A modal that closes on a key decides so at once, so
the keys after it in the same burst (an input method committing a word, a paste) already go to the
screen below, one key each, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

from companion.errors import CompanionError
from companion.i18n import current
from companion.tui.widgets.footer import TranslatedFooter

if TYPE_CHECKING:
    from textual import getters
    from textual.widget import Widget

    from companion.tui.app import CompanionApp
    from companion.tui.widgets.bidi_input import BidiInput  # (loaded with the first screen that has one)

    _MixedInto = Screen[object]  # the mixin only ever comes before a Screen
else:
    _MixedInto = object


class PaletteCommand(NamedTuple):  # (not a frozen dataclass: making one costs every start 0.5 to 0.9 ms)
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

    def take_key(self, event: events.Key | events.Paste) -> bool:
        """Decide what a key does as soon as the app receives it, before any later key.

        Called by the app, in arrival order, with every key and paste while this screen is on top.
        Return ``True`` when the key is used up here; ``False`` lets the app route it as usual.  The
        default routes every key as usual."""
        return False

    def on_bidi_input_released(self, message: BidiInput.Released) -> None:
        """A field's submission has been handled here: type the keys that arrived behind its Enter."""
        message.stop()
        message.field._release()

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


class DismissOnce(_MixedInto):
    """Mixin for modal screens: ``dismiss`` acts once, and only while the screen is on top.

    Textual's ``dismiss`` pops whatever screen is on top; a second call (two keys of one burst that
    both close the modal, a click and a key) would close the game screen below, and a third would
    empty the stack.
    """

    _dismissed = False  # (not ``_closed``: Textual's message pump has one)

    @property
    def dismissed(self) -> bool:
        """Whether this screen has been dismissed."""
        return self._dismissed

    def dismiss(self, result: object = None) -> AwaitComplete:
        if self._dismissed or not self.is_active:
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)


class CompanionModal(DismissOnce, Translatable, ModalScreen):
    # Opaque, not Textual's tint of the screen below: blending every cell of the game screen into the
    # tint took 50 to 200 ms for each frame of a round summary (measured in a pty, bench/tui_keyframe.py),
    # against 20 to 50 ms with a plain background.  The dialog says all the host needs.
    DEFAULT_CSS = """
    CompanionModal { background: $background; }
    """

    # take_key (Translatable): a key not used up goes to this modal's widgets, or, if the modal has
    # just dismissed itself, to the screen below (to key_target).

    def key_target(self, below: Screen[object]) -> Widget | None:
        """The widget of ``below`` that gets the keys passed on when this modal closes (``None``:
        whatever has the focus there)."""
        return None

    @staticmethod
    def is_typing(event: events.Key | events.Paste) -> bool:
        """A printable character or a paste: text meant for an entry field."""
        return isinstance(event, events.Paste) or event.is_printable


class ReadAndGoOn(CompanionModal):
    """A modal to read and leave (a round summary, a setup checklist): Enter or Escape closes it; any
    other key (the next card, Ctrl+L...) closes it and goes on to the screen below, and so does every
    key after it in the same burst -- the modal is no longer on top by then.  ``OWN_KEYS`` scroll it
    (and Tab, which Textual moves the focus with)."""

    OWN_KEYS = frozenset({"tab", "shift+tab", "up", "down", "pageup", "pagedown"})

    def action_close(self) -> None:
        self.dismiss(None)

    def take_key(self, event: events.Key | events.Paste) -> bool:
        # Decided as the key arrives.
        if isinstance(event, events.Key) and event.key in ("enter", "escape"):
            self.dismiss(None)
            return True
        if isinstance(event, events.Key) and event.key in self.OWN_KEYS:
            return False
        self.dismiss(None)
        return False
