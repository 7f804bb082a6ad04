"""Chinese lines break where Chinese allows: in Prose, in the rules viewer's paragraphs and table cells.

No line starts with closing punctuation, none ends with an opening bracket, a number stays on the line
of the CJK character after it, nothing is lost, and Persian and English wrap as they did.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.visual import Visual
from textual.widgets._markdown import MarkdownParagraph, MarkdownTableCellContents

from companion.content import load_document
from companion.tui import bidi, linebreak
from companion.tui.linebreak import NO_END, NO_START
from companion.tui.widgets.rtl_markdown import inline_text, plain_parser
from tests.tui.helpers import build_app

GAMES = ["diamant", "shifting_stones", "death_valley"]
CLOSING = "。，、；：？！）」』"
OPENING = "（「『"
WIDTHS = [7, 16, 23, 40, 76]


def _paragraphs(locale: str) -> list[str]:
    """The inline text of every paragraph, heading and table cell of every document in ``locale``."""
    out = []
    for game in GAMES:
        for kind in ("rules", "card"):
            doc = load_document(game, locale, kind)
            out.extend(inline_text(t).plain for t in plain_parser().parse(doc.markdown) if t.type == "inline")
    return [p for p in out if linebreak.has_cjk(p)]


def _check_lines(source: str, lines: list[str], width: int) -> None:
    """``lines`` are ``source`` wrapped to ``width`` by the rules (where a line has no allowed break
    at all, being narrower than the widest unbreakable piece, it is only checked to fit and lose nothing)."""
    for line in lines:
        assert cell_len(line) <= width or len(line) == 1, (width, line)
    assert re.sub(r"\s+", "", "".join(lines)) == re.sub(r"\s+", "", source)
    if width < linebreak.min_width(source):
        return
    for before, after in zip(lines, lines[1:]):
        assert after and after[0] not in NO_START, (before, after)
        assert before and before[-1] not in NO_END, (before, after)
        # «3 名»: the number goes down with its measure word.
        assert not (re.search(r"\d\s*$", before) and linebreak.has_cjk(after[0])), (before, after)


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_every_chinese_paragraph_wraps_by_the_rules(locale):
    paragraphs = _paragraphs(locale)
    assert len(paragraphs) > 50
    broke_inside_a_run = False
    for text in paragraphs:
        for width in WIDTHS:
            lines = [line.plain for line in linebreak.wrap(Text(text), width)]
            _check_lines(text, lines, width)
            broke_inside_a_run |= any(a and b and linebreak.has_cjk(a[-1]) and linebreak.has_cjk(b[0])
                                      for a, b in zip(lines, lines[1:]))
    assert broke_inside_a_run  # Chinese breaks between characters, not only at spaces


@pytest.mark.parametrize("text", ["甲乙丙丁戊「己」庚辛，壬癸。", "共有 3 名玩家參加，每人 5 顆寶石……",
                                  "Diamant 經典版（無神器）：3 至 8 人", "A very long word Diamant、Diamant 經典版"])
@pytest.mark.parametrize("width", range(2, 30))
def test_mixed_text_wraps_by_the_rules_at_any_width(text, width):
    _check_lines(text, [line.plain for line in linebreak.wrap(Text(text), width)], width)


def test_closing_punctuation_pulls_the_character_before_it_down():
    # Ten characters of two cells fit in 20; the eleventh, «。», may not start a line.
    text = "一二三四五六七八九十。之後"
    assert [line.plain for line in linebreak.wrap(Text(text), 20)] == ["一二三四五六七八九", "十。之後"]


def test_an_opening_bracket_goes_down_with_what_it_opens():
    text = "一二三四五六七八九「十」"
    assert [line.plain for line in linebreak.wrap(Text(text), 20)] == ["一二三四五六七八九", "「十」"]


@pytest.mark.parametrize("text", ["共有 3 名玩家", "共有3名玩家"])
def test_a_number_stays_with_its_measure_word(text):
    lines = [line.plain for line in linebreak.wrap(Text(text), cell_len(text[:text.index("3") + 1]))]
    assert lines[0] == "共有", lines
    assert lines[1].startswith("3")


def test_styles_follow_their_characters_across_lines():
    text = Text("一二三四五")
    text.stylize("bold", 3, 5)
    lines = linebreak.wrap(text, 6)
    assert [line.plain for line in lines] == ["一二三", "四五"]
    assert [(s.start, s.end, str(s.style)) for s in lines[1].spans] == [(0, 2, "bold")]


def test_for_display_wraps_chinese_and_leaves_english_and_persian_as_they_were():
    zh = Text("每位玩家扮演一名探險家。遊戲共 5 輪，每輪大家一張一張翻牌深入洞穴。")
    shown = bidi.for_display(zh, 24, False)
    lines = shown.plain.split("\n")
    assert shown.no_wrap and len(lines) > 1
    _check_lines(zh.plain, lines, 24)
    en = Text("Every player is an explorer. The game has 5 rounds.")
    assert bidi.for_display(en, 24, False) is en  # Textual wraps it, as before
    fa = Text("هر بازیکن یک کاشف است. بازی پنج دور دارد و هر دور")
    with bidi.use_mode("app"):
        shown_fa = bidi.for_display(fa, 20, True).plain.split("\n")
    expected = [bidi.line(line.plain.rstrip(), True).rjust(20)
                for line in fa.wrap(bidi._console(), 20, justify="left", overflow="fold")]
    assert shown_fa == expected


def test_a_table_column_may_shrink_to_its_widest_unbreakable_piece():
    assert linebreak.min_width("蜘蛛、蛇、岩漿、落石、破城槌") == 4  # «蛛、»
    assert linebreak.min_width("共 5 輪") == cell_len("5 輪")


# -- the rules viewer ------------------------------------------------------------------------------
def _rendered(widget) -> list[str]:
    """The lines a widget draws in its content area (as ``Widget._render_content`` makes them)."""
    width, height = widget.size
    strips = Visual.to_strips(widget, widget._render(), width, height, widget.visual_style)
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_rules_viewer_breaks_chinese_lines_and_wraps_table_cells(folders, locale, size):
    async def go():
        app = build_app(folders, locale)
        async with app.run_test(size=size) as pilot:
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("enter")  # Diamant: rules
            await pilot.pause(0.5)
            screen = app.screen
            assert screen.query_one("#rules-md").display
            paragraphs = [p for p in screen.query(MarkdownParagraph) if linebreak.has_cjk(p._content.plain)]
            assert len(paragraphs) > 20
            wrapped = 0
            for paragraph in paragraphs:
                lines = [line.strip() for line in _rendered(paragraph)]
                lines = [line for line in lines if line]
                _check_lines(paragraph._content.plain, lines, paragraph.content_region.width)
                wrapped += len(lines) > 1
            assert wrapped > 5
            cells = list(screen.query(MarkdownTableCellContents))
            assert cells
            long_cells = 0
            for cell in cells:
                source = cell.visual.plain if hasattr(cell.visual, "plain") else str(cell.content)
                lines = [line.strip() for line in _rendered(cell)]
                shown = "".join(line for line in lines if line)
                assert "…" not in shown or "…" in source, (source, lines)
                assert re.sub(r"\s+", "", shown) == re.sub(r"\s+", "", source), (source, lines)
                if linebreak.has_cjk(source):
                    _check_lines(source, [line for line in lines if line], cell.content_region.width)
                long_cells += len([line for line in lines if line]) > 1
            assert long_cells  # the long cells wrap
    asyncio.run(go())
