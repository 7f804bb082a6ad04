"""Chinese text joins its lines without a space, in the TUI and in the HTML of the PDFs alike."""

from __future__ import annotations

import html
import re

import pytest

from companion.content import join_cjk_lines, list_documents, load_document, render_html, safe_markdown
from companion.printing.pages import rules_page
from companion.tui.widgets.rtl_markdown import parse_blocks

CJK = "\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef"
SPACED = re.compile(f"[{CJK}][ \t\n]+[{CJK}]")
AFTER_PUNCT = re.compile("[\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f][ \t]+\\S")
QUOTED = re.compile("「[^」]*」|“[^”]*”")  # pattern notation «樹 樹 樹» is spaced on purpose
CHINESE = [ref for ref in list_documents() if ref.locale.startswith("zh")]


def stray_spaces(text: str) -> list[str]:
    text = QUOTED.sub("「」", text)
    return SPACED.findall(text) + AFTER_PUNCT.findall(text)


def html_text(fragment: str) -> str:
    """The text of ``fragment``: a line break inside an element is the space a browser shows, one next
    to a tag (between blocks) is nothing."""
    return html.unescape(re.sub(r"\n*<[^>]+>\n*", "\x00", fragment))


@pytest.mark.parametrize("ref", CHINESE, ids=lambda r: f"{r.game}-{r.kind}-{r.locale}")
def test_no_space_between_cjk_characters_anywhere(ref):
    doc = load_document(ref.game, ref.locale, ref.kind)
    assert not stray_spaces(html_text(render_html(doc)))                     # the PDFs' HTML
    for block in parse_blocks(doc.markdown):                                 # the right-to-left layout
        assert not stray_spaces(block.text.plain), block.text.plain
    # Textual's Markdown widget renders doc.markdown with markdown-it as well.
    assert not stray_spaces(html_text(safe_markdown().render(doc.markdown)))


@pytest.mark.parametrize("ref", CHINESE, ids=lambda r: f"{r.game}-{r.kind}-{r.locale}")
def test_joining_keeps_every_emphasis_and_word(ref):
    raw = ref.path.read_text(encoding="utf-8").split("\n---", 1)[1]
    before, after = safe_markdown().render(raw), safe_markdown().render(join_cjk_lines(raw))
    for tag in ("<strong>", "<em>", "<li>", "<p>", "<h2", "<tr>"):
        assert before.count(tag) == after.count(tag), tag
    squeeze = re.compile(r"[\s\x00]+")
    assert squeeze.sub("", html_text(before)) == squeeze.sub("", html_text(after))


def test_the_source_would_leave_spaces_without_the_join():
    # The check above can fail: the raw Diamant rules join their lines with spaces.
    ref = next(r for r in CHINESE if r.game == "diamant" and r.kind == "rules")
    raw = ref.path.read_text(encoding="utf-8").split("\n---", 1)[1]
    assert len(stray_spaces(html_text(safe_markdown().render(raw)))) > 20


def test_english_joins_and_hard_breaks_are_kept():
    assert join_cjk_lines("one\ntwo") == "one\ntwo"
    assert join_cjk_lines("第一行  \n第二行") == "第一行  \n第二行"     # a hard break stays
    assert join_cjk_lines("第一行\n第二行") == "第一行第二行"
    assert join_cjk_lines("使用\nDiamant 牌") == "使用\nDiamant 牌"       # Han and Latin: a space is right
    assert join_cjk_lines("完全相同。\nDiamant") == "完全相同。Diamant"  # none after full-width punctuation
    assert join_cjk_lines("- 項目\n  續行\n- 下一項") == "- 項目續行\n- 下一項"
    assert join_cjk_lines("> 引用一\n> 引用二") == "> 引用一引用二"
    assert join_cjk_lines("| 甲 |\n|---|\n| 乙 |") == "| 甲 |\n|---|\n| 乙 |"


def test_a_label_loses_the_space_after_its_full_width_colon_and_stays_bold():
    out = join_cjk_lines("**明牌：** 高溫 2\n\n*例：* 4 名")
    assert out == "**明牌**：高溫 2\n\n*例*：4 名"
    rendered = safe_markdown().render(out)
    assert "<strong>明牌</strong>：高溫" in rendered and "<em>例</em>：4" in rendered


def test_the_printed_chinese_rules_have_no_stray_space():
    page = rules_page("diamant", "zh_Hant", "a4")
    body = page.html.split("<main", 1)[1]
    assert not stray_spaces(html_text(body))
