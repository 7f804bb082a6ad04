"""The contract of a game screen (one class per game id, registered in ``screens.GAME_SCREENS``).

A game screen:

* is built with a live :class:`companion.session.Session` (``GameScreen(session)``) -- the app creates
  or resumes the session, the screen never opens files itself;
* knows nothing of how a game is set up: the new-game form takes the presets, their player ranges
  and header keys from the game registry (:func:`companion.games.get`);
* sends every change through :meth:`send` (``session.apply``: checked, then durably journalled,
  then shown; a rejected event becomes a translated notice and changes nothing);
* implements :meth:`refresh_state` (draw everything from ``self.session.state``) and
  :meth:`explain` (sentences for an outcome and the state after it, from the game's ``explain`` module);
* keeps in ``self.explanation`` *how* to say what just happened (a callable returning the lines, or
  ``None``), never the translated lines themselves, so a language switch says the same thing again in
  the new language; panels show :meth:`explanation_lines`;
* inherits undo (Ctrl+Z), redo (Ctrl+Y), the rules viewer (F3) and back to home (Escape);
  ``retranslate`` and ``palette`` as in :mod:`companion.tui.screens.base`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from companion.errors import CompanionError
from companion.i18n import N_, _
from companion.messages import describe_error
from companion.tui.screens.base import CompanionScreen, PaletteCommand

if TYPE_CHECKING:
    from companion.session import Session


Saying = Callable[[], list[str]]


def joined(first: Saying | None, second: Saying | None) -> Saying | None:
    """Both explanations, one after the other (either may be ``None``)."""
    if first is None or second is None:
        return first or second
    return lambda: first() + second()


class GameScreen(CompanionScreen):
    BINDINGS = [
        Binding("ctrl+z", "undo", N_("Undo"), id="game.undo", priority=True),
        Binding("ctrl+y", "redo", N_("Redo"), id="game.redo", priority=True),
        Binding("f3", "rules", N_("Rules"), id="game.rules"),
        Binding("escape", "home", N_("Home"), id="game.home"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.explanation: Saying | None = self.resume_lines if session.steps else None

    # -- to implement ---------------------------------------------------------------------------
    def refresh_state(self) -> None:
        raise NotImplementedError

    def explain(self, outcome: Any, state: Any) -> list[str]:
        """The sentences for ``outcome``; ``state`` is the game state right after it."""
        return []

    def resume_lines(self) -> list[str]:
        return []

    # -- shared behaviour -----------------------------------------------------------------------
    def saying(self, outcome: Any, state: Any) -> Saying:
        """How to explain ``outcome`` again later, in whatever language is current then."""
        return lambda: self.explain(outcome, state)

    def explanation_lines(self) -> list[str]:
        """The explanation in the current language (empty when there is none)."""
        return self.explanation() if self.explanation is not None else []

    def send(self, event: dict[str, Any]) -> bool:
        """Apply ``event``: journal first, then show.  False (and a notice) when it is refused."""
        try:
            outcome = self.session.apply(event)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = self.saying(outcome, self.session.state)
        self.refresh_state()
        self.warn_if_unsaved()
        return True

    # -- a disk that refuses to write -----------------------------------------------------------
    def warn_if_unsaved(self) -> None:
        """The session keeps events the disk refused in memory; say so after every change."""
        if self.session.save_error is not None:
            self.app.notice(describe_error(self.session.save_error), severity="error", timeout=12)

    def ensure_saved(self) -> bool:
        """Before the game is closed: write what the disk refused, or save the whole game elsewhere.

        False (and a notice) only when no folder at all accepts it: then the screen stays open.
        """
        if self.session.saved or self.session.flush():
            return True
        import tempfile
        from pathlib import Path

        name = self.session.writer.path.name if self.session.writer else "game.jsonl"
        for folder in (self.app.games_dir() / "rescued", Path.home(), Path(tempfile.gettempdir())):
            target = folder / f"rescued-{name}"
            n = 1
            while target.exists():
                n += 1
                target = folder / f"rescued-{n}-{name}"
            try:
                self.session.save_as(target)
            except (OSError, CompanionError):
                continue
            self.app.notice(_("The journal could not be written, so the whole game was saved to {path}.",
                              path=str(target)), severity="warning", timeout=20)
            return True
        self.warn_if_unsaved()
        return False

    def action_undo(self) -> bool:
        """Undo the last event; False (and a notice) when there is nothing to undo."""
        try:
            self.session.undo()
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = lambda: [_("Undone: the game is back where it was before that event.")]
        self.refresh_state()
        self.warn_if_unsaved()
        return True

    def action_redo(self) -> bool:
        try:
            step = self.session.redo()
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = self.saying(step.outcome, step.state)
        self.refresh_state()
        self.warn_if_unsaved()
        return True

    def action_rules(self) -> None:
        from companion.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.header.game))

    def action_home(self) -> None:
        if self.ensure_saved():
            self.app.pop_screen()

    def on_unmount(self) -> None:
        self.ensure_saved()
        self.session.close()

    def retranslate(self) -> None:
        super().retranslate()
        self.refresh_state()

    def palette(self) -> Iterator[PaletteCommand]:
        yield PaletteCommand(_("Undo the last event"), self.action_undo)
        yield PaletteCommand(_("Redo"), self.action_redo)
        yield PaletteCommand(_("Show the rules of this game"), self.action_rules)
        yield PaletteCommand(_("Back to the home screen"), self.action_home)
