"""Shifting Stones patterns as small grids that keep left-to-right columns in every language (the TUI hint
and hand, ``stones hint``, the rules), and every place where rows are typed says they go left to right."""

from __future__ import annotations

import asyncio
import re

import pytest
from rich.text import Text

from companion.cli import main
from companion.games.shifting_stones import explain
from companion.games.shifting_stones.library import load_library
from companion.games.shifting_stones.patterns import parse_pattern
from companion.i18n import LOCALES, translator, use_isolation, use_language
from companion.tui import bidi
from companion.tui.widgets.card_picker import hand_lines, pattern_lines
from tests.tui.helpers import build_app, type_text, unshaped

MOON = "* * * / * * * / * * moon"
G = "sun fish horse / seed tree boat / horse bird tree"
LRM, LRI, FSI, PDI = "\u200e", "\u2066", "\u2068", "\u2069"
LEFT_TO_RIGHT = {"en": "left to right", "fa": "چپ", "zh_Hant": "由左至右", "zh_Hans": "从左到右"}


def shown_words(line: str) -> list[str]:
    """The words of a displayed (visual order, shaped) line, left to right, as letters in reading order."""
    return [unshaped(w)[::-1] if bidi.has_rtl(unshaped(w)) else w for w in line.split()]


def cells(line: str) -> list[str]:
    """The cells of a ``| a | b |`` grid line, left to right, without marks or isolates."""
    return [c.strip() for c in bidi.strip_isolates(line).replace(LRM, "").strip().strip("|").split("|")]


# -- the plain grid (CLI, PDFs) -------------------------------------------------------------------------
def test_the_plain_grid_keeps_columns_left_to_right_in_every_language():
    pattern = parse_pattern(MOON)
    for locale in LOCALES:
        tr = translator(locale)
        lines = explain.pattern_grid(pattern, tr)
        moon = explain.face("moon", tr)
        assert [cells(line) for line in lines] == [[".", ".", "."], [".", ".", "."], [".", ".", moon]], locale
        assert len({explain.text_width(bidi.strip_isolates(line).replace(LRM, "")) for line in lines}) == 1
    # Persian in the CLI: a left-to-right mark opens the line and stands before every bar, so a terminal
    # that does bidi cannot swap two names (``boat horse`` stays boat | horse)
    fa = translator("fa")
    (line,) = explain.pattern_grid(parse_pattern("boat horse"), fa)
    assert line.startswith(LRM + "|") and line.count("|") == line.count(LRM + "|") == 3
    assert cells(line) == [explain.face("boat", fa), explain.face("horse", fa)]
    # where isolates are honoured (the TUI, the PDFs) the line and each name are isolated instead
    with use_isolation():
        (line,) = explain.pattern_grid(parse_pattern("boat horse"), fa)
        assert line.startswith(LRI) and line.endswith(PDI) and LRM not in line
        assert bidi.visual_order(line, True)[0].split("|")[1].strip() == bidi.visual_order("قایق", True)[0]
        # the inline pattern in a sentence too: boat before horse, read in display order
        text = explain.pattern_text(parse_pattern("boat horse"), fa)
        assert shown_words(bidi.visual_order(fa.gettext("{card}: {pattern}", card="x", pattern=text), True)[0])[:2] \
            == ["قایق", "اسب"]


