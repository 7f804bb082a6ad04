"""Nothing of the rules is lost on paper (issue 17): the text extracted from each printed rule sheet holds
every letter and every number of the rules text it was made from -- the engine-checked example values
included, since they are filled in before printing.

Extraction is imperfect for right-to-left text (pypdf joins some Persian digits to their neighbours;
``pdftotext`` splits some Persian words before their last letter and reverses lam-alef), so three counts
are compared, each where its extractor is faithful in every script: letters (pypdf), numbers
(``pdftotext -raw``, in content order) and, outside Persian, whole words (``pdftotext``).  Each count of
the PDF must reach the source's; the PDF has more (titles, page headers)."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion import content, games
from companion.i18n import LOCALES
from companion.printing.export import Job, run_job

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200f\u2066-\u2069\u064b-\u0652\u0670]")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def source_text(doc: content.Document) -> str:
    parser = _Text()
    parser.feed(content.render_html(doc))
    return " ".join(parser.parts)


def _norm(text: str) -> str:
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))


def letters(text: str) -> Counter[str]:
    return Counter(ch for ch in _norm(text) if ch.isalnum())


def numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"\d+", _norm(text)))


def words(text: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for word in re.findall(r"\w+", _norm(text)):
        found.update(_CJK.findall(word))  # a Chinese word is its characters (no spaces to find words by)
        found.update(part.lower() for part in _CJK.sub(" ", word).split())
    return found


def missing(source: Counter[str], printed: Counter[str]) -> dict[str, int]:
    return {key: count - printed[key] for key, count in source.items() if printed[key] < count}


def extracted(pdf: Path) -> dict[str, str]:
    def poppler(*args: str) -> str:
        return subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout

    return {"pypdf": " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages),
            "raw": poppler("-raw"), "plain": poppler()}


def lost(source: str, pdf: Path, locale: str) -> dict[str, dict[str, int]]:
    text = extracted(pdf)
    found = {"letters": missing(letters(source), letters(text["pypdf"])),
             "numbers": missing(numbers(source), numbers(text["raw"]))}
    if locale != "fa":
        found["words"] = missing(words(source), words(text["plain"]))
    return {name: gone for name, gone in found.items() if gone}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", games.ids())
def test_every_letter_and_number_of_the_rules_is_printed(game, locale, tmp_path):
    doc = content.load_document(game, locale, "rules")
    source = source_text(doc)
    assert sum(letters(source).values()) > 1000 and sum(numbers(source).values()) > 50  # examples filled in
    assert "{{" not in source  # every example placeholder was filled
    result = run_job(Job("rules", game, locale, "a4"), tmp_path)
    assert result.error is None and result.path is not None
    assert lost(source, result.path, locale) == {}
    # and every letter is drawn in a bundled face (a code block once fell back to the system's fonts)
    listing = subprocess.run(["pdffonts", str(result.path)], capture_output=True, text=True, check=True).stdout
    faces = [line.split()[0].split("+", 1)[-1] for line in listing.splitlines()[2:] if line.strip()]
    assert faces and all(face.startswith("cmp-") for face in faces), faces


@pytest.mark.parametrize("locale", ["fa", "zh_Hans"])
def test_a_sheet_that_drops_a_paragraph_is_caught(locale, tmp_path, monkeypatch):
    """The check above fails when the sheet loses text: a rule sheet printed without one of its
    paragraphs (and so without a number the examples check) is compared with the whole text."""
    game = "diamant"
    doc = content.load_document(game, locale, "rules")
    source = source_text(doc)
    original = content.render_html

    def without_a_paragraph(document: content.Document) -> str:
        html = original(document)
        # the paragraph with the most numbers of two digits (a single digit may also be a page number)
        cut = max(re.finditer(r"<p>.*?</p>", html, re.S), key=lambda m: len(re.findall(r"\d\d", m.group(0))))
        return html[:cut.start()] + html[cut.end():]

    monkeypatch.setattr(content, "render_html", without_a_paragraph)
    result = run_job(Job("rules", game, locale, "a4"), tmp_path)
    assert result.path is not None
    gone = lost(source, result.path, locale)
    assert gone.get("letters") and gone.get("numbers")
