"""Score pads (blank, several games per page) and the filled score sheet of a played game.

Pure HTML building; the sheet reads the journal through :func:`companion.session.replay` and uses
each game's ``summary(state)``.  The chart and the key moments come from :mod:`.chart`.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from companion.games import get
from companion.games.base import BoxPad, Column, Game, Pad, TablePad, TickSheet, Track, TrackPad, game_module
from companion.i18n import N_, Translator, translator
from companion.printing.chart import chart_html, score_chart_svg, score_points
from companion.printing.moments import key_moments
from companion.printing.pages import PAPER_MM, Page, document

# Texts used inside f-strings (Babel cannot see calls there), marked here for extraction.
TEXT = {
    "game": N_("Game:"),
    "date": N_("Date:"),
    "game_score_pad_printed_by_companion": N_("{game} score pad, printed by companion"),
    "sheet_footer": N_("{game} score sheet, printed by companion"),
    "winner": N_("(winner)"),
    "player": N_("Player"),
    "total": N_("Total"),
    "banked_score_after_each_round_or_turn": N_("Banked score after each round or turn"),
    "key_moments": N_("Key moments"),
    "after_turn": N_("After turn"),
    "after_round": N_("After round"),
}


def t(tr: Translator, key: str, **params: Any) -> str:
    """The translated, HTML-escaped text ``key``."""
    return escape(tr.gettext(TEXT[key], **params))


def _meta(tr: Translator) -> str:
    return (f'<div class="meta"><div>{t(tr, "game")} <span></span></div>'
            f'<div>{t(tr, "date")} <span></span></div></div>')


# -- blank score pads: each game's box pads (data in its package), drawn here -------------------------
def _cell(column: Column) -> str:
    if column.kind == "tally":
        return '<td class="tally">' + '<span class="tick"></span>' * column.boxes + "</td>"
    if column.kind == "track":
        return '<td class="track-cell">' + "".join(
            f'<span class="tick{" target" if n in dict(column.marks) else ""}"></span>'
            for n in range(1, column.boxes + 1)) + "</td>"
    return f'<td class="{column.kind}"></td>'


def _head(column: Column, tr: Translator) -> str:
    if column.kind != "track":
        return f'<th class="{column.kind}">{escape(column.head)}</th>'
    labels = dict(column.marks)
    numbers = "".join(f'<span class="n{" target" if n in labels else ""}">{escape(tr.num(n))}</span>'
                      for n in range(1, column.boxes + 1))
    return f'<th class="track-cell">{escape(column.head)}<br><span class="numbers">{numbers}</span></th>'


def box_pad_html(pad: BoxPad, tr: Translator) -> str:
    widths = [30.0] + [c.width for c in pad.columns]
    scale = min(1.0, 180.0 / sum(widths))  # fits the 182 mm between A4's and Letter's margins
    cols = "".join(f'<col style="width:{w * scale:.1f}mm">' for w in widths)
    head = f'<th class="player">{escape(pad.first)}</th>' + "".join(_head(c, tr) for c in pad.columns)
    rows = []
    names = [""] * (pad.rows - len(pad.prefilled)) + list(pad.prefilled)
    for name in names:
        rows.append(f'<tr><td class="player">{escape(name)}</td>' + "".join(_cell(c) for c in pad.columns) + "</tr>")
    return (f'<div class="pad">{_meta(tr)}<table class="boxes"><colgroup>{cols}</colgroup><thead><tr>{head}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table><p class="note">{escape(pad.note)}</p></div>')


def ticks_html(sheet: TickSheet, tr: Translator) -> str:
    """Rows of boxes to tick (numbered where asked, one marked), e.g. Shifting Stones' solo game."""
    rows = []
    for row in sheet.rows:
        boxes = "".join(f'<span class="box{" last" if n == row.marked else ""}">'
                        f'{escape(tr.num(n)) if row.numbered else ""}</span>' for n in range(1, row.boxes + 1))
        note = f'<span class="note">{escape(row.note)}</span>' if row.note else ""
        rows.append(f'<div class="track"><span>{escape(row.label)}</span>{boxes}{note}</div>')
    return f'<div class="pad solo"><h2>{escape(sheet.title)}</h2>{_meta(tr)}{"".join(rows)}</div>'


