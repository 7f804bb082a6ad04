"""The Shifting Stones engine: pure functions over immutable states (spec/shifting-stones.md).

What the companion tracks, and the choices it makes where the rules leave room:

* **Cards are counted, not identified.**  The deck is physical; the engine knows only how many cards
  are in each hand, the deck and the discard pile.  A ``score`` may name its library card
  (``"card": "ss07"``): a card named once is refused when named again in the same game, by anyone
  (ids compare without case; a score without ``card`` is never checked this way).  Every player
  starts with 4 cards dealt from the full deck (72 cards in a multi-player game, the 16 chosen cards
  in solo), so the deck starts at ``72 - 4 × players`` (or 12).  Burned cards go to the discard
  pile; scored cards leave play for good.  When a draw finds the deck empty, the whole discard pile
  is shuffled into a new deck and the draw goes on; with both empty the hand simply stays short.
* **A turn** is either a ``pass`` (draw 2 cards, never beyond 6 in hand; it ends the turn at once) or
  any number of ``shift``/``flip``/``score`` actions followed by ``end_turn`` (draw back up to 4).
  Ending a turn without any action is allowed ("any number" includes none).  A pass is rejected after
  an action in the same turn and on a player's next turn after a pass.
* **Layout** sets the grid; it must show exactly the nine tiles.  It is needed before any action and
  may be entered again later as a correction of the table (it costs nothing and changes no turn).
* **End (multi):** once a player has scored the target (10/9/8/7 cards for 2/3/4/5 players) the game
  ends at the end of that turn, or, with ``finish_round`` (the default), at the end of the round: when
  the turn passes back to the first player.  Score = points + 3 for each player tied for the most
  1-point cards (when anyone has one); all players tied for the best score win.
* **Solo:** a turn that ends without a scored card (a pass included) gives a penalty; the 4th penalty
  loses.  Scoring the 16th card wins at once.  The score shown is the sum of points (the 1-point bonus
  is a contest between players, so it does not apply).  A solo deck holds 8 × 1, 4 × 2, 3 × 3 and
  1 × 5 points: a score beyond those counts is rejected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import EventError, RuleError
from companion.games.fastcopy import replacer
from companion.games.shifting_stones.patterns import (
    Cell,
    Grid,
    adjacent,
    check_tile_set,
    flip,
    parse_grid,
    parse_pattern,
    swap,
)

if TYPE_CHECKING:
    from companion.journal import Header

GAME = "shifting_stones"
RULESETS = ("shifting_stones",)
MODES = ("multi", "solo")
TARGETS = {2: 10, 3: 9, 4: 8, 5: 7}
DECK_MULTI = 72
SOLO_DECK = {1: 8, 2: 4, 3: 3, 5: 1}  # points -> cards in the solo deck (16 in all)
DECK_SOLO = sum(SOLO_DECK.values())
HAND = 4          # a hand is refilled up to this many cards at the end of a turn
HAND_MAX = 6      # a pass never takes a hand beyond this
PASS_DRAW = 2
PENALTY_LIMIT = 4  # the 4th penalty loses a solo game
BONUS = 3         # for the most 1-point cards
BONUS_CARD = 1    # the bonus counts the cards worth this many points
POINTS = range(1, 6)  # the values printed on pattern cards
OPTIONS = {"finish_round": True}
EVENTS = ("layout", "shift", "flip", "score", "end_turn", "pass")



@dataclass(frozen=True)
class ScoredCard:
    pattern: str  # canonical pattern notation
    points: int
    card: str | None = None  # the library card's id, when the journal names it


@dataclass(frozen=True)
class State:
    """Where a game stands.  Per-player tuples follow seat order (``players``)."""

    ruleset: str
    mode: str                                  # "multi" | "solo"
    players: tuple[str, ...]
    finish_round: bool
    target: int                                # cards that end the game (solo: all 16)
    deck_total: int                            # 72, or 16 in solo
    hands: tuple[int, ...]                     # cards in each hand
    deck: int                                  # cards in the draw pile
    discard: int = 0                           # burned cards (face up)
    grid: Grid | None = None                   # None until the layout
    current: int = 0                           # seat whose turn it is
    turns: tuple[int, ...] = ()                # turns each player has finished
    acted: bool = False                        # the current player shifted/flipped/scored this turn
    scored_this_turn: int = 0
    passed_last: tuple[bool, ...] = ()         # each player's latest turn was a pass
    scored: tuple[tuple[ScoredCard, ...], ...] = ()
    end_triggered: bool = False                # someone reached the target
    penalties: int = 0                         # solo only
    finished: bool = False
    reshuffles: int = 0                        # times the discard pile became the deck
    events: int = 0                            # events applied

    # -- derived ---------------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def player(self) -> str:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def can_pass(self) -> bool:
        return not self.finished and not self.acted and not self.passed_last[self.current]

    def ones(self, seat: int) -> int:
        return sum(1 for card in self.scored[seat] if card.points == BONUS_CARD)

    def bonus_seats(self) -> tuple[int, ...]:
        """Seats that get the 3-point bonus if the game ended now (none in solo)."""
        if self.solo:
            return ()
        best = max(self.ones(i) for i in range(len(self.players)))
        return tuple(i for i in range(len(self.players)) if best and self.ones(i) == best)

    def points(self, seat: int) -> int:
        return sum(card.points for card in self.scored[seat])

    def score(self, seat: int) -> int:
        return self.points(seat) + (BONUS if seat in self.bonus_seats() else 0)

    def scores(self) -> dict[str, int]:
        return {p: self.score(i) for i, p in enumerate(self.players)}

    @property
    def result(self) -> str | None:
        """Solo: ``"won"`` or ``"lost"`` once finished; ``None`` otherwise and in multi."""
        if not (self.solo and self.finished):
            return None
        return "lost" if self.penalties >= PENALTY_LIMIT else "won"

    def winners(self) -> tuple[str, ...]:
        if not self.finished:
            return ()
        if self.solo:
            return self.players if self.result == "won" else ()
        scores = self.scores()
        best = max(scores.values())
        return tuple(p for p in self.players if scores[p] == best)


@dataclass(frozen=True)
class Outcome:
    """What one event did, as data for the shells.

    ``kind``: the event name.  ``player``: who acted (``None`` for a layout).  ``cells``: shift: the two
    cells; flip: the cell; score: the cells of the pattern's stones where it matched (first offset).
    ``faces``: shift: the faces now at ``cells``; flip: ``(before, after)``.  ``at``/``offsets``: score:
    the first and every top-left cell where the pattern matches.  ``burned``: a card was burned.
    ``drawn``: cards drawn (end_turn, pass); ``reshuffled``: discards shuffled into the deck on the way.
    ``target_reached``: this score reached the target for the first time in the game.  ``penalty``:
    solo penalty given at this turn's end.  ``next_player``: whose turn it is now (``None`` if over).
    ``finished`` / ``result``: the game is over (``result`` ``"won"``/``"lost"`` in solo).  ``card``:
    score: the library card's id, when the event names one.
    """

    kind: str
    player: str | None = None
    cells: tuple[Cell, ...] = ()
    faces: tuple[str, ...] = ()
    at: Cell | None = None
    offsets: tuple[Cell, ...] = ()
    pattern: str | None = None
    points: int = 0
    burned: bool = False
    drawn: int = 0
    reshuffled: int = 0
    target_reached: bool = False
    penalty: bool = False
    next_player: str | None = None
    finished: bool = False
    result: str | None = None
    card: str | None = None  # score: the library card's id, when the event names it


replace = replacer(State)  # dataclasses.replace without __init__ for states: see fastcopy


# -- setup ---------------------------------------------------------------------------------------
def start(header: Header) -> State:
    """The state before the first event, from a journal :class:`~companion.journal.Header`."""
    if header.ruleset not in RULESETS:
        raise RuleError("ruleset_unknown", ruleset=header.ruleset, choices=", ".join(RULESETS))
    players = tuple(header.players)
    mode = header.get("mode", "solo" if len(players) == 1 else "multi")
    if mode not in MODES:
        raise RuleError("stones.bad_mode", mode=str(mode), choices=", ".join(MODES))
    options = dict(OPTIONS)
    for key, value in (header.options or {}).items():
        if key not in OPTIONS:
            raise RuleError("stones.unknown_option", option=str(key), choices=", ".join(OPTIONS))
        if not isinstance(value, bool):
            raise RuleError("stones.bad_option", option=key, value=value)
        options[key] = value
    if mode == "solo":
        if len(players) != 1:
            raise RuleError("stones.solo_players", count=len(players))
        target, total = DECK_SOLO, DECK_SOLO
    else:
        if len(players) not in TARGETS:
            raise RuleError("stones.player_count", count=len(players), low=min(TARGETS), high=max(TARGETS))
        target, total = TARGETS[len(players)], DECK_MULTI
    n = len(players)
    return State(ruleset=header.ruleset, mode=mode, players=players, finish_round=options["finish_round"],
                 target=target, deck_total=total, hands=(HAND,) * n, deck=total - HAND * n,
                 turns=(0,) * n, passed_last=(False,) * n, scored=((),) * n)


# -- events --------------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    """Apply one event; raises :class:`RuleError` (the state is untouched) if it is impossible."""
    if not isinstance(event, dict):
        raise EventError("no_event")
    kind = event.get("event")
    if not isinstance(kind, str):
        raise EventError("no_event")
    if kind not in EVENTS:
        raise EventError("stones.unknown_event", event=kind, choices=", ".join(EVENTS))
    if state.finished:
        raise RuleError("stones.game_over")
    new, outcome = _HANDLERS[kind](state, event)
    return replace(new, events=state.events + 1), outcome


def _cell(event: dict[str, Any], key: str) -> Cell:
    value = event.get(key)
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3 for v in value)):
        return (value[0], value[1])
    raise EventError("stones.bad_cell", field=key, value=value)


def _need_layout(state: State) -> Grid:
    if state.grid is None:
        raise RuleError("stones.no_layout")
    return state.grid


def _pay(state: State) -> State:
    """Burn one card from the current player's hand (the price of a shift or a flip)."""
    if state.hands[state.current] < 1:
        raise RuleError("stones.empty_hand", player=state.player)
    hands = list(state.hands)
    hands[state.current] -= 1
    return replace(state, hands=tuple(hands), discard=state.discard + 1, acted=True)


