"""The one-sheet reference (two sides, every locale and paper) and the rule sheets' page breaks,
measured from the PDFs themselves (pdftotext word boxes)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from companion import content
from companion.printing.export import KINDS, Job, export, plan
from companion.printing.reference import PICTURES, picture

GAMES = ("diamant", "shifting_stones", "death_valley")
LOCALES = ("en", "fa", "zh_Hant", "zh_Hans")
PAPERS = ("a4", "letter")
MM = 72 / 25.4
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")


def pages_of(path) -> list[list[tuple[str, float]]]:
    """Per page: (word, lowest y of its box in points from the top)."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    found = []
    for page in re.findall(r"<page (.*?)</page>", out, re.S):
        found.append([(w, float(y)) for y, w in re.findall(r'yMax="([\d.]+)">([^<]*)</word>', page)])
    return found


def fill(words: list[tuple[str, float]], height: float, top_mm: float, bottom_mm: float) -> float:
    low = max((y for _, y in words if y < height - bottom_mm * MM), default=top_mm * MM)
    return (low - top_mm * MM) / (height - (top_mm + bottom_mm) * MM)


@pytest.fixture(scope="module")
def references(tmp_path_factory):
    out = tmp_path_factory.mktemp("references")
    jobs = [j for paper in PAPERS for j in plan(GAMES, ["reference"], LOCALES, paper)]
    results = export(jobs, out)
    assert [r.error for r in results] == [None] * len(jobs)
    return {(r.job.game, r.job.locale, r.job.paper): r for r in results}


def test_reference_is_a_kind_and_its_pictures_ship():
    assert "reference" in KINDS
    assert plan(["diamant"], ["reference"], ["fa"], "letter") == [Job("reference", "diamant", "fa", "letter")]
    for name in ("diamant-ram", "stones-tree", "valley-heat", "flow-down"):
        assert (PICTURES / f"{name}.svg").is_file()
        assert picture(name).startswith("<svg") and "<title>" not in picture(name)


@pytest.mark.parametrize("game", GAMES)
def test_each_reference_is_one_sheet_two_sides_and_well_filled(references, game):
    from pypdf import PdfReader

    for locale in LOCALES:
        for paper in PAPERS:
            result = references[(game, locale, paper)]
            assert result.size < 400_000
            reader = PdfReader(result.path)
            assert len(reader.pages) == 2, (game, locale, paper)
            height = float(reader.pages[0].mediabox.height)
            for number, words in enumerate(pages_of(result.path)):
                assert fill(words, height, 12, 12) >= 0.3, (game, locale, paper, number)


def _numbers(text: str) -> list[str]:
    return re.findall(r"[0-9۰-۹]+", text)


@pytest.mark.parametrize("game", GAMES)
def test_reference_keeps_every_number_of_its_text(references, game):
    """Every number of the quick-reference text, and the flow's numbers from the engine, are on paper."""
    from companion.printing.pages import _content

    for locale in LOCALES:
        _, html, _ = _content(game, locale, "card")
        plain = re.sub(r"<[^>]+>", " ", html)
        words = " ".join(w for page in pages_of(references[(game, locale, "a4")].path) for w, _y in page)
        on_paper = set(_numbers(words))
        assert set(_numbers(plain)) <= on_paper, (game, locale)


def test_reference_numbers_come_from_the_engine(references):
    from companion.games.shifting_stones.engine import HAND

    words = [w for page in pages_of(references[("shifting_stones", "fa", "a4")].path) for w, _y in page]
    persian = str(HAND).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert persian in words


@pytest.fixture(scope="module")
def rule_sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("rules")
    jobs = plan(GAMES, ["rules"], ["en", "zh_Hans"], "a4")
    return {(r.job.game, r.job.locale): r for r in export(jobs, out)}


@pytest.mark.parametrize("game", GAMES)
def test_rule_sheet_tables_stay_on_one_page(rule_sheets, game):
    """Each table's first and last body cells are on the same page (a split table has them apart)."""
    for locale in ("en", "zh_Hans"):
        doc = content.load_document(game, locale, "rules")
        html = content.render_html(doc)
        pages = [" ".join(w for w, _y in page) for page in pages_of(rule_sheets[(game, locale)].path)]
        for table in re.findall(r"<table.*?</table>", html, re.S):
            raw = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", table, re.S)
            cells = [re.sub(r"<[^>]+>|\s+", " ", c).strip() for c in raw]
            cells = [c for c in cells if len(c) >= 4 and " " not in c]
            if len(cells) < 2:
                continue
            first, last = cells[0], cells[-1]
            on = [i for i, text in enumerate(pages) if first in text and last in text]
            assert on, (game, locale, first, last)
