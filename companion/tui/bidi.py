"""Right-to-left text for terminals that do no bidi.

Textual lays text out left to right, cell by cell.  Most terminals (xterm, tmux, kitty, Alacritty,
iTerm2, Windows Terminal) show the cells as they are, so Persian would read backwards.  In ``app``
mode we wrap a paragraph into lines first, then reorder each line into visual order with the Unicode
bidi algorithm (``bidi.algorithm``, which mirrors brackets correctly), keeping every character's
style.  In ``terminal`` mode the terminal reorders by itself and we must leave the text logical.
The contents of text inputs are never reordered.

The mode is a setting of the running app (``app.settings.bidi``), found through the resolver the app
registers; outside an app it is ``app`` unless a ``with use_mode(...)`` block says otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is loaded by Textual anyway; keep this module importable without it
    from rich.text import Text

_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")

MODES = ("app", "terminal")
_mode: ContextVar[str] = ContextVar("companion_bidi_mode", default="app")
_resolver: Callable[[], str | None] | None = None


def mode() -> str:
    """Who reorders right-to-left text now: ``app`` or ``terminal``.

    The running app's setting when there is one in the current context, else the mode of the
    innermost :func:`use_mode` block, else ``app``.
    """
    if _resolver is not None:
        found = _resolver()
        if found is not None:
            return found
    return _mode.get()


def set_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Let the app say which mode is in effect (``None`` from ``resolver()``: no app here)."""
    global _resolver
    _resolver = resolver


@contextmanager
def use_mode(value: str) -> Iterator[str]:
    """Lay text out in ``value`` mode inside the ``with`` block (where no app decides it)."""
    if value not in MODES:
        raise ValueError(f"bidi mode must be one of {MODES}, not {value!r}")
    token = _mode.set(value)
    try:
        yield value
    finally:
        _mode.reset(token)


def has_rtl(text: str) -> bool:
    return _RTL.search(text) is not None


def visual_order(text: str, rtl_base: bool) -> tuple[str, list[int]]:
    """One line in display order, and for each displayed character the index it came from."""
    shown, order = _visual_order(text, rtl_base)
    return shown, list(order)


@lru_cache(maxsize=4096)
def _visual_order(text: str, rtl_base: bool) -> tuple[str, tuple[int, ...]]:
    # The pure-Python algorithm costs ~0.1 ms a line; screens redraw the same lines again and again.
    from bidi import algorithm as A

    storage = A.get_empty_storage()
    base = 1 if rtl_base else 0
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    A.get_embedding_levels(text, storage)
    for index, ch in enumerate(storage["chars"]):
        ch["index"] = index
    A.explicit_embed_and_overrides(storage)
    A.resolve_weak_types(storage, False)
    A.resolve_neutral_types(storage, False)
    A.resolve_implicit_levels(storage, False)
    A.reorder_resolved_levels(storage, False)
    A.apply_mirroring(storage, False)
    chars = storage["chars"]
    return "".join(c["ch"] for c in chars), tuple(c["index"] for c in chars)


def reorder_line(line: Text, rtl_base: bool) -> Text:
    """A styled line in visual order (styles follow their characters)."""
    plain = line.plain
    if not has_rtl(plain) and not rtl_base:
        return line
    try:
        key = (plain, tuple(line.spans), line.style, rtl_base)
        cached = _REORDERED.get(key)
    except TypeError:  # an unhashable style: no cache
        key, cached = None, None
    if cached is None:
        cached = _reorder(line, rtl_base)
        if key is not None:
            if len(_REORDERED) > 4096:
                _REORDERED.clear()
            _REORDERED[key] = cached
    return cached.copy()


_REORDERED: dict = {}


def _reorder(line: Text, rtl_base: bool) -> Text:
    from rich.text import Text

    plain = line.plain
    shown, order = visual_order(plain, rtl_base)
    styles: list[list] = [[] for _ in plain]
    for span in line.spans:
        for i in range(max(span.start, 0), min(span.end, len(plain))):
            styles[i].append(span.style)
    out = Text(style=line.style, end="", no_wrap=True)
    run: list[str] = []
    run_style = None
    for ch, index in zip(shown, order):
        spans = styles[index] if index < len(styles) else []
        style = _combine(spans)
        if style != run_style and run:
            out.append("".join(run), style=run_style)
            run = []
        run.append(ch)
        run_style = style
    if run:
        out.append("".join(run), style=run_style)
    return out


def _combine(spans: list):
    if not spans:
        return None
    if len(spans) == 1:
        return spans[0]
    from rich.style import Style

    return Style.combine(Style.parse(s) if isinstance(s, str) else s for s in spans)


def for_display(text: Text, width: int, rtl: bool, console=None) -> Text:
    """Wrap ``text`` to ``width`` cells, then put each line in visual order (``app`` mode only).

    Right-to-left paragraphs are right-aligned.  Text without right-to-left letters in a
    left-to-right paragraph comes back unchanged (Textual wraps it as usual).
    """
    from rich.text import Text

    if mode() != "app" or width <= 0 or not (rtl or has_rtl(text.plain)):
        if rtl:
            text = text.copy()
            text.justify = "right"
        return text
    console = console or _console()
    lines = text.wrap(console, width, justify="left", overflow="fold")
    shown = []
    for line in lines:
        line.rstrip()
        shown.append(reorder_line(line, rtl))
    if rtl:
        for line in shown:
            pad = width - line.cell_len
            if pad > 0:
                line.pad_left(pad)
    result = Text("\n", end="", no_wrap=True).join(shown)
    result.no_wrap = True
    result.overflow = "crop"
    return result


def line(text: str, rtl: bool) -> str:
    """A short one-line label (a footer key, a list item) in display order."""
    if mode() != "app" or not (rtl or has_rtl(text)):
        return text
    return visual_order(text, rtl)[0]


_CONSOLE = None


def _console():
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console

        _CONSOLE = Console(width=1000, color_system=None, legacy_windows=False)
    return _CONSOLE
