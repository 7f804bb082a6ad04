"""Score pads as in game boxes and filled score sheets worth keeping (issue 17, items 4 and 5).

The blank pads take their player counts and limits from the games (rulesets, engine constants); the
rows are at least 7 mm tall, measured in the PDF; the filled sheets name the edition, break each total
down, label an unfinished game's last column "So far", and draw a chart that reads in black and white."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.games import get
from companion.games.base import player_range
from companion.i18n import translator
from companion.printing import scorepad
from companion.printing.chart import DASHES, MARKERS, chart_html, score_chart_svg
from companion.printing.export import Job, export

ROOT = Path(__file__).resolve().parents[2]
INCAN = ROOT / "tests" / "printing" / "journals" / "diamant-finished.jsonl"
STONES = ROOT / "tests" / "shifting_stones" / "journals" / "two-players.jsonl"
VALLEY = ROOT / "tests" / "death_valley" / "journals" / "standard.jsonl"
MM = 72 / 25.4


def test_diamant_pad_from_the_rulesets():
    from companion.games.diamant.rules import PRESETS, load_ruleset

    rules = [load_ruleset(r) for r in PRESETS]
    tr = translator("en")
    from companion.games.diamant import scorepad as diamant_pads

    pad = diamant_pads.pad(tr)
    assert pad.rows == max(r.players[1] for r in rules)
    heads = [c.head for c in pad.columns]
    assert heads[0] == "Starting gems" and "Relic value" in heads and heads[-1] == "Total"
    assert sum(1 for h in heads if h.startswith("Round ")) == max(r.rounds for r in rules)
    relics = next(c for c in pad.columns if c.head == "Relics")
    assert relics.kind == "tally" and relics.boxes == max(r.relics for r in rules)
    assert f"For {min(r.players[0] for r in rules)} to" in pad.note  # house rules allow 2


def test_stones_pad_tracks_the_target_and_solo_has_16_boxes():
    from companion.games.shifting_stones import engine

    tr = translator("en")
    from companion.games.shifting_stones import scorepad as stones_pads

    [pad] = stones_pads.table_pads(tr)
    assert pad.rows == player_range(get("shifting_stones"))[1]
    track = pad.columns[0]
    assert track.kind == "track" and track.boxes == max(engine.TARGETS.values())
    assert sorted(n for n, _ in track.marks) == sorted(engine.TARGETS.values())
    html = scorepad.box_pad_html(pad, tr)
    assert html.count('class="tick target"') == len(engine.TARGETS) * pad.rows
    solo = scorepad.ticks_html(stones_pads.solo(tr), tr)
    assert solo.count('class="box') == engine.DECK_SOLO + engine.PENALTY_LIMIT
    assert solo.count('class="box last"') == 1


def test_valley_pad_has_the_robot_row_and_bonus():
    tr = translator("zh_Hans")
    from companion.games.death_valley import scorepad as valley_pads

    pad = valley_pads.pad(tr)
    assert pad.rows == player_range(get("death_valley"))[1] + 1
    assert pad.prefilled == (tr.gettext("Robot"),)
    heads = [c.head for c in pad.columns]
    assert tr.gettext("Robot bonus") in heads
    assert next(c for c in pad.columns if c.head == tr.gettext("Busts")).kind == "tally"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("pads")
    jobs = [Job("scorepad", g, "fa", "a4") for g in ("diamant", "shifting_stones", "death_valley")]
    jobs += [Job("journal", "", "en", "a4", str(INCAN)), Job("journal", "", "zh_Hant", "letter", str(STONES)),
             Job("journal", "", "en", "a4", str(VALLEY))]
    results = export(jobs, out, workers=2)
    assert all(r.error is None for r in results)
    return {(r.job.kind, r.job.game or Path(r.job.journal or "").stem): r for r in results}


def _row_heights(reader: PdfReader) -> list[float]:
    """The distances between the table's horizontal rules (cell borders, stroked with ``m``/``l``/``S``):
    a y where the segments add up to a table's width is a rule."""
    from collections import defaultdict

    from pypdf.generic import ContentStream

    from tests.printing.test_card_geometry import _mul

    page = reader.pages[0]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack, start = [1.0, 0, 0, 1.0, 0, 0], [], (0.0, 0.0)
    length: dict[float, float] = defaultdict(float)

    def at(x, y):
        return x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5]

    for args, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in args], ctm)
        elif op == b"m":
            start = at(*(float(v) for v in args))
        elif op == b"l":
            end = at(*(float(v) for v in args))
            if abs(end[1] - start[1]) < 0.05:
                length[round(end[1], 1)] += abs(end[0] - start[0])
            start = end
    ys: list[float] = []
    for y in sorted(y for y, total in length.items() if total > 300):
        if not ys or y - ys[-1] > 2:  # a thicker border is drawn a fraction of a point off
            ys.append(y)
    return [a - b for b, a in zip(ys, ys[1:]) if a - b < 60]


