"""A footer whose key labels follow the current language.

Textual's ``Footer`` shows ``Binding.description`` as written in the class; ours passes each one
through the catalogs (bindings are declared with ``N_()``) and the bidi reordering.

It is one widget that draws every key on a single line (Textual's footer mounts a widget per key and
rebuilds them all after every bindings change, several times per frame at start-up).  A bindings
change or a language switch only works out the keys again and repaints when they differ.  A click
on a key presses it, as in Textual's footer.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.widget import Widget

from companion.i18n import current, translator
from companion.tui import bidi


def label(description: str) -> str:
    return _label(description, current().locale, bidi.mode()) if description else ""


@lru_cache(maxsize=512)
def _label(description: str, locale: str, mode: str) -> str:
    # Every bindings change works the labels out again: keep the reordered ones (a pure function of
    # the key: ``mode`` is the one ``bidi.line`` finds in effect, since both are read in the same call).
    tr = translator(locale)
    return bidi.line(tr.gettext(description), tr.direction == "rtl")


class Entry(NamedTuple):
    key: str
    display: str
    label: str
    action: str
    disabled: bool


class TranslatedFooter(Widget):
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--disabled"}
    DEFAULT_CSS = """
    TranslatedFooter {
        dock: bottom; height: 1; width: 1fr;
        color: $footer-foreground; background: $footer-background;
        & > .footer--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        & > .footer--description { color: $footer-description-foreground; background: $footer-description-background; }
        & > .footer--disabled { text-style: dim; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: tuple[Entry, ...] = ()
        self._spans: list[tuple[int, int, Entry]] = []

    # -- which keys -----------------------------------------------------------------------------
    def entries(self) -> tuple[Entry, ...]:
        """The keys this footer shows now (translated labels in display order); the palette key last."""
        active = self.screen.active_bindings
        seen: set[str] = set()
        palette_key = self.app.COMMAND_PALETTE_BINDING
        out = []
        for key, (_node, binding, enabled, _tooltip) in active.items():
            if not binding.show or binding.action in seen or key == palette_key:
                continue
            seen.add(binding.action)
            out.append(Entry(binding.key, self.app.get_key_display(binding), label(binding.description),
                             binding.action, not enabled))
        if self.app.ENABLE_COMMAND_PALETTE and palette_key in active:
            _node, binding, enabled, _tooltip = active[palette_key]
            out.append(Entry(binding.key, self.app.get_key_display(binding), label(binding.description),
                             binding.action, not enabled))
        return tuple(out)

    @property
    def descriptions(self) -> list[str]:
        """The labels on show (for tests and the keys screen)."""
        return [entry.label for entry in self._entries]

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self._entries = self.entries()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.schedule_update()

    def schedule_update(self) -> None:
        """Work the keys out again; repaint only if they changed."""
        if not self.is_attached:
            return
        entries = self.entries()
        if entries != self._entries:
            self._entries = entries
            self.refresh()

    def retranslate(self) -> None:
        self.schedule_update()

    # -- drawing --------------------------------------------------------------------------------
    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        text_style = self.get_component_rich_style("footer--description")
        dim = self.get_component_rich_style("footer--disabled")
        palette = self.app.COMMAND_PALETTE_BINDING
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, Entry]] = []
        tail = None
        for entry in self._entries:
            part = Text(end="")
            part.append(f" {entry.display} ", key_style + dim if entry.disabled else key_style)
            if entry.label:
                part.append(f"{entry.label} ", text_style + dim if entry.disabled else text_style)
            if entry.key == palette:
                tail = (part, entry)
                continue
            spans.append((line.cell_len, line.cell_len + part.cell_len, entry))
            line.append_text(part)
            line.append(" ")
        if tail is not None:
            part, entry = tail
            width = self.size.width
            gap = max(1, width - line.cell_len - part.cell_len - 1)
            line.append(" " * gap)
            spans.append((line.cell_len, line.cell_len + part.cell_len, entry))
            line.append_text(part)
        self._spans = spans
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, entry in self._spans:
            if start <= event.x < end:
                event.stop()
                if entry.disabled:
                    self.app.bell()
                else:
                    self.app.simulate_key(entry.key)
                return
