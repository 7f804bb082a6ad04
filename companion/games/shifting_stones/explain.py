"""Shifting Stones in sentences: outcomes, solver plans and ``replay`` reports (shared by CLI and TUI).

Every function takes a :class:`~companion.i18n.Translator`; numbers come out in the locale's digits.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from companion.games.shifting_stones.engine import BONUS, BONUS_CARD, PENALTY_LIMIT, Outcome, State
from companion.games.shifting_stones.messages import FACE_NAMES
from companion.games.shifting_stones.patterns import Cell, Grid, Pattern
from companion.games.shifting_stones.solver import Plan, Step, Turn, apply_step
from companion.i18n import Translator, isolating


def face(name: str, tr: Translator) -> str:
    return tr.gettext(FACE_NAMES[name]) if name in FACE_NAMES else name


def cell(at: Cell, tr: Translator) -> str:
    return tr.gettext("row {row}, column {col}", row=at[0], col=at[1])


LRI, FSI, PDI, LRM = "\u2066", "\u2068", "\u2069", "\u200e"
GREY_CELL = "."  # a grey stone in a pattern's small grid (ASCII: one cell wide in every terminal)


def pattern_text(pattern: Pattern | str, tr: Translator) -> str:
    """A pattern with face names in the reader's language (``*`` stays for a grey stone).

    Rows are written left to right in every language, like the grid.  Where isolates are honoured
    (the TUI, the PDFs) a right-to-left reader's pattern is kept left to right as a whole, each face
    isolated on its own (two Persian names side by side would otherwise swap places)."""
    text = pattern.text if isinstance(pattern, Pattern) else pattern
    ltr = tr.direction == "rtl" and isolating()

    def name(f: str) -> str:
        if f == "*":
            return "*"
        return FSI + face(f, tr) + PDI if ltr else face(f, tr)

    shown = " / ".join(" ".join(name(f) for f in row.split()) for row in text.split(" / "))
    return LRI + shown + PDI if ltr else shown


def text_width(text: str) -> int:
    """How many terminal cells ``text`` takes (wide CJK characters two, marks and controls none)."""
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Cf", "Mn", "Me")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pattern_cells(pattern: Pattern, tr: Translator) -> list[list[str]]:
    """A pattern's cells, row by row from the top and left to right: face names, ``.`` for grey."""
    return [[GREY_CELL if f is None else face(f, tr) for f in row] for row in pattern.rows]


