"""Line breaking for Chinese (and any text with CJK characters in it), as a Chinese reader expects.

Rich and Textual break lines only at spaces, and fold a run without spaces cell by cell: a Chinese
paragraph then breaks anywhere, so «。» can open a line, and «共 5 輪» breaks at its space, leaving the
number at the end of one line and its measure word at the start of the next.  Here a line may break
between any two CJK characters, and at spaces, except (the usual 禁則 rules):

- never before closing punctuation (``。，、；：？！）」』`` and their kin: :data:`NO_START`),
- never after an opening bracket or quote (``（「『`` ...: :data:`NO_END`),
- never between a number and the CJK character that follows it, even across a space («3 名», «5 輪»),
- never inside a dash or an ellipsis («——», «……»),

and, as everywhere, not inside a Latin word.  When a line has no allowed break at all (one long
word), it is cut at the width.  Text without CJK characters is never given to this module: Persian and
English keep the wrapping they had.

:func:`wrap` wraps a Rich ``Text``; :class:`CjkLines` does the same for a Textual ``Content`` inside any
widget (see :mod:`companion.tui.widgets.cjk_markdown`).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from typing import TYPE_CHECKING

from rich.cells import cell_len, get_character_cell_size
from textual.visual import Visual

if TYPE_CHECKING:
    from rich.text import Text
    from textual.content import Content
    from textual.css.styles import RulesMap
    from textual.strip import Strip
    from textual.style import Style
    from textual.visual import RenderOptions

# CJK ideographs, radicals, kana, bopomofo, hangul, CJK punctuation and full-width forms: code point ranges,
# looked up by bisection (a regular expression of these ranges costs 10-15 ms to compile at every start).
_CJK_RANGES = ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x3130, 0x318F),
               (0x31A0, 0x31FF), (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F),
               (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
               (0x20000, 0x3134F))
_CJK_STARTS = tuple(start for start, _end in _CJK_RANGES)
_CJK_FIRST = chr(_CJK_STARTS[0])

NO_START = frozenset(
    "。，、；：？！）」』】〕〉》］｝〗〙〛〞〟｠’”・．｡､"
    "ー々〻ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
    ")]},.;:!?%‰℃"
)
"""Characters that never start a line (closing punctuation, small kana, iteration marks)."""
NO_END = frozenset("（「『【〔〈《［｛〖〘〚〝｟‘“([{")
"""Characters that never end a line (opening brackets and quotes)."""
_INSEPARABLE = frozenset("—…‥⋯")  # a dash or an ellipsis is written doubled and stays whole


def has_cjk(text: str) -> bool:
    return bool(text) and max(text) >= _CJK_FIRST and any(map(_is_cjk, text))


def _is_cjk(ch: str) -> bool:
    point = ord(ch)
    at = bisect_right(_CJK_STARTS, point) - 1
    return at >= 0 and point <= _CJK_RANGES[at][1]


def _is_digit(ch: str) -> bool:
    return unicodedata.category(ch) == "Nd"


def breaks(text: str) -> list[bool]:
    """For each index ``i`` (0 < i < len), whether a line may start at ``text[i]``; ``[0]`` is False.

    A break at spaces comes after them (the spaces end the previous line and are not drawn)."""
    allowed = [False] * len(text)
    last_strong = ""  # the last character before the current run of spaces
    for i in range(1, len(text)):
        before, ch = text[i - 1], text[i]
        if not before.isspace():
            last_strong = before
        if ch.isspace():
            continue  # spaces stay at the end of the line they follow
        if before.isspace():
            # A number keeps the CJK word after it even across a space («5 輪»).
            allowed[i] = not (last_strong and _is_digit(last_strong) and _is_cjk(ch)) and last_strong not in NO_END
            if ch in NO_START:
                allowed[i] = False
            continue
        if ch in NO_START or before in NO_END:
            continue
        if before in _INSEPARABLE and ch == before:
            continue
        if _is_digit(before) and (_is_cjk(ch) or _is_digit(ch)):
            continue
        allowed[i] = _is_cjk(before) or _is_cjk(ch)
    return allowed


def line_ranges(text: str, width: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each line of ``text`` wrapped to ``width`` cells (spaces at a line's end
    are left out of its range; a newline always ends a line)."""
    width = max(width, 1)
    ranges: list[tuple[int, int]] = []
    offset = 0
    for paragraph in text.split("\n"):
        ranges.extend((offset + a, offset + b) for a, b in _paragraph_ranges(paragraph, width))
        offset += len(paragraph) + 1
    return ranges


def _paragraph_ranges(text: str, width: int) -> list[tuple[int, int]]:
    allowed = breaks(text)
    widths = [get_character_cell_size(ch) for ch in text]
    ranges: list[tuple[int, int]] = []
    start, used, last_break = 0, 0, -1
    i = 0
    while i < len(text):
        ch = text[i]
        if i > start and allowed[i]:
            last_break = i
        if ch.isspace() or used + widths[i] <= width:  # spaces may hang past the edge
            used += widths[i]
            i += 1
            continue
        if i == start:  # a character wider than the line: it stands alone
            ranges.append((i, i + 1))
            start, used, last_break = i + 1, 0, -1
            i += 1
            continue
        cut = last_break if last_break > start else _forced_cut(text, start, i)
        ranges.append((start, _trimmed_end(text, start, cut)))
        start, used, last_break = cut, 0, -1  # a break is never at a space: the spaces stay behind
        i = start
    ranges.append((start, _trimmed_end(text, start, len(text))))
    return ranges


def _forced_cut(text: str, start: int, at: int) -> int:
    """Where to cut a line that has no allowed break (a word wider than the line): at the width, or
    a little before it so that the next line does not start with closing punctuation."""
    cut = at
    while cut - 1 > start and (text[cut] in NO_START or text[cut - 1] in NO_END):
        cut -= 1
    return cut if cut - 1 > start or not (text[at] in NO_START or text[at - 1] in NO_END) else at


def _trimmed_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` (a Rich ``Text``) in lines of at most ``width`` cells, broken where Chinese allows."""
    lines = []
    for start, end in line_ranges(text.plain, width):
        line = text[start:end]
        line.end = ""
        lines.append(line)
    return lines


def min_width(text: str) -> int:
    """The widest run that cannot be broken (a table column needs at least this)."""
    widest = 0
    for paragraph in text.split("\n"):
        allowed = breaks(paragraph)
        start = 0
        for i in range(1, len(paragraph) + 1):
            if i == len(paragraph) or allowed[i]:
                widest = max(widest, cell_len(paragraph[start:i].strip()))
                start = i
    return widest


# -- the same inside Textual widgets ---------------------------------------------------------------
class CjkLines(Visual):
    """A Textual ``Content`` laid out with these line breaks (a Visual: return it from ``render``).

    The content is broken into lines that fit the width; Textual then draws them as they are
    (alignment, styles and links included)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._cache: tuple[int, Content] | None = None

    def _broken(self, width: int) -> Content:
        if self._cache is not None and self._cache[0] == width:
            return self._cache[1]
        from textual.content import Content

        lines = [self.content[a:b] for a, b in line_ranges(self.content.plain, width)]
        broken = Content("\n").join(lines)
        self._cache = (width, broken)
        return broken

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        pad = options.rules.get("line_pad", 0) * 2
        return self._broken(width - pad).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return min_width(self.content.plain) + rules.get("line_pad", 0) * 2

    def get_height(self, rules: RulesMap, width: int) -> int:
        pad = rules.get("line_pad", 0) * 2
        return self._broken(width - pad).get_height(rules, width)