def game_pads(game: Game, tr: Translator) -> list[str]:
    """The pads of one printed page (as many as fit an A4 or Letter page): the game's own box pads
    (``companion/games/<id>/scorepad.py``, ``pads(tr)``) when it has them, else its ``score_pad()``."""
    module = game_module(game, "scorepad")
    if module is None:
        return [pad_html(pad, tr) for pad in game.score_pad().pads]
    return [box_pad_html(item, tr) if isinstance(item, BoxPad) else ticks_html(item, tr) for item in module.pads(tr)]


def _table(head: list[str], rows: int, total_last: bool = True, first: str = "") -> str:
    cells = "".join(f'<th class="{"total" if total_last and i == len(head) - 1 else ""}">{escape(h)}</th>'
                    for i, h in enumerate(head))
    cells = f'<th class="player">{escape(first)}</th>' + cells
    row = '<td></td>' + "".join(f'<td class="{"total" if total_last and i == len(head) - 1 else ""}"></td>'
                                for i in range(len(head)))
    return f'<table><thead><tr>{cells}</tr></thead><tbody>' + f"<tr>{row}</tr>" * rows + "</tbody></table>"


def _table_pad(pad: TablePad, tr: Translator) -> str:
    return (f'<div class="pad">{_meta(tr)}' + _table([c(tr) for c in pad.columns], pad.rows, first=pad.first(tr))
            + f'<p class="note">{escape(pad.note(tr))}</p></div>')


def _track(track: Track, tr: Translator) -> str:
    def box(n: int) -> str:
        last = " last" if track.numbered and n == track.boxes else ""
        return f'<span class="box{last}">{escape(tr.num(n)) if track.numbered else ""}</span>'

    note = f'<span class="note">{escape(track.note(tr))}</span>' if track.note else ""
    return (f'<div class="track"><span>{escape(track.label(tr))}</span>'
            + "".join(box(n) for n in range(1, track.boxes + 1)) + note + "</div>")


def _track_pad(pad: TrackPad, tr: Translator) -> str:
    return (f'<div class="pad solo"><h2>{escape(pad.title(tr))}</h2>{_meta(tr)}'
            + "".join(_track(track, tr) for track in pad.tracks) + "</div>")


def pad_html(pad: Pad, tr: Translator) -> str:
    return _table_pad(pad, tr) if isinstance(pad, TablePad) else _track_pad(pad, tr)


def footer(tr: Translator, game: Game, key: str = "game_score_pad_printed_by_companion") -> str:
    return f'<div class="running-footer">{t(tr, key, game=game.name(tr))}</div>'


def scorepad_page(game_id: str, locale: str, paper: str) -> Page:
    game = get(game_id)
    tr = translator(locale)
    title = tr.gettext("{game}: score pad", game=game.name(tr))
    pads = "".join(game_pads(game, tr))
    body = footer(tr, game) + f"<h1>{escape(title)}</h1>" + pads
    return Page(f"{game.id}-scorepad-{locale}-{paper}.pdf", "scorepad", locale, title,
                document(locale, title, body, "scorepad"), ("base", "scorepad"), paper)


# -- two-up: two A5 pads on one A4 (or Letter) sheet, cut along the middle ----------------------------
# (each half of a sheet, pages.PAPER_MM, is a landscape pad of the sheet's width and half its height)
CUT_MARK_MM = 8.0  # the cut marks: this long, in the side margins, on the line between the two pads


