"""The contract of a game screen (one class per game id, registered in ``screens.GAME_SCREENS``).

A game screen:

* is built with a live :class:`companion.session.Session` (``GameScreen(session)``) -- the app creates
  or resumes the session, the screen never opens files itself;
* says how to set a game up, as class methods used by the new-game form:
  ``presets() -> [(ruleset id, translated name)]``, ``player_range(ruleset) -> (low, high)``,
  ``header_extra(ruleset) -> dict`` (extra header keys, e.g. ``{"mode": "multi"}``);
* sends every change through :meth:`send` (``session.apply``: checked, then durably journalled,
  then shown; a rejected event becomes a translated notice and changes nothing);
* implements :meth:`refresh_state` (draw everything from ``self.session.state``) and
  :meth:`explain` (sentences for an outcome, from the game's ``explain`` module);
* inherits undo (Ctrl+Z), redo (Ctrl+Y), the rules viewer (F3) and back to home (Escape);
  ``retranslate`` and ``palette`` as in :mod:`companion.tui.screens.base`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding

from companion.errors import CompanionError
from companion.i18n import N_, _
from companion.tui.screens.base import CompanionScreen, PaletteCommand


class GameScreen(CompanionScreen):
    game_id: ClassVar[str] = ""

    BINDINGS = [
        Binding("ctrl+z", "undo", N_("Undo"), id="game.undo", priority=True),
        Binding("ctrl+y", "redo", N_("Redo"), id="game.redo", priority=True),
        Binding("f3", "rules", N_("Rules"), id="game.rules"),
        Binding("escape", "home", N_("Home"), id="game.home"),
    ]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.explanation: list[str] = self.resume_lines() if session.steps else []

    # -- set-up (class level) -------------------------------------------------------------------
    @classmethod
    def presets(cls) -> list[tuple[str, str]]:
        raise NotImplementedError

    @classmethod
    def player_range(cls, ruleset: str) -> tuple[int, int]:
        raise NotImplementedError

    @classmethod
    def header_extra(cls, ruleset: str) -> dict[str, Any]:
        return {}

    @classmethod
    def ruleset_of(cls, preset: str) -> str:
        """The ruleset id a preset plays (a preset may be a ruleset played in a mode, e.g. solo)."""
        return preset

    # -- to implement ---------------------------------------------------------------------------
    def refresh_state(self) -> None:
        raise NotImplementedError

    def explain(self, outcome: Any) -> list[str]:
        return []

    def resume_lines(self) -> list[str]:
        return []

    # -- shared behaviour -----------------------------------------------------------------------
    def send(self, event: dict[str, Any]) -> bool:
        """Apply ``event``: journal first, then show.  False (and a notice) when it is refused."""
        try:
            outcome = self.session.apply(event)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        except OSError as exc:  # the disk refused: the event is not applied
            self.show_error(CompanionError("journal_write_failed", path=str(self.session.writer.path),
                                           reason=exc.strerror or str(exc)))
            return False
        self.explanation = self.explain(outcome)
        self.refresh_state()
        return True

    def action_undo(self) -> None:
        try:
            self.session.undo()
        except CompanionError as exc:
            self.show_error(exc)
            return
        self.explanation = [_("Undone: the game is back where it was before that event.")]
        self.refresh_state()

    def action_redo(self) -> None:
        try:
            step = self.session.redo()
        except CompanionError as exc:
            self.show_error(exc)
            return
        self.explanation = self.explain(step.outcome)
        self.refresh_state()

    def action_rules(self) -> None:
        from companion.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game_id))

    def action_home(self) -> None:
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.session.close()

    def retranslate(self) -> None:
        if self.session.steps and self.session.last_outcome is not None and self.explanation:
            self.explanation = self.explain(self.session.last_outcome)
        super().retranslate()
        self.refresh_state()

    def palette(self):
        yield PaletteCommand(_("Undo the last event"), self.action_undo)
        yield PaletteCommand(_("Redo"), self.action_redo)
        yield PaletteCommand(_("Show the rules of this game"), self.action_rules)
        yield PaletteCommand(_("Back to the home screen"), self.action_home)
