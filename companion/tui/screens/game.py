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
* implements :meth:`rule_section` (the game's ``rules_links``: which rules section explains an outcome),
  which "Why?" (F12) opens the rules viewer at, for the last explained outcome;
* inherits undo (Ctrl+Z), redo (Ctrl+Y), the rules viewer (F3) and back to home (Escape, twice: see
  :meth:`escape_home`); ``retranslate`` and ``palette`` as in :mod:`companion.tui.screens.base`;
* places the running log with ``yield from self.compose_log()`` in its ``compose_body``: the events of
  the current round or turn (where the registry's ``period_end`` says one ends), one line each from
  :meth:`event_line` (override it for a crisper line), then what undo and redo just did.  The base keeps
  it in step after every send, undo, redo, language switch and on mount; call :meth:`refresh_log` after
  anything else that changes what it shows.
* may show a game followed read-only (``Session.follow``: another session writes it).  Then
  :attr:`read_only` is true and the base does everything: a banner says so, every entry field and
  every other focusable widget but the scrolling panels is disabled, only the keys and palette
  entries in :attr:`FOLLOW_ACTIONS` act (a screen's own ``check_action`` and ``palette`` are wrapped
  for that), and every :data:`FOLLOW_SECONDS` the journal is read again (``session.refresh()``):
  when something was added, the screen draws the state again (``refresh_state``) and the log.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Input

from companion.errors import CompanionError
from companion.i18n import N_, _, current
from companion.messages import describe_error
from companion.tui.screens.base import CompanionScreen, PaletteCommand
from companion.tui.widgets.running_log import RunningLog
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from textual.timer import Timer

    from companion.session import Session, Step


Saying = Callable[[], list[str]]

ESCAPE_AGAIN_SECONDS = 3.0  # a second Escape within this time goes home
FOLLOW_SECONDS = 0.5  # how often a game followed read-only looks for what its writer added
LOG_NOTES = 6  # how many undo/redo lines the log keeps after the events


def joined(first: Saying | None, second: Saying | None) -> Saying | None:
    """Both explanations, one after the other (either may be ``None``)."""
    if first is None or second is None:
        return first or second
    return lambda: first() + second()


def _letters(text: str) -> list[str]:
    """The characters of a sentence without spaces and brackets (the same in logical and visual order)."""
    return sorted(c for c in text if not c.isspace() and c not in "()[]")


class FollowBanner(Prose):
    """The line at the top of a game followed read-only."""

    DEFAULT_CSS = """
    FollowBanner { dock: top; height: auto; padding: 0 1; background: $warning 25%; text-style: bold; }
    """


def _guarded_check(own: Callable[..., bool | None]) -> Callable[..., bool | None]:
    def check_action(self: GameScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.read_only and action not in self.FOLLOW_ACTIONS:
            return False
        return own(self, action, parameters)

    check_action.__doc__ = own.__doc__
    check_action._follow_guarded = True  # type: ignore[attr-defined]
    return check_action


def _guarded_palette(own: Callable[..., Any]) -> Callable[..., Any]:
    def palette(self: GameScreen) -> Any:
        if self.read_only:
            return GameScreen.follow_palette(self)
        return own(self)

    palette.__doc__ = own.__doc__
    palette._follow_guarded = True  # type: ignore[attr-defined]
    return palette


class GameScreen(CompanionScreen):
    BINDINGS = [
        Binding("ctrl+z", "undo", N_("Undo"), id="game.undo", priority=True),
        Binding("ctrl+y", "redo", N_("Redo"), id="game.redo", priority=True),
        Binding("f3", "rules", N_("Rules"), id="game.rules", priority=True),
        # Not on the footer (it would push a game's own keys off at 80 columns); F1 and the palette list it.
        Binding("f12", "why_rule", N_("Why? (the rule behind the last explanation)"), id="game.why",
                priority=True, show=False),
        Binding("escape", "home", N_("Home"), id="game.home"),
        Binding("f11", "share", N_("Share the table"), id="game.share", priority=True, show=False),
    ]

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As ``Screen.focused``, but a focus change does not repaint the whole screen (a full frame of
    every panel, for nothing: the widgets that lose and gain the focus restyle and repaint themselves,
    and the footer follows the bindings at once)."""

    FOLLOW_ACTIONS: frozenset[str] = frozenset({"rules", "why_rule", "home", "share"})
    """The screen's actions that still act on a game followed read-only (they change nothing)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game screen's own check_action and palette (which need not call super) still give way
        # to read-only: the guard is put around them here, once per class.
        super().__init_subclass__(**kwargs)
        for name, guard in (("check_action", _guarded_check), ("palette", _guarded_palette)):
            own = cls.__dict__.get(name)
            if own is not None and not getattr(own, "_follow_guarded", False):
                setattr(cls, name, guard(own))

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._follow_problem: tuple[str, str] | None = None  # the refresh error last shown (not again)
        self._follow_timer: Timer | None = None
        self.explanation: Saying | None = self.resume_lines if session.steps else None
        last = session.steps[-1] if session.steps else None
        self.explained: tuple[Any, Any] | None = (last.outcome, last.state) if last else None  # for "Why?"
        self.log_notes: list[Saying] = []  # what undo and redo did since the last event, oldest first
        self._escape_until = 0.0  # a second Escape before this (time.monotonic()) goes home
        self._escape_notice: str | None = None
        self._lines: dict[int, tuple[Step, str, str]] = {}  # id(step) -> (step, locale, line)
        self._log_kind: str | None = None
        from companion.teach import Teacher  # "Teach me the game": None unless the header asks for it

        self.teacher = Teacher.for_game(session.header.game, session.header, session.steps)

    # -- to implement ---------------------------------------------------------------------------
    def refresh_state(self) -> None:
        raise NotImplementedError

    def explain(self, outcome: Any, state: Any) -> list[str]:
        """The sentences for ``outcome``; ``state`` is the game state right after it."""
        return []

    def resume_lines(self) -> list[str]:
        return []

    def rule_section(self, outcome: Any, state: Any) -> str | None:
        """The ``{#id}`` of the rules section that explains ``outcome`` (the game's ``rules_links``);
        ``None``: the rules open at the top."""
        return None

    def event_line(self, step: Step) -> str:
        """One line for the running log and the undo/redo messages (override for a crisper one).

        The default is the first sentence :meth:`explain` gives for the step.
        """
        lines = self.explain(step.outcome, step.state)
        first = next((line for line in lines if line.strip()), "")
        return first.strip().split("\n")[0] if first else _("An event was recorded.")

    # -- the running log ------------------------------------------------------------------------
    def compose_log(self) -> ComposeResult:
        """The running log (id ``log``), to place in ``compose_body``."""
        yield RunningLog(self.log_lines, self.log_title, empty=self.log_empty, id="log")

    def _log_start(self) -> int:
        """The index of the first step the log shows (``Steps.period_start``: found from the steps that
        ended a period, noted as they were added, so old steps are never remade for the log)."""
        return self.session.steps.period_start()

    def log_steps(self) -> Sequence[Step]:
        """The steps of the round or turn in play: since the last one that ended a period.

        The step just played may itself end the period: then the whole period stays shown until the
        next event starts a new one.
        """
        return self.session.steps[self._log_start():]

    def log_period(self) -> tuple[str, int]:
        """The kind (``round`` or ``turn``) and the 1-based number of the period the log shows."""
        steps = self.session.steps
        ends = steps.period_ends()
        ended = steps.periods_before(self._log_start())
        if ended:
            return ends[ended - 1][1][0], ended + 1
        label = ends[0][1] if ends else None  # what the first will be (the newest step may end it)
        return (label[0] if label is not None else self.log_period_kind()), 1

    LOG_PERIOD: str | None = None
    """What a period is called before one has ended (``round`` or ``turn``); a screen may set it.
    ``None``: ``round`` when the game's summary counts rounds (has a ``round``), else ``turn``."""

    def log_period_kind(self) -> str:
        if self.LOG_PERIOD is not None:
            return self.LOG_PERIOD
        if self._log_kind is None:
            try:
                summary = self.session.game.summary(self.session.initial)
            except Exception:  # a summary that needs more than a start: call it a turn
                summary = {}
            self._log_kind = "round" if "round" in summary else "turn"
        return self._log_kind

    def log_title(self) -> str:
        kind, number = self.log_period()
        if kind == "turn":
            return _("Turn {n}", n=number)
        return _("Round {n}", n=number)

    def log_empty(self) -> str:
        kind, _number = self.log_period()
        if kind == "turn":
            return _("Nothing has happened yet this turn.")
        return _("Nothing has happened yet this round.")

    def _event_line(self, step: Step) -> str:
        locale = current().locale
        cached = self._lines.get(id(step))
        if cached is not None and cached[0] is step and cached[1] == locale:
            return cached[2]
        line = self.event_line(step)
        if len(self._lines) > 512:
            self._lines.clear()
        self._lines[id(step)] = (step, locale, line)
        return line

    def log_lines(self) -> list[str]:
        """The log in the current language: the events of the period, then what undo/redo did."""
        lines = [self._event_line(step) for step in self.log_steps()]
        for note in self.log_notes:
            lines.extend(note())
        return lines

    def refresh_log(self) -> None:
        """Show the log again (after anything that changes the steps or the language)."""
        for log in self._kept_widgets()[1]:
            log.sync()

    _kept: tuple[tuple[Prose, ...], tuple[RunningLog, ...]] | None = None

    def _kept_widgets(self) -> tuple[tuple[Prose, ...], tuple[RunningLog, ...]]:
        """The panels that :meth:`sync_panels` syncs and the running logs, found once: a game screen
        composes all its widgets at the start (a walk of the screen's widgets at every key cost more
        than syncing the panels that did not change)."""
        if self._kept is None or not self.is_mounted:
            self._kept = (tuple(p for p in self.query(Prose) if p.SYNC_WITH_PANELS), tuple(self.query(RunningLog)))
        return self._kept

    def sync_panels(self) -> None:
        """Evaluate every panel's text again; only those whose text changed are painted again (and laid
        out only if their height changed).  The running log is left to :meth:`refresh_log`, which
        follows every :meth:`refresh_state`: synced here too, it was worked out twice a key."""
        for prose in self._kept_widgets()[0]:
            prose.sync()

    # -- shared behaviour -----------------------------------------------------------------------
    def saying(self, outcome: Any, state: Any) -> Saying:
        """How to explain ``outcome`` again later, in whatever language is current then (and the
        outcome "Why?" opens the rules at)."""
        self.explained = (outcome, state)
        return lambda: self.explain(outcome, state)

    def explanation_lines(self) -> list[str]:
        """The explanation in the current language (empty when there is none)."""
        return self.explanation() if self.explanation is not None else []

    def send(self, event: dict[str, Any]) -> bool:
        """Apply ``event``: journal first, then show.  False (and a notice) when it is refused
        (always, on a game followed read-only: the session refuses)."""
        try:
            outcome = self.session.apply(event)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = self.saying(outcome, self.session.state)
        self.log_notes = []
        self._escape_until = 0.0
        self.refresh_state()
        self.refresh_log()
        self.warn_if_unsaved()
        self.teach(outcome, self.session.state)
        return True

    # -- teaching a first game (companion.teach) ---------------------------------------------------
    def teach(self, outcome: Any, state: Any) -> None:
        """A note for each rule ``outcome`` applies for the first time (a toast: the focus stays put)."""
        if self.teacher is None:
            return
        from companion.teach import note_lines

        for lesson in self.teacher.new_lessons(outcome, state):
            self.app.notice("\n".join(note_lines(self.teacher.game_id, lesson, current())),
                            title=_("A rule, the first time it applies"), timeout=15)

    def show_checklist(self) -> None:
        """The setup checklist over the screen (any key typed closes it and goes on to the field)."""
        from companion.tui.screens.teach import SetupChecklist

        if self.teacher is not None and self.is_current and not self.teacher.checklist_shown:
            self.teacher.checklist_shown = True  # once (on_mount may run for the base and the game's class)
            self.app.push_screen(SetupChecklist(self.teacher.game_id, self.session.initial))

    def stop_teaching(self) -> None:
        """No more notes in this session (the journal is not touched: a resumed game teaches again)."""
        if self.teacher is not None:
            self.teacher.on = False
            self.app.notice(_("No more rule notes in this session."))

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
            step = self.session.undo()
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = self._noted(lambda: [_("Undone: {event}", event=self._event_line(step))])
        self.refresh_state()
        self.refresh_log()
        self.warn_if_unsaved()
        self._steady_cursor()
        return True

    def action_redo(self) -> bool:
        try:
            step = self.session.redo()
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.explanation = joined(self._noted(lambda: [_("Redone: {event}", event=self._event_line(step))]),
                                  self.saying(step.outcome, step.state))
        self.refresh_state()
        self.refresh_log()
        self.warn_if_unsaved()
        self._steady_cursor()
        return True

    def _steady_cursor(self) -> None:
        """The focused field's cursor stays on after Ctrl+Z / Ctrl+Y, as after a key typed into it: its
        blink otherwise goes on at whatever phase it had, and may repaint the field a moment after the
        frame that shows the undo (bench/tui_keyframe.py saw it as a 150-250 ms key)."""
        field = self.focused
        if isinstance(field, Input) and field.cursor_blink:
            field._restart_blink()

    def focus_now(self, widget: Widget) -> None:
        """Move the focus to ``widget`` in the frame being prepared, not one later.

        ``Widget.focus`` waits for the next turn of the app's loop, and then the widgets that lose and
        gain the focus restyle themselves when their Blur and Focus events reach them: each of those
        can land after the frame that shows the event, and paints a frame of its own (16 ms or more
        later).  Here the focus, both widgets' focus state (their styles) and the field's cursor are
        set at once; the events still come and find nothing left to change.
        """
        blurred = self.focused
        if blurred is widget:
            return
        if blurred is not None:
            blurred.has_focus = False
        widget.has_focus = True
        self.set_focus(widget)
        if isinstance(widget, Input) and widget.cursor_blink:
            widget._restart_blink()

    def _noted(self, saying: Saying) -> Saying:
        """``saying``, also added to the log's notes (the last few are kept)."""
        self.log_notes = [*self.log_notes, saying][-LOG_NOTES:]
        return saying

    def action_rules(self) -> None:
        from companion.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.header.game))

    def search_rules(self) -> None:
        """The rules viewer, its search field open (the palette's "Search the rules")."""
        from companion.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.header.game, search=True))

    def action_why_rule(self) -> bool:
        """Open the rules at the section behind the last explained outcome; False (and a notice) when
        nothing has been explained yet."""
        from companion.tui.screens.rules import RulesScreen

        if self.explained is None:
            self.app.notice(_("Nothing has been explained yet: after the next event, "
                              "this shows the rule behind it."))
            return False
        section = self.rule_section(*self.explained)
        self.app.push_screen(RulesScreen(self.session.header.game, section=section))
        return True

    # -- Escape: never out of a game by accident ---------------------------------------------------
    def action_home(self) -> None:
        """What Escape does on a game screen (see :meth:`escape_home`); screens that give Escape a
        meaning of their own first (a prompt to close) override this and call ``super()`` after."""
        self.escape_home()

    def escape_home(self) -> None:
        """Escape: clear the focused field if it has text; else the first press asks, a second press
        within :data:`ESCAPE_AGAIN_SECONDS` goes home (saving first).  Call it from any widget's own
        Escape when that widget has nothing left to cancel."""
        field = self.focused
        if isinstance(field, Input) and field.value:
            field.value = ""
            self._escape_until = 0.0
            return
        if time.monotonic() < self._escape_until:
            self._escape_until = 0.0
            self._drop_escape_notice()
            self.go_home()
            return
        self._escape_until = time.monotonic() + ESCAPE_AGAIN_SECONDS
        self._drop_escape_notice()
        if self.session.saved:
            text = _("Press Escape again to go home (the game is saved).")
        else:
            text = _("Press Escape again to go home.")
        self._escape_notice = text
        self.app.notice(text, timeout=ESCAPE_AGAIN_SECONDS)

    @property
    def escape_armed(self) -> bool:
        """Whether the next Escape goes home."""
        return time.monotonic() < self._escape_until

    def _drop_escape_notice(self) -> None:
        """Take the "press Escape again" toast away (it must not linger on the home screen)."""
        text, self._escape_notice = self._escape_notice, None
        if not text:
            return
        try:
            for notice in list(self.app._notifications):  # Textual has no public way to take one toast back
                if _letters(str(notice.message)) == _letters(text):  # in any display order
                    self.app._unnotify(notice)
        except Exception:  # pragma: no cover - a Textual without these internals: the toast times out
            pass

    def on_key(self, event: Any) -> None:
        if event.key != "escape" and self._escape_until:
            self._escape_until = 0.0  # any other key: the next Escape asks again
            self._drop_escape_notice()

    def go_home(self) -> None:
        """Back to the home screen at once (the journal is saved first, or rescued)."""
        if self.ensure_saved():
            self.app.pop_screen()

    def on_unmount(self) -> None:
        self._drop_escape_notice()
        self.ensure_saved()
        self.session.close()

    def on_mount(self) -> None:
        self.refresh_log()
        # A resumed game holds its history (checkpoints, recent steps): move what exists now out of the
        # cycle collector's reach, so a full collection does not walk it again on some later key -- on a
        # 100,000-event game that was a 150 ms pause on every fifth undo (bench/tui_keyframe.py).
        gc.freeze()
        if self.teacher is not None and not self.session.steps and not self.read_only:
            self.call_after_refresh(self.show_checklist)
        if self.read_only:
            self.lock_for_following()
            self.call_after_refresh(self.lock_for_following)  # after the screen's own on_mount focused a field
            if self._follow_timer is None:
                self._follow_timer = self.set_interval(FOLLOW_SECONDS, self.follow_tick)

    # -- a game followed read-only -----------------------------------------------------------------
    @property
    def read_only(self) -> bool:
        """Whether this screen follows a game that another session writes (nothing can be changed here)."""
        return self.session.read_only

    def compose(self) -> ComposeResult:
        if self.read_only:
            yield FollowBanner(self.follow_banner, id="follow-banner")
        yield from super().compose()

    def follow_banner(self) -> str:
        path = self.session.path
        return _("Following {file} read-only: changes are made in the session that writes it.",
                 file=path.name if path is not None else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.read_only and action not in self.FOLLOW_ACTIONS:
            return False
        return super().check_action(action, parameters)

    check_action._follow_guarded = True  # type: ignore[attr-defined]

    def lock_for_following(self) -> None:
        """Disable every entry field and every other focusable widget but the scrolling panels (the
        containers that only scroll what is in them; fields and lists are ``ScrollView`` widgets)."""
        for widget in self.query("*"):
            panel = isinstance(widget, ScrollableContainer) and not isinstance(widget, ScrollView)
            if widget.can_focus and not panel and not widget.disabled:
                widget.disabled = True

    def follow_tick(self) -> int:
        """Take in what the writing session added (the number of new lines); draw it if any.

        A journal that cannot be read now, or a line the rules refuse, is one notice (not one every
        tick) and the screen stays as it was.
        """
        game, before = self.session.header.game, len(self.session.steps)
        try:
            added = self.session.refresh()
        except CompanionError as exc:
            problem = (exc.code, str(sorted(exc.params.items())))
            if problem != self._follow_problem:
                self._follow_problem = problem
                self.show_error(exc)
            return 0
        self._follow_problem = None
        if not added:
            return 0
        if self.session.header.game != game:  # the file was replaced by another game's journal
            self.app.notice(_("The followed journal {path} now holds another game; it is no longer followed.",
                              path=str(self.session.path)), severity="error", timeout=10)
            if self._follow_timer is not None:
                self._follow_timer.stop()
            if self.is_current:
                self.app.pop_screen()
            return 0
        steps = self.session.steps
        # What the writer just played is explained; after an undo there, nothing is (it was undone).
        self.explanation = self.saying(steps[-1].outcome, steps[-1].state) if len(steps) > before else None
        self.log_notes = []
        self.refresh_state()
        self.refresh_log()
        self.lock_for_following()  # whatever the screen showed anew stays disabled
        return added

    def retranslate(self) -> None:
        super().retranslate()
        self.refresh_state()
        self.refresh_log()

    def export_bgstats(self) -> bool:
        """Write the finished game as a BG Stats play in the ``exports`` folder beside its journal (the
        folder ``companion export`` uses by default) and show the file and the import link."""
        from pathlib import Path

        from companion import bgstats
        from companion.commands.export import DEFAULT_OUT
        from companion.tui.screens.bgstats import BgStatsScreen

        journal = self.session.path
        try:
            play = bgstats.from_session(self.session, current())
            folder = (journal.parent if journal is not None else Path.cwd()) / DEFAULT_OUT
            name = bgstats.file_name(journal if journal is not None else f"{self.session.header.game}.jsonl")
            path = bgstats.write(play, folder, name)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.app.push_screen(BgStatsScreen(path, bgstats.link(play)))
        return True

    def action_share(self) -> bool:
        """"Share the table": a read-only view for the players' phones (``companion share``, a child process)."""
        from companion.tui.screens.share import ShareScreen

        if self.session.path is None:
            return False
        self.app.push_screen(ShareScreen(self.session.path))
        return True

    def follow_palette(self) -> Iterator[PaletteCommand]:
        """The palette of a game followed read-only: what changes nothing."""
        yield PaletteCommand(_("Show the rules of this game"), self.action_rules)
        yield PaletteCommand(_("Search the rules"), self.search_rules)
        yield PaletteCommand(_("Share the table"), self.action_share)
        yield PaletteCommand(_("Why? Show the rule behind the last explanation"), self.action_why_rule)
        yield PaletteCommand(_("Back to the home screen"), self.go_home)

    def palette(self) -> Iterator[PaletteCommand]:
        if self.read_only:
            yield from self.follow_palette()
            return
        yield PaletteCommand(_("Undo the last event"), self.action_undo)
        yield PaletteCommand(_("Redo"), self.action_redo)
        if self.session.game.summary(self.session.state).get("finished"):
            yield PaletteCommand(_("Export to BG Stats"), self.export_bgstats)
        yield PaletteCommand(_("Show the rules of this game"), self.action_rules)
        yield PaletteCommand(_("Search the rules"), self.search_rules)
        yield PaletteCommand(_("Share the table"), self.action_share)
        if self.teacher is not None and self.teacher.on:
            yield PaletteCommand(_("Stop teaching"), self.stop_teaching)
        yield PaletteCommand(_("Why? Show the rule behind the last explanation"), self.action_why_rule)
        yield PaletteCommand(_("Back to the home screen"), self.go_home)