def two_up_page(game_id: str, locale: str, paper: str) -> Page:
    """The optional two-up score pad (issue 17 item 4): each sheet holds two copies of one of the
    game's pads, one in each half (A5 on A4; half-letter on Letter), with cut marks between them in
    the side margins; a game with several kinds of pad gets one sheet per kind."""
    game = get(game_id)
    tr = translator(locale)
    title = tr.gettext("{game}: score pad", game=game.name(tr))
    width, height = PAPER_MM[paper]
    half = height / 2
    sheets = []
    kinds = list(dict.fromkeys(game_pads(game, tr)))  # each kind of pad once, in the game's order
    together = getattr(game_module(game, "scorepad"), "TWO_UP_TOGETHER", False)
    for pad in ["".join(kinds)] if together else kinds:
        halves = "".join(
            f'<div class="half" style="top:{i * half:.2f}mm;height:{half:.2f}mm"><h1>{escape(title)}</h1>{pad}'
            f'<div class="half-footer">{t(tr, "game_score_pad_printed_by_companion", game=game.name(tr))}</div></div>'
            for i in range(2))
        marks = "".join(f'<div class="cut {side}" style="top:{half:.2f}mm;width:{CUT_MARK_MM:.1f}mm"></div>'
                        for side in ("left", "right"))
        sheets.append(f'<div class="two-up" style="width:{width:.1f}mm;height:{height:.1f}mm">{halves}{marks}</div>')
    return Page(f"{game.id}-scorepad-2up-{locale}-{paper}.pdf", "scorepad", locale, title,
                document(locale, title, "".join(sheets), "scorepad-2up"), ("base", "scorepad"), paper)


_SAFE_STEM = re.compile(r"[^A-Za-z0-9_\-]+")


def sheet_name(journal_path: str | Path, locale: str, paper: str) -> str:
    stem = _SAFE_STEM.sub("-", Path(journal_path).stem).strip("-")[:60] or "game"
    return f"{stem}-sheet-{locale}-{paper}.pdf"


def edition_name(game: Game, header: Any, tr: Translator) -> str:
    """The name of the edition the game was played with ("Incan Gold"), else the game's name."""
    from companion.games.base import preset_of

    preset = preset_of(game, header)
    return preset.name(tr) if preset is not None else game.name(tr)


def breakdown(game: Game, final: Any, summary: dict[str, Any],
              tr: Translator) -> tuple[list[str], dict[str, list[int]]]:
    """What each total is made of, as the game counts it: column heads and each player's numbers
    (the total last).  Chest and relics (Diamant), card points and bonus (Shifting Stones), stars,
    abilities and busts (Death Valley: fewer busts breaks a tie)."""
    scores: dict[str, int] = dict(summary["scores"])
    players = list(scores)
    module = game_module(game, "scorepad")
    if module is None or not hasattr(module, "breakdown"):
        return [tr.gettext("Total")], {p: [scores[p]] for p in players}
    heads, rows = module.breakdown(final, summary, players, tr)
    heads.append(tr.gettext("Total"))
    for p in players:
        rows[p].append(scores[p])
    return heads, rows


