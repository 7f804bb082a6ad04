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

Search ("/" or Ctrl+F): a field (:class:`BidiInput`) and a list of the sections that match, in any of
the four languages (:mod:`companion.rules_search`), matched words highlighted; choosing one scrolls
the viewer to that section's heading (the n-th heading of the document is its n-th section, in
either layout).  Escape closes the search first, the viewer next.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Markdown, OptionList
from textual.widgets._markdown import MarkdownHeader
from textual.widgets.option_list import Option

from companion.errors import CompanionError
from companion.i18n import N_, _, current, ngettext, translator
from companion.tui import bidi
from companion.tui.screens.base import CompanionScreen
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.cjk_markdown import CjkMarkdown
from companion.tui.widgets.rtl_markdown import RtlMarkdown, plain_parser
from companion.tui.widgets.text import Prose

__all__ = ["RulesScreen", "load_markdown", "plain_parser", "uses_own_layout"]

MATCH_STYLE = Style(bold=True, reverse=True)
RESULTS = 12


def load_markdown(game: str, kind: str = "rules") -> tuple[str, str, str]:
    """(title, markdown, text locale) for ``game`` in the current language; a :class:`CompanionError`
    if missing.  The markdown already starts with the translated note when the text is a fallback."""
    doc = _load_document(game, kind)
    return doc.title, doc.markdown, doc.text_locale


def _load_document(game: str, kind: str):
    try:
        from companion.content import load_document
    except ImportError:
        raise CompanionError("tui.no_content") from None
    return load_document(game, current().locale, kind)


def uses_own_layout(markdown: str, text_locale: str) -> bool:
    """Whether the app lays the document out itself (``bidi = app`` and right-to-left text in it)."""
    return bidi.mode() == "app" and (translator(text_locale).direction == "rtl" or bidi.has_rtl(markdown))


