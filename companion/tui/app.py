"""The referee assistant: the Textual application and its factory.

``make_app()`` is shared by ``companion tui`` and the tests: it receives finished objects (settings,
folders, an optional journal to resume) and builds the app without touching the terminal.

Messages go up (screens call the app's methods: ``start_game``, ``open_journal``, ``set_language``),
state goes down (each screen renders from its ``Session`` and the current language).

The app owns its language (``app.translator``) and its bidi mode (``app.settings.bidi``); nothing is
kept at module level.  ``companion.i18n.current()`` and ``companion.tui.bidi.mode()`` find them through
Textual's ``active_app`` context variable (the one behind ``self.app``: set in the app's own task,
every widget's message loop, async workers, ``call_from_thread`` callbacks and the body of
``run_test``; not inside a thread worker, which must hand text work back with ``call_from_thread``),
so two apps in one process -- or tests run in any order -- never see each other's.
"""

from __future__ import annotations

import os
import sys
import weakref
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from textual import events
from textual._context import active_app
from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.notifications import SeverityLevel

from companion import i18n
from companion.errors import CompanionError
from companion.i18n import LANGUAGE_NAMES, LOCALES, N_, Translator, _, translator
from companion.tui import bidi
from companion.tui import settings as settings_mod
from companion.tui.screens.base import CompanionModal, PaletteCommand, Translatable

if TYPE_CHECKING:
    from textual.command import Provider

    from companion.session import Session

__all__ = ["EXIT_CRASH", "LANGUAGE_NAMES", "CompanionApp", "Crash", "crash_message", "make_app", "running_app"]

EXIT_CRASH = 70
"""The exit status after an uncaught error (``EX_SOFTWARE``)."""


class Crash(NamedTuple):  # (not a frozen dataclass: making one costs every start half a millisecond)
    """What an uncaught error left: which error, where its traceback went, which game was open."""

    error: str
    """The exception's class name."""
    traceback: str
    log: Path | None
    """The crash log (``None``: it could not be written; ``log_error`` says why)."""
    journal: Path | None
    """The journal of the game on top when it happened (it is closed, every acknowledged event in it)."""
    log_error: str = ""


def crash_message(crash: Crash) -> str:
    """What the host reads on stderr after a crash, in the current language."""
    import shlex

    if crash.journal is not None:
        command = "companion tui --resume " + shlex.quote(str(crash.journal))
        lines = [_("The companion stopped on an unexpected error ({error}). The game is saved in {journal}.",
                   error=crash.error, journal=str(crash.journal)),
                 _("To go on with it: {command}", command=command)]
    else:
        lines = [_("The companion stopped on an unexpected error ({error}). No game was open.", error=crash.error)]
    if crash.log is not None:
        lines.append(_("The details for a bug report are in {path}.", path=str(crash.log)))
    else:
        lines.append(_("The details could not be saved ({reason}); here they are:", reason=crash.log_error))
        lines.append(crash.traceback.rstrip())
    return "\n".join(lines)


def _companion_commands() -> type[Provider]:
    """The palette's entries (Textual calls this when the palette opens: nothing loads at start-up)."""
    from companion.tui.commands import CompanionCommands

    return CompanionCommands


class CompanionApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "companion"
    COMMANDS = {_companion_commands}
    BINDINGS = [
        Binding("f1", "show_keys", N_("Keys"), id="app.keys"),
        Binding("f2", "choose_language", N_("Language"), id="app.language"),
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", priority=True),
        Binding("ctrl+p", "command_palette", N_("Actions"), id="app.palette", priority=True, show=False),
    ]

    def __init__(self, *, language: str = "en", settings: settings_mod.Settings | None = None,
                 data_dir: Path | None = None, config_dir: Path | None = None,
                 resume: Path | None = None, catalog: Path | None = None, follow: Path | None = None,
                 session: Session | None = None) -> None:
        super().__init__()
        self.opened_session = session
        """A session the command line already opened (``tui --resume``: the journal is read once)."""
        self.settings = settings or settings_mod.Settings()
        self.data_dir = data_dir
        self.config_dir = config_dir
        self.resume_path = resume
        self.follow_path = follow
        """A journal to follow read-only from the start (``companion tui --follow FILE``)."""
        self.catalog_path: Path | None = catalog
        """The Death Valley card catalog given on the command line (``None``: the user's own)."""
        self.crash: Crash | None = None
        """Set when an uncaught error stopped the app (``companion tui`` then prints it and exits 70)."""
        self.crash_dir: Path | None = None
        """Where crash logs go (``None``: the user state folder, else the temporary folder)."""
        self._quit_insisted = False
        self._key_screens: weakref.WeakKeyDictionary[events.Key, object] = weakref.WeakKeyDictionary()
        self.translator: Translator = translator(language)
        """The language this app speaks (``companion.i18n.current()`` inside the app)."""
        from companion.tui import css_cache

        self._css_loaded = css_cache.load(self.stylesheet)  # what the last start parsed (see css_cache)

    @property
    def locale(self) -> str:
        return self.translator.locale

    # -- start ----------------------------------------------------------------------------------
    def get_default_screen(self):
        # The home screen is the bottom of the stack itself (no empty default screen to compose,
        # show and then cover at start-up).
        from companion.tui.screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        self.call_after_refresh(self._keep_css)
        self._watch_terminal()
        if self.opened_session is not None:
            self._show_session(self.opened_session, False)
        elif self.follow_path is not None:
            self.follow_journal(self.follow_path)
        elif self.resume_path is not None:
            self.open_journal(self.resume_path)

    # -- the terminal going away ------------------------------------------------------------------
    TERMINAL_CHECK_SECONDS = 1.0

    def _watch_terminal(self) -> None:
        """Quit, saving the game, once the terminal is gone.

        A terminal window closed under ``make run``, or an ssh session that drops, can leave the program
        without the hangup signal that would end it.  Textual's input thread then reads an empty input
        again and again at full speed (Textualize/textual#6690), and the game's journal stays locked, so
        that opening it again says another window has it.  Checked once a second: the input is no
        longer a terminal."""
        stdin = sys.__stdin__
        if self.is_headless or stdin is None:
            return
        try:
            fd = stdin.fileno()
        except (OSError, ValueError):
            return
        if not os.isatty(fd):
            return
        self.set_interval(self.TERMINAL_CHECK_SECONDS, partial(self._check_terminal, fd), name="terminal-check")

    def _check_terminal(self, fd: int) -> None:
        if not os.isatty(fd):
            self.exit()  # each game screen saves its journal and lets it go as it is unmounted

    def _keep_css(self) -> None:
        """Once the first screen is drawn: keep its parsed CSS for the next start (see css_cache)."""
        from companion.tui import css_cache

        css_cache.save(self.stylesheet, self._css_loaded)
        bidi.save_orders()  # and the right-to-left lines it ordered (see bidi.save_orders)

    # -- keys -----------------------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """Keys in arrival order: the screen on top decides first (:meth:`Translatable.take_key`: a
        modal, a game screen's round summary); a key that comes back up from a screen that is no
        longer on top runs none of the new screen's bindings."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded and top is not None:
            if isinstance(top, Translatable) and top.take_key(event):
                return
            if isinstance(top, CompanionModal):
                below = self.screen
                if top.dismissed and below is not top:
                    target = top.key_target(below)
                    if target is not None and target is not below.focused:
                        below.set_focus(target)
            if isinstance(event, events.Key):
                self._key_screens[event] = self.screen
        elif isinstance(event, events.Key) and self._key_screens.get(event, top) is not top:
            return  # its screen is gone (or covered): its bindings went with it
        await super().on_event(event)

    # -- an uncaught error -----------------------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an error no handler caught: close the games' journals properly, save the
        traceback to a file (not on the host's screen) and exit with :data:`EXIT_CRASH`."""
        if self.crash is None:
            self.crash = self._record_crash(error)
        self._return_code = EXIT_CRASH
        if self._exception is None:  # what run_test re-raises in tests, as Textual does
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()

    def _record_crash(self, error: BaseException) -> Crash:
        import traceback

        from companion.tui.screens.game import GameScreen

        journal = None
        for screen in reversed(self.screen_stack):
            if not isinstance(screen, GameScreen):
                continue
            writer = screen.session.writer
            if journal is None and writer is not None:
                journal = writer.path
            try:  # what the disk refused before is written now (or rescued), then the file is closed
                screen.ensure_saved()
            except Exception:  # noqa: BLE001 - a second fault must not hide the first
                pass
            try:
                screen.session.close()
            except OSError:
                pass
        text = "".join(traceback.format_exception(error))
        log, reason = self._write_crash_log(text)
        return Crash(type(error).__name__, text, log, journal, reason)

    def _write_crash_log(self, text: str) -> tuple[Path | None, str]:
        import os
        import sys
        import tempfile
        import time

        from companion import __version__
        from companion.fsutil import atomic_write

        if self.crash_dir is not None:
            folders = [self.crash_dir]
        else:
            import platformdirs

            folders = [Path(platformdirs.user_state_dir("companion", appauthor=False)) / "crashes",
                       Path(tempfile.gettempdir())]
        name = f"crash-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{os.getpid()}.log"
        report = f"companion {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n\n{text}"
        reason = ""
        for folder in folders:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                return atomic_write(folder / name, report), ""
            except OSError as exc:
                reason = f"{folder}: {exc.strerror or exc}"
        return None, reason

    # -- games ----------------------------------------------------------------------------------
    def games_dir(self) -> Path:
        from companion.tui.recent import games_dir

        return games_dir(self.data_dir)

    def start_game(self, game: str, ruleset: str, players: Iterable[str], *, switch: bool = False, **extra) -> bool:
        """Create a journal and open the game's screen; a bad setup is a notice and nothing is written.

        A games folder that refuses (read-only, full, not searchable) is a notice naming the path too,
        and the screen that asked (the new-game form) stays as it was.
        """
        from companion.journal import new_header
        from companion.session import Session
        from companion.tui.recent import new_journal_path
        from companion.tui.screens import game_screen_class

        path = None
        try:
            screen_class = game_screen_class(game)
            header = new_header(game, ruleset, players, language=self.locale, **extra)
            path = new_journal_path(game, self.data_dir)
            session = Session.new(header, path, background_sync=True)  # fsync off the key's path (issue 15)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        except OSError as exc:
            self.show_os_error("journal_create_failed", path or self.games_dir(), exc)
            return False
        (self.switch_screen if switch else self.push_screen)(screen_class(session))
        return True

    def open_journal(self, path: Path, *, switch: bool = False) -> bool:
        """Resume the game in ``path``; a journal that cannot be read is a notice, no screen.

        One that another session writes (or that cannot be written here: a read-only file or mount)
        opens :class:`~companion.tui.screens.follow.FollowPrompt`, which says why and who holds it and
        offers to follow the game read-only (:meth:`follow_journal`); False then too.
        """
        from companion.session import Session
        from companion.tui.screens.follow import FOLLOW_CODES, FollowPrompt

        try:
            session = Session.resume(path)
        except CompanionError as exc:
            if exc.code in FOLLOW_CODES:
                self.push_screen(FollowPrompt(exc), callback=partial(self._follow_chosen, path, switch))
            else:
                self.show_error(exc)
            return False
        except OSError as exc:
            self.show_os_error("journal_unreadable", path, exc)
            return False
        return self._show_session(session, switch)

    def _follow_chosen(self, path: Path, switch: bool, follow: object) -> None:
        if follow is True:
            self.follow_journal(path, switch=switch)

    def follow_journal(self, path: Path, *, switch: bool = False) -> bool:
        """Open the game in ``path`` read-only: its screen shows it and takes in what its writer adds
        (``Session.follow``); nothing is written, locked or changed.  A notice and False when it cannot
        be read."""
        from companion.session import Session

        try:
            session = Session.follow(path)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        except OSError as exc:
            self.show_os_error("journal_unreadable", path, exc)
            return False
        return self._show_session(session, switch)

    def _show_session(self, session: Session, switch: bool) -> bool:
        from companion.tui.screens import game_screen_class

        try:
            screen_class = game_screen_class(session.header.game)
        except CompanionError as exc:
            session.close()
            self.show_error(exc)
            return False
        session.sync_in_background()  # a resumed game too (nothing for a followed one)
        (self.switch_screen if switch else self.push_screen)(screen_class(session))
        for warning in session.warnings:
            from companion.messages import describe

            self.notice(describe(warning.code, warning.params), severity="warning", timeout=8)
        return True

    # -- language and settings ------------------------------------------------------------------
    def set_language(self, locale: str) -> None:
        if locale not in LOCALES:
            return
        self.translator = translator(locale)
        self.update_settings(language=locale)
        for screen in self.screen_stack:
            hook = getattr(screen, "retranslate", None)
            if hook is not None:
                hook()
        self.refresh_bindings()

    def update_settings(self, **changes) -> None:
        self.settings = self.settings.with_(**changes)
        try:
            settings_mod.save(self.settings, self.config_dir)
        except OSError:
            pass  # the setting still applies for this run

    def set_bidi(self, mode: str) -> None:
        if mode in settings_mod.BIDI_MODES:
            self.update_settings(bidi=mode)
            for screen in self.screen_stack:
                hook = getattr(screen, "retranslate", None)
                if hook is not None:
                    hook()

    # -- shared actions -------------------------------------------------------------------------
    def show_error(self, exc: CompanionError) -> None:
        from companion.tui.messages import describe

        self.notice(describe(exc), severity="error", timeout=6)

    def show_os_error(self, code: str, path: Path, exc: OSError) -> None:
        """A file operation the system refused, as the message ``code`` (with ``path`` and ``reason``)."""
        from companion.errors import JournalError

        self.show_error(JournalError(code, path=str(path), reason=exc.strerror or str(exc)))

    def notice(self, text: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float = 5) -> None:
        """A notification in display order (toasts are about 56 cells wide inside)."""
        from rich.text import Text

        rtl = self.translator.direction == "rtl"
        if self.settings.bidi == "app" and (rtl or bidi.has_rtl(text)):
            width = max(20, min(56, self.size.width // 2 - 4))
            text = bidi.for_display(Text(text), width, rtl).plain
            title = bidi.line(title, rtl)
        self.notify(text, title=title, severity=severity, timeout=timeout, markup=False)

    def on_unmount(self) -> None:
        share = sys.modules.get("companion.tui.screens.share")  # "Share the table" was opened: stop its servers
        if share is not None:
            share.stop_all()

    async def action_quit(self) -> None:
        """Quit -- but never silently drop events the disk refused (a second Ctrl+Q insists)."""
        from companion.tui.screens.game import GameScreen

        unsaved = [s for s in self.screen_stack if isinstance(s, GameScreen) and not s.ensure_saved()]
        if unsaved and not self._quit_insisted:
            self._quit_insisted = True
            self.notice(_("The game is not saved: free some disk space and press Ctrl+Q again, "
                          "or press it again now to quit anyway."), severity="error", timeout=15)
            return
        self.exit()

    def action_show_keys(self) -> None:
        from companion.tui.screens.help import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(self.screen))

    def action_choose_language(self) -> None:
        from companion.tui.screens.language import LanguageScreen

        if not isinstance(self.screen, LanguageScreen):
            self.push_screen(LanguageScreen(), callback=self._chosen_language)

    def _chosen_language(self, locale: object) -> None:
        if isinstance(locale, str) and locale:
            self.set_language(locale)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            from companion.tui.palette import CompanionPalette

            placeholder = bidi.line(_("Search for an action"), self.translator.direction == "rtl")
            self.push_screen(CompanionPalette(id="--command-palette", placeholder=placeholder))

    def action_help_quit(self) -> None:
        self.notice(_("Press Ctrl+Q to quit."), title=_("Do you want to quit?"))

    def app_palette(self) -> list[PaletteCommand]:
        entries = [PaletteCommand(_("Language: {name}", name=name), partial(self.set_language, loc))
                   for loc, name in LANGUAGE_NAMES.items() if loc != self.locale]
        entries.append(PaletteCommand(_("Show the keys"), self.action_show_keys))
        # Through the action, so the palette keeps the "game not saved" guard of Ctrl+Q.
        entries.append(PaletteCommand(_("Quit"), lambda: self.run_action("quit")))
        return entries


def running_app() -> CompanionApp | None:
    """The companion app whose task is running now (Textual's ``active_app``), or ``None``."""
    app = active_app.get(None)
    return app if isinstance(app, CompanionApp) else None


def _app_translator() -> Translator | None:
    app = running_app()
    return None if app is None else app.translator


def _app_bidi_mode() -> str | None:
    app = running_app()
    return None if app is None else app.settings.bidi


# Registered once, at import: the hooks hold no language or mode themselves, they look up the app.
i18n.set_resolver(_app_translator)
bidi.set_resolver(_app_bidi_mode)


def make_app(language: str | None = None, resume: str | Path | None = None, *,
             data_dir: Path | None = None, config_dir: Path | None = None,
             settings: settings_mod.Settings | None = None, catalog: Path | None = None,
             follow: str | Path | None = None, session: Session | None = None) -> CompanionApp:
    """Build the app: ``language`` wins over the saved one, which wins over the environment.

    ``catalog``: the Death Valley card catalog to use (``app.catalog_path``; ``None``: the user's own).
    ``follow``: a journal to open read-only at start (``resume``: one to continue writing).
    ``session``: one already opened (resumed or followed) to show at start instead.
    """
    from companion.i18n import negotiate

    if settings is None:
        settings = settings_mod.load(config_dir)
    if language is None:
        language = negotiate(settings.language or None)
    return CompanionApp(language=language, settings=settings, data_dir=data_dir, config_dir=config_dir,
                        resume=Path(resume) if resume else None, catalog=Path(catalog) if catalog else None,
                        follow=Path(follow) if follow else None, session=session)
