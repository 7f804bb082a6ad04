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

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual._context import active_app
from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel

from companion import i18n
from companion.errors import CompanionError
from companion.i18n import LANGUAGE_NAMES, LOCALES, N_, Translator, _, translator
from companion.tui import bidi
from companion.tui import settings as settings_mod
from companion.tui.commands import CompanionCommands
from companion.tui.screens.base import PaletteCommand

__all__ = ["LANGUAGE_NAMES", "CompanionApp", "make_app", "running_app"]


class CompanionApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "companion"
    COMMANDS = {CompanionCommands}
    BINDINGS = [
        Binding("f1", "show_keys", N_("Keys"), id="app.keys"),
        Binding("f2", "choose_language", N_("Language"), id="app.language"),
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", priority=True),
        Binding("ctrl+p", "command_palette", N_("Actions"), id="app.palette", priority=True, show=False),
    ]

    def __init__(self, *, language: str = "en", settings: settings_mod.Settings | None = None,
                 data_dir: Path | None = None, config_dir: Path | None = None,
                 resume: Path | None = None) -> None:
        super().__init__()
        self.settings = settings or settings_mod.Settings()
        self.data_dir = data_dir
        self.config_dir = config_dir
        self.resume_path = resume
        self._quit_insisted = False
        self.translator: Translator = translator(language)
        """The language this app speaks (``companion.i18n.current()`` inside the app)."""

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
        if self.resume_path is not None:
            self.open_journal(self.resume_path)

    # -- games ----------------------------------------------------------------------------------
    def games_dir(self) -> Path:
        from companion.tui.recent import games_dir

        return games_dir(self.data_dir)

    def start_game(self, game: str, ruleset: str, players: Iterable[str], *, switch: bool = False, **extra) -> bool:
        """Create a journal and open the game's screen; a bad setup is a notice and nothing is written."""
        from companion.journal import new_header
        from companion.session import Session
        from companion.tui.recent import new_journal_path
        from companion.tui.screens import game_screen_class

        try:
            screen_class = game_screen_class(game)
            header = new_header(game, ruleset, players, language=self.locale, **extra)
            session = Session.new(header, new_journal_path(game, self.data_dir))
        except CompanionError as exc:
            self.show_error(exc)
            return False
        (self.switch_screen if switch else self.push_screen)(screen_class(session))
        return True

    def open_journal(self, path: Path, *, switch: bool = False) -> bool:
        from companion.session import Session
        from companion.tui.screens import game_screen_class

        try:
            session = Session.resume(path)
            screen_class = game_screen_class(session.header.game)
        except CompanionError as exc:
            self.show_error(exc)
            return False
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
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = bidi.line(_("Search for an action"), self.translator.direction == "rtl")
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))

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
             settings: settings_mod.Settings | None = None) -> CompanionApp:
    """Build the app: ``language`` wins over the saved one, which wins over the environment."""
    from companion.i18n import negotiate

    if settings is None:
        settings = settings_mod.load(config_dir)
    if language is None:
        language = negotiate(settings.language or None)
    return CompanionApp(language=language, settings=settings, data_dir=data_dir, config_dir=config_dir,
                        resume=Path(resume) if resume else None)
