"""Persian pages read right to left in the order the source gives: glyph positions from the PDF.

Text extraction gives characters in logical order whatever the page shows, so these tests read where
each word is drawn (``pdftotext -bbox``) and sort the words of a line from right to left.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from companion.i18n import isolate, translator, use_isolation
from companion.printing.export import renderer
from companion.printing.pages import Page, document, rules_page

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")

_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def render(page: Page, tmp_path: Path) -> Path:
    target = tmp_path / page.name
    renderer().render(page, target)
    return target


def lines_rtl(pdf: Path) -> list[list[str]]:
    """Every line of the PDF as its words from right to left (the order a Persian reader reads)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    rows: dict[tuple[int, int], list[tuple[float, str]]] = {}
    page = 0
    for chunk in out.split("<page ")[1:]:
        page += 1
        for x0, y0, _x1, y1, word in _WORD.findall(chunk):
            key = (page, round((float(y0) + float(y1)) / 2))
            rows.setdefault(key, []).append((float(x0), html.unescape(word)))
    return [[w for _, w in sorted(words, reverse=True)] for _, words in sorted(rows.items())]


def tokens(words: list[str], alphabet: str) -> list[str]:
    """The numbers (or names) among ``words``: each as its sorted characters (extraction may reverse a
    number's digits; where it is drawn is what counts here)."""
    found = []
    for word in words:
        piece = "".join(ch for ch in word if ch in alphabet)
        if piece:
            found.append("".join(sorted(piece)))
    return found


def page_of(body: str, tmp_path: Path) -> Path:
    page = Page("order-fa.pdf", "rules", "fa", "order", document("fa", "order", body, "rules"), ("base", "rules"), "a4")
    return render(page, tmp_path)


def test_number_lists_and_coordinates_read_right_to_left(tmp_path):
    sentences = [
        "ارزش، به ترتیب بیرون بردن از غار: ۵، ۵، ۵، بعد ۱۰، ۱۰.",
        "۲ بازیکن ۱۰ کارت، ۳ ← ۹، ۴ ← ۸، ۵ ← ۷.",
        "آوا دانهٔ خانهٔ (۲، ۱) را برمی‌گرداند.",
        "عدد <strong>۴</strong> و <strong>۸</strong>، سپس ۶.",
    ]
    body = "".join(f"<p>{s}</p>" for s in sentences)
    lines = [line for line in lines_rtl(page_of(body, tmp_path)) if tokens(line, PERSIAN_DIGITS) and "/" not in line]
    assert len(lines) == len(sentences)
    for line, sentence in zip(lines, sentences):
        expected = tokens(re.findall(f"[{PERSIAN_DIGITS}]+", re.sub("<[^>]+>", "", sentence)), PERSIAN_DIGITS)
        assert tokens(line, PERSIAN_DIGITS) == expected, sentence


def test_latin_names_in_a_persian_sentence_read_in_list_order(tmp_path):
    tr = translator("fa")
    names = ["Ava", "Ben", "Chen"]
    with use_isolation():
        sentence = tr.gettext("Players: {players}", players=tr.join(names))
    winner = f"برنده: {isolate('Ava Smith')} با {isolate(tr.num(12))} امتیاز"
    assert "\u2068" in sentence
    body = f"<p>{html.escape(sentence)}</p><p>{html.escape(winner)}</p>"
    assert "<bdi" in document("fa", "x", body, "rules")
    lines = lines_rtl(page_of(body, tmp_path))
    latin = [tokens(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") for line in lines]
    # Each Latin word is drawn left to right inside, so sort its letters only to compare the words.
    assert ["".join(sorted(n)) for n in names] in latin
    # A name of two Latin words keeps its own order (it is one left-to-right run inside the isolate).
    line = next(line for line in lines if "Smith" in line)
    assert line.index("Smith") < line.index("Ava")  # right to left: "Smith" is drawn left of "Ava"


def test_without_isolates_the_list_would_read_backwards(tmp_path):
    # The check above can fail: the same sentence without isolates reads Ben before Ava.
    tr = translator("fa")
    sentence = tr.gettext("Players: {players}", players=tr.join(["Ava", "Ben", "Chen"]))
    assert "\u2068" not in sentence
    lines = lines_rtl(page_of(f"<p>{html.escape(sentence)}</p>", tmp_path))
    latin = [tokens(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") for line in lines]
    assert ["Ben", "Aav", "Cehn"] in latin


def test_the_persian_rule_sheet_lists_relic_values_in_order(tmp_path):
    page = rules_page("diamant", "fa", "a4")
    lines = lines_rtl(render(page, tmp_path))
    values = [tokens(line, PERSIAN_DIGITS) for line in lines]

    def has(run: list[str], found: list[str]) -> bool:
        return any(run == found[i:i + len(run)] for i in range(len(found)))

    relics = ["۵", "۵", "۵", "۰۱", "۰۱"]
    # On one line, or (a narrow column) wrapped after the fives: read right to left, never backwards.
    whole = any(has(relics, v) for v in values)
    wrapped = any(has(relics[:3], a) and any(has(relics[3:], b) for b in values[i + 1:i + 4])
                  for i, a in enumerate(values))
    assert whole or wrapped
    assert not any(has(["۰۱", "۵", "۵"], v) or has(["۰۱", "۰۱", "۵"], v) for v in values)


def test_the_persian_shifting_stones_grid_keeps_column_one_on_the_left(tmp_path):
    # The rules say column 1 is the left column, as the tiles lie on the table; a right-to-left table
    # would draw it on the right.  Read left to right (reverse of lines_rtl): columns 1, 2, 3.
    lines = [line[::-1] for line in lines_rtl(render(rules_page("shifting_stones", "fa", "a4"), tmp_path))]
    column = "".join(sorted("ستون"))
    headers = [line for line in lines if [w for w in line if "".join(sorted(w)) == column].__len__() == 3]
    assert len(headers) == 2  # the grid before and after Ava's turn
    for line in headers:
        assert tokens(line, PERSIAN_DIGITS) == ["۱", "۲", "۳"]
    def letters(word: str) -> str:  # extraction may give a word's letters reversed and Arabic ye
        return "".join(sorted(unicodedata.normalize("NFKC", word).replace("\u064a", "\u06cc")))

    sun, fish, horse = (letters(w) for w in ("خورشید", "ماهی", "اسب"))
    rows = [[w for w in map(letters, line) if w in (sun, fish, horse)] for line in lines
            if letters("ردیف") in map(letters, line)]
    first_rows = [row for row in rows if set(row) == {sun, fish, horse}]
    assert len(first_rows) == 2, "row 1 of each grid (sun, fish, horse) is missing"
    assert all(row == [sun, fish, horse] for row in first_rows)
