"""The same jobs give the same bytes on every run, with HarfBuzz's subsetter and with fontTools (what a
machine without ``libharfbuzz-subset0`` uses); dates come from the journal or ``SOURCE_DATE_EPOCH``."""

from __future__ import annotations

import io
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fontTools.misc.timeTools import timestampSinceEpoch
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from companion.printing import render
from companion.printing.export import Job, Result, export, one_notice, run_job

HERE = Path(__file__).resolve().parent
JOURNAL = HERE / "journals" / "diamant-finished.jsonl"
JOBS = [Job("card", "diamant", "zh_Hant"), Job("scorepad", "death_valley", "zh_Hans", "a4"),
        Job("card", "shifting_stones", "fa"), Job("journal", "", "zh_Hant", "a4", str(JOURNAL))]


def pdf_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def embedded_fonts(path: Path) -> list[TTFont]:
    fonts = []
    for page in PdfReader(path).pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            # TrueType faces embed as /FontFile2; the CFF Chinese faces as /FontFile3 (an OpenType file)
            stream = desc["/FontFile2"] if "/FontFile2" in desc else desc["/FontFile3"]
            fonts.append(TTFont(io.BytesIO(stream.get_object().get_data())))
    return fonts


@pytest.fixture(params=["harfbuzz", "fonttools"])
def harfbuzz(request, monkeypatch) -> bool:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    if request.param == "harfbuzz" and not render.harfbuzz_subsetting():
        pytest.skip("libharfbuzz-subset0 is not installed")
    return request.param == "harfbuzz"


def test_two_exports_give_the_same_bytes(tmp_path, harfbuzz):
    first = export(JOBS, tmp_path / "one", workers=1, harfbuzz=harfbuzz)
    time.sleep(1.1)  # fontTools stamps the fonts it saves with the current second unless told otherwise
    second = export(list(reversed(JOBS)), tmp_path / "two", workers=2, harfbuzz=harfbuzz)  # other processes, order
    assert [r.error for r in first + second] == [None] * (2 * len(JOBS))
    one, two = pdf_bytes(tmp_path / "one"), pdf_bytes(tmp_path / "two")
    assert len(one) == len(JOBS) and one == two
    # The subsetter really was the one asked for: only fontTools leaves the notice.
    notices = [r.name for r in first if (render.SLOW_SUBSETTER, {}) in r.warnings]
    assert notices == ([] if harfbuzz else [min(r.name for r in first)])


def test_the_two_subsetters_are_really_used(tmp_path):
    if not render.harfbuzz_subsetting():
        pytest.skip("libharfbuzz-subset0 is not installed")
    export(JOBS[:1], tmp_path / "hb", workers=1, harfbuzz=True)
    export(JOBS[:1], tmp_path / "ft", workers=1, harfbuzz=False)
    assert pdf_bytes(tmp_path / "hb") != pdf_bytes(tmp_path / "ft")
    assert render.harfbuzz_subsetting()  # the block put it back
    with render.subsetter(False):
        assert not render.harfbuzz_subsetting()
    assert render.harfbuzz_subsetting()


def test_dates_and_identifier(tmp_path, harfbuzz, monkeypatch):
    journal_before = JOURNAL.read_bytes()
    with render.subsetter(harfbuzz):
        sheet = run_job(JOBS[3], tmp_path)
        card = run_job(JOBS[0], tmp_path)
    assert JOURNAL.read_bytes() == journal_before  # printing never touches the journal
    reader = PdfReader(sheet.path)
    assert reader.metadata["/CreationDate"] == reader.metadata["/ModDate"] == "D:20261129200000Z"  # its "started"
    assert reader.trailer["/ID"][0] == render.pdf_identifier(sheet.name).decode()
    started = timestampSinceEpoch(datetime(2026, 11, 29, 20, tzinfo=UTC).timestamp())
    card_reader = PdfReader(card.path)
    assert "/CreationDate" not in card_reader.metadata  # a rule card has no date of its own
    if not harfbuzz:  # the fonts fontTools rewrote carry the document's date, not the current time
        assert {f["head"].modified for f in embedded_fonts(sheet.path)} == {started}
        assert {f["head"].modified for f in embedded_fonts(card.path)} == {timestampSinceEpoch(0)}

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    (tmp_path / "dated").mkdir()
    with render.subsetter(harfbuzz):
        dated = run_job(JOBS[0], tmp_path / "dated")
    assert dated.error is None
    moment = datetime.fromtimestamp(1780000000, UTC).strftime("D:%Y%m%d%H%M%SZ")
    assert PdfReader(dated.path).metadata["/CreationDate"] == moment
    if not harfbuzz:
        assert {f["head"].modified for f in embedded_fonts(dated.path)} == {timestampSinceEpoch(1780000000)}