def pattern_grid(pattern: Pattern, tr: Translator) -> list[str]:
    """A pattern as a small grid of plain text, one line a row, its columns left to right in every
    language (``| . | . | moon |``).

    For a right-to-left reader each line keeps that order in a terminal that does bidi: where
    isolates are honoured the line and each cell are isolated, elsewhere (the CLI) a left-to-right
    mark opens the line and stands before every ``|``, so that two Persian names never swap."""
    cells = pattern_cells(pattern, tr)
    width = max(text_width(c) for row in cells for c in row)

    rtl = tr.direction == "rtl"
    isolated = rtl and isolating()

    def pad(c: str) -> str:
        room = width - text_width(c)
        return " " * (room // 2) + (FSI + c + PDI if isolated else c) + " " * (room - room // 2)

    if isolated:
        return [LRI + "| " + " | ".join(pad(c) for c in row) + " |" + PDI for row in cells]
    bar = LRM + "|" if rtl else "|"
    return [bar + " " + f" {bar} ".join(pad(c) for c in row) + " " + bar for row in cells]


def pattern_block(pattern: Pattern, tr: Translator) -> list[str]:
    """A pattern's small grid under a sentence saying how it reads (``stones hint``)."""
    return [tr.gettext("The pattern, row by row from the top, each row from left to right:"),
            *pattern_grid(pattern, tr)]


def hand_block(cards: Sequence[tuple[Pattern, int]], tr: Translator) -> list[str]:
    """Each card of a hand (numbered from 1, as the plan names them) with its small grid."""
    lines = [tr.gettext("The cards, row by row from the top, each row from left to right:")]
    for number, (pattern, points) in enumerate(cards, 1):
        lines.append(tr.ngettext("Card {card}: {n} point", "Card {card}: {n} points", points, card=number))
        lines += pattern_grid(pattern, tr)
    return lines


def grid_lines(grid: Grid, tr: Translator) -> list[str]:
    return [tr.gettext("Row {row}: {faces}", row=r, faces=" | ".join(face(f, tr) for f in row))
            for r, row in enumerate(grid, 1)]


# -- outcomes ----------------------------------------------------------------------------------------
def outcome(state: State, result: Outcome, tr: Translator, with_breakdown: bool = True) -> list[str]:
    """Sentences for what one event did (``state`` is the state after it); the event that ends the game
    also says how the scores add up (:func:`breakdown`) unless ``with_breakdown`` is false."""
    lines: list[str] = []
    kind, player = result.kind, result.player
    if kind == "layout":
        lines.append(tr.gettext("The nine stones are laid out."))
    elif kind == "shift":
        a, b = result.cells
        lines.append(tr.gettext("{player} burns a card and swaps the stones at {a} and {b}.",
                                player=player, a=cell(a, tr), b=cell(b, tr)))
    elif kind == "flip":
        (at,) = result.cells
        lines.append(tr.gettext("{player} burns a card and flips the stone at {cell}: {before} becomes {after}.",
                                player=player, cell=cell(at, tr), before=face(result.faces[0], tr),
                                after=face(result.faces[1], tr)))
    elif kind == "score":
        assert result.pattern is not None and result.at is not None  # a score names its card and cell
        lines.append(tr.ngettext("{player} scores {pattern} for {n} point.",
                                 "{player} scores {pattern} for {n} points.",
                                 result.points, player=player, pattern=pattern_text(result.pattern, tr)))
        lines.append(tr.gettext("It matches with its top-left corner at {cell}.", cell=cell(result.at, tr)))
        if result.target_reached and not state.solo:
            if state.finish_round:
                lines.append(tr.ngettext(
                    "{player} has scored {n} card: the game ends when this round is complete.",
                    "{player} has scored {n} cards: the game ends when this round is complete.",
                    state.target, player=player))
            else:
                lines.append(tr.ngettext(
                    "{player} has scored {n} card: the game ends with this turn.",
                    "{player} has scored {n} cards: the game ends with this turn.", state.target, player=player))
    elif kind in ("end_turn", "pass"):
        lines.append(_turn_end(result, tr))
        if result.reshuffled:
            lines.append(tr.ngettext("The discard pile ({n} card) was shuffled to make a new deck.",
                                     "The discard pile ({n} cards) was shuffled to make a new deck.",
                                     result.reshuffled))
        if result.penalty:
            lines.append(tr.gettext("No card was scored this turn: penalty {count} of {limit}.",
                                    count=state.penalties, limit=PENALTY_LIMIT))
    if result.finished:
        lines += ending(state, tr) + (breakdown(state, tr) if with_breakdown else [])
    elif result.next_player and kind in ("end_turn", "pass", "layout"):
        lines.append(tr.gettext("Now it is {player}'s turn.", player=result.next_player))
    return lines


def ending(state: State, tr: Translator) -> list[str]:
    """How a finished game ended, in sentences (the result of a solo game, or the winners)."""
    if state.solo:
        if state.result == "won":
            return [tr.gettext("All 16 cards are scored: {player} wins the solo game!", player=state.players[0])]
        return [tr.gettext("That is the 4th penalty: {player} loses the solo game.", player=state.players[0])]
    winners = state.winners()
    score = state.score(state.players.index(winners[0]))
    if len(winners) == 1:
        return [tr.gettext("The game is over. {player} wins with {score}.", player=winners[0], score=score)]
    return [tr.gettext("The game is over. {players} share the win with {score} each.",
                       players=tr.join(winners), score=score)]


def breakdown(state: State, tr: Translator) -> list[str]:
    """How the final scores add up: card points and the bonus per player, who got the bonus and why, and
    the rule for a tie (solo: what was won or lost, and why)."""
    if state.solo:
        player, cards = state.players[0], len(state.scored[0])
        lines = [tr.gettext("Cards scored: {cards} of {total}; card points: {points}; penalties: {count} of {limit}.",
                            cards=cards, total=state.target, points=state.points(0), count=state.penalties,
                            limit=PENALTY_LIMIT)]
        if state.result == "won":
            lines.append(tr.gettext("{player} won: every card of the solo deck was scored before penalty {limit}.",
                                    player=player, limit=PENALTY_LIMIT))
        elif state.result == "lost":
            left = state.target - cards
            lines.append(tr.ngettext("{player} lost: penalty {limit} came with {n} card still to score.",
                                     "{player} lost: penalty {limit} came with {n} cards still to score.",
                                     left, player=player, limit=PENALTY_LIMIT))
        return lines
    seats = state.bonus_seats()
    lines = []
    for seat, player in enumerate(state.players):
        bonus = BONUS if seat in seats else 0
        lines.append(tr.gettext("{player}: cards scored {cards}, card points {points}, bonus {bonus}, total {score}.",
                                player=player, cards=len(state.scored[seat]), points=state.points(seat),
                                bonus=bonus, score=state.score(seat)))
    lines.append(bonus_reason(state, tr))
    winners = state.winners()
    if len(winners) > 1:
        lines.append(tr.gettext("{players} are tied on {score}: Shifting Stones breaks no tie, so every player "
                                "tied for the best score wins.", players=tr.join(winners),
                                score=state.score(state.players.index(winners[0]))))
    return lines


def bonus_reason(state: State, tr: Translator) -> str:
    """Who gets the bonus and why, ties included (multi-player games)."""
    seats = state.bonus_seats()
    if not seats:
        return tr.gettext("Nobody scored a {value}-point card, so nobody gets the {bonus}-point bonus.",
                          value=BONUS_CARD, bonus=BONUS)
    most = state.ones(seats[0])
    if len(seats) == 1:
        return tr.ngettext("{player} has the most {value}-point cards ({n}) and gets the {bonus}-point bonus.",
                           "{player} has the most {value}-point cards ({n}) and gets the {bonus}-point bonus.",
                           most, player=state.players[seats[0]], value=BONUS_CARD, bonus=BONUS)
    return tr.ngettext("{players} are tied for the most {value}-point cards ({n} each): "
                       "each of them gets the {bonus}-point bonus.",
                       "{players} are tied for the most {value}-point cards ({n} each): "
                       "each of them gets the {bonus}-point bonus.",
                       most, players=tr.join(state.players[i] for i in seats), value=BONUS_CARD, bonus=BONUS)


# -- the running log ---------------------------------------------------------------------------------
def short_cell(at: Cell, tr: Translator) -> str:
    """A cell as the grid labels it: ``1,2`` (row, column), in the reader's digits."""
    return tr.digits(f"{at[0]},{at[1]}")


def log_line(state: State, result: Outcome, tr: Translator) -> str:
    """One crisp line for the running log (``state``: the state right after the event)."""
    kind, player = result.kind, result.player
    if kind == "layout":
        return tr.gettext("The nine stones are laid out.")
    if kind == "shift":
        a, b = result.cells
        return tr.gettext("{player} burns a card and swaps stones {a} and {b}.",
                          player=player, a=short_cell(a, tr), b=short_cell(b, tr))
    if kind == "flip":
        (at,) = result.cells
        return tr.gettext("{player} burns a card and flips stone {cell}: {before} becomes {after}.",
                          player=player, cell=short_cell(at, tr), before=face(result.faces[0], tr),
                          after=face(result.faces[1], tr))
    if kind == "score":
        assert result.pattern is not None  # a score names its pattern
        if result.card:
            return tr.ngettext("{player} scores {card} ({pattern}) for {n} point.",
                               "{player} scores {card} ({pattern}) for {n} points.", result.points,
                               player=player, card=result.card, pattern=pattern_text(result.pattern, tr))
        return tr.ngettext("{player} scores {pattern} for {n} point.", "{player} scores {pattern} for {n} points.",
                           result.points, player=player, pattern=pattern_text(result.pattern, tr))
    if result.penalty:
        return _turn_end(result, tr) + " " + tr.gettext("No card was scored this turn: penalty {count} of {limit}.",
                                                        count=state.penalties, limit=PENALTY_LIMIT)
    return _turn_end(result, tr)


def _turn_end(result: Outcome, tr: Translator) -> str:
    """An end of turn or a pass and what it drew ("no card" rather than "0 cards")."""
    if result.kind == "pass":
        if not result.drawn:
            return tr.gettext("{player} passes and draws no card.", player=result.player)
        return tr.ngettext("{player} passes and draws {n} card.", "{player} passes and draws {n} cards.",
                           result.drawn, player=result.player)
    if not result.drawn:
        return tr.gettext("{player} ends the turn and draws no card.", player=result.player)
    return tr.ngettext("{player} ends the turn and draws {n} card.", "{player} ends the turn and draws {n} cards.",
                       result.drawn, player=result.player)


# -- replay report -----------------------------------------------------------------------------------
def report(state: State, tr: Translator) -> list[str]:
    """Where a game stands, for ``companion replay``."""
    lines: list[str] = []
    if state.solo:
        lines.append(title_line(state, tr))
    else:  # 2 to 5 players, 7 to 10 cards: plural in every language we have
        lines.append(tr.gettext("Shifting Stones, {count} players; the game ends at {target} scored cards.",
                                count=len(state.players), target=state.target))
    if state.grid is None:
        lines.append(tr.gettext("The stones have not been laid out yet."))
    else:
        lines += grid_lines(state.grid, tr)
    for seat, player in enumerate(state.players):
        lines.append(tr.ngettext(
            "{player}: score {score}; cards scored: {cards}, "
            "of them worth {value} point: {ones}; cards in hand: {hand}.",
            "{player}: score {score}; cards scored: {cards}, "
            "of them worth {value} points: {ones}; cards in hand: {hand}.",
            BONUS_CARD, player=player, score=state.score(seat), cards=len(state.scored[seat]), value=BONUS_CARD,
            ones=state.ones(seat), hand=state.hands[seat]))
    bonus = bonus_line(state, tr)
    if bonus and not state.finished:  # a finished game says who got it, and why, in its breakdown
        lines.append(bonus)
    lines.append(tr.gettext("Cards in the deck: {deck}; in the discard pile: {discard}.",
                            deck=state.deck, discard=state.discard))
    if state.solo:
        lines.append(tr.gettext("Penalties: {count} of {limit}.", count=state.penalties, limit=PENALTY_LIMIT))
    if state.finished:
        lines += ending(state, tr) + breakdown(state, tr)
    else:
        if state.end_triggered:
            if state.finish_round:
                lines.append(tr.gettext("The target has been reached: this is the last round."))
            else:
                lines.append(tr.gettext("The target has been reached: this is the last turn."))
        lines.append(tr.gettext("Now it is {player}'s turn.", player=state.player))
    return lines


def title_line(state: State, tr: Translator) -> str:
    """Which game this is: solo and whose, or how many players."""
    if state.solo:
        return tr.gettext("Shifting Stones, solo game of {player}.", player=state.players[0])
    return tr.ngettext("Shifting Stones for {n} player.", "Shifting Stones for {n} players.", len(state.players))


def target_line(state: State, tr: Translator) -> str:
    """When a multi-player game ends."""
    return tr.ngettext("The game ends when a player has scored {n} card.",
                       "The game ends when a player has scored {n} cards.", state.target)


def bonus_line(state: State, tr: Translator) -> str | None:
    """Who gets the bonus for the most bonus cards if the game ended now (``None``: nobody, or solo)."""
    seats = state.bonus_seats()
    if not seats:
        return None
    return tr.gettext("The {bonus}-point bonus for the most {value}-point cards goes to: {players}.",
                      bonus=BONUS, value=BONUS_CARD, players=tr.join(state.players[i] for i in seats))


# -- solver plans -----------------------------------------------------------------------------------
def _step_line(index: int, step: Step, grid: Grid, tr: Translator, cards: Sequence[tuple[Pattern, int]] | None) -> str:
    """``cards``: the hand a turn plan burns and scores from (``None`` for a one-pattern plan)."""
    if step.action == "shift":
        assert step.a is not None and step.b is not None  # a shift names both cells
        if step.burn is not None:
            assert cards is not None  # only a hand plan burns cards
            return tr.gettext("{index}. Burn card {card} ({pattern}) and swap the stones at {a} and {b}.",
                              index=index, card=step.burn + 1, pattern=pattern_text(cards[step.burn][0], tr),
                              a=cell(step.a, tr), b=cell(step.b, tr))
        return tr.gettext("{index}. Swap the stones at {a} and {b}.",
                          index=index, a=cell(step.a, tr), b=cell(step.b, tr))
    if step.action == "flip":
        assert step.at is not None  # a flip names its cell
        before = grid[step.at[0] - 1][step.at[1] - 1]
        after = apply_step(grid, step)[step.at[0] - 1][step.at[1] - 1]
        if step.burn is not None:
            assert cards is not None  # only a hand plan burns cards
            return tr.gettext("{index}. Burn card {card} ({pattern}) and flip the stone at {cell}: "
                              "{before} becomes {after}.",
                              index=index, card=step.burn + 1, pattern=pattern_text(cards[step.burn][0], tr),
                              cell=cell(step.at, tr), before=face(before, tr), after=face(after, tr))
        return tr.gettext("{index}. Flip the stone at {cell}: {before} becomes {after}.", index=index,
                          cell=cell(step.at, tr), before=face(before, tr), after=face(after, tr))
    assert cards is not None and step.card is not None and step.at is not None  # a hand plan's score
    pattern, points = cards[step.card]
    return tr.ngettext("{index}. Score card {card} ({pattern}, {n} point); its top-left corner is at {cell}.",
                       "{index}. Score card {card} ({pattern}, {n} points); its top-left corner is at {cell}.",
                       points, index=index, card=step.card + 1, pattern=pattern_text(pattern, tr),
                       cell=cell(step.at, tr))


def plan(grid: Grid, result: Plan | None, tr: Translator) -> list[str]:
    """The cheapest way to make one pattern match, step by step."""
    if result is None:
        return [tr.gettext("This pattern can never match: the nine stones cannot show it.")]
    if result.actions == 0:
        return [tr.gettext("The pattern matches already, with its top-left corner at {cell}.",
                           cell=cell(result.at, tr))]
    lines = [tr.gettext("The fewest paid actions: {count}. Each one burns a card.", count=result.actions)]
    for index, step in enumerate(result.steps, 1):
        lines.append(_step_line(index, step, grid, tr, None))
        grid = apply_step(grid, step)
    lines.append(tr.gettext("Then the pattern matches with its top-left corner at {cell}.", cell=cell(result.at, tr)))
    return lines


def turn(grid: Grid, result: Turn, cards: Sequence[tuple[Pattern, int]], tr: Translator) -> list[str]:
    """The best turn for a hand, step by step (cards are numbered from 1 in the order given)."""
    if not result.scored:
        return [tr.gettext("No card of this hand can be scored this turn, whatever you burn.")]
    lines = [tr.ngettext("The most this hand can score this turn: {n} point.",
                         "The most this hand can score this turn: {n} points.", result.points)]
    for index, step in enumerate(result.steps, 1):
        lines.append(_step_line(index, step, grid, tr, cards))
        grid = apply_step(grid, step)
    kept = [i for i in range(len(cards)) if i not in result.scored and i not in result.burned]
    if kept:
        lines.append(tr.ngettext("The card numbered {cards} stays in hand.", "The cards numbered {cards} stay in hand.",
                                 len(kept),
                                 cards=tr.join(tr.num(i + 1) for i in kept)))
    return lines
