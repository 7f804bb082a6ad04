"""The rules viewer lays right-to-left documents out itself: wrapped first, then reordered, nothing lost."""

from __future__ import annotations

import asyncio
import html
import re
import unicodedata
from collections import Counter

import pytest
from bidi.algorithm import get_display
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.content import load_document
from companion.i18n import translator
from companion.tui import bidi
from companion.tui.settings import Settings
from companion.tui.widgets.rtl_markdown import TABLE_SEPARATOR, layout, parse_blocks, plain_parser
from tests.tui.helpers import build_app
from tests.tui.test_shaping import unshaped

GAMES = ["diamant", "shifting_stones", "death_valley"]
MARKERS = re.compile(r"^[•◦▪│─┼]+$")


def _expected_words(markdown: str, number) -> Counter:
    """Every word a reader must find: the text of the rendered HTML, plus ordered-list numbers."""
    rendered = plain_parser().render(markdown)
    text = html.unescape(re.sub(r"<[^>]+>", "", rendered))
    words = Counter(_word(w) for w in text.split() if _word(w))
    lists = []
    for token in plain_parser().parse(markdown):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            lists.append(token.type == "ordered_list_open")
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif token.type == "list_item_open" and lists[-1]:
            words[f"{number(int(token.info))}."] += 1
    return words


def _shown_words(lines) -> Counter:
    words = Counter()
    for line in lines:
        words.update(_word(w) for w in line.logical.plain.split() if not MARKERS.match(w) and _word(w))
    return words


def _word(word: str) -> str:
    return word.rstrip(":")  # a stacked table row writes "header: value"


def letters(text: str) -> str:
    """Shown text as plain letters in display order, without ZWNJ and combining marks: what the
    reference algorithm (which drops ZWNJ and leaves marks before their letter) can be compared to;
    shaping, ZWNJ and marks are checked in test_shaping.py."""
    return "".join(ch for ch in unshaped(text) if ch != "\u200c" and not unicodedata.combining(ch))


def reference(text: str, base: str) -> str:
    """``text`` in display order by the reference algorithm (python-bidi, which knows no isolates):
    each isolate (LRI/RLI/FSI ... PDI) stands in its line as one neutral (a circled number, class ON)
    and is put in order on its own, in its own direction."""
    pieces: list[tuple[str, str]] = []
    outer, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch in "\u2066\u2067\u2068":
            depth, j = 1, i + 1
            while j < len(text) and depth:
                depth += text[j] in "\u2066\u2067\u2068"
                depth -= text[j] == "\u2069"
                j += 1
            inner = text[i + 1:j - 1] if not depth else text[i + 1:j]
            kind = {"\u2066": "L", "\u2067": "R"}.get(ch)
            if kind is None:  # first strong
                strong = [k for k in map(unicodedata.bidirectional, inner) if k in ("L", "R", "AL")]
                kind = "R" if strong and strong[0] != "L" else "L"
            outer.append(chr(0x2460 + len(pieces)))
            pieces.append((inner, kind))
            i = j
        else:
            if ch != "\u2069":  # an unmatched PDI is dropped
                outer.append(ch)
            i += 1
    shown = get_display("".join(outer), base_dir=base)
    for n, (inner, kind) in enumerate(pieces):
        shown = shown.replace(chr(0x2460 + n), reference(inner, kind))
    return shown


def _check_display_order(lines, width: int) -> None:
    for line in lines:
        shown = line.shown.plain
        assert line.shown.cell_len <= width
        if not line.logical.plain:
            continue
        base = "R" if line.rtl else "L"
        if TABLE_SEPARATOR in line.logical.plain:
            # Table rows: every cell reordered on its own, the first column on the right (on the left in
            # a picture of the grid).
            logical_cells = line.logical.plain.split(TABLE_SEPARATOR)
            shown_cells = shown.split(TABLE_SEPARATOR)
            if line.rtl and not line.columns_ltr:
                shown_cells.reverse()
            assert [letters(c.strip()) for c in shown_cells] == [letters(reference(c.strip(), base))
                                                                  for c in logical_cells]
        else:
            assert line.logical.cell_len <= width
            # The logical line (as wrapped) put in display order by the reference algorithm.
            assert letters(shown.strip()) == letters(reference(line.logical.plain, base).strip())
        if line.rtl:
            assert line.shown.cell_len == width  # right-aligned: padded on the left up to the width


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["rules", "card"])
@pytest.mark.parametrize("width", [48, 100])
def test_persian_document_lines_are_display_order_of_wrapped_lines(game, kind, width):
    doc = load_document(game, "fa", kind)
    number = translator("fa").num
    lines = layout(parse_blocks(doc.markdown, number), width, True)
    _check_display_order(lines, width)
    shown, expected = _shown_words(lines), _expected_words(doc.markdown, number)
    assert not expected - shown  # nothing lost
    # Nothing added, except table headers repeated where a table too wide is shown row by row.
    headers = Counter(w for block in parse_blocks(doc.markdown, number) if block.kind == "table"
                      for cell in block.rows[0] for w in map(_word, cell.plain.split()))
    assert set(shown - expected) <= set(headers)
    if width >= 100:
        assert shown == expected


