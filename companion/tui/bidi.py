"""Right-to-left text for terminals that do no bidi.

Textual lays text out left to right, cell by cell.  Most terminals (xterm, tmux, kitty, Alacritty,
iTerm2, Windows Terminal) show the cells as they are, so Persian would read backwards.  In ``app``
mode we wrap a paragraph into lines first, then reorder each line into visual order with the Unicode
bidi algorithm (``bidi.algorithm``, which mirrors brackets correctly), keeping every character's
style.  Such terminals do no Arabic shaping of reordered text either, so ``app`` mode also sends
Persian letters as presentation forms (:func:`shape`, joined as in the word; ZWNJ, harakat and the
ezafe hamza kept), and honours the isolates around inserted names (:mod:`companion.i18n`) without
drawing them.  In ``terminal`` mode the terminal reorders and shapes by itself and we must leave the
text logical (isolates included).  Text inputs edit logical text; :class:`BidiInput
<companion.tui.widgets.bidi_input.BidiInput>` only *shows* it in display order.

Why ZWNJ used to vanish: the algorithm (``bidi.algorithm``) drops boundary neutrals at rule X9, and
ZWNJ is one; :func:`_plain_order` puts them back (Rich gives them no cell, so widths are unchanged).

The mode is a setting of the running app (``app.settings.bidi``), found through the resolver the app
registers; outside an app it is ``app`` unless a ``with use_mode(...)`` block says otherwise.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import TYPE_CHECKING

from companion import i18n

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


def _isolating() -> bool | None:
    """While an app runs, the values it inserts into sentences are isolated (its text is drawn by us,
    or by a terminal that does bidi); elsewhere this module has nothing to say."""
    if _resolver is not None and _resolver() is not None:
        return True
    return None


i18n.set_isolation_resolver(_isolating)


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


# -- isolates ----------------------------------------------------------------------------------------
# Every name and value inserted into a translated sentence may come wrapped in first-strong isolates
# (U+2068 ... U+2069, see :func:`companion.i18n.isolating`).  In ``app`` mode they are honoured here (a
# name is ordered on its own and moves as one block) and never drawn; in ``terminal`` mode they are
# left in for the terminal's own bidi.
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
_INITIATORS = frozenset((LRI, RLI, FSI))
_ISOLATES = re.compile("[\u2066-\u2069]")


def has_isolates(text: str) -> bool:
    return _ISOLATES.search(text) is not None


def strip_isolates(text: str) -> str:
    """``text`` without isolate controls."""
    return _ISOLATES.sub("", text) if has_isolates(text) else text


def visual_order(text: str, rtl_base: bool) -> tuple[str, list[int]]:
    """One line in display order, and for each displayed character the index it came from.

    Arabic letters come out as presentation forms (:func:`shape`), joined as they are in the word;
    isolates are honoured and dropped; ZWNJ and combining marks are kept, a mark right after its
    letter (terminals put a mark on the cell before it)."""
    shown, order = _visual_order(text, rtl_base)
    return shown, list(order)


# Every digit of a script, as that script's zero.  Digits of one script share a bidi class (European or
# Arabic number) and are never shaped, joined or mirrored, so a line's order does not depend on which
# digits it holds: lines that differ only in their numbers ("risk 1/13" after "risk 2/11") are ordered
# once.  Only the digits' own characters are put back.
_ONE_DIGIT = str.maketrans({chr(zero + d): chr(zero) for zero in (0x30, 0x660, 0x6F0) for d in range(1, 10)})


@lru_cache(maxsize=4096)
def _visual_order(text: str, rtl_base: bool) -> tuple[str, tuple[int, ...]]:
    canonical = text.translate(_ONE_DIGIT)
    if canonical == text:
        return _visual_order_of(text, rtl_base)
    shown, order = _visual_order_of(canonical, rtl_base)
    return "".join(text[i] if canonical[i] != text[i] else ch for ch, i in zip(shown, order)), order


@lru_cache(maxsize=4096)
def _visual_order_of(text: str, rtl_base: bool) -> tuple[str, tuple[int, ...]]:
    # The pure-Python algorithm costs ~0.1 ms a line; screens redraw the same lines again and again.
    kept = _kept_orders().get((text, rtl_base))
    if _fits(kept, text):
        return kept  # type: ignore[return-value]
    shaped, source = shape(text)
    pairs = _order(list(zip(shaped, range(len(shaped)))), 1 if rtl_base else 0)
    found = "".join(ch for ch, _ in pairs), tuple(source[i] for _, i in pairs)
    if _recording and len(_new_orders) < KEEP_ORDERS:
        _new_orders[(text, rtl_base)] = found
    return found


# -- orders kept from one start to the next --------------------------------------------------------
# A right-to-left start draws the same lines every time (the menu, the footer), and ordering them loads
# the reshaper and the bidi algorithm: ~10 ms of imports before the first frame.  The orders worked out
# before the first frame are kept in the user cache (``save_orders``, called by the app once it is on
# screen) and read back at the first line ordered, so a start finds its lines there and loads neither.
# The file is named after this module and both libraries as installed (another version of either is
# another file); a missing, unreadable or foreign file only costs the orders it would have saved.
KEEP_ORDERS = 2048
_kept: dict | None = None
_new_orders: dict = {}
_recording = True  # until save_orders: only what a start orders is kept


def _orders_path():
    import importlib.util
    import sys

    from companion.paths import files_key, user_cache_dir

    files = [__file__] + [getattr(importlib.util.find_spec(name), "origin", None) or name
                          for name in ("arabic_reshaper", "bidi")]
    return user_cache_dir() / "bidi" / f"orders-{files_key(files, sys.version)}.marshal"


def _kept_orders() -> dict:
    global _kept
    if _kept is None:
        _kept = {}
        try:
            import marshal

            data = marshal.loads(_orders_path().read_bytes())
            if isinstance(data, dict):
                _kept = data
        except Exception:  # noqa: BLE001 - none yet, damaged, no cache folder: order the lines anew
            pass
    return _kept


def _fits(kept: object, text: str) -> bool:
    """Whether ``kept`` is an order as :func:`_visual_order_of` makes for ``text``."""
    return (isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], str)
            and isinstance(kept[1], tuple) and len(kept[0]) == len(kept[1]) <= len(text)
            and all(isinstance(i, int) and 0 <= i < len(text) for i in kept[1]))


def save_orders() -> bool:
    """Keep the orders worked out so far for the next start (once the first screen is drawn); whether
    a file was written (nothing new: nothing written)."""
    global _new_orders, _recording
    _recording = False
    if not _new_orders:
        return False
    try:
        import marshal

        from companion.fsutil import write_cache

        orders = {**_kept_orders(), **_new_orders}
        if len(orders) > KEEP_ORDERS:
            orders = dict(list(orders.items())[-KEEP_ORDERS:])
        path = _orders_path()
        write_cache(path, marshal.dumps(orders), replaces="orders-*.marshal")
    except Exception:  # noqa: BLE001 - no cache folder: the next start orders its lines again
        return False
    _new_orders = {}
    return True


# -- shaping ---------------------------------------------------------------------------------------
# A terminal that does no bidi does no Arabic shaping of reordered text either: it draws each letter
# as given.  So letters are sent as their presentation forms (initial, medial, final, isolated), which
# every terminal font draws joined.  ``arabic-reshaper`` picks the forms; it is set up for Persian:
# harakat and the ezafe hamza (U+0654 in «هٔ», and «ۀ») are kept on their letter, tatweel is kept,
# ZWNJ (the half-space of «می‌گیرد») stays as a non-joining boundary, ZWJ joins.  Its own ligatures
# are off so that every letter keeps its own character (styles and cursor positions follow letters);
# the one ligature Persian needs, lam-alef, is made here.
_ARABIC_CHARS = "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc"
_ARABIC = re.compile(f"[{_ARABIC_CHARS}]")
_ARABIC_RUN = re.compile(f"[{_ARABIC_CHARS}](?:[{_ARABIC_CHARS}\u200c\u200d]*[{_ARABIC_CHARS}])?")
ZWNJ, ZWJ = "\u200c", "\u200d"
_RESHAPER_CONFIG = {
    "language": "Arabic",              # covers the Persian letters (پ چ ژ گ ک ی ۀ)
    "delete_harakat": False,
    "shift_harakat_position": False,
    "delete_tatweel": False,
    "support_zwj": True,
    "use_unshaped_instead_of_isolated": False,
    "support_ligatures": False,
}
_LAM_INITIAL, _LAM_MEDIAL = "\ufedf", "\ufee0"
# (alef's final form) -> (isolated ligature, final ligature)
_LAM_ALEF = {"\ufe82": ("\ufef5", "\ufef6"), "\ufe84": ("\ufef7", "\ufef8"),
             "\ufe88": ("\ufef9", "\ufefa"), "\ufe8e": ("\ufefb", "\ufefc")}
_reshaper_state: list = []  # [reshaper or None, letters]: made on first use


def _reshaper():
    if not _reshaper_state:
        # arabic-reshaper imports fontTools (30-45 ms) only to read ligatures from a font file, which
        # we never give it: hide fontTools.ttLib while it loads (an ImportError it already handles).
        import sys

        hidden = "fontTools.ttLib" not in sys.modules
        if hidden:
            sys.modules["fontTools.ttLib"] = None  # type: ignore[assignment]
        try:
            from arabic_reshaper import ArabicReshaper  # type: ignore[import-untyped]
            from arabic_reshaper.letters import LETTERS_ARABIC  # type: ignore[import-untyped]

            _reshaper_state[:] = [ArabicReshaper(configuration=_RESHAPER_CONFIG), LETTERS_ARABIC]
        except (ImportError, ValueError, OSError):  # not installed, or a broken configuration file
            _reshaper_state[:] = [None, {}]
        finally:
            if hidden:
                del sys.modules["fontTools.ttLib"]
    return _reshaper_state[0], _reshaper_state[1]


def shape(text: str) -> tuple[str, tuple[int, ...]]:
    """``text`` with Arabic letters in their presentation forms, and for each character the index it
    came from (one per letter, except lam-alef, one ligature for two letters, and ZWJ, whose work is
    done once the forms are chosen)."""
    if not _ARABIC.search(text):
        return text, tuple(range(len(text)))
    chars: list[str] = []
    source: list[int] = []
    at = 0
    for match in _ARABIC_RUN.finditer(text):
        chars.extend(text[at:match.start()])
        source.extend(range(at, match.start()))
        run_chars, run_source = _shape_run(match.group(0))
        chars.extend(run_chars)
        source.extend(match.start() + i for i in run_source)
        at = match.end()
    chars.extend(text[at:])
    source.extend(range(at, len(text)))
    return "".join(chars), tuple(source)


@lru_cache(maxsize=8192)
def _shape_run(run: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    # One word (a run of Arabic letters) at a time, memoized: the reshaper costs ~0.2 ms a call, and a
    # Persian screen says the same words again and again while its numbers change (bench/tui_keyframe.py).
    chars, source = _shape_run_uncached(run)
    return tuple(chars), tuple(source)


def _shape_run_uncached(run: str) -> tuple[list[str], list[int]]:
    reshaper, letters = _reshaper()
    unchanged = list(run), list(range(len(run)))
    if reshaper is None:
        return unchanged
    shaped = reshaper.reshape(run)
    kept = [(i, ch) for i, ch in enumerate(run) if ch != ZWJ]
    if len(shaped) != len(kept):
        return unchanged
    for (_, ch), form in zip(kept, shaped):
        if form != ch and ch not in letters:  # only letters change; marks and ZWNJ stay in place
            return unchanged
    chars: list[str] = []
    source: list[int] = []
    i = 0
    while i < len(kept):
        form = shaped[i]
        ligature = _LAM_ALEF.get(shaped[i + 1]) if i + 1 < len(kept) and form in (_LAM_INITIAL, _LAM_MEDIAL) else None
        if ligature is not None:
            chars.append(ligature[0] if form == _LAM_INITIAL else ligature[1])
            source.append(kept[i][0])
            i += 2
            continue
        chars.append(form)
        source.append(kept[i][0])
        i += 1
    return chars, source


# -- reordering ------------------------------------------------------------------------------------
_OBJECT = "\ufffc"  # an isolate stands in the surrounding text as one neutral character


def _order(items: list[tuple[str, int]], base: int) -> list[tuple[str, int]]:
    """``(char, index)`` pairs in display order for paragraph level ``base``, isolates honoured.

    Each isolate (LRI/RLI/FSI ... its matching PDI) is one neutral in the text around it and is
    ordered on its own, with its own direction (the first strong letter for FSI), as UAX #9 says.
    The isolate controls themselves are never drawn; an unmatched PDI is dropped, an unmatched
    initiator isolates up to the end of the line."""
    outer: list[tuple[str, int]] = []
    inner: list[tuple[str, list[tuple[str, int]]]] = []
    i, n = 0, len(items)
    while i < n:
        ch = items[i][0]
        if ch in _INITIATORS:
            depth, j = 1, i + 1
            while j < n:
                c = items[j][0]
                if c in _INITIATORS:
                    depth += 1
                elif c == PDI:
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            inner.append((ch, items[i + 1:j]))
            outer.append((_OBJECT, -len(inner)))
            i = j + 1
        elif ch == PDI:
            i += 1
        else:
            outer.append(items[i])
            i += 1
    if not inner:
        return _plain_order(outer, base)
    result: list[tuple[str, int]] = []
    for ch, index in _plain_order(outer, base):
        if index < 0:
            kind, content = inner[-index - 1]
            level = 0 if kind == LRI else 1 if kind == RLI else int(_first_strong_rtl(content))
            result.extend(_order(content, level))
        else:
            result.append((ch, index))
    return result


def _first_strong_rtl(items: list[tuple[str, int]]) -> bool:
    depth = 0
    for ch, _ in items:
        if ch in _INITIATORS:
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif not depth:
            kind = unicodedata.bidirectional(ch)
            if kind in ("R", "AL"):
                return True
            if kind == "L":
                return False
    return False


def _plain_order(items: list[tuple[str, int]], base: int) -> list[tuple[str, int]]:
    """The bidi algorithm (``bidi.algorithm``) on text without isolates, keeping what it would drop.

    The algorithm removes boundary neutrals (ZWNJ, ZWJ ...; rule X9) and leaves a combining mark
    before its letter in a right-to-left run.  So those are taken out first and put back next to the
    letter they follow: a mark right after it, a boundary neutral on the side where the next letter is.
    """
    if not items:
        return []
    kept: list[tuple[str, int]] = []
    attached: list[tuple[int, str, int, str]] = []  # (kept index it follows, char, index, class)
    for ch, index in items:
        kind = unicodedata.bidirectional(ch)
        if kind == "BN" or (kind == "NSM" and kept):
            attached.append((len(kept) - 1, ch, index, kind))
        else:
            kept.append((ch, index))
    if not kept:
        return list(items)
    from bidi import algorithm as A

    storage = A.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    A.get_embedding_levels("".join(ch for ch, _ in kept), storage)
    for index, ch in enumerate(storage["chars"]):
        ch["index"] = index
    A.explicit_embed_and_overrides(storage)
    A.resolve_weak_types(storage, False)
    A.resolve_neutral_types(storage, False)
    A.resolve_implicit_levels(storage, False)
    A.reorder_resolved_levels(storage, False)
    A.apply_mirroring(storage, False)
    chars = storage["chars"]
    if not attached:
        return [(c["ch"], kept[c["index"]][1]) for c in chars]
    levels = {c["index"]: c["level"] for c in chars}
    before: dict[int, list[tuple[str, int]]] = {}
    after: dict[int, list[tuple[str, int]]] = {}
    lead: list[tuple[str, int]] = []
    for k, ch, index, kind in attached:
        if k < 0 or k not in levels:  # nothing before it (or its letter was an embedding control)
            lead.append((ch, index))
        elif kind == "NSM" or levels[k] % 2 == 0:
            after.setdefault(k, []).append((ch, index))
        else:
            before.setdefault(k, []).append((ch, index))
    result = list(lead)
    for c in chars:
        k = c["index"]
        result.extend(before.get(k, ()))
        result.append((c["ch"], kept[k][1]))
        result.extend(after.get(k, ()))
    return result


def reorder_line(line: Text, rtl_base: bool) -> Text:
    """A styled line in visual order (styles follow their characters)."""
    plain = line.plain
    if not rtl_base and not has_rtl(plain) and not has_isolates(plain):
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

    Right-to-left paragraphs are right-aligned.  Text with CJK characters is wrapped where Chinese
    allows a break (:mod:`companion.tui.linebreak`: no «。» opening a line, a number kept with its
    measure word).  Other text without right-to-left letters (or isolates) in a left-to-right
    paragraph comes back unchanged (Textual wraps it as usual).
    """
    from rich.text import Text

    from companion.tui import linebreak

    reorder = mode() == "app" and (rtl or has_rtl(text.plain) or has_isolates(text.plain))
    # Chinese is wrapped here too (Rich and Textual break it anywhere, or only at its few spaces).
    cjk = (reorder or not rtl) and linebreak.has_cjk(text.plain)
    if width <= 0 or not (reorder or cjk):
        if rtl:
            text = text.copy()
            text.justify = "right"
        return text
    lines = (linebreak.wrap(text, width) if cjk
             else list(text.wrap(console or _console(), width, justify="left", overflow="fold")))
    shown = []
    for line in lines:
        line.rstrip()
        shown.append(reorder_line(line, rtl) if reorder else line)
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
    if mode() != "app" or not (rtl or has_rtl(text) or has_isolates(text)):
        return text
    return visual_order(text, rtl)[0]


_CONSOLE = None


def _console():
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console

        _CONSOLE = Console(width=1000, color_system=None, legacy_windows=False)
    return _CONSOLE
