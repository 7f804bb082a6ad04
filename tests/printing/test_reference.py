"""The one-sheet reference (two sides, every locale and paper) and the rule sheets' page breaks,
measured from the PDFs themselves (pdftotext word boxes)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

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


# -- the back's worked examples (issue 17 item 2) ----------------------------------------------------
def ink_bottoms(path, dpi: int = 40) -> list[float]:
    """Per page, the lowest drawn pixel row (glyphs and pictures alike) in points from the top."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-png", str(path), f"{folder}/p"], check=True)
        bottoms = []
        for image_path in sorted(Path(folder).glob("p-*.png")):
            image = Image.open(image_path).point(lambda v: 255 if v < 200 else 0)
            box = image.getbbox()
            bottoms.append((box[3] if box else 0) * 72 / dpi)
        return bottoms


def full(path, top_mm: float = 12, bottom_mm: float = 12) -> list[float]:
    """How far down each page is filled: the lowest glyph box or drawn picture, over the body's height."""
    from pypdf import PdfReader

    height = float(PdfReader(path).pages[0].mediabox.height)
    out = []
    for words, ink in zip(pages_of(path), ink_bottoms(path), strict=True):
        low = max([y for _, y in words] + [min(ink, height - bottom_mm * MM)])
        out.append((low - top_mm * MM) / (height - (top_mm + bottom_mm) * MM))
    return out


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
@pytest.mark.parametrize("game", GAMES)
def test_every_page_is_at_least_40_percent_full_and_the_back_45(references, game):
    for locale in LOCALES:
        for paper in PAPERS:
            front, back = full(references[(game, locale, paper)].path)
            assert front >= 0.40 and back >= 0.45, (game, locale, paper, front, back)


def _on_paper(references, game: str, locale: str) -> list[str]:
    return [w for page in pages_of(references[(game, locale, "a4")].path) for w, _y in page]


def _digits(locale: str, value: int) -> str:
    from companion.i18n import translator

    return translator(locale).digits(str(value))


def test_diamant_example_numbers_are_the_engines(references):
    from companion.games.diamant import reference
    from companion.games.diamant.engine import apply, new_state
    from companion.games.diamant.rules import load_ruleset

    rules = load_ruleset("diamant")
    players = tuple(f"x{i}" for i in range(reference.EXAMPLE_PLAYERS))
    state = new_state(rules, players)
    expected = set()
    for kind, value in reference.EXAMPLE_DRAWS:
        event = {"event": "draw", "card": kind, "value": value} if kind == "treasure" else \
            {"event": "draw", "card": kind, "hazard": rules.hazards[value]}
        state, drawn = apply(state, event)
        if drawn.split:
            expected |= {drawn.split.total, drawn.split.each, drawn.split.left}
    state, left = apply(state, {"event": "leave", "players": list(players[:reference.EXAMPLE_LEAVERS])})
    expected |= {left.shares[0].split.total, left.shares[0].split.each, left.shares[0].split.left,
                 state.chest[0], state.carried[-1]}
    expected |= set(rules.relic_values)
    for locale in LOCALES:
        words = " ".join(_on_paper(references, "diamant", locale))
        found = set(re.findall(r"[0-9۰-۹]+", words))
        assert {_digits(locale, n) for n in expected} <= found, locale
    # the chest sum is drawn as an equation of the engine's numbers, left to right in every locale
    _, carried, share, _ = left.banked[0]
    for locale in ("en", "fa"):
        words = _on_paper(references, "diamant", locale)
        joined = " ".join(words)
        sum_text = f"{_digits(locale, carried)} + {_digits(locale, share)} = {_digits(locale, state.chest[0])}"
        assert sum_text in joined, locale


def test_stones_example_is_scored_by_the_engine(references):
    from companion.games.shifting_stones import reference
    from companion.games.shifting_stones.engine import BONUS, TARGETS
    from companion.games.shifting_stones.library import load_library
    from companion.games.shifting_stones.patterns import check_tile_set, parse_grid

    grid = parse_grid(reference.EXAMPLE_GRID)
    check_tile_set(grid)
    card = load_library(None)[reference.EXAMPLE_CARD]
    assert card.pattern.matches(grid)  # the card really shows on the drawn grid
    for locale in LOCALES:
        found = set(re.findall(r"[0-9۰-۹]+", " ".join(_on_paper(references, "shifting_stones", locale))))
        want = {card.points, BONUS, *TARGETS, *TARGETS.values()}
        assert {_digits(locale, n) for n in want} <= found, locale


def test_valley_example_is_scored_by_the_engine(references):
    from companion.games.death_valley import reference
    from companion.games.death_valley.engine import score
    from companion.games.death_valley.state import busting_hazards

    state, _ = reference.example()
    result = score(state, "p1")
    assert busting_hazards(state, "p1") == ()
    stars = [state.catalog[c].stars or 0 for c in state.journeys["p1"]]
    assert sum(stars) == result.stars
    for locale in ("en", "fa", "zh_Hans"):
        joined = " ".join(_on_paper(references, "death_valley", locale))
        sum_text = " + ".join(_digits(locale, s) for s in stars) + " = " + _digits(locale, result.stars)
        assert sum_text in joined, locale
        assert _digits(locale, result.total) in set(re.findall(r"[0-9۰-۹]+", joined)), locale