@pytest.mark.parametrize("game", ["diamant", "shifting_stones", "death_valley"])
def test_pad_rows_at_least_7mm_and_under_400kb(rendered, game):
    result = rendered[("scorepad", game)]
    assert result.size < 400_000
    heights = _row_heights(PdfReader(result.path))
    assert heights, "table rules found"
    assert min(heights) / MM >= 7.0 - 0.05, [round(h / MM, 2) for h in heights]


def test_filled_sheet_edition_breakdown_and_no_events(rendered):
    text = "\n".join(p.extract_text() for p in PdfReader(rendered[("journal", "diamant-finished")].path).pages)
    assert "Incan Gold: score sheet" in text
    assert "Events played" not in text
    assert "Chest" in text and "Relic value" in text
    tr = translator("en")
    heads, rows = scorepad.breakdown(get("diamant"), *_final("diamant-finished"), tr)
    assert heads[:3] == ["Chest", "Relics", "Relic value"] and heads[-1] == "Total"
    assert rows["Chen"] == [18, 2, 15, 33] and rows["Ben"] == [14, 0, 0, 14]
    valley = "\n".join(p.extract_text() for p in PdfReader(rendered[("journal", "standard")].path).pages)
    assert "Journey stars" in valley and "Ability points" in valley and "Busts" in valley
    assert rendered[("journal", "two-players")].size < 400_000


def _final(stem: str):
    from companion.journal import read_journal
    from companion.session import replay

    journal = read_journal(INCAN if stem == "diamant-finished" else STONES)
    final, _ = replay(journal)
    return final, get(journal.header.game).summary(final)


def test_breakdown_adds_up_in_every_game():
    from companion.journal import read_journal
    from companion.session import replay

    tr = translator("en")
    for path in (INCAN, STONES, VALLEY):
        journal = read_journal(path)
        game = get(journal.header.game)
        final, _ = replay(journal)
        summary = game.summary(final)
        heads, rows = scorepad.breakdown(game, final, summary, tr)
        for player, numbers in rows.items():
            assert numbers[-1] == summary["scores"][player]
            if game.id == "shifting_stones":
                assert numbers[1] + numbers[3] == numbers[-1]  # card points + bonus
            if game.id == "death_valley":
                assert numbers[0] + numbers[1] + (numbers[2] if len(numbers) == 5 else 0) == numbers[-1]


def test_unfinished_game_says_so_far(tmp_path):
    lines = STONES.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "unfinished.jsonl"
    short.write_text("\n".join(lines[:12]) + "\n", encoding="utf-8")
    from companion.journal import read_journal
    from companion.printing.chart import score_points
    from companion.session import replay

    journal = read_journal(short)
    game = get(journal.header.game)
    final, steps = replay(journal)
    assert not game.summary(final)["finished"]
    points = score_points(game, steps, final)
    assert points[-1][0][0] == "now"
    assert scorepad.label_text(points[-1][0], translator("en")) == "So far"
    html = scorepad.journal_page(short, "en", "a4").html
    assert "So far" in html and ">End<" not in html


def test_chart_black_and_white_styles_font_and_alt_text():
    tr = translator("fa")
    players = [f"p{i}" for i in range(8)]
    points = [(("round", r), {p: r * (i + 1) for i, p in enumerate(players)}) for r in range(1, 6)]
    svg, labels = score_chart_svg(points, players, tr, names={p: p.upper() for p in players},
                                  x_title="X", y_title="Y", description="eight players")
    html = chart_html(svg, labels, 170, 70)
    dashes = re.findall(r'<polyline[^>]*?(?: stroke-dasharray="([^"]*)")?/>', svg)
    assert len(dashes) == 8 and len(set(dashes)) == 8  # every line its own pattern (one solid)
    assert len(set(DASHES)) == len(DASHES) == len(set(MARKERS)) == 8
    assert 'font-family="cmp-fa' in svg
    assert '<title>eight players</title>' in svg and 'aria-label="eight players"' in svg
    for p in players:  # the name at the end of its line, over the picture (its own direction)
        assert f"<bdi>{p.upper()}</bdi>" in html
    assert "<bdi>X</bdi>" in html and "<bdi>Y</bdi>" in html
    assert svg.count("<text") == 6 + len(points)  # only the numbers of the axes are SVG text
    ends = [y for kind, _, y, _ in labels if kind == "name"]
    assert all(b - a >= 3.3 for a, b in zip(sorted(ends), sorted(ends)[1:]))  # labels never overlap


def test_the_chart_has_alt_text_in_the_tagged_pdf(rendered):
    """The tagged PDF's figure carries the chart's description (/Alt), read aloud instead of the picture."""
    reader = PdfReader(rendered[("journal", "diamant-finished")].path)
    alts = []

    def walk(node):
        node = node.get_object()
        if isinstance(node, dict):
            if node.get("/S") == "/Figure" and "/Alt" in node:
                alts.append(str(node["/Alt"]))
            kids = node.get("/K")
            for kid in kids if isinstance(kids, list) else [kids] if kids is not None else []:
                if hasattr(kid, "get_object"):
                    walk(kid)

    walk(reader.trailer["/Root"]["/StructTreeRoot"])
    assert any(alt.startswith("Line chart of each player's banked score") and "Chen 33" in alt for alt in alts), alts
