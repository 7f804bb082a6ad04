"""Text from outside (a journal, a data file, a file name, the system) made safe to show.

A journal or a card catalog is written by anyone; its text reaches the terminal (error messages,
``companion replay``), the TUI and the PDFs.  Shown raw, an ESC or C1 control sequence retitles or
clears the terminal, and a bidi override or an invisible character makes a name look like another.

* :func:`clean` replaces every control character (C0 and C1, DEL), whole terminal escape sequences,
  bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069), the other invisible format
  characters (Unicode category Cf: direction marks, zero-width space, soft hyphen, BOM, tags ...),
  lone surrogates and line/paragraph separators with a visible U+FFFD (``\\n`` and ``\\t`` become
  spaces in a one-line text, and stay in a ``multiline`` one).  ZWNJ (U+200C, needed in Persian)
  and ZWJ (U+200D, emoji sequences) are kept.  The result is a :class:`Safe` string, which
  :func:`clean` returns unchanged: a message that is already safe (one of ours, with cleaned
  parameters) can be passed into another without its own marks being touched.
* It is applied at one point per output: :func:`companion.messages.describe` (every error and
  warning, for the CLI and the TUI), the text of every PDF (:func:`companion.printing.htmltext.clean_document`,
  also WeasyPrint's warnings), and ``companion replay``'s report and JSON.
* :func:`check_name` says what is wrong with a new player name (control or invisible characters,
  empty, wider than :data:`MAX_NAME_CELLS` terminal cells), as an error code whose message lives in
  :data:`MESSAGES`; :func:`name_params` gives that message's parameters.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from companion.i18n import N_

REPLACEMENT = "\ufffd"
MAX_NAME_CELLS = 40   # terminal cells (a Chinese character takes two); no real name comes near
MAX_NAME_CHARS = 80   # code points, so that combining marks cannot make a zero-width giant
SHOWN_CELLS = 40      # how much of an outside text a message quotes

MESSAGES = {
    "text.name_empty": N_("A player name cannot be empty."),
    "text.name_control": N_("The player name “{name}” contains control characters (such as line breaks, tabs "
                            "or terminal escape codes); type it again without them."),
    "text.name_invisible": N_("The player name “{name}” contains invisible characters (such as direction "
                              "overrides or zero-width spaces) that make it look like something else; "
                              "type it again without them."),
    "text.name_too_long": N_("The player name “{name}” is too long: a name may be at most {most} characters "
                             "wide (a Chinese character counts as two)."),
}


class Safe(str):
    """Text that :func:`clean` has already made safe (or that is ours): passed through unchanged."""

    __slots__ = ()


# Invisible format characters (category Cf) other than ZWNJ and ZWJ, as of Unicode 15.
_FORMAT = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
           "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
           "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
           "\U000e0001\U000e0020-\U000e007f")
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f"
_BAD = re.compile(f"[{_CONTROL}{_FORMAT}\ud800-\udfff]")
_BAD_OR_BREAK = re.compile(f"[{_CONTROL}{_FORMAT}\ud800-\udfff\t\n\u2028\u2029]")
# Whole escape sequences become one replacement (their text is inert without the ESC anyway; the
# length is bounded so that a lone ESC never swallows what follows).
_SEQUENCE = re.compile(
    r"\x1b\[[0-?]{0,64}[ -/]{0,8}[@-~]?"                                # CSI
    r"|\x1b[\]PX^_][^\x07\x1b\x9c\n]{0,256}(?:\x07|\x1b\\|\x9c)?"      # OSC, DCS, SOS, PM, APC
    r"|\x1b[ -/]{0,8}[0-~]?"                                            # any other ESC sequence
    r"|\x9b[0-?]{0,64}[ -/]{0,8}[@-~]?"                                 # 8-bit CSI
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c\n]{0,256}(?:\x07|\x1b\\|\x9c)?")
_INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # fillers that look like nothing


def clean(text: Any, *, multiline: bool = False) -> Safe:
    """``text`` (any value: ``str()`` of it) with nothing left that could control a terminal or hide."""
    if isinstance(text, Safe):
        return text
    if not isinstance(text, str):
        text = str(text)
    if not _BAD_OR_BREAK.search(text):
        return Safe(text)
    text = _SEQUENCE.sub(REPLACEMENT, text)
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")
        return Safe(_BAD.sub(REPLACEMENT, text))
    text = re.sub(r"\r\n|[\r\n\t\u2028\u2029]", " ", text)
    return Safe(_BAD.sub(REPLACEMENT, text))


def is_clean(text: str, *, multiline: bool = False) -> bool:
    """True when :func:`clean` would leave ``text`` as it is."""
    pattern = _BAD if multiline else _BAD_OR_BREAK
    return not pattern.search(text) and (not multiline or "\r" not in text)


def json_text(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with every unsafe character written as a ``\\uXXXX``
    escape: the same data for a program, nothing a terminal acts on."""
    text = json.dumps(value, ensure_ascii=False)
    return _BAD_OR_BREAK.sub(lambda m: "".join(f"\\u{u:04x}" for u in _utf16(m.group(0))), text)


def _utf16(ch: str) -> list[int]:
    code = ord(ch)
    if code < 0x10000:
        return [code]
    code -= 0x10000
    return [0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)]


# -- widths ----------------------------------------------------------------------------------------
def char_cells(ch: str) -> int:
    """Terminal cells of one character: 0 for combining marks and joiners, 2 for wide ones."""
    if ch in "\u200c\u200d" or unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def cells(text: str) -> int:
    return sum(char_cells(ch) for ch in text)


def shorten(text: Any, most: int = SHOWN_CELLS) -> Safe:
    """:func:`clean` ``text``, cut to ``most`` cells with an ellipsis: what a message quotes of it."""
    safe = clean(text)
    if len(safe) <= most // 2 or (len(safe) <= 2 * most and cells(safe) <= most):
        return safe
    out: list[str] = []
    width = 0
    for ch in safe:  # at most ``most`` cells and ``2 * most`` characters (combining marks take no cell)
        width += char_cells(ch)
        if width > most - 1 or len(out) >= 2 * most - 1:
            break
        out.append(ch)
    return Safe("".join(out) + "…")


# -- player names ----------------------------------------------------------------------------------
def check_name(name: Any) -> str | None:
    """The error code for a player name that may not be used (see :data:`MESSAGES`), else ``None``.

    Refused: not text or only spaces; control characters (line breaks and tabs too); invisible format
    characters (bidi controls, zero-width spaces ...) or only invisible filler letters; wider than
    :data:`MAX_NAME_CELLS` cells or longer than :data:`MAX_NAME_CHARS` characters.
    """
    if not isinstance(name, str) or not name.strip():
        return "text.name_empty"
    if re.search(f"[{_CONTROL}\t\n\ud800-\udfff]", name):
        return "text.name_control"
    if re.search(f"[{_FORMAT}\u2028\u2029]", name) or all(ch.isspace() or ch in _INVISIBLE_LETTERS
                                                            or char_cells(ch) == 0 for ch in name):
        return "text.name_invisible"
    if len(name) > MAX_NAME_CHARS or cells(name) > MAX_NAME_CELLS:
        return "text.name_too_long"
    return None


def name_params(name: Any) -> dict[str, Any]:
    """The parameters of :func:`check_name`'s message: the name as it may be quoted, and the limit."""
    return {"name": shorten(name if isinstance(name, str) else repr(name)), "most": MAX_NAME_CELLS}
