"""The optional two-up score pad (issue 17 item 4): two A5 pads on one A4 (or Letter) sheet, cut marks
between them, for every game and locale; checked from the PDF's glyphs and drawn rules."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from companion.commands import export as command
from companion.errors import UsageError
from companion.i18n import LOCALES
from companion.printing.export import TWO_UP, Job, export, plan, two_up
from companion.printing.scorepad import CUT_MARK_MM, PAPER_MM

MM = 72 / 25.4
GAMES = ("diamant", "shifting_stones", "death_valley")


def glyph_ys(page) -> list[float]:
    """The baseline height (pt from the bottom) of every piece of text drawn on ``page``."""
    ys: list[float] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            ys.append(tm[5] * cm[3] + cm[5])

    page.extract_text(visitor_text=visit)
    return ys


def rules(page, height: float) -> list[tuple[float, float, float]]:
    """Horizontal rules drawn on ``page``, as (x0, x1, y) in pt from the bottom left: stroked segments
    (``x y m X y l``) and thin filled rectangles.  WeasyPrint draws in CSS pixels under one flip, which
    the test checks it is still the only transformation."""
    data = page.get_contents().get_data().decode("latin-1")
    transforms = set(re.findall(r"[^\n]* cm\b", data))
    assert "0.75 0 0 0.75 0 0 cm" in transforms and len(transforms) == 2, transforms
    [flip] = transforms - {"0.75 0 0 0.75 0 0 cm"}
    assert flip.startswith("1 0 0 -1 0 ") and abs(float(flip.split()[5]) - height) < 0.01, flip

    def at(x0: float, x1: float, y: float) -> tuple[float, float, float]:
        return (0.75 * min(x0, x1), 0.75 * max(x0, x1), height - 0.75 * y)

    found = []
    for m in re.finditer(r"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\s+f", data):
        x, y, w, h = map(float, m.groups())
        if abs(h) < 2 and abs(w) > 4:
            found.append(at(x, x + w, y + h / 2))
    for m in re.finditer(r"(-?[\d.]+) (-?[\d.]+) m\s+(-?[\d.]+) (-?[\d.]+) l", data):
        x0, y0, x1, y1 = map(float, m.groups())
        if abs(y0 - y1) < 0.01 and abs(x1 - x0) > 4:
            found.append(at(x0, x1, y0))
    return found


@pytest.fixture(scope="module")
def pads(tmp_path_factory):
    out = tmp_path_factory.mktemp("two-up")
    jobs = two_up(plan(GAMES, ("scorepad",), LOCALES, "a4"))
    jobs += two_up(plan(("diamant",), ("scorepad",), ("fa",), "letter"))
    results = export(jobs, out, workers=2)
    assert [r.error for r in results] == [None] * len(jobs)
    return {r.name: (r.job, r.path) for r in results}


def test_every_game_and_locale_has_a_two_up_pad(pads):
    names = {f"{g}-scorepad-2up-{loc}-a4.pdf" for g in GAMES for loc in LOCALES}
    assert names | {"diamant-scorepad-2up-fa-letter.pdf"} == set(pads)


def test_two_pads_each_inside_its_half_with_cut_marks_and_tall_rows(pads):
    for name, (job, path) in pads.items():
        width, height = (v * MM for v in PAPER_MM[job.paper])
        middle = height / 2
        for page in PdfReader(path).pages:
            assert abs(float(page.mediabox.width) - width) < 1 and abs(float(page.mediabox.height) - height) < 1
            ys = glyph_ys(page)
            top = [y for y in ys if y > middle]
            bottom = [y for y in ys if y < middle]
            assert top and bottom, name
            # the same pad twice: each text of the upper half sits half a sheet higher in the lower one
            assert sorted(round(y - middle, 0) for y in top) == sorted(round(y, 0) for y in bottom), name
            # no baseline within 3 mm of the cut line: each pad and its footer stay inside their half
            assert all(abs(y - middle) > 3 * MM for y in ys), name
            lines = rules(page, height)
            marks = [r for r in lines if abs(r[2] - middle) < 0.5 and abs((r[1] - r[0]) - CUT_MARK_MM * MM) < 1]
            # one mark at each edge of the sheet, in the margin, on the line between the pads
            assert any(r[0] < 1 for r in marks) and any(r[1] > width - 1 for r in marks), (name, marks)
            assert len(marks) <= 4, marks
            # the pad's own rules: in one half or the other, between the marks, away from the cut
            inner = [r for r in lines if r not in marks]
            assert inner and all(r[0] > CUT_MARK_MM * MM and r[1] < width - CUT_MARK_MM * MM
                                 and abs(r[2] - middle) > 5 * MM for r in inner), name
            assert sorted(round(r[2] - middle) for r in inner if r[2] > middle) == \
                sorted(round(r[2]) for r in inner if r[2] < middle), name
            # rows: the heights where a table draws a rule across its cells (three segments or more)
            upper = [round(r[2], 1) for r in inner if r[2] > middle and r[1] - r[0] > 5 * MM]
            heights = sorted(y for y in set(upper) if upper.count(y) >= 3)
            gaps = [b - a for a, b in zip(heights, heights[1:], strict=False)]
            if len(heights) >= 5:  # a table pad (the solo sheet of Shifting Stones has tracks of boxes)
                assert min(gaps) >= 7 * MM - 0.3, (name, min(gaps) / MM)


def test_two_up_is_only_for_score_pads():
    jobs = plan(GAMES, ("rules",), ("en",), "a4")
    before = list(jobs)
    with pytest.raises(UsageError) as err:
        two_up(jobs)
    assert err.value.code == "print.two_up_needs_scorepad" and jobs == before
    assert {j.kind for j in two_up(plan(GAMES, ("scorepad",), ("en",), "a4"))} == {TWO_UP}


def test_the_command_refuses_two_up_without_scorepad(tmp_path, capsys):
    from companion.cli import main

    status = main(["--lang", "zh_Hant", "export", "--kind", "rules", "--two-up", "--out", str(tmp_path / "o")])
    assert status == 2 and not (tmp_path / "o").exists()
    assert "--two-up" in capsys.readouterr().err
    assert command.run  # the command module is the one the CLI runs


def test_the_command_makes_a_two_up_pad(tmp_path, capsys):
    from companion.cli import main

    status = main(["export", "--game", "diamant", "--kind", "scorepad", "--two-up", "--lang", "en",
                   "--out", str(tmp_path)])
    assert status == 0
    assert [p.name for p in tmp_path.glob("*.pdf")] == ["diamant-scorepad-2up-en-a4.pdf"]
    assert Job(TWO_UP, "diamant", "en", "a4").kind == TWO_UP
