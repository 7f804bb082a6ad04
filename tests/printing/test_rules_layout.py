"""Rule sheets that read like a book (issue 17 item 3), checked on the printed PDF itself.

* every page is at least 40 % full: the lowest word drawn in the page's text area (``pdftotext
  -bbox``), as a share of the area's height (the running header and the page number left out);
* no table is cut by a page or column break: WeasyPrint tags each piece of a cut table as a table of
  its own (``/Table`` in the PDF's structure tree), so the PDF holds exactly as many tables as the
  sheet's HTML;
* no heading ends a column or a page: in the structure tree each page and each of its columns is a
  ``/Part``; a heading (``/H1``..``/H4``) must be followed in its part by something that is not a
  heading.

The quick test renders five sheets (every locale, game and paper): four that ended on a 10-17 % page
before the sheets were fitted and one the fit leaves alone; the sweep of all 24 is ``slow``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.printing import fit
from companion.printing.export import Job, renderer, run_job
from companion.printing.pages import Page, document, rules_page

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")

MM = 72 / 25.4
TOP_MM, BOTTOM_MM = 22, 18  # the page margins of rules.css
GAMES = ("diamant", "shifting_stones", "death_valley")
LOCALES = ("en", "fa", "zh_Hant", "zh_Hans")
PAPERS = ("a4", "letter")
QUICK = [("diamant", "en", "letter"), ("diamant", "fa", "a4"), ("shifting_stones", "zh_Hans", "letter"),
         ("death_valley", "zh_Hant", "a4"), ("death_valley", "en", "a4")]
HEADINGS = {"/H1", "/H2", "/H3", "/H4"}


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    """Each test fits its sheets again (never the answers of an earlier run in the user's cache)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def page_fills(pdf: Path) -> list[float]:
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    fills = []
    for page in re.findall(r"<page (.*?)</page>", out, re.S):
        height = float(re.search(r'height="([\d.]+)"', page).group(1))
        bottoms = [float(y) for y in re.findall(r'yMax="([\d.]+)"', page)]
        body = [y for y in bottoms if TOP_MM * MM < y < height - BOTTOM_MM * MM]
        lowest = max(body, default=TOP_MM * MM)
        fills.append((lowest - TOP_MM * MM) / (height - (TOP_MM + BOTTOM_MM) * MM))
    return fills


def structure(pdf: Path) -> list[tuple[str, list[str]]]:
    """Every element of the structure tree with its children's types: ``(type, [child types])``."""
    reader = PdfReader(pdf)
    found: list[tuple[str, list[str]]] = []

    def walk(node) -> None:
        node = node.get_object()
        kids = node.get("/K")
        kids = kids if isinstance(kids, list) else [kids] if kids is not None else []
        elements = [k.get_object() for k in kids if hasattr(k, "get_object") and isinstance(k.get_object(), dict)]
        elements = [e for e in elements if "/S" in e]
        if "/S" in node:
            found.append((str(node["/S"]), [str(e["/S"]) for e in elements]))
        for element in elements:
            walk(element)

    walk(reader.trailer["/Root"]["/StructTreeRoot"])
    return found


def content_tables(page: Page) -> int:
    return len(re.findall(r"<table(?![^>]*running-header)", page.html))


def problems(page: Page, pdf: Path) -> list[str]:
    found = []
    fills = page_fills(pdf)
    found += [f"page {i + 1} is {f:.0%} full" for i, f in enumerate(fills) if f < fit.FILL_MIN]
    tree = structure(pdf)
    tables = sum(1 for kind, _ in tree if kind == "/Table")
    if tables != content_tables(page):
        found.append(f"{content_tables(page)} tables in the text, {tables} pieces on paper: one is cut")
    for kind, children in tree:
        if kind != "/Part":
            continue
        for i, child in enumerate(children):
            if child in HEADINGS and all(c in HEADINGS for c in children[i + 1:]):
                found.append(f"a {child[1:]} ends a page or a column")
    return found


def render_sheet(game: str, locale: str, paper: str, out: Path) -> tuple[Page, Path]:
    result = run_job(Job("rules", game, locale, paper), out)
    assert result.error is None and result.path is not None
    return rules_page(game, locale, paper), result.path


@pytest.mark.parametrize(("game", "locale", "paper"), QUICK)
def test_rule_sheet_reads_like_a_book(game, locale, paper, tmp_path):
    page, pdf = render_sheet(game, locale, paper, tmp_path)
    assert problems(page, pdf) == []


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_sheet_reads_like_a_book(game, locale, paper, tmp_path):
    page, pdf = render_sheet(game, locale, paper, tmp_path)
    assert problems(page, pdf) == []


def test_the_checks_see_what_they_look_for(tmp_path):
    """A long table allowed to break, a heading left at the end of a column, a page with one line:
    each one is reported (the checks are not blind)."""
    rows = "".join(f"<tr><td>row {i}</td><td>value {i}</td></tr>" for i in range(110))
    body = ('<main lang="en" dir="ltr"><h1>Title</h1><p>Text.</p>'
            f'<table style="break-inside: auto"><thead><tr><th>a</th><th>b</th></tr></thead><tbody>{rows}'
            '</tbody></table><h2 style="break-before: column">Alone</h2></main>')
    page = Page("check.pdf", "rules", "en", "Title", document("en", "Title", body, "rules"), ("base", "rules"), "a4")
    pdf = tmp_path / "check.pdf"
    renderer().render(page, pdf)
    found = problems(page, pdf)
    assert any("tables in the text" in p for p in found)
    assert "a H2 ends a page or a column" in found
    short = Page("short.pdf", "rules", "en", "Title",
                 document("en", "Title", '<main lang="en" dir="ltr"><p>One line.</p></main>', "rules"),
                 ("base", "rules"), "a4")
    renderer().render(short, tmp_path / "short.pdf")
    assert problems(short, tmp_path / "short.pdf") == ["page 1 is 3% full"]  # one line of 9.6 pt


def out(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_short_last_page_is_fitted_away(monkeypatch, tmp_path):
    """The sheet the fit changes most (Persian Diamant on A4 ends on a 16 % page at the stylesheet's
    size) is printed at another body size, within the readable limits, and its pages all pass; printed
    without the fit, the same sheet has a short page (so the fit is what makes the difference)."""
    result = run_job(Job("rules", "diamant", "fa", "a4"), out(tmp_path / "fitted"))
    assert result.path is not None and min(page_fills(result.path)) >= fit.FILL_MIN
    [entry] = fit.cache_folder().glob("diamant-rules-fa-a4-*.json")
    size = fit._read_cache(entry)
    assert size is not None and fit.MIN_PT <= size <= fit.MAX_PT and size != fit.BASE_PT

    monkeypatch.setattr(fit, "fitted", lambda page, lay_out: lay_out(page.html))
    plain = run_job(Job("rules", "diamant", "fa", "a4"), out(tmp_path / "plain"))
    assert plain.path is not None and min(page_fills(plain.path)) < fit.FILL_MIN


def test_the_fit_lays_a_sheet_out_once_when_it_knows_the_size(monkeypatch, tmp_path):
    """The layout the fit measured is the one printed: a sheet that needs no fit is laid out once, and a
    fitted sheet the cache knows is laid out once too, at its size."""
    calls = []
    search = fit.search

    def counting(html, lay_out):
        def counted(source):
            calls.append(source)
            return lay_out(source)
        return search(html, counted)

    monkeypatch.setattr(fit, "search", counting)
    run_job(Job("rules", "death_valley", "zh_Hant", "a4"), tmp_path)  # fits as it is
    assert len(calls) == 1
    calls.clear()
    run_job(Job("rules", "diamant", "fa", "a4"), tmp_path)  # needs another size: searched
    assert len(calls) > 1
    calls.clear()
    again = run_job(Job("rules", "diamant", "fa", "a4"), out(tmp_path / "again"))  # the cache knows it
    assert calls == [] and again.path is not None and min(page_fills(again.path)) >= fit.FILL_MIN


def test_a_damaged_cache_is_laid_out_again(tmp_path):
    """A cache entry that is not a size in the limits is ignored: the sheet is fitted again, the entry
    replaced by a good one and the PDF is the same."""
    first = run_job(Job("rules", "diamant", "en", "letter"), out(tmp_path / "first"))
    entries = list(fit.cache_folder().glob("diamant-rules-en-letter-*.json"))
    assert len(entries) == 1 and first.path is not None
    good = entries[0].read_text(encoding="utf-8")
    assert fit._read_cache(entries[0]) != fit.BASE_PT  # the fit did change this sheet
    for bad in ('{"size": 3}', '{"size": true}', '{"size": "9.6"}', "[]", "{", '{"fills": []}'):
        entries[0].write_text(bad, encoding="utf-8")
        assert fit._read_cache(entries[0]) is None
    entries[0].write_text('{"size": 12}', encoding="utf-8")  # out of the limits: fitted again, rewritten
    second = run_job(Job("rules", "diamant", "en", "letter"), out(tmp_path / "second"))
    assert entries[0].read_text(encoding="utf-8") == good
    assert second.path is not None and second.path.read_bytes() == first.path.read_bytes()
