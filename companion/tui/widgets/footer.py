"""A footer whose key labels follow the current language.

Textual's ``Footer`` shows ``Binding.description`` as written in the class; ours passes each one
through the catalogs (bindings are declared with ``N_()``) and the bidi reordering.

It is one widget that draws every key on a single line (Textual's footer mounts a widget per key and
rebuilds them all after every bindings change, several times per frame at start-up).  A bindings
change or a language switch only works out the keys again and repaints when they differ.  A click
on a key presses it, as in Textual's footer.

When the keys do not fit the line, the keys screen, Quit and the palette stay, then the screen's
priority keys (undo, redo, who leaves), its other keys and the app's, as far as they fit; F1 then
says "All keys" (it lists the rest).  In a right-to-left language the line runs from the right: each
key on the right of its label, the palette key at the left end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.strip import Strip

from companion.i18n import N_, current, translator
from companion.tui import bidi
from companion.tui.widgets.text import OneLayout

KEYS_ACTION = "show_keys"  # the keys screen (F1): it lists every key the footer leaves out
ALL_KEYS = N_("All keys")
KEPT = (KEYS_ACTION, "quit")  # never left out (with the palette): how to see the rest, how to leave


def _part_width(display: str, words: str) -> int:
    """Cells of one key on the footer: `` key `` and ``label `` (and the space after it)."""
    return cell_len(f" {display} ") + (cell_len(words) + 1 if words else 0) + 1


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
    rank: int = 1  # which keys stay when not all fit: 0 first (the game's own keys), then 1, then 2 (the app's)


class TranslatedFooter(OneLayout):  # (one line that does not scroll)
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
        self._lines: dict[tuple, tuple[Strip, list[tuple[int, int, Entry]]]] = {}  # (see render_line)

    # -- which keys -----------------------------------------------------------------------------
    def entries(self) -> tuple[Entry, ...]:
        """The keys this footer shows now (translated labels in display order); the palette key last."""
        active = self.screen.active_bindings
        seen: set[str] = set()
        palette_key = self.app.COMMAND_PALETTE_BINDING
        out = []
        for key, (node, binding, enabled, _tooltip) in active.items():
            if not binding.show or binding.action in seen or key == palette_key:
                continue
            seen.add(binding.action)
            # First the keys that act at once on the game (undo, redo, who leaves: Ctrl priority keys),
            # then the screen's others (its F-keys are priority too, only so that they act in order).
            rank = 2 if node is self.app else 0 if binding.priority and binding.key.startswith("ctrl+") else 1
            out.append(Entry(binding.key, self.app.get_key_display(binding), label(binding.description),
                             binding.action, not enabled, rank))
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
    def fitted(self, width: int) -> tuple[list[Entry], bool]:
        """The keys that fit on one line of ``width`` cells, in order (the palette key last), and
        whether some were left out (the F1 key then says that it lists them all)."""
        entries = list(self._entries)

        def size(shown: list[Entry], dropped: bool) -> int:
            return sum(_part_width(e.display, self._label_for(e, dropped)) for e in shown) + 1

        if size(entries, False) <= width:
            return entries, False
        # Keep the keys screen (it lists the rest), Quit and the palette; then the screen's keys that
        # act at once (undo, redo, who leaves: priority keys), then its other keys, then the app's, each
        # in order as far as they fit.  They are shown in their own order.
        kept_always = [e for e in entries if e.action in KEPT or e.key == self.app.COMMAND_PALETTE_BINDING]
        shown = list(kept_always)
        for entry in sorted(entries, key=lambda e: e.rank):  # a stable sort: in order within a rank
            if entry in kept_always:
                continue
            trial = [e for e in entries if e in shown or e is entry]
            if size(trial, True) <= width:
                shown = trial
        return [e for e in entries if e in shown], True

    def _label_for(self, entry: Entry, dropped: bool) -> str:
        if dropped and entry.action == KEYS_ACTION:
            return label(ALL_KEYS)
        return entry.label

    def render_line(self, y: int) -> Strip:
        """The line as :meth:`render` draws it, kept for each set of keys, width, language and look: the
        footer switches between a few sets (the card field's keys, the list's, the summary's), and
        making the line afresh cost a millisecond or more of the frame that shows the switch."""
        key = (y, self._entries, self.size.width, current().locale, bidi.mode(), self.visual_style, self.app.theme)
        kept = self._lines.get(key)
        if kept is None:
            if len(self._lines) > 16:
                self._lines.clear()
            kept = self._lines[key] = (super().render_line(y), self._spans)
        strip, self._spans = kept
        return strip

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        text_style = self.get_component_rich_style("footer--description")
        dim = self.get_component_rich_style("footer--disabled")
        palette = self.app.COMMAND_PALETTE_BINDING
        width = self.size.width
        rtl = current().direction == "rtl"
        shown, dropped = self.fitted(width)
        parts: list[tuple[Text, Entry]] = []
        tail = None
        for entry in shown:
            part = Text(end="")
            key = Text(f" {entry.display} ", key_style + dim if entry.disabled else key_style, end="")
            words = self._label_for(entry, dropped)
            description = Text(f"{words} " if not rtl else f" {words}",
                               text_style + dim if entry.disabled else text_style, end="") if words else None
            # Right to left: the key on the right of its label, the keys from the right edge.
            for piece in ((description, key) if rtl else (key, description)):
                if piece is not None:
                    part.append_text(piece)
            if entry.key == palette:
                tail = (part, entry)
            else:
                parts.append((part, entry))
        if rtl:
            parts.reverse()
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, Entry]] = []
        if rtl and tail is not None:  # the palette key at the left end
            part, entry = tail
            spans.append((line.cell_len, line.cell_len + part.cell_len, entry))
            line.append_text(part)
            used = part.cell_len + sum(p.cell_len + 1 for p, _e in parts)
            line.append(" " * max(1, width - used))
        for part, entry in parts:
            if rtl:
                line.append(" ")
            spans.append((line.cell_len, line.cell_len + part.cell_len, entry))
            line.append_text(part)
            if not rtl:
                line.append(" ")
        if not rtl and tail is not None:
            part, entry = tail
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