def _layout(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    grid = parse_grid(event.get("grid"))
    check_tile_set(grid)
    return replace(state, grid=grid), Outcome("layout", next_player=state.player)


def _shift(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    grid = _need_layout(state)
    a, b = _cell(event, "a"), _cell(event, "b")
    if not adjacent(a, b):
        raise RuleError("stones.not_adjacent", a=_show(a), b=_show(b))
    paid = _pay(state)
    grid = swap(grid, a, b)
    faces = (grid[a[0] - 1][a[1] - 1], grid[b[0] - 1][b[1] - 1])
    return replace(paid, grid=grid), Outcome("shift", state.player, cells=(a, b), faces=faces, burned=True,
                                             next_player=state.player)


def _flip(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    grid = _need_layout(state)
    at = _cell(event, "at")
    paid = _pay(state)
    before = grid[at[0] - 1][at[1] - 1]
    grid = flip(grid, at)
    return replace(paid, grid=grid), Outcome("flip", state.player, cells=(at,),
                                             faces=(before, grid[at[0] - 1][at[1] - 1]), burned=True,
                                             next_player=state.player)


def _score(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    grid = _need_layout(state)
    pattern = parse_pattern(event.get("pattern"))
    points = event.get("points")
    if not isinstance(points, int) or isinstance(points, bool) or points not in POINTS:
        raise EventError("stones.bad_points", value=points)
    card = event.get("card")
    if card is not None and (not isinstance(card, str) or not card.strip()):
        raise EventError("stones.bad_card_id", value=card)
    if card is not None:
        for owner, cards in zip(state.players, state.scored, strict=True):
            if any(c.card is not None and c.card.casefold() == card.casefold() for c in cards):
                raise RuleError("stones.card_scored", card=card, player=owner)
    seat = state.current
    if state.hands[seat] < 1:
        raise RuleError("stones.empty_hand", player=state.player)
    if state.solo:
        if points not in SOLO_DECK:
            raise RuleError("stones.solo_no_such_value", points=points)
        if sum(1 for c in state.scored[seat] if c.points == points) >= SOLO_DECK[points]:
            raise RuleError("stones.solo_all_scored", points=points)
    offsets = pattern.matches(grid)
    if not offsets:
        raise RuleError("stones.no_match", pattern=pattern.text)
    hands = list(state.hands)
    hands[seat] -= 1
    scored = list(state.scored)
    scored[seat] = scored[seat] + (ScoredCard(pattern.text, points, card),)
    reached = not state.end_triggered and len(scored[seat]) >= state.target
    new = replace(state, hands=tuple(hands), scored=tuple(scored), acted=True,
                  scored_this_turn=state.scored_this_turn + 1, end_triggered=state.end_triggered or reached)
    won = new.solo and len(scored[seat]) >= DECK_SOLO
    if won:
        new = replace(new, finished=True)
    outcome = Outcome("score", state.player, cells=tuple(pattern.cells_at(offsets[0])), at=offsets[0],
                      offsets=tuple(offsets), pattern=pattern.text, points=points, target_reached=reached,
                      next_player=None if won else state.player, finished=won, result=new.result,
                      card=card)
    return new, outcome


def _draw(state: State, seat: int, count: int) -> tuple[State, int, int]:
    """Draw up to ``count`` cards for ``seat``, shuffling the discards into the deck when it runs out."""
    deck, discard, drawn, reshuffled, reshuffles = state.deck, state.discard, 0, 0, state.reshuffles
    while drawn < count:
        if deck == 0:
            if discard == 0:
                break
            deck, discard, reshuffled, reshuffles = discard, 0, reshuffled + discard, reshuffles + 1
        take = min(count - drawn, deck)
        deck -= take
        drawn += take
    hands = list(state.hands)
    hands[seat] += drawn
    return replace(state, hands=tuple(hands), deck=deck, discard=discard, reshuffles=reshuffles), drawn, reshuffled


def _finish_turn(state: State, kind: str, passed: bool) -> tuple[State, Outcome]:
    seat = state.current
    if passed:
        new, drawn, reshuffled = _draw(state, seat, max(0, min(PASS_DRAW, HAND_MAX - state.hands[seat])))
    else:
        new, drawn, reshuffled = _draw(state, seat, max(0, HAND - state.hands[seat]))
    penalty = new.solo and state.scored_this_turn == 0
    nxt = (seat + 1) % len(state.players)
    passed_last = list(new.passed_last)
    passed_last[seat] = passed
    turns = list(new.turns)
    turns[seat] += 1
    new = replace(new, passed_last=tuple(passed_last), turns=tuple(turns), current=nxt, acted=False,
                  scored_this_turn=0, penalties=new.penalties + (1 if penalty else 0))
    if new.solo:
        finished = new.penalties >= PENALTY_LIMIT
    else:
        finished = new.end_triggered and (not new.finish_round or nxt == 0)
    if finished:
        new = replace(new, finished=True)
    return new, Outcome(kind, state.player, drawn=drawn, reshuffled=reshuffled, penalty=penalty,
                        next_player=None if finished else new.player, finished=finished, result=new.result)


def _end_turn(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    _need_layout(state)
    return _finish_turn(state, "end_turn", passed=False)


def _pass(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    _need_layout(state)
    if state.acted:
        raise RuleError("stones.pass_after_action", player=state.player)
    if state.passed_last[state.current]:
        raise RuleError("stones.pass_twice", player=state.player)
    return _finish_turn(state, "pass", passed=True)


def _show(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


_HANDLERS = {"layout": _layout, "shift": _shift, "flip": _flip, "score": _score,
             "end_turn": _end_turn, "pass": _pass}


def summary(state: State) -> dict[str, Any]:
    """The ``replay --json`` object."""
    data: dict[str, Any] = {
        "game": GAME,
        "ruleset": state.ruleset,
        "mode": state.mode,
        "finished": state.finished,
        "scores": state.scores(),
        "winners": list(state.winners()),
        "events": state.events,
        "grid": [list(row) for row in state.grid] if state.grid is not None else None,
        "current": None if state.finished else state.player,
        "scored": {p: len(state.scored[i]) for i, p in enumerate(state.players)},
        "hands": {p: state.hands[i] for i, p in enumerate(state.players)},
        "deck": state.deck,
        "discard": state.discard,
        "target": state.target,
    }
    if state.solo:
        data["penalties"] = state.penalties
        data["result"] = state.result
    return data