@pytest.mark.parametrize("value", ["yesterday", "-5", "99999999999999999999"])
def test_a_source_date_that_is_not_a_time_is_ignored(tmp_path, monkeypatch, value):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    with render.subsetter(False):  # fontTools itself would fail on it
        result = run_job(JOBS[0], tmp_path)
    assert result.error is None and "/CreationDate" not in PdfReader(result.path).metadata
    assert {f["head"].modified for f in embedded_fonts(result.path)} == {timestampSinceEpoch(0)}
    import os

    assert os.environ["SOURCE_DATE_EPOCH"] == value  # left as the user set it


def test_one_notice_for_the_whole_export():
    notice = (render.SLOW_SUBSETTER, {})
    other = ("print.renderer_warning", {"document": "b.pdf", "detail": "x"})
    results = [Result(JOBS[0], name="b.pdf", warnings=[notice, other]),
               Result(JOBS[1], name="c.pdf", warnings=[notice]),
               Result(JOBS[2], name="a.pdf", warnings=[notice]), Result(JOBS[3], name="d.pdf", warnings=[other])]
    one_notice(results)
    assert [r.warnings for r in results] == [[other], [], [notice], [other]]
    assert one_notice([Result(JOBS[0], name="x.pdf")])[0].warnings == []


def test_parse_time():
    assert render.parse_time("2026-11-29T20:00:00Z") == datetime(2026, 11, 29, 20, tzinfo=UTC)
    assert render.parse_time("2026-11-29T21:30:00+01:30") == datetime(2026, 11, 29, 20, tzinfo=UTC)
    assert render.parse_time("not a time") is None and render.parse_time(None) is None


def test_cut_faces_are_kept_on_disk_and_a_damaged_one_is_cut_again(tmp_path, monkeypatch):
    """A machine cuts each big face once (fontTools takes seconds a face): the cut is kept in the user
    cache, read back by the next process, and a cached file that is damaged or foreign is cut again,
    never printed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    face = next(p for p in sorted((Path(render.__file__).parent / "fonts").rglob("*.otf"))
                if p.stat().st_size > render.TRIM_ABOVE)
    chars = frozenset(map(ord, "阿華小斌 0123456789"))
    render._trimmed.clear()
    first = render.trim_font(face, chars)
    assert first is not None and len(first) < face.stat().st_size // 4
    [kept] = (tmp_path / "cache").rglob(f"{face.stem}-*{face.suffix}")
    assert kept.read_bytes() == first

    render._trimmed.clear()  # a new process: read from the disk, not cut again
    monkeypatch.setattr(render, "_hb_trim", lambda *a: pytest.fail("cut again"))
    monkeypatch.setattr(render, "_fonttools_trim", lambda *a: pytest.fail("cut again"))
    assert render.trim_font(face, chars) == first

    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    kept.write_bytes(first[:1000])  # damaged (cut short by a full disk, or another program's file)
    render._trimmed.clear()
    assert render.trim_font(face, chars) == first
    [kept] = (tmp_path / "cache").rglob(f"{face.stem}-*{face.suffix}")
    assert kept.read_bytes() == first
