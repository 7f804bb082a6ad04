"""Render a few representative PDFs once and read them back with pypdf."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion import content
from companion.i18n import translator
from companion.printing.export import Job, export
from companion.printing.pages import Page, document

HERE = Path(__file__).resolve().parent
MM = 72 / 25.4
ZWNJ = "\u200c"


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    out = tmp_path_factory.mktemp("pdfs")
    jobs = [Job("rules", "diamant", "fa", "a4"), Job("scorepad", "diamant", "fa", "a4"),
            Job("card-sheet", "shifting_stones", "zh_Hant", "a4"), Job("card", "diamant", "en"),
            Job("scorepad", "shifting_stones", "zh_Hans", "letter"), Job("scorepad", "death_valley", "zh_Hant", "a4"),
            Job("journal", "", "en", "a4", str(HERE / "journals" / "diamant-finished.jsonl"))]
    results = export(jobs, out, workers=1)
    assert [r.error for r in results] == [None] * len(jobs)
    return {(r.job.kind, r.job.game, r.job.locale): r for r in results}


def fonts(reader: PdfReader) -> dict[str, bool]:
    """Base font name -> whether its program is embedded, over all pages."""
    found = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None:
                desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            desc = desc.get_object()
            name = str(font["/BaseFont"]).split("+", 1)[-1]
            found[name] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


def text(reader: PdfReader) -> str:
    return "".join(page.extract_text() for page in reader.pages).replace(ZWNJ, "")


def root(reader: PdfReader):
    return reader.trailer["/Root"]


def test_persian_rule_sheet(pdfs):
    result = pdfs[("rules", "diamant", "fa")]
    reader = PdfReader(result.path)
    doc = content.load_document("diamant", "fa", "rules")
    assert root(reader)["/Lang"] == "fa"
    assert reader.metadata.title == doc.title
    assert "/StructTreeRoot" in root(reader)  # tagged
    words = text(reader)
    # Persian comes back in logical order: the document's first heading and a section title.
    assert doc.sections[0].title.replace(ZWNJ, "") in words
    assert doc.sections[1].title.replace(ZWNJ, "") in words
    # Page numbers in Persian digits on every page.
    for page in reader.pages:
        assert re.search(r"[۱-۹] / [۱-۹]", page.extract_text())
    assert not re.search(r"[0-9] / [0-9]", words)
    embedded = fonts(reader)
    assert embedded.get("cmp-fa") is True and all(embedded.values())
    for page in reader.pages:
        assert [round(float(v)) for v in page.mediabox] == [0, 0, 595, 842]
    assert len(reader.pages) >= 2


def test_persian_score_pad(pdfs):
    reader = PdfReader(pdfs[("scorepad", "diamant", "fa")].path)
    tr = translator("fa")
    words = text(reader)
    assert root(reader)["/Lang"] == "fa"
    assert tr.gettext("Round {n}", n=5) in words          # Persian digits, logical order
    assert tr.gettext("Explorer") in words and tr.gettext("Total") in words
    assert "5" not in words
    assert fonts(reader).get("cmp-fa") is True


def test_traditional_chinese_card_sheet(pdfs):
    reader = PdfReader(pdfs[("card-sheet", "shifting_stones", "zh_Hant")].path)
    tr = translator("zh_Hant")
    assert root(reader)["/Lang"] == "zh-Hant"
    assert [round(float(v)) for v in reader.pages[0].mediabox] == [0, 0, 595, 842]
    words = text(reader)
    assert tr.gettext("Backs. Print on both sides, flip on the long edge; then cut along the marks.") in words
    embedded = fonts(reader)
    assert embedded.get("cmp-tc") is True and "cmp-sc" not in embedded
    doc = content.load_document("shifting_stones", "zh_Hant", "card")
    front = next(s for s in doc.sections if s.id == "front")
    assert text(PdfReader(pdfs[("card-sheet", "shifting_stones", "zh_Hant")].path)).count(front.title) >= 9


def test_single_card_trim_bleed_and_two_sides(pdfs):
    reader = PdfReader(pdfs[("card", "diamant", "en")].path)
    assert len(reader.pages) == 2  # front and back
    for page in reader.pages:
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert trim[2] - trim[0] == pytest.approx(63 * MM, abs=0.1)
        assert trim[3] - trim[1] == pytest.approx(88 * MM, abs=0.1)
        assert trim[0] - bleed[0] == pytest.approx(3 * MM, abs=0.1)
        assert bleed[2] - trim[2] == pytest.approx(3 * MM, abs=0.1)
    assert root(reader)["/Lang"] == "en"


def test_simplified_chinese_letter_score_pad(pdfs):
    reader = PdfReader(pdfs[("scorepad", "shifting_stones", "zh_Hans")].path)
    assert [round(float(v)) for v in reader.pages[0].mediabox] == [0, 0, 612, 792]
    tr = translator("zh_Hans")
    words = text(reader)
    assert tr.gettext("1-point cards") in words and tr.gettext("Solo game") in words
    embedded = fonts(reader)
    assert embedded.get("cmp-sc") is True and "cmp-tc" not in embedded
    assert root(reader)["/Lang"] == "zh-Hans"


def test_filled_score_sheet_from_a_journal(pdfs):
    reader = PdfReader(pdfs[("journal", "", "en")].path)
    words = text(reader)
    assert "Chen" in words and "33" in words and "(winner)" in words
    assert "The winner: Chen, with 33 points." in words
    assert "a second snake came up" in words and "relic worth 10" in words
    assert reader.metadata["/CreationDate"] == "D:20261129200000Z"  # when the game started, not when printed
    assert "/ID" in reader.trailer


def _malicious(tmp_path: Path) -> Path:
    folder = tmp_path / "diamant"
    folder.mkdir(parents=True)
    (folder / "rules.en.md").write_text(
        '---\ntitle = "Trap"\ngame = "diamant"\nlocale = "en"\nkind = "rules"\nversion = 1\n---\n'
        "# Trap {#top}\n\nVisible text.\n\n![secret](/etc/passwd)\n\n![up](../../../../etc/passwd)\n\n"
        "[remote](http://127.0.0.1:9/x) and <http://127.0.0.1:9/auto>\n\n"
        '<img src="file:///etc/passwd"> <a rel="attachment" href="/etc/passwd">file</a>\n\n'
        "[attach](/etc/passwd){rel=attachment}\n", encoding="utf-8")
    return tmp_path


def test_content_pointing_outside_gives_a_clean_pdf_and_warnings(tmp_path, monkeypatch):
    monkeypatch.setattr(content, "content_root", lambda: _malicious(tmp_path / "content"))
    out = tmp_path / "out"
    [result] = export([Job("rules", "diamant", "en", "a4")], out, workers=1)
    assert result.error is None
    reader = PdfReader(result.path)
    words = text(reader)
    assert "Visible text." in words and "root:" not in words
    assert "/EmbeddedFiles" not in root(reader).get("/Names", {})
    for page in reader.pages:
        for annot in page.get("/Annots", []) or []:
            action = annot.get_object().get("/A", {})
            assert "/URI" not in action and annot.get_object().get("/Subtype") != "/FileAttachment"
    detail = " ".join(str(p) for _, p in result.warnings)
    assert "/etc/passwd" in detail and "../../../../etc/passwd" in detail and "http://127.0.0.1:9/x" in detail
    assert sorted(p.name for p in out.iterdir()) == ["diamant-rules-en-a4.pdf"]


def test_the_fetcher_fence_holds_even_without_the_sanitizer(tmp_path):
    body = ('<p>Fence</p><img src="file:///etc/passwd"><img src="../../../../../../etc/passwd">'
            '<img src="http://127.0.0.1:9/x.png"><a rel="attachment" href="file:///etc/hostname">a</a>'
            '<link rel="attachment" href="file:///etc/passwd"><style>@import url(file:///etc/passwd);</style>')
    page = Page("fence-en-a4.pdf", "rules", "en", "Fence", document("en", "Fence", body, "rules"), ("base",), "a4")
    from companion.printing.export import Renderer

    target = tmp_path / page.name
    warnings = Renderer().render(page, target)
    reader = PdfReader(target)
    assert "/EmbeddedFiles" not in root(reader).get("/Names", {})
    refused = [p["target"] for code, p in warnings if code == "print.refused_url"]
    assert "file:///etc/passwd" in refused and "http://127.0.0.1:9/x.png" in refused
    assert "file:///etc/hostname" in refused
    assert any(url.endswith("/etc/passwd") and ".." not in url and url != "file:///etc/passwd" or url == "file:///etc/passwd"
               for url in refused)
