"""Card sheets measured from the PDF itself: the cut marks and card backgrounds drawn in the page
content (pypdf), the text boxes (``pdftotext -bbox``) and the font sizes set in the content.

For every game, locale and paper: fronts and mirrored backs register within 0.3 mm (flip on the long
edge), every card's text keeps 3 mm inside its trim and is at least 8 pt, the bottom row stays 6 mm
from the paper's edge, no cut mark crosses the caption and each card has its own bleed."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.printing.export import Job, export
from companion.printing.pages import CARD_MM, sheet_layout

MM = 72 / 25.4
GAMES = ("diamant", "shifting_stones", "death_valley")
LOCALES = ("en", "fa", "zh_Hant", "zh_Hans")
PAPERS = ("a4", "letter")
CARD_BG = (0.984, 0.969, 0.925)  # #fbf7ec
MARK = (0.541, 0.541, 0.541)     # #8a8a8a


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("cards")
    jobs = [Job("card-sheet", g, loc, p) for g in GAMES for loc in LOCALES for p in PAPERS]
    jobs += [Job("card", g, loc) for g in GAMES for loc in LOCALES]
    results = export(jobs, out, workers=2)
    assert all(r.error is None for r in results), [r.error for r in results if r.error]
    return {(r.job.kind, r.job.game, r.job.locale, r.job.paper): r.path for r in results}


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def drawn(reader: PdfReader, number: int):
    """Filled rectangles ``(colour, x0, y0, x1, y1)`` in pt from the page's top left, and the size of
    every piece of text set (pt, on the page)."""
    page = reader.pages[number]
    height = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack, colour, pending = [1.0, 0, 0, 1.0, 0, 0], [], None, []
    rects, sizes, font, tm = [], [], 0.0, [1.0, 0, 0, 1.0, 0, 0]
    for args, op in ops:
        if op == b"q":
            stack.append((ctm, colour))
        elif op == b"Q":
            ctm, colour = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in args], ctm)
        elif op == b"rg":
            colour = tuple(round(float(v), 3) for v in args)
        elif op == b"re":
            pending.append([float(v) for v in args])
        elif op in (b"f", b"f*"):
            for x, y, w, h in pending:
                corners = [(x, y), (x + w, y + h)]
                pts = [(cx * ctm[0] + cy * ctm[2] + ctm[4], cx * ctm[1] + cy * ctm[3] + ctm[5]) for cx, cy in corners]
                xs, ys = [p[0] for p in pts], [height - p[1] for p in pts]
                rects.append((colour, min(xs), min(ys), max(xs), max(ys)))
            pending = []
        elif op == b"n":
            pending = []
        elif op == b"Tf":
            font = float(args[1])
        elif op == b"Tm":
            tm = [float(v) for v in args]
        elif op in (b"TJ", b"Tj"):
            m = _mul(tm, ctm)
            sizes.append(font * (abs(m[0] * m[3] - m[1] * m[2]) ** 0.5))
    return rects, sizes


def words(path: Path, number: int) -> list[tuple[float, float, float, float, str]]:
    """The word boxes of page ``number`` (from 0), in pt from the top left (``pdftotext -bbox``)."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(number + 1), "-l", str(number + 1), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    found = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', html):
        found.append((*(float(m.group(i)) for i in range(1, 5)), unescape(m.group(5))))
    return found


def close(a, b, tol=0.01):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def trims(rects):
    """The card trims from the cut marks: the x of every vertical mark and the y of every horizontal one."""
    marks = [r[1:] for r in rects if close(r[0], MARK)]
    xs = sorted({round((x0 + x1) / 2, 2) for x0, y0, x1, y1 in marks if x1 - x0 < 1})
    ys = sorted({round((y0 + y1) / 2, 2) for x0, y0, x1, y1 in marks if y1 - y0 < 1})
    return xs, ys, marks


def boxes(xs, ys):
    assert len(xs) == 6 and len(ys) == 6, (xs, ys)
    return [(xs[2 * i], ys[2 * j], xs[2 * i + 1], ys[2 * j + 1]) for j in range(3) for i in range(3)]


needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_sheet_geometry(sheets, game, locale, paper):
    path = sheets[("card-sheet", game, locale, paper)]
    reader = PdfReader(path)
    width = float(reader.pages[0].mediabox.width)
    height = float(reader.pages[0].mediabox.height)
    assert len(reader.pages) == 2
    measured = []
    for number in range(2):
        rects, sizes = drawn(reader, number)
        xs, ys, marks = trims(rects)
        cards = boxes(xs, ys)
        for x0, y0, x1, y1 in cards:  # 63 x 88 mm trims
            assert abs((x1 - x0) / MM - CARD_MM[0]) < 0.1 and abs((y1 - y0) / MM - CARD_MM[1]) < 0.1
        # Each card has its own bleed: a background box around its trim only, not reaching a neighbour.
        cells = [r[1:] for r in rects if close(r[0], CARD_BG) and r[3] - r[1] > 150]
        for x0, y0, x1, y1 in cards:
            mine = [c for c in cells if c[0] < x0 - 1 and c[1] < y0 - 1 and c[2] > x1 + 1 and c[3] > y1 + 1]
            assert mine, (number, x0, y0)
            c = min(mine, key=lambda c: (c[2] - c[0]) * (c[3] - c[1]))
            assert min(x0 - c[0], c[2] - x1, y0 - c[1], c[3] - y1) >= 0.8 * MM
            others = [o for o in cards if o != (x0, y0, x1, y1)]
            assert not any(c[0] < o[2] and o[0] < c[2] and c[1] < o[3] and o[1] < c[3] for o in others)
        # The bottom row stays inside what home printers print.
        assert (height - ys[-1]) / MM >= 6.0 - 0.05
        # Every word on a card keeps 3 mm inside its trim; the caption is off every card and no mark crosses it.
        caption = []
        for wx0, wy0, wx1, wy1, text in words(path, number):
            cx, cy = (wx0 + wx1) / 2, (wy0 + wy1) / 2
            home = [b for b in cards if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
            if not home:
                caption.append((wx0, wy0, wx1, wy1))
                continue
            x0, y0, x1, y1 = home[0]
            inset = min(wx0 - x0, x1 - wx1, wy0 - y0, y1 - wy1) / MM
            measured.append(inset)
            edges = [round(v / MM, 2) for v in (wx0 - x0, x1 - wx1, wy0 - y0, y1 - wy1)]
            assert inset >= 3.0, (number, text, edges)
        assert caption, "the duplex hint is printed"
        for wx0, wy0, wx1, wy1 in caption:
            assert not any(mx0 < wx1 and wx0 < mx1 and my0 < wy1 and wy0 < my1 for mx0, my0, mx1, my1 in marks)
        # Card text is at least 8 pt (the caption, off the cards, may be smaller).
        assert min(sizes) >= 7.4 and sorted(sizes)[len(sizes) // 20] >= 8.0 - 0.01
        if number == 0:
            front = (xs, ys)
        else:
            # Flip on the long edge: the back's x becomes width - x; y stays.
            mirrored = sorted(width - x for x in xs)
            assert max(abs(a - b) for a, b in zip(front[0], mirrored)) / MM <= 0.3
            assert max(abs(a - b) for a, b in zip(front[1], ys)) / MM <= 0.3
    assert min(measured) >= 3.0


def test_card_text_sizes_on_cards_at_least_8pt(sheets):
    """Every piece of text inside a card's trim is set at 8 pt or more (the caption alone is smaller)."""
    for (kind, game, locale, paper), path in sheets.items():
        if kind != "card-sheet" or paper != "a4":
            continue
        reader = PdfReader(path)
        for number in range(len(reader.pages)):
            _, sizes = drawn(reader, number)
            small = [s for s in sizes if s < 7.99]
            # The caption is the only text under 8 pt: one line, a few pieces.
            assert len(small) <= 3, (game, locale, number, small)


@needs_poppler
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_single_card_inset(sheets, game, locale):
    path = sheets[("card", game, locale, None)]
    reader = PdfReader(path)
    for number, page in enumerate(reader.pages):
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        assert abs((trim[2] - trim[0]) / MM - 63) < 0.05 and abs((trim[3] - trim[1]) / MM - 88) < 0.05
        # pdftotext measures from the media box's top left corner (the bleed and marks included).
        left, right, top, bottom = trim[0] - media[0], trim[2] - media[0], media[3] - trim[3], media[3] - trim[1]
        for wx0, wy0, wx1, wy1, text in words(path, number):
            inset = min(wx0 - left, right - wx1, wy0 - top, bottom - wy1) / MM
            assert inset >= 3.0, (number, text, round(inset, 2))
        _, sizes = drawn(reader, number)
        assert min(sizes) >= 7.99


def test_layout_numbers():
    for paper in PAPERS:
        layout = sheet_layout(paper)
        assert layout.bottom >= 6.0
        assert layout.column(0) - layout.bleed_x >= 0 and layout.row(0) - layout.bleed_y >= 0
        width = layout.size[0]
        assert layout.column(2) + CARD_MM[0] + layout.bleed_x <= width
