"""Filled score sheets (``companion export --journal``) of Shifting Stones and Death Valley games: the
PDFs name the players, their final scores and the winners, and every page's text stays on the page."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.i18n import translator
from companion.journal import read_journal
from companion.printing import scorepad
from companion.printing.export import Job, Renderer, export
from companion.session import replay

ROOT = Path(__file__).resolve().parents[2]
STONES = ROOT / "tests" / "shifting_stones" / "journals"
VALLEY = ROOT / "tests" / "death_valley" / "journals"
MINE = ROOT / "tests" / "printing" / "journals"
ZWNJ = "\u200c"

SHEETS = {
    "stones-2p": (STONES / "two-players.jsonl", "en", "a4"),
    "stones-solo-win": (STONES / "solo-win.jsonl", "fa", "a4"),
    "stones-solo-lost": (MINE / "stones-solo-lost.jsonl", "zh_Hant", "letter"),
    "valley-standard-fa": (VALLEY / "standard.jsonl", "fa", "a4"),
    "valley-standard-en": (VALLEY / "standard.jsonl", "en", "letter"),
    "valley-solo": (VALLEY / "solo.jsonl", "zh_Hans", "a4"),
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets")
    found = {}
    for key, (journal, locale, paper) in SHEETS.items():
        [result] = export([Job("journal", "", locale, paper, str(journal))], out / key, workers=1)
        assert result.error is None, result.error
        found[key] = result
    return found


def summary_of(journal: Path) -> dict:
    from companion.games import get

    parsed = read_journal(journal)
    final, _ = replay(parsed)
    return get(parsed.header.game).summary(final)


def text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages).replace(ZWNJ, "")


def text_outside(reader: PdfReader) -> list[tuple[int, float, float, str]]:
    """Every piece of text whose start lies outside its page's media box: ``(page, x, y, text)``."""
    outside = []
    for number, page in enumerate(reader.pages, 1):
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)

        def visit(txt, cm, tm, font, size, number=number, x0=x0, x1=x1, y0=y0, y1=y1):
            if not txt.strip():
                return
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            if not (x0 - 0.5 <= x <= x1 + 0.5 and y0 - 0.5 <= y <= y1 + 0.5):
                outside.append((number, round(x), round(y), txt.strip()[:20]))

        page.extract_text(visitor_text=visit)
    return outside


def pieces(reader: PdfReader) -> list[tuple[int, float, str]]:
    """Every text piece drawn: ``(page, baseline y, text)``."""
    found = []
    for number, page in enumerate(reader.pages):
        def visit(txt, cm, tm, font, size, number=number):
            if txt.strip():
                found.append((number, tm[4] * cm[1] + tm[5] * cm[3] + cm[5], txt.strip().replace(ZWNJ, "")))

        page.extract_text(visitor_text=visit)
    return found


def rows_of(reader: PdfReader, name: str) -> list[list[str]]:
    """The lines (pieces within 3 pt of the same baseline) whose first piece is ``name``: the player's
    rows in the score tables (a key moment's line starts with its turn)."""
    drawn = pieces(reader)
    rows = []
    for page, y, txt in drawn:
        if txt == name or txt.startswith(name + " "):
            row = [t for p, yy, t in drawn if p == page and abs(yy - y) < 3]
            if row[0] == txt:
                rows.append(row)
    return rows


def shown(number: str, row: list[str]) -> bool:
    """``number`` is one of the row's pieces.  (pypdf returns a run of Persian digits in drawing order,
    right to left, so it is also looked for reversed.)"""
    return number in row or number[::-1] in row


@pytest.mark.parametrize("key", list(SHEETS))
def test_players_final_scores_and_winners(sheets, key):
    journal, locale, paper = SHEETS[key]
    tr = translator(locale)
    summary = summary_of(journal)
    assert summary["finished"] and summary["scores"]
    reader = PdfReader(sheets[key].path)
    mark = tr.gettext("(winner)").strip("()（）")
    numbers = {tr.num(n) for n in range(200)}
    for player, score in summary["scores"].items():
        name = tr.gettext("Robot") if player == "robot" else player
        # The player's rows in the score tables: the name, then the score cells.
        rows = [row for row in rows_of(reader, name)
                if sum(1 for piece in row if piece in numbers or piece[::-1] in numbers) >= 2]
        assert len(rows) >= 1, name
        for row in rows:
            assert any(mark in piece for piece in row) == (player in summary["winners"]), (name, row)
        # The last table ends with the total: the final score of the game.
        assert shown(tr.num(score), rows[-1]), (name, rows[-1])
    assert tr.gettext("The game is over.") in text(reader)