def test_wrapping_happens_before_reordering():
    # One long paragraph: the first display line holds the *first* words (read from the right).
    words = [f"واژه{n}" for n in range(30)]
    lines = layout(parse_blocks(" ".join(words)), 40, True)
    assert len(lines) > 3
    assert lines[0].logical.plain.split()[0] == words[0]
    assert letters(lines[0].shown.plain.split()[-1]) == words[0][::-1]  # rightmost cell group, letters reversed
    assert all(line.shown.cell_len == 40 for line in lines)
    assert " ".join(line.logical.plain for line in lines) == " ".join(words)


def test_constructs_and_styles():
    markdown = """# سرآغاز

بند با **کلمهٔ پررنگ** و *کج* و `code` و عدد 123 و Diamant.

- مورد یک
  - مورد تو در تو
1. اول
2. دوم

> نقل‌قول

| ستون | عدد |
|---|---|
| الف | 12 |
"""
    lines = layout(parse_blocks(markdown, translator("fa").num), 60, True)
    plain = [letters(line.shown.plain) for line in lines]
    assert plain[0].strip() == "زاغآرس"
    heading = lines[0].shown
    assert all(span.style.bold for span in heading.spans if heading.plain[span.start:span.end].strip())
    para = next(line for line in lines if "123" in line.shown.plain)
    para_letters = letters(para.shown.plain)
    # Numbers and Latin runs stay left to right inside the right-to-left line.
    assert "123" in para.shown.plain and "Diamant" in para.shown.plain
    bold_word = "کلمه پررنگ"[::-1]
    start = para_letters.index(bold_word)  # one shown character per letter here (no lam-alef, marks dropped)
    start += sum(1 for ch in para.shown.plain[:start + 1] if unicodedata.combining(ch))
    styles = [s for s in para.shown.spans if s.start <= start < s.end]
    assert styles and any(getattr(s.style, "bold", False) for s in styles)
    bullet = next(line for line in lines if line.logical.plain == "• مورد یک")
    assert letters(bullet.shown.plain).endswith("کی دروم •")  # the marker on the right
    nested = next(line for line in lines if "رد وت" in letters(line.shown.plain))
    assert nested.logical.plain.startswith("  ◦ ")
    assert any(line.logical.plain.startswith("۱. ") for line in lines)
    assert any(line.logical.plain.startswith("│ ") and line.shown.plain.rstrip().endswith(" │") for line in lines)
    row = next(line for line in lines if "فلا" in letters(line.shown.plain))
    # Column one (الف) is on the right, the number column on the left.
    assert letters(row.shown.plain).index("12") < letters(row.shown.plain).index("فلا")


def test_a_grid_table_keeps_column_one_on_the_left_and_its_rule_under_its_cells():
    table = "| | ستون ۱ | ستون دوم و بلند |\n|---|---|---|\n| ردیف ۱ | خورشید | ماه |\n"
    plain = layout(parse_blocks(table), 60, True)
    grid = layout(parse_blocks("{.grid}\n" + table), 60, True)
    assert not any("{" in line.logical.plain for line in grid)  # the attribute line is not text

    def row(lines):
        return next(letters(line.shown.plain) for line in lines if "دیشروخ" in letters(line.shown.plain))

    assert row(plain).index("هام") < row(plain).index("دیشروخ")  # an ordinary table: column 1 on the right
    assert row(grid).index("دیشروخ") < row(grid).index("هام")    # a grid: column 1 on the left
    for lines in (plain, grid):
        header = next(line.shown.plain for line in lines if TABLE_SEPARATOR.strip() in line.shown.plain)
        rule = next(line.shown.plain for line in lines if "┼" in line.shown.plain)
        # the crosses of the rule stand under the column separators of the header
        assert [i for i, ch in enumerate(rule) if ch == "┼"] == [i for i, ch in enumerate(header) if ch == "│"]


def test_the_shifting_stones_rules_mark_their_grids_in_every_language():
    for locale in ("en", "fa", "zh_Hant", "zh_Hans"):
        doc = load_document("shifting_stones", locale, "rules")
        tables = [b for b in parse_blocks(doc.markdown) if b.kind == "table"]
        assert sum(b.columns_ltr for b in tables) == 3, locale  # a pattern, the grid before and after Ava's turn
        assert not all(b.columns_ltr for b in tables), locale   # the score table reads in the text's direction