class RulesScreen(CompanionScreen):
    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="rules.back"),
        Binding("c", "toggle_kind", N_("Rules or card"), id="rules.kind"),
        Binding("slash,ctrl+f", "search", N_("Search"), id="rules.search"),
    ]

    DEFAULT_CSS = """
    #rules-search { height: auto; max-height: 60%; display: none; }
    #rules-search.-open { display: block; }
    #rules-results { height: auto; max-height: 16; }
    """

    def __init__(self, game: str, kind: str = "rules", section: str | None = None, *, search: bool = False) -> None:
        super().__init__()
        self.game = game
        self.kind = kind
        self.open_search = search  # open with the search field (the palette's "Search the rules")
        self.matches: list[Any] = []  # the search results listed (companion.rules_search.Match)
        self.section = section  # a {#id} of the rules text to open at (kept across a language switch)
        self._pending: Any = None  # the Markdown widget's update, awaited before scrolling into it

    def compose_body(self) -> ComposeResult:
        yield Prose("", id="rules-title", classes="title")
        with Vertical(id="rules-search"):
            yield BidiInput(id="rules-query")
            yield Prose("", id="rules-summary")
            yield OptionList(id="rules-results")
        with VerticalScroll(id="rules-scroll"):
            yield CjkMarkdown("", parser_factory=plain_parser, id="rules-md")
            yield RtlMarkdown(id="rules-rtl")

    def on_mount(self) -> None:
        super().on_mount()
        self.load()
        if self.open_search:
            self.action_search()

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
            self._pending = markdown.update(body)
        own.display = bool(own.blocks)
        markdown.display = not own.display
        scroll = self.query_one("#rules-scroll")
        scroll.scroll_home(animate=False)
        scroll.focus()
        if self.section is not None and self.kind == "rules":
            self.scroll_to_section(self.section)

    def scroll_to_section(self, section: str) -> None:
        """Scroll the rules text so that the heading of ``section`` (a ``{#id}``) is at the top, once
        the text is laid out; an id the text does not have leaves it where it is."""
        self.section = section
        try:
            from companion.content import load_document

            ids = load_document(self.game, current().locale, self.kind).section_ids
        except (ImportError, CompanionError):
            return
        if section not in ids:
            return
        index, pending = ids.index(section), self._pending

        async def when_laid_out() -> None:
            if pending is not None:
                await pending
            self.call_after_refresh(self._scroll_to_heading, index)

        self.call_after_refresh(when_laid_out)

    def _scroll_to_heading(self, index: int) -> None:
        """Put the ``index``-th heading of the text (0: the title) at the top of the scroll."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        own = self.query_one("#rules-rtl", RtlMarkdown)
        if own.display:
            line = own.heading_line(index)
            if line is not None:
                scroll.scroll_to(y=own.virtual_region.y + line, animate=False, immediate=True)
            return
        headers = list(self.query_one("#rules-md", Markdown).query(MarkdownHeader))
        if index < len(headers):
            scroll.scroll_to_widget(headers[index], top=True, animate=False, immediate=True)

    def retranslate(self) -> None:
        super().retranslate()
        self.load()
        if self.searching:
            self.show_results()

    def action_toggle_kind(self) -> None:
        self.kind = "card" if self.kind == "rules" else "rules"
        self.load()

    def action_close(self) -> None:
        if self.searching:
            self.close_search()
            return
        self.app.pop_screen()

    # -- search ------------------------------------------------------------------------------------
    @property
    def searching(self) -> bool:
        return self.query_one("#rules-search").has_class("-open")

    def action_search(self) -> None:
        panel = self.query_one("#rules-search")
        panel.add_class("-open")
        field = self.query_one("#rules-query", BidiInput)
        field.placeholder = _("Search the rules (any language)")
        field.focus()
        self.show_results()

    def close_search(self) -> None:
        self.query_one("#rules-search").remove_class("-open")
        self.query_one("#rules-scroll").focus()

    def run_search(self, text: str) -> list:
        """The sections matching ``text``, titles in the current language (none when the index fails)."""
        from companion.rules_search import search

        if not text.strip():
            return []
        try:
            return search(self.game, text, current().locale, limit=RESULTS)
        except CompanionError as exc:
            self.show_error(exc)
            return []

    @on(Input.Changed, "#rules-query")
    def _query_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_results()

    def show_results(self) -> None:
        from companion.rules_search import index_for, snippet

        text = self.query_one("#rules-query", BidiInput).value
        self.matches = self.run_search(text)
        results = self.query_one("#rules-results", OptionList)
        summary = self.query_one("#rules-summary", Prose)
        results.clear_options()
        if not text.strip():
            summary.update(_("Type words in any of the four languages; Enter goes to the first match."))
            return
        if not self.matches:
            summary.update(_("No section of the rules matches these words."))
            return
        summary.update(ngettext("{n} section matches.", "{n} sections match.", len(self.matches)))
        rtl = current().direction == "rtl"
        width = max(20, results.scrollable_content_region.width - 2) if results.size.width else 0
        index = index_for(self.game)
        options = []
        for match in self.matches:
            line = Text(match.title, style="bold")
            locale, pieces = snippet(index, match.section, match.terms, current().locale, width=70)
            if pieces:
                line.append("\n")
                for piece, marked in pieces:
                    line.append(piece, style=MATCH_STYLE if marked else "")
            options.append(Option(bidi.for_display(line, width, rtl) if width else line, id=match.section))
        results.add_options(options)
        results.highlighted = 0

    @on(Input.Submitted, "#rules-query")
    def _query_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.matches:
            self.goto_section(self.matches[0].section)

    @on(OptionList.OptionSelected, "#rules-results")
    def _result_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.goto_section(event.option.id)

    def on_key(self, event) -> None:
        """Down in the search field moves to the results."""
        if event.key == "down" and self.focused is self.query_one("#rules-query"):
            results = self.query_one("#rules-results", OptionList)
            if results.option_count:
                event.stop()
                results.focus()

    def goto_section(self, section: str) -> None:
        """Close the search and show the rules text at ``section`` (see :meth:`scroll_to_section`)."""
        self.close_search()
        if self.kind != "rules":
            self.kind = "rules"
            self.section = section
            self.load()  # scrolls to self.section once laid out
        else:
            self.scroll_to_section(section)
