"""The keys of the screen below, translated (F1): that screen's own keys first (its widgets' too, such
as a grid's or a decision list's, focused or not), then the keys that work everywhere, then Textual's
editing keys of the focused field, each under its heading.

Arrow keys are written as words (Textual's arrow glyphs are ambiguous-width in East Asian terminals)
and the columns are aligned by terminal cells, not characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from companion.i18n import N_, _
from companion.tui.screens.base import CompanionModal
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
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
            yield Prose(self._text)

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """``(heading, [(key, description)])``: this screen's keys first -- its own, then those of its
        widgets (a grid's or a list's, focused or not) --, then the app's, then Textual's editing keys."""
        own: list[tuple[str, str]] = []
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
            for binding in _own_bindings(widget):
                if self.app._check_action_state(binding.action, widget) is not False:
                    add(own, widget, binding)
        if self.app.COMMAND_PALETTE_BINDING not in self.under.active_bindings:
            everywhere.append(("Ctrl+P", _("Every action, searchable")))
        return [(heading, rows) for heading, rows in ((_("Keys of this screen"), own),
                                                      (_("Keys everywhere"), everywhere),
                                                      (_("Editing keys"), editing)) if rows]

    def rows(self) -> list[tuple[str, str]]:
        """``(key, description)`` for every key of the screen below, translated, in the order shown."""
        return [row for _heading, rows in self.sections() for row in rows]

    def _text(self) -> Text:
        text = Text(_("Keys"), style="bold")
        sections = self.sections()
        width = max(cell_len(k) for _heading, rows in sections for k, _d in rows)
        for heading, rows in sections:
            text.append("\n\n")
            text.append(heading, style="bold underline")
            for key, description in rows:
                text.append("\n")
                text.append(key + " " * (width - cell_len(key)), style="bold")
                text.append("  " + description)
        return text


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