def breakdown_table(game: Game, final: Any, summary: dict[str, Any], winners: set[str], tr: Translator) -> str:
    heads, rows = breakdown(game, final, summary, tr)
    head = f'<th class="player">{t(tr, "player")}</th>' + "".join(
        f'<th class="{"total" if i == len(heads) - 1 else ""}">{escape(h)}</th>' for i, h in enumerate(heads))
    body = []
    for player, numbers in rows.items():
        mark = f' <span class="winner">{t(tr, "winner")}</span>' if player in winners else ""
        cells = "".join(f'<td class="{"total" if i == len(numbers) - 1 else ""}">{escape(tr.num(v))}</td>'
                        for i, v in enumerate(numbers))
        body.append(f'<tr><td class="player any">{escape(game.player_name(player, tr))}{mark}</td>{cells}</tr>')
    return (f'<table class="breakdown"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def journal_page(journal_path: str | Path, locale: str, paper: str) -> Page:
    """The filled score sheet of the game in ``journal_path``: the edition, the scores and what they
    are made of, a chart, the key moments."""
    from companion.journal import read_journal
    from companion.session import replay

    tr = translator(locale)
    journal = read_journal(journal_path)
    header = journal.header
    game = get(header.game)
    final, steps = replay(journal)
    summary = game.summary(final)
    points = score_points(game, steps, final)
    players = list(summary["scores"])
    winners = set(summary.get("winners") or [])
    edition = edition_name(game, header, tr)
    title = tr.gettext("{game}: score sheet", game=edition)

    table = score_tables(points, players, summary["scores"], winners, game, tr)
    status = (tr.gettext("The game is over.") if summary.get("finished")
              else tr.gettext("The game is not finished; these are the scores so far."))
    meta = []
    if game.name(tr) not in edition:
        meta.append(tr.gettext("Game: {game}, edition: {edition}", game=game.name(tr), edition=edition))
    meta.append(tr.gettext("Players: {players}", players=tr.join(game.player_name(p, tr) for p in header.players)))
    if header.started:
        meta.append(tr.gettext("Started: {date}", date=started_text(header.started, tr)))
    names = {p: game.player_name(p, tr) for p in players}
    by_round = any(label[0] == "round" for label, _ in points)
    x_title = tr.gettext("Round") if by_round else tr.gettext("Turn")
    y_title = tr.gettext("Score")
    finals = [tr.gettext("{player} {score}", player=names[p], score=summary["scores"][p]) for p in players]
    description = tr.gettext("Line chart of each player's banked score after each round or turn: {scores}.",
                             scores=tr.join(finals))
    moments = moments_html(key_moments(game, steps, summary, tr))

    def body(chart_height: int) -> str:
        svg, labels = score_chart_svg(points, players, tr, height=chart_height, names=names, x_title=x_title,
                                      y_title=y_title, description=description)
        chart = chart_html(svg, labels, 170, chart_height)
        return (footer(tr, game, "sheet_footer") + f"<h1>{escape(title)}</h1>"
                + "".join(f'<p class="note any">{escape(line)}</p>' for line in meta)
                + f"<p>{escape(status)}</p>" + breakdown_table(game, final, summary, winners, tr) + table
                + f'<h2>{t(tr, "banked_score_after_each_round_or_turn")}</h2>'
                + f'<figure class="chart" aria-label="{escape(description, quote=True)}">{chart}'
                f'<figcaption class="alt">{escape(description)}</figcaption></figure>'
                + f'<h2>{t(tr, "key_moments")}</h2>{moments}')

    # The chart as tall as the page allows (Letter is 18 mm shorter); lower ones are the alternates the
    # renderer takes when the sheet would end on a nearly empty page (a long game's last key moments).
    heights = CHART_HEIGHTS[paper if paper in CHART_HEIGHTS else "a4"]
    html, *alternates = (document(locale, title, body(h), "journal") for h in heights)
    return Page(sheet_name(journal_path, locale, paper), "journal", locale, title, html, ("base", "scorepad"),
                paper, alternates=tuple(alternates))


CHART_HEIGHTS = {"a4": (62, 50, 40), "letter": (54, 44, 36)}
"""Chart heights of a filled sheet in mm, the preferred first."""


def moments_html(moments: list[tuple[str, str]]) -> str:
    """A numbered list, or a two-column table when the moments carry their turn ("Turn 7", "End")."""
    if not any(when for when, _ in moments):
        return '<ol class="moments">' + "".join(f"<li>{escape(text)}</li>" for _, text in moments) + "</ol>"
    rows = "".join(f'<tr><td class="when">{escape(when)}</td><td class="any">{escape(text)}</td></tr>'
                   for when, text in moments)
    return f'<table class="moments-table"><tbody>{rows}</tbody></table>'


TURNS_PER_TABLE = 10


def chunks(count: int, size: int | None = None) -> list[range]:
    """``range(count)`` cut into near-equal pieces of at most ``size`` (default ``TURNS_PER_TABLE``):
    29 -> 10, 10, 9."""
    size = size or TURNS_PER_TABLE
    if count <= 0:
        return [range(0)]
    parts = -(-count // size)
    base, extra = divmod(count, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + base + (1 if i < extra else 0)
        out.append(range(start, end))
        start = end
    return out


def score_tables(points: list, players: list[str], totals: dict[str, int], winners: set[str], game: Game,
                 tr: Translator) -> str:
    """The banked scores after each round or turn as tables of at most ``TURNS_PER_TABLE`` columns
    (each with the player column; the total column on the last one), so that a long game fits the page.
    Columns have fixed widths (scorepad.css), so the pieces line up and the widest fits A4 and Letter."""
    pieces = chunks(len(points))
    tables = []
    for index, part in enumerate(pieces):
        last = index == len(pieces) - 1
        top, numbers = _heading(points, part, tr)
        top += f'<th class="total" rowspan="2">{t(tr, "total")}</th>' if last else ""
        rows = []
        for player in players:
            cells = "".join(f"<td>{escape(tr.num(points[i][1].get(player, 0)))}</td>" for i in part)
            if last:
                cells += f'<td class="total">{escape(tr.num(totals[player]))}</td>'
            mark = f' <span class="winner">{t(tr, "winner")}</span>' if player in winners else ""
            rows.append(f'<tr><td class="player any">{escape(game.player_name(player, tr))}{mark}</td>{cells}</tr>')
        tables.append(f'<table class="filled"><thead><tr><th class="player" rowspan="2">{t(tr, "player")}</th>'
                      f'{top}</tr><tr>{numbers}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return "".join(tables)


def _heading(points: list, part: range, tr: Translator) -> tuple[str, str]:
    """Two header rows for the columns in ``part``: "After turn" (or round) spanning the numbers below
    it, and the numbers; the final "End" column takes both rows.  Short numbers keep narrow columns
    readable in every script."""
    top, numbers = [], []
    i = part.start
    while i < part.stop:
        kind = points[i][0][0]
        if kind in ("end", "now"):
            top.append(f'<th rowspan="2">{escape(label_text(points[i][0], tr))}</th>')
            i += 1
            continue
        j = i
        while j < part.stop and points[j][0][0] == kind:
            numbers.append(f"<th>{escape(tr.num(points[j][0][1]))}</th>")
            j += 1
        key = "after_round" if kind == "round" else "after_turn"
        top.append(f'<th colspan="{j - i}">{t(tr, key)}</th>')
        i = j
    return "".join(top), "".join(numbers)


def started_text(started: str, tr: Translator) -> str:
    """The journal's start time as the locale writes dates (the raw text if it is not ISO)."""
    from datetime import datetime

    from babel.dates import format_datetime

    try:
        when = datetime.fromisoformat(str(started).replace("Z", "+00:00"))
        if tr.locale == "fa":  # Persian readers date by the Solar Hijri calendar; Gregorian beside it
            import jdatetime  # type: ignore[import-untyped]  # (no type information shipped)

            solar = jdatetime.datetime.fromgregorian(datetime=when, locale="fa_IR")
            text = f"{solar.day} {solar.strftime('%B')} {solar.year}، {when:%H:%M} ({when:%Y/%m/%d})"
            return tr.digits(text)
        return tr.digits(format_datetime(when, "medium", locale=tr.babel_locale))
    except (ValueError, TypeError, LookupError):
        return tr.digits(str(started)[:40])


def label_text(label: tuple[str, int], tr: Translator) -> str:
    kind, n = label
    if kind == "round":
        return tr.gettext("Round {n}", n=n)
    if kind == "turn":
        return tr.gettext("Turn {n}", n=n)
    if kind == "now":
        return tr.gettext("So far")
    return tr.gettext("End")


def chart_colors(n: int) -> list[str]:  # kept for callers of the first edition
    from companion.printing.chart import COLORS

    return [COLORS[i % len(COLORS)] for i in range(n)]
