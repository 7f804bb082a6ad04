"""The rules viewer: ``rules_content`` for one game in the current language (Textual's Markdown widget).

The widget gets a plain CommonMark + tables parser: the content module removes front matter and
heading attributes from ``Document.markdown``, and plugins that emit tokens the widget does not know
would break its stack (see the dependency notes).

Textual's Markdown widget lays its blocks out in logical order, which reads backwards for Persian in
terminals that do no bidi.  So with ``bidi = app``, a document with right-to-left text is laid out by
:class:`companion.tui.widgets.rtl_markdown.RtlMarkdown` instead (wrapped first, then each line put in
display order and right-aligned); left-to-right documents and ``bidi = terminal`` keep the widget,
as :class:`companion.tui.widgets.cjk_markdown.CjkMarkdown`, which breaks Chinese lines where Chinese
allows (no «。» opening a line, a number kept with its measure word, table cells wrapped, not cut).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from companion.errors import CompanionError
from companion.i18n import N_, _, current, translator
from companion.tui import bidi
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.cjk_markdown import CjkMarkdown
from companion.tui.widgets.rtl_markdown import RtlMarkdown, plain_parser
from companion.tui.widgets.text import Prose

__all__ = ["RulesScreen", "load_markdown", "plain_parser", "uses_own_layout"]


def load_markdown(game: str, kind: str = "rules") -> tuple[str, str, str]:
    """(title, markdown, text locale) for ``game`` in the current language; a :class:`CompanionError`
    if missing.  The markdown already starts with the translated note when the text is a fallback."""
    try:
        from companion.content import load_document
    except ImportError:
        raise CompanionError("tui.no_content") from None
    doc = load_document(game, current().locale, kind)
    return doc.title, doc.markdown, doc.text_locale


def uses_own_layout(markdown: str, text_locale: str) -> bool:
    """Whether the app lays the document out itself (``bidi = app`` and right-to-left text in it)."""
    return bidi.mode() == "app" and (translator(text_locale).direction == "rtl" or bidi.has_rtl(markdown))


class RulesScreen(CompanionScreen):
    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="rules.back"),
        Binding("c", "toggle_kind", N_("Rules or card"), id="rules.kind"),
    ]

    def __init__(self, game: str, kind: str = "rules") -> None:
        super().__init__()
        self.game = game
        self.kind = kind

    def compose_body(self) -> ComposeResult:
        yield Prose("", id="rules-title", classes="title")
        with VerticalScroll(id="rules-scroll"):
            yield CjkMarkdown("", parser_factory=plain_parser, id="rules-md")
            yield RtlMarkdown(id="rules-rtl")

    def on_mount(self) -> None:
        super().on_mount()
        self.load()

    def load(self) -> None:
        from companion.tui.messages import game_name

        try:
            title, body, text_locale = load_markdown(self.game, self.kind)
        except CompanionError as exc:
            self.show_error(exc)
            title, body = game_name(self.game), _("The rules text for this game is not available yet.")
            text_locale = current().locale
        self.query_one("#rules-title", Prose).update(title)
        markdown = self.query_one("#rules-md", Markdown)
        own = self.query_one("#rules-rtl", RtlMarkdown)
        if uses_own_layout(body, text_locale):
            tr = translator(text_locale)
            own.update(body, rtl=tr.direction == "rtl", number=tr.num)
            markdown.update("")
        else:
            own.update("", rtl=False)
            markdown.update(body)
        own.display = bool(own.blocks)
        markdown.display = not own.display
        scroll = self.query_one("#rules-scroll")
        scroll.scroll_home(animate=False)
        scroll.focus()

    def retranslate(self) -> None:
        super().retranslate()
        self.load()

    def action_toggle_kind(self) -> None:
        self.kind = "card" if self.kind == "rules" else "rules"
        self.load()

    def action_close(self) -> None:
        self.app.pop_screen()
