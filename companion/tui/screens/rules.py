"""The rules viewer: ``rules_content`` for one game in the current language (Textual's Markdown widget).

The widget gets a plain CommonMark + tables parser: the content module removes front matter and
heading attributes from ``Document.markdown``, and plugins that emit tokens the widget does not know
would break its stack (see the dependency notes).  Persian text is shown in logical order here: the
Markdown widget lays out its own blocks, so in terminals without bidi this viewer reads best with the
``terminal`` bidi setting or in the printed rules.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from companion.errors import CompanionError
from companion.i18n import N_, _, current
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.text import Prose


def plain_parser():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def load_markdown(game: str, kind: str = "rules") -> tuple[str, str]:
    """(title, markdown) for ``game`` in the current language; a :class:`CompanionError` if missing."""
    try:
        from companion.content import load_document
    except ImportError:
        raise CompanionError("tui.no_content") from None
    doc = load_document(game, current().locale, kind)
    body = doc.markdown
    if doc.note:
        body = f"> {doc.note}\n\n{body}"
    return doc.title, body


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
            yield Markdown("", parser_factory=plain_parser, id="rules-md")

    def on_mount(self) -> None:
        super().on_mount()
        self.load()

    def load(self) -> None:
        from companion.tui.messages import game_name

        try:
            title, body = load_markdown(self.game, self.kind)
        except CompanionError as exc:
            self.show_error(exc)
            title, body = game_name(self.game), _("The rules text for this game is not available yet.")
        self.query_one("#rules-title", Prose).update(title)
        self.query_one("#rules-md", Markdown).update(body)
        self.query_one("#rules-scroll").focus()

    def retranslate(self) -> None:
        super().retranslate()
        self.load()

    def action_toggle_kind(self) -> None:
        self.kind = "card" if self.kind == "rules" else "rules"
        self.load()

    def action_close(self) -> None:
        self.app.pop_screen()