def test_stones_hint_prints_the_pattern_grid_under_the_answer(capsys):
    assert main(["stones", "hint", "--grid", G, "--pattern", MOON, "--lang", "fa"]) == 0
    out = capsys.readouterr().out.splitlines()
    heading = translator("fa").gettext("The pattern, row by row from the top, each row from left to right:")
    at = out.index(heading)
    assert out[at - 1] == "" and at > 0  # the answer first, then the grid
    grid = out[at + 1:]
    assert [cells(line) for line in grid] == [[".", ".", "."], [".", ".", "."], [".", ".", "ماه"]]  # moon: right
    assert all(line.startswith(LRM) for line in grid)
    # English: the same grid, plain bars
    assert main(["stones", "hint", "--grid", G, "--pattern", "seed tree / * bird"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [cells(line) for line in out[-2:]] == [["seed", "tree"], [".", "bird"]]
    assert out[-3] == "The pattern, row by row from the top, each row from left to right:"


def test_stones_hint_prints_each_card_of_a_hand_as_a_grid(capsys):
    assert main(["stones", "hint", "--grid", G, "--card", "sun * fish=3", "--card", "tree / bird=1",
                 "--lang", "zh_Hant"]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("各張牌（由上而下逐列，每列由左至右）：")
    assert out[at + 1:] == ["第 1 張牌：3 分", "| 太陽 |  .   |  魚  |", "第 2 張牌：1 分", "| 樹 |", "| 鳥 |"]
    # --json is unchanged: one JSON object and nothing else
    assert main(["stones", "hint", "--grid", G, "--card", "sun * fish=3", "--card", "tree / bird=1", "--json"]) == 0
    assert capsys.readouterr().out.count("\n") == 1


# -- the TUI grids --------------------------------------------------------------------------------------
def displayed(lines: list[Text], locale: str, width: int = 60) -> list[str]:
    """``lines`` as a Prose shows them in bidi ``app`` mode (wrapped, reordered, right-aligned)."""
    with use_language(locale) as tr, bidi.use_mode("app"):
        shown = bidi.for_display(Text("\n").join(lines), width, tr.direction == "rtl")
    return shown.plain.split("\n")


def test_the_tui_pattern_grid_keeps_the_moon_on_the_right_in_persian():
    with use_language("fa"):
        lines = pattern_lines(parse_pattern(MOON))
        pair = pattern_lines(parse_pattern("boat horse"))
    shown = displayed(lines, "fa")
    assert [line.split() for line in shown[:2]] == [[".", ".", "."]] * 2
    assert shown_words(shown[2]) == [".", ".", "ماه"]
    assert shown_words(displayed(pair, "fa")[0]) == ["قایق", "اسب"]  # two names never swap
    # a right-to-left paragraph: the grid stands at the right, its columns still left to right
    assert all(len(line) == 60 for line in shown) and shown[2].startswith(" " * 30)
    # the faces keep the big grid's colours
    from companion.tui.widgets.stones_grid import GREY_STYLE, STYLES

    styles = {str(span.style) for span in lines[2].spans}
    assert styles == {GREY_STYLE, STYLES["moon"]}
    with use_language("en"):
        assert [cells(line.plain.replace("  ", " | ")) for line in pattern_lines(parse_pattern(MOON))][2][-1] == "moon"


def test_the_hand_pictures_read_from_the_right_in_persian_each_left_to_right():
    library = load_library(None)
    hand = [library["ss43"], library["ss01"]]  # boat horse; the moon at the bottom right
    with use_language("fa"):
        lines = hand_lines(hand)
    shown = displayed(lines, "fa", width=80)
    labels = shown[0].split()
    assert labels.index("ss43") > labels.index("ss01")  # card 1 at the right, in reading order
    assert "۱." in shown[0] and "ss43" in shown[0]  # the number in Persian digits, the id as it is
    assert re.search(r"\\_/.*H", shown[1])  # ss43's boat left of its horse
    assert shown[3].rstrip().endswith(" C")  # ss01's moon: bottom right of its picture
    with use_language("en"):
        lines = hand_lines(hand)
    assert [w for w in lines[0].plain.split() if w.startswith("ss")] == ["ss43", "ss01"]


def test_the_hint_panel_shows_the_chosen_card_as_a_grid(folders, tmp_path):
    from tests.tui.test_stones_table import LAYOUT, enter, open_stones

    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = open_stones(app, tmp_path)
            await pilot.pause()
            await enter(pilot, LAYOUT)
            await type_text(pilot, "ss01")
            await pilot.pause()
            hint = screen.query_one("#hint")
            text = hint._shown(hint.content_region.width).plain.split("\n")
            rows = [shown_words(line) for line in text if line.strip() and set(line.split()) <= {".", "C"}
                    or "ﻩﺎﻣ" in line]
            assert [".", ".", "ماه"] in rows  # the moon on the right, in the laid-out lines
            assert "* * *" not in hint.text.plain  # no pattern text reads mirrored any more
            # a typed card: the grid and how it was read
            pick = screen.query_one("#pick")
            pick.value = "seed tree = 1"
            await pilot.pause()
            text = hint._shown(hint.content_region.width).plain
            assert "ﺖﺧﺭﺩ" in text and "ﻪﻧﺍﺩ" in text
            line = next(line for line in text.split("\n") if "ﺖﺧﺭﺩ" in line and "ﻪﻧﺍﺩ" in line)
            assert shown_words(line) == ["دانه", "درخت"]
            read = translator("fa").gettext("Rows are read from the top, each row from left to right: "
                                            "check this picture against the card.")
            assert read in hint.text.plain
    asyncio.run(go())


# -- where rows are typed, every language says they go left to right -----------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_the_typing_hints_say_rows_go_left_to_right(locale):
    from companion.tui.screens import shifting_stones as screen

    tr = translator(locale)
    for message in (screen.LAYOUT_PLACEHOLDER, screen.PICK_PLACEHOLDER,
                    "Type the nine faces row by row from the top, each row from left to right "
                    "(names in any language), then Enter. Nine words without “/” are read three by three.",
                    "Lay out the nine stones: type their faces in the field at the bottom, "
                    "row by row from the top, each row from left to right, and press Enter."):
        shown = tr.gettext(message)
        assert LEFT_TO_RIGHT[locale] in shown, (locale, shown)
        assert locale == "en" or shown != message  # translated


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_say_rows_are_typed_left_to_right_and_show_the_grid(locale):
    from companion import content
    from companion.tui.widgets.rtl_markdown import parse_blocks

    doc = content.load_document("shifting_stones", locale, "rules")
    cells_section = doc.source.split("{#cells}")[1].split("\n## ")[0]  # where the notation is explained
    assert LEFT_TO_RIGHT[locale] in cells_section and "{.grid}" in cells_section
    tr = translator(locale)
    seed, tree, bird = (explain.face(face, tr) for face in ("seed", "tree", "bird"))
    # the rules viewer draws the picture as a grid whose column 1 is on the left, in every language
    [picture] = [b for b in parse_blocks(cells_section) if b.kind == "table"]
    rows = [[cell.plain.strip() for cell in row] for row in picture.rows]
    assert picture.columns_ltr and rows[1][1:] == [seed, tree] and rows[2][1:] == [".", bird]
    # the PDF: the same picture is a grid table (printed left to right: table.grid in base.css)
    from companion.printing.pages import rules_page

    html = rules_page("shifting_stones", locale, "a4").html
    grids = re.findall(r'<table class="grid">.*?</table>', html, re.S)
    assert any(seed in g and g.index(seed) < g.index(tree) < g.index(bird) for g in grids)
