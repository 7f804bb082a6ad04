"""Score pads (blank, several games per page) and the filled score sheet of a played game.

Pure HTML building; the sheet reads the journal through :func:`companion.session.replay` and uses
each game's ``summary(state)``.  The chart and the key moments come from :mod:`.chart`.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from companion.i18n import N_, Translator, translator
from companion.printing.chart import score_chart_svg, score_points
from companion.printing.moments import key_moments
from companion.printing.pages import Page, document, game_name

# Texts used inside f-strings (Babel cannot see calls there), marked here for extraction.
TEXT = {
    "game": N_("Game:"),
    "date": N_("Date:"),
    "for_3_to_8_explorers_after_each_round_wr": N_("For 3 to 8 explorers. After each round write the gems each explorer put in their chest; add the relics at the end."),
    "each_player_tied_for_the_most_1_point_ca": N_("Each player tied for the most 1-point cards gets a bonus of 3 points (none if nobody has one)."),
    "solo_game": N_("Solo game"),
    "penalties": N_("Penalties:"),
    "the_fourth_penalty_loses_the_game": N_("The fourth penalty loses the game."),
    "cards_scored_out_of_16": N_("Cards scored (out of 16):"),
    "in_a_solo_game_the_third_row_is_the_robo": N_("In a solo game the third row is the robot. A tie goes to the player with fewer busts."),
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


def t(tr: Translator, key: str, **params) -> str:
    """The translated, HTML-escaped text ``key``."""
    return escape(tr.gettext(TEXT[key], **params))


PADS_PER_PAGE = {"diamant": 3, "shifting_stones": 3, "death_valley": 5}


def _meta(tr: Translator) -> str:
    return (f'<div class="meta"><div>{t(tr, "game")} <span></span></div>'
            f'<div>{t(tr, "date")} <span></span></div></div>')


def _table(head: list[str], rows: int, total_last: bool = True, first: str = "") -> str:
    cells = "".join(f'<th class="{"total" if total_last and i == len(head) - 1 else ""}">{escape(h)}</th>'
                    for i, h in enumerate(head))
    cells = f'<th class="player">{escape(first)}</th>' + cells
    row = '<td></td>' + "".join(f'<td class="{"total" if total_last and i == len(head) - 1 else ""}"></td>'
                                for i in range(len(head)))
    return f'<table><thead><tr>{cells}</tr></thead><tbody>' + f"<tr>{row}</tr>" * rows + "</tbody></table>"


def _diamant_pad(tr: Translator) -> str:
    head = [tr.gettext("Round {n}", n=n) for n in range(1, 6)] + [tr.gettext("Relics"), tr.gettext("Total")]
    return (_meta(tr) + _table(head, 8, first=tr.gettext("Explorer"))
            + f'<p class="note">{t(tr, "for_3_to_8_explorers_after_each_round_wr")}</p>')


def _stones_pad(tr: Translator) -> str:
    head = [tr.gettext("Card points"), tr.gettext("1-point cards"), tr.gettext("Bonus"), tr.gettext("Total")]
    return (_meta(tr) + _table(head, 5, first=tr.gettext("Player"))
            + f'<p class="note">{t(tr, "each_player_tied_for_the_most_1_point_ca")}</p>')


def _stones_solo(tr: Translator) -> str:
    boxes = "".join(f'<span class="box{" last" if n == 4 else ""}">{escape(tr.num(n))}</span>' for n in range(1, 5))
    return (f'<div class="pad solo"><h2>{t(tr, "solo_game")}</h2>{_meta(tr)}'
            f'<div class="track"><span>{t(tr, "penalties")}</span>{boxes}'
            f'<span class="note">{t(tr, "the_fourth_penalty_loses_the_game")}</span></div>'
            f'<div class="track"><span>{t(tr, "cards_scored_out_of_16")}</span>'
            f'<span class="box"></span><span class="box"></span></div></div>')


def _valley_pad(tr: Translator) -> str:
    head = [tr.gettext("Journey stars"), tr.gettext("Ability points"), tr.gettext("Busts"), tr.gettext("Total")]
    return (_meta(tr) + _table(head, 3, first=tr.gettext("Player"))
            + f'<p class="note">{t(tr, "in_a_solo_game_the_third_row_is_the_robo")}</p>')


_PADS = {"diamant": _diamant_pad, "shifting_stones": _stones_pad, "death_valley": _valley_pad}


def footer(tr: Translator, game: str, key: str = "game_score_pad_printed_by_companion") -> str:
    return f'<div class="running-footer">{t(tr, key, game=game_name(game, tr))}</div>'


def scorepad_page(game: str, locale: str, paper: str) -> Page:
    tr = translator(locale)
    title = tr.gettext("{game}: score pad", game=game_name(game, tr))
    pads = "".join(f'<div class="pad">{_PADS[game](tr)}</div>' for _ in range(PADS_PER_PAGE[game]))
    if game == "shifting_stones":
        pads = "".join(f'<div class="pad">{_PADS[game](tr)}</div>' for _ in range(2)) + _stones_solo(tr)
    body = footer(tr, game) + f"<h1>{escape(title)}</h1>" + pads
    return Page(f"{game}-scorepad-{locale}-{paper}.pdf", "scorepad", locale, title,
                document(locale, title, body, "scorepad"), ("base", "scorepad"), paper)


_SAFE_STEM = re.compile(r"[^A-Za-z0-9_\-]+")


def sheet_name(journal_path: str | Path, locale: str, paper: str) -> str:
    stem = _SAFE_STEM.sub("-", Path(journal_path).stem).strip("-")[:60] or "game"
    return f"{stem}-sheet-{locale}-{paper}.pdf"


def journal_page(journal_path: str | Path, locale: str, paper: str) -> Page:
    """The filled score sheet of the game in ``journal_path``: scores, a chart, the key moments."""
    from companion.games import game_module
    from companion.journal import read_journal
    from companion.session import replay

    tr = translator(locale)
    journal = read_journal(journal_path)
    header = journal.header
    game = header.game
    final, steps = replay(journal)
    module = game_module(game)
    summary = module.summary(final)
    points = score_points(game, module, steps, final)
    players = list(summary["scores"])
    winners = set(summary.get("winners") or [])
    name = game_name(game, tr)
    title = tr.gettext("{game}: score sheet", game=name)

    table = score_tables(points, players, summary["scores"], winners, tr)
    status = (tr.gettext("The game is over.") if summary.get("finished")
              else tr.gettext("The game is not finished; these are the scores so far."))
    meta = [tr.gettext("Players: {players}", players=tr.join(player_label(p, tr) for p in header.players))]
    if header.started:
        meta.append(tr.gettext("Started: {date}", date=started_text(header.started, tr)))
    meta.append(tr.gettext("Events played: {n}", n=len(steps)))
    chart = score_chart_svg(points, players, tr, height=58 if paper == "a4" else 50)  # Letter is 18 mm shorter
    legend = "".join(f'<span class="legend-item any"><svg width="14" height="6"><rect width="14" height="6" fill="{color}"/></svg> '
                     f'{escape(player_label(p, tr))}</span> ' for p, color in zip(players, chart_colors(len(players))))
    moments = moments_html(key_moments(game, steps, summary, tr))
    body = (footer(tr, game, "sheet_footer") + f"<h1>{escape(title)}</h1>"
            + "".join(f'<p class="note">{escape(line)}</p>' for line in meta)
            + f"<p>{escape(status)}</p>" + table
            + f'<h2>{t(tr, "banked_score_after_each_round_or_turn")}</h2>'
            + f'<div class="chart">{chart}</div><p class="legend">{legend}</p>'
            + f'<h2>{t(tr, "key_moments")}</h2>{moments}')
    return Page(sheet_name(journal_path, locale, paper), "journal", locale, title,
                document(locale, title, body, "journal"), ("base", "scorepad"), paper)


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


def score_tables(points: list, players: list[str], totals: dict[str, int], winners: set[str],
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
            rows.append(f'<tr><td class="player any">{escape(player_label(player, tr))}{mark}</td>{cells}</tr>')
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
        if kind == "end":
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
        return tr.digits(format_datetime(when, "medium", locale=tr.babel_locale))
    except (ValueError, TypeError, LookupError):
        return tr.digits(str(started)[:40])


def label_text(label: tuple[str, int], tr: Translator) -> str:
    kind, n = label
    if kind == "round":
        return tr.gettext("Round {n}", n=n)
    if kind == "turn":
        return tr.gettext("Turn {n}", n=n)
    return tr.gettext("End")


def player_label(player: str, tr: Translator) -> str:
    return tr.gettext("Robot") if player == "robot" else player


def chart_colors(n: int) -> list[str]:
    from companion.printing.chart import COLORS

    return [COLORS[i % len(COLORS)] for i in range(n)]
