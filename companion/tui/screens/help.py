"""The keys of the screen below, translated (F1): that screen's own keys first (its widgets' too, such
as a grid's or a decision list's, focused or not), then the keys that work everywhere, then Textual's
editing keys of the focused field, each under its heading.

Arrow keys are written as words (Textual's arrow glyphs are ambiguous-width in East Asian terminals)
and the columns are aligned by terminal cells, not characters.  A description too long for its line
wraps within the description column (the key column stays clear), in either direction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.i18n import N_, _, current, isolate
from companion.tui import bidi
from companion.tui.bidi import _console
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.screen import Screen
    from textual.widget import Widget


ARROWS = {
    "up": N_("Up arrow"),
    "down": N_("Down arrow"),
    "left": N_("Left arrow"),
    "right": N_("Right arrow"),
    "enter": N_("Enter"),
}


def key_text(app: App[object], binding: Binding) -> str:
    """How a key is written on this screen: arrows and Enter as translated words."""
    modifiers, key = binding.parse_key()
    if key in ARROWS and not binding.key_display:
        return "+".join([m.capitalize() for m in modifiers] + [_(ARROWS[key])])
    return app.get_key_display(binding)


ELSEWHERE = N_("When another part of this screen has the focus:")


class KeysScreen(CompanionModal):
    BINDINGS = [Binding("escape,f1,q", "dismiss", N_("Close"), id="keys.close")]
    CLOSE_KEYS = frozenset({"escape", "f1", "q"})

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def take_key(self, event: events.Key | events.Paste) -> bool:
        # Escape, F1 or Q close; typing closes too and goes on to the screen below (the next card).
        if isinstance(event, events.Key) and event.key in self.CLOSE_KEYS:
            self.dismiss()
            return True
        if self.is_typing(event):
            self.dismiss()
        return False

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="keys-box", classes="dialog"):
            yield KeysText(self._text)

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """``(heading, [(key, description)])``: this screen's keys first -- its own, then those of its
        widgets (a grid's or a list's, focused or not) --, then the app's, then Textual's editing keys."""
        own, elsewhere, everywhere, editing = self._collect()
        own = own + [row for _where, rows in elsewhere for row in rows]
        return [(heading, rows) for heading, rows in ((_("Keys of this screen"), own),
                                                      (_("Keys everywhere"), everywhere),
                                                      (_("Editing keys"), editing)) if rows]

    def _collect(self) -> tuple[list[tuple[str, str]], list[tuple[str, list[tuple[str, str]]]],
                                list[tuple[str, str]], list[tuple[str, str]]]:
        """The screen's keys that work now, the keys of its widgets without the focus (each widget's
        under where it is: they only work there), the app's and Textual's editing keys."""
        own: list[tuple[str, str]] = []
        elsewhere: list[tuple[str, list[tuple[str, str]]]] = []
        everywhere: list[tuple[str, str]] = []
        editing: list[tuple[str, str]] = []
        seen: set[tuple[int, str]] = set()

        def add(rows: list[tuple[str, str]], node: object, binding: Binding) -> None:
            if not binding.description or (id(node), binding.action) in seen:
                return
            seen.add((id(node), binding.action))
            rows.append((key_text(self.app, binding), _(binding.description)))

        for active in self.under.active_bindings.values():
            node, binding = active.node, active.binding
            if node is self.app:
                add(everywhere, node, binding)
            elif _declared_by_textual(node, binding):
                add(editing, node, binding)
            else:
                add(own, node, binding)
        for widget in self.under.query("*"):
            rows: list[tuple[str, str]] = []
            for binding in _own_bindings(widget):
                if self.app._check_action_state(binding.action, widget) is not False:
                    add(rows, widget, binding)
            if rows:
                elsewhere.append((_(getattr(widget, "KEYS_WHERE", None) or ELSEWHERE), rows))
        if self.app.COMMAND_PALETTE_BINDING not in self.under.active_bindings:
            everywhere.append(("Ctrl+P", _("Every action, searchable")))
        return own, elsewhere, everywhere, editing

    def rows(self) -> list[tuple[str, str]]:
        """``(key, description)`` for every key of the screen below, translated, in the order shown."""
        return [row for _heading, rows in self.sections() for row in rows]

    def _text(self, line_width: int | None = None) -> Text:
        """The keys as two columns; with ``line_width``, descriptions wrap within their column."""
        text = Text(_("Keys"), style="bold")
        own, elsewhere, everywhere, editing = self._collect()
        blocks: list[tuple[str, str, list[tuple[str, str]]]] = []  # (heading, its style, rows)
        if own or elsewhere:
            blocks.append((_("Keys of this screen"), "bold underline", own))
            blocks.extend((where, "italic", rows) for where, rows in elsewhere)
        blocks.extend((heading, "bold underline", rows) for heading, rows in ((_("Keys everywhere"), everywhere),
                                                                             (_("Editing keys"), editing)) if rows)
        width = max((cell_len(k) for _h, _s, rows in blocks for k, _d in rows), default=0)
        column = width + 2
        rtl = current().direction == "rtl"
        for heading, style, rows in blocks:
            text.append("\n" if style == "italic" else "\n\n")
            text.append(heading, style=style)
            for key, description in rows:
                text.append("\n")
                # A key is left-to-right text ("^z", "Ctrl+Left arrow"): isolated, it keeps its order
                # in a right-to-left line (the isolates take no cell and are not drawn).
                text.append((isolate(key) if rtl else key) + " " * (width - cell_len(key)), style="bold")
                parts = [description]
                if line_width is not None and line_width - column >= 10:
                    parts = [line.plain.rstrip() for line in
                             Text(description).wrap(_console(), line_width - column, overflow="fold")]
                text.append("  " + parts[0])
                for part in parts[1:]:
                    text.append("\n" + " " * column + part)
        return text


class KeysText(Prose):
    """The keys screen's text, laid out for the width it gets (descriptions wrap in their column)."""

    def __init__(self, source: Callable[[int | None], Text]) -> None:
        self._by_width = source
        super().__init__(lambda: source(None))

    def _lay_out(self, width: int) -> Text:
        return bidi.for_display(self._by_width(width), width, current().direction == "rtl")


def _declared_by_textual(node: object, binding: Binding) -> bool:
    """Whether ``binding`` comes from one of Textual's own classes (an Input's editing keys...)."""
    for cls in type(node).__mro__:
        declared = vars(cls).get("BINDINGS", ())
        if any(_same(binding, b) for b in declared):
            return cls.__module__.split(".")[0] == "textual"
    return False


def _same(binding: Binding, declared: object) -> bool:
    if isinstance(declared, Binding):
        return declared.action == binding.action and binding.key in [k.strip() for k in declared.key.split(",")]
    return isinstance(declared, tuple) and len(declared) >= 2 and declared[1] == binding.action


def _own_bindings(widget: Widget) -> list[Binding]:
    """The keys a widget's companion classes declare (one binding per key)."""
    out: list[Binding] = []
    for cls in type(widget).__mro__:
        if cls.__module__.split(".")[0] == "companion" and "BINDINGS" in vars(cls):
            out.extend(b for b in Binding.make_bindings(vars(cls)["BINDINGS"]))
    return out