def test_a_table_too_wide_is_shown_row_by_row():
    markdown = "| نام | توضیح |\n|---|---|\n| الف | یک واژهٔ‌بسیاربسیاربلندبی‌فاصله |\n| ب | کوتاه |\n"
    wide = layout(parse_blocks(markdown), 60, True)
    assert any(TABLE_SEPARATOR.strip() in line.shown.plain for line in wide)
    narrow = layout(parse_blocks(markdown), 24, True)
    logical = [line.logical.plain for line in narrow]
    assert logical[:2] == ["نام: الف", "• توضیح: یک"] and "• توضیح: کوتاه" in logical
    assert all(line.shown.cell_len <= 24 for line in narrow)


def test_terminal_mode_keeps_logical_order():
    with bidi.use_mode("terminal"):
        lines = layout(parse_blocks("سلام دنیا"), 30, True)
    assert lines[0].shown.plain.strip() == "سلام دنیا"
    assert letters(layout(parse_blocks("سلام دنیا"), 30, True)[0].shown.plain.strip()) == "ایند مالس"  # and back


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["سلام", "دنیا", "Diamant", "۱۲", "42", "(الف)", "**پررنگ**", "x+y", "،"]),
                min_size=1, max_size=40),
       st.integers(min_value=10, max_value=90))
def test_any_paragraph_keeps_every_word(words, width):
    markdown = " ".join(words)
    lines = layout(parse_blocks(markdown), width, True)
    _check_display_order(lines, width)
    assert _shown_words(lines) == _expected_words(markdown, str)


# -- the screen ------------------------------------------------------------------------------------
async def _open_rules(pilot) -> None:
    await pilot.press("l")  # home -> rules library
    await pilot.pause()
    await pilot.press("enter")  # Diamant: rules
    await pilot.pause()


def test_rules_screen_uses_own_layout_for_persian_and_follows_resize_and_language(folders):
    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(100, 40)) as pilot:
            await _open_rules(pilot)
            screen = app.screen
            assert type(screen).__name__ == "RulesScreen"
            own, md = screen.query_one("#rules-rtl"), screen.query_one("#rules-md")
            assert own.display and not md.display
            width = own.content_region.width
            first = own.lines(width)
            assert all(line.shown.cell_len <= width for line in first)
            doc = load_document("diamant", "fa", "rules")
            assert first[0].logical.plain == parse_blocks(doc.markdown)[0].text.plain
            await pilot.resize_terminal(70, 40)
            await pilot.pause()
            narrow = own.content_region.width
            assert narrow < width
            lines = own.lines(narrow)
            assert len(lines) > len(first)
            assert all(line.shown.cell_len <= narrow for line in lines)
            # Switch to English: Textual's Markdown widget takes over.
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("up", "enter")
            await pilot.pause()
            assert md.display and not own.display
            # And back to Persian.
            await pilot.press("f2")
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
            assert own.display and not md.display
    asyncio.run(go())


def test_rules_screen_in_terminal_bidi_mode_keeps_the_markdown_widget(folders):
    async def go():
        app = build_app(folders, "fa", settings=Settings(bidi="terminal"))
        async with app.run_test(size=(100, 40)) as pilot:
            await _open_rules(pilot)
            screen = app.screen
            assert screen.query_one("#rules-md").display and not screen.query_one("#rules-rtl").display
            await pilot.press("c")  # the quick reference card: still the widget
            await pilot.pause()
            assert screen.query_one("#rules-md").display
    asyncio.run(go())


def test_chinese_in_the_apps_own_layout_breaks_by_the_chinese_rules():
    from companion.tui.linebreak import NO_START

    markdown = ("遊戲共 5 輪，每輪大家一張一張翻牌深入洞穴。每翻一張牌，你都要做決定。\n\n"
                "| 設定 | Diamant |\n|---|---|\n| 危險卡（每種 3 張） | 蜘蛛、蛇、岩漿、落石、破城槌 |\n")
    lines = layout(parse_blocks(markdown), 20, False)
    paragraph = [line.logical.plain for line in lines[:3] if line.logical.plain]
    assert len(paragraph) > 1 and all(p[0] not in NO_START for p in paragraph[1:])
    assert not any(p.endswith("5") for p in paragraph)  # «5 輪» stays together
    cells = [line.logical.plain.split(TABLE_SEPARATOR) for line in lines if TABLE_SEPARATOR in line.logical.plain]
    hazards = [row[1].strip() for row in cells[1:]]
    assert len(hazards) > 1 and "".join(hazards) == "蜘蛛、蛇、岩漿、落石、破城槌"  # wrapped, whole
    assert all(piece and piece[0] not in NO_START for piece in hazards)