def test_known_results_in_the_sheets(sheets):
    en = text(PdfReader(sheets["stones-2p"].path))
    assert "The game is over. Ava and Ben share the win with 18 each." in en
    assert "Ava scored 3 cards for 6 points: tree / bird, sun, and sun horse." in en
    assert "A card worth" not in en
    fa = text(PdfReader(sheets["stones-solo-win"].path))
    tr = translator("fa")
    # pypdf reorders a Persian line around a Latin name and digits: look for the Persian runs between them.
    sentence = tr.gettext("All 16 cards are scored: {player} wins the solo game!", player="Mina")
    for run in re.split(r"[:!۰-۹]|Mina", sentence.replace(ZWNJ, "")):
        assert not run.strip() or run.strip() in fa, run
    assert "30" not in fa and "۳۰" in fa  # the total, in Persian digits
    zh = text(PdfReader(sheets["stones-solo-lost"].path))
    tr = translator("zh_Hant")
    assert tr.gettext("That is the 4th penalty: {player} loses the solo game.", player="Mina") in zh
    assert tr.gettext("No card was scored this turn: penalty {count} of {limit}.", count=4, limit=4) in zh
    valley = text(PdfReader(sheets["valley-standard-en"].path))
    assert "Ava and Ben tied with 7 points and the same number of busts (1): they share the win." in valley
    assert "Ben busted on heat (bust number 1): Heat 3 went to the discard pile." in valley


@pytest.mark.parametrize("key", list(SHEETS))
def test_every_text_stays_on_the_page(sheets, key):
    reader = PdfReader(sheets[key].path)
    assert text_outside(reader) == []
    width = {"a4": 595, "letter": 612}[SHEETS[key][2]]
    assert all(round(float(page.mediabox[2])) == width for page in reader.pages)


def test_the_last_turn_and_the_total_are_printed(sheets):
    """Death Valley's standard game has 29 turns: all of them (and the total) are in the tables."""
    parsed = read_journal(VALLEY / "standard.jsonl")
    _, steps = replay(parsed)
    turns = sum(1 for s in steps if s.event["event"] in ("travel", "rest", "robot", "end_turn"))
    for key, locale in (("valley-standard-en", "en"), ("valley-standard-fa", "fa")):
        tr = translator(locale)
        words = text(PdfReader(sheets[key].path))
        assert tr.gettext("After turn") in words and tr.gettext("Total") in words
        assert words.count(tr.gettext("After turn")) == -(-turns // scorepad.TURNS_PER_TABLE)
        assert tr.num(turns) in words


@pytest.mark.parametrize("locale, side", [("en", "right"), ("fa", "left")])
def test_the_on_page_check_sees_a_table_that_runs_off(tmp_path, locale, side):
    """The check above is not vacuous: a table wider than the page (as the 29-turn table once was) is
    caught, past the right edge in English and past the left edge in Persian."""
    from companion.printing.pages import Page, document

    cells = "".join(f'<td style="width:14mm">{n}</td>' for n in range(1, 31))
    body = f'<table style="table-layout:fixed;width:420mm"><tr>{cells}</tr></table>'
    page = Page(f"wide-{locale}.pdf", "journal", locale, "Wide", document(locale, "Wide", body, "journal"),
                ("base", "scorepad"), "a4")
    Renderer().render(page, tmp_path / page.name)
    outside = text_outside(PdfReader(tmp_path / page.name))
    assert outside
    assert all((x < 0) if side == "left" else (x > 595) for _, x, _, _ in outside)


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002])
def test_pdfs_get_ordinary_file_permissions(tmp_path, umask):
    page = scorepad.scorepad_page("death_valley", "en", "a4")
    target = tmp_path / page.name
    old = os.umask(umask)
    try:
        Renderer().render(page, target)  # the mode is decided when the file is written
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == [page.name]  # no temporary file left behind


@pytest.mark.parametrize(("locale", "paper"), [("fa", "a4"), ("zh_Hant", "letter")])
def test_a_long_game_does_not_end_on_a_nearly_empty_page(tmp_path, locale, paper, monkeypatch):
    """A 29-turn Death Valley game: its key moments ran one line onto a second page; the sheet is laid
    out again with a lower chart (its alternates) and fits one page.  Without the alternates it spills."""
    journal = Path(__file__).resolve().parents[1] / "death_valley" / "journals" / "standard.jsonl"
    job = Job("journal", "", locale, paper, str(journal))
    [fitted] = export([job], tmp_path / "fitted", workers=1)
    assert fitted.error is None and fitted.path is not None
    assert len(PdfReader(fitted.path).pages) == 1

    build = scorepad.journal_page
    monkeypatch.setattr(scorepad, "journal_page", lambda *a, **k: replace_alternates(build(*a, **k)))
    [plain] = export([job], tmp_path / "plain", workers=1)
    assert plain.path is not None and len(PdfReader(plain.path).pages) == 2


def replace_alternates(page):
    from dataclasses import replace

    return replace(page, alternates=())
