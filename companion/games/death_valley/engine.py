"""Death Valley, the pure engine: ``new_game(header, catalog)``, ``apply(state, event)``, scores.

Where every one of the 18 cards is, is always known except the order of the deck: the deck is a set.

Choices where the spec leaves room (also shown on the rules screen):

* The game starts with every card in the deck; the first event is the ``reveal`` of the face-up card.
* End of turn: bust checks (the active player; with ``backseat`` and in ``solo`` both players, the
  active one first), then refresh, then the end check.  The game ends as soon as the desert (face-up
  card + deck) holds one card or fewer -- without asking for a last flip; otherwise, when the face-up
  card is gone, the host flips the top deck card and records it with ``reveal`` before anything else.
* A bust with two hazard types at once (only possible through recorded ability moves) counts once and
  discards the rightmost journey card of either type.  A bust whose type has no card in the journey
  only shuffles the journey back.
* An ability that replaces the action is recorded as ``move`` events followed by ``{"event":
  "end_turn"}``; a ``move`` never ends the turn.  A visible album card with cards tucked under it cannot
  be moved (the tucked cards would have nothing to lie under).
* ``{"event": "stars", "card": C, "stars": n}`` records stars learned during play (allowed any time);
  ``{"event": "ability", "card": C, "points": n}`` likewise records a card's fixed ability score.
* Unknown stars count 0; :func:`stars_unknown` lists the visible journey cards whose stars matter and
  are unknown, so a shell can ask.  Unknown abilities count 0.
* Scores: stars of visible journey cards + ability scores of visible journey and album cards.  The
  robot: its journey stars + positive ability scores (+ the discard pile with ``robot_discard_bonus``).
  Winners: highest score, then fewest busts, else all tied.  With ``robot_bust_rule`` the robot wins
  whenever it busted no more often than the human; otherwise the normal comparison decides.
  :func:`result` says which of these decided (the explanations and the score sheet ask it).
* What may happen now, and why every other action may not, is :func:`choices`: :func:`apply` refuses
  an event with the reason it gives, and the screens ask it too.  Ability moves may be recorded on any
  turn in play (an ability may follow the action that ended the previous turn).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.errors import EventError, RuleError
from companion.games.death_valley.catalog import CARD_IDS, MAX_ABILITY, MAX_STARS, Catalog, is_card_id
from companion.games.death_valley.robot import RobotDecision as RobotDecision
from companion.games.death_valley.robot import decide as decide
from companion.games.death_valley.state import (  # the engine's public names, defined beneath it
    BUST_AT as BUST_AT,
)
from companion.games.death_valley.state import (
    ROBOT as ROBOT,
)
from companion.games.death_valley.state import (
    AlbumEntry as AlbumEntry,
)
from companion.games.death_valley.state import (
    State as State,
)
from companion.games.death_valley.state import (
    busting_hazards as busting_hazards,
)
from companion.games.death_valley.state import (
    would_bust as would_bust,
)
from companion.games.fastcopy import replacer

MODES = ("standard", "backseat", "solo")
OPTIONS = ("robot_discard_bonus", "robot_bust_rule")


replace = replacer(State)  # dataclasses.replace without __init__ for states: see fastcopy

# -- state (the State itself is in state.py) --------------------------------------------------------
def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


def _with(mapping: Mapping[str, Any], key: str, value: Any) -> Mapping[str, Any]:
    return MappingProxyType({**mapping, key: value})


# -- outcomes ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """Something the host must now do at the table.

    ``kind``: ``discard`` (put ``cards[0]`` from ``player``'s journey face down on the discard pile),
    ``shuffle`` (shuffle ``cards``, the rest of ``player``'s journey, into the deck), ``place`` (put
    ``cards[0]`` at the right end of ``player``'s journey -- the robot's move), ``flip`` (flip the top
    deck card and record it with ``reveal``).
    """

    kind: str
    cards: tuple[str, ...] = ()
    player: str | None = None


@dataclass(frozen=True)
class Bust:
    player: str
    hazards: tuple[str, ...]          # the type(s) with 3 or more visible cards
    discarded: str | None             # the rightmost journey card of that type, now on the discard pile
    shuffled: tuple[str, ...]         # the rest of the journey, now in the deck
    total: int                        # the player's busts so far, this one included


@dataclass(frozen=True)
class Outcome:
    event: str
    player: str | None = None         # who acted (None for reveal, stars)
    card: str | None = None
    source: str | None = None         # travel: faceup|deck; move: the zone it came from
    to: str | None = None             # travel/robot: the player whose journey got it; move: the zone
    tucked: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    robot: RobotDecision | None = None
    busts: tuple[Bust, ...] = ()
    tasks: tuple[Task, ...] = ()
    turn_ended: bool = False
    next_player: str | None = None
    finished: bool = False
    winners: tuple[str, ...] = ()
    stars: int | None = None          # stars event: the new value
    previous_stars: int | None = None
    points: int | None = None         # ability event: the card's new ability score
    previous_points: int | None = None


# -- setup ------------------------------------------------------------------------------------------
def _check_map(raw: Any, key: str, low: int, high: int) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RuleError("valley.bad_header_map", key=key)
    for card, value in raw.items():
        if not is_card_id(card):
            raise RuleError("valley.unknown_card", card=str(card))
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise RuleError("valley.bad_header_value", key=key, card=card, value=str(value))
    return dict(raw)


def new_game(header: Any, catalog: Catalog) -> State:
    """The state before the first event.  ``header`` is a :class:`companion.journal.Header`."""
    ruleset = header.ruleset
    if ruleset != "death_valley":
        raise RuleError("ruleset_unknown", ruleset=ruleset, choices="death_valley")
    mode = header.get("mode", "standard")
    if mode not in MODES:
        raise RuleError("valley.bad_mode", mode=str(mode), choices=", ".join(MODES))
    options = dict.fromkeys(OPTIONS, False)
    for key, value in (header.options or {}).items():
        if key not in OPTIONS:
            raise RuleError("valley.unknown_option", option=key, choices=", ".join(OPTIONS))
        if not isinstance(value, bool):
            raise RuleError("valley.bad_option", option=key)
        options[key] = value
    players = tuple(header.players)
    if ROBOT in players:  # "robot" names the solo robot everywhere (journals, scores, sheets)
        raise RuleError("valley.robot_name_taken")
    if mode == "solo":
        if len(players) != 1:
            raise RuleError("valley.solo_players", count=len(players))
        players = (players[0], ROBOT)
    elif len(players) != 2:
        raise RuleError("valley.two_players", count=len(players))
    for card, stars in _check_map(header.get("stars"), "stars", 0, MAX_STARS).items():
        catalog = catalog.with_card(card, stars=stars)
    for card, score in _check_map(header.get("ability"), "ability", -MAX_ABILITY, MAX_ABILITY).items():
        catalog = catalog.with_card(card, ability=score)
    return State(
        ruleset=ruleset, mode=mode, players=players, catalog=catalog, options=_frozen(options),
        journeys=_frozen({p: () for p in players}), albums=_frozen({p: () for p in players}),
        busts=_frozen({p: 0 for p in players}))


# -- event fields -----------------------------------------------------------------------------------
def _card(event: dict[str, Any], key: str = "card") -> str:
    if key not in event:
        raise EventError("valley.missing_field", event=event.get("event"), field=key)
    value = event[key]
    if not is_card_id(value):
        raise EventError("valley.unknown_card", card=str(value))
    return value


def _cards(event: dict[str, Any], key: str) -> tuple[str, ...]:
    value = event.get(key, [])
    if not isinstance(value, list):
        raise EventError("valley.bad_list", field=key)
    for item in value:
        if not is_card_id(item):
            raise EventError("valley.unknown_card", card=str(item))
    return tuple(value)


def _player(state: State, value: Any) -> str:
    if not isinstance(value, str) or value not in state.players:
        raise EventError("valley.unknown_player", player=str(value))
    return value


def _misplaced(state: State, card: str) -> RuleError:
    """The error for a card that is not where the event says: it names where the card really is."""
    zone, player = state.where(card)
    if player is None:
        return RuleError(f"valley.card_in_{zone}", card=card)
    return RuleError(f"valley.card_in_{zone}", card=card, player=player)


class _Now:
    """What :func:`choices` would say about one action, judged alone (apply asks only about its own)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def why_not(self, action: str) -> RuleError | None:
        return _refusal(self.state, action)


def _allowed(now: Choices | _Now, action: str) -> None:
    """Raise the reason :func:`choices` gives for refusing ``action`` now (so apply and the shells agree)."""
    error = now.why_not(action)
    if error is not None:
        raise error


# -- rules helpers ----------------------------------------------------------------------------------
def _bust(state: State, player: str) -> tuple[State, Bust | None]:
    hazards = busting_hazards(state, player)
    if not hazards:
        return state, None
    journey = state.journeys[player]
    rightmost = [i for i, c in enumerate(journey) if state.catalog.hazard(c) in hazards]
    discarded = journey[rightmost[-1]] if rightmost else None
    shuffled = tuple(c for c in journey if c != discarded)
    total = state.busts[player] + 1
    state = replace(
        state, journeys=_with(state.journeys, player, ()), deck=state.deck | frozenset(shuffled),
        discard=state.discard + ((discarded,) if discarded else ()), busts=_with(state.busts, player, total))
    return state, Bust(player, hazards, discarded, shuffled, total)


def _end_turn(state: State, outcome: Outcome) -> tuple[State, Outcome]:
    checked = [state.active]
    if state.mode in ("backseat", "solo"):
        checked.append(state.other(state.active))
    busts: list[Bust] = []
    tasks: list[Task] = list(outcome.tasks)
    for player in checked:
        state, bust = _bust(state, player)
        if bust:
            busts.append(bust)
            if bust.discarded:
                tasks.append(Task("discard", (bust.discarded,), player))
            if bust.shuffled:
                tasks.append(Task("shuffle", bust.shuffled, player))
    finished = state.desert_count <= 1
    needs_reveal = not finished and state.faceup is None
    if needs_reveal:
        tasks.append(Task("flip"))
    state = replace(state, turn=1 - state.turn, moved=False, needs_reveal=needs_reveal, finished=finished)
    return state, replace(
        outcome, busts=tuple(busts), tasks=tuple(tasks), turn_ended=True,
        next_player=None if finished else state.active, finished=finished,
        winners=tuple(winners(state)) if finished else ())


# -- events -----------------------------------------------------------------------------------------
def _reveal(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    error = _refusal(state, "reveal")
    if error is not None and error.code == "valley.no_reveal_needed":
        raise RuleError(error.code, card=card)  # the refusal knows no card; the event names one
    if error is not None:
        raise error
    if card not in state.deck:
        raise _misplaced(state, card)
    state = replace(state, deck=state.deck - {card}, faceup=card, needs_reveal=False)
    return state, Outcome("reveal", card=card, next_player=state.active)


def _travel(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    source = event.get("source")
    if source not in ("faceup", "deck"):
        raise EventError("valley.bad_source", source=str(source))
    actor = state.active
    to = _player(state, event.get("to", actor))
    now = _Now(state)
    if to == actor:
        _allowed(now, "take" if source == "faceup" else "draw")
    elif source == "faceup":
        _allowed(now, "give")
    else:
        error = now.why_not("give")
        if error is not None and error.code != "valley.no_faceup":
            raise error
        raise RuleError("valley.backseat_faceup_only", player=to)
    if source == "faceup":
        if card != state.faceup:
            raise _misplaced(state, card)
        state = replace(state, faceup=None)
    else:
        if card not in state.deck:
            raise _misplaced(state, card)
        state = replace(state, deck=state.deck - {card})
    state = replace(state, journeys=_with(state.journeys, to, state.journeys[to] + (card,)))
    return _end_turn(state, Outcome("travel", player=actor, card=card, source=source, to=to))


def _rest(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    tuck = _cards(event, "tuck")
    back = _cards(event, "return")
    _allowed(_Now(state), "rest")
    actor = state.active
    named = [card, *tuck, *back]
    for i, c in enumerate(named):
        if c in named[:i]:
            raise EventError("valley.card_twice", card=c)
    journey = state.journeys[actor]
    for c in named:
        if c not in journey:
            zone, owner = state.where(c)
            if zone == "journey":
                raise RuleError("valley.rest_own_journey", card=c, player=owner, active=actor)
            raise _misplaced(state, c)
    left = tuple(c for c in journey if c not in named)
    state = replace(
        state, journeys=_with(state.journeys, actor, left),
        albums=_with(state.albums, actor, state.albums[actor] + (AlbumEntry(card, tuck),)),
        deck=state.deck | frozenset(back))
    return _end_turn(state, Outcome("rest", player=actor, card=card, tucked=tuck, returned=back))


def _parse_zone(state: State, value: Any) -> tuple[str, str | None]:
    if isinstance(value, str):
        if value in ("desert", "deck", "discard"):
            return value, None
        kind, sep, player = value.partition(":")
        if sep and kind in ("journey", "album") and player in state.players:
            if kind == "album" and player == ROBOT:
                raise RuleError("valley.robot_no_album")
            return kind, player
    raise EventError("valley.bad_zone", zone=str(value))


def _move(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    src, src_player = _parse_zone(state, event.get("from"))
    dst, dst_player = _parse_zone(state, event.get("to"))
    _allowed(_Now(state), "move")
    if (src, src_player) == (dst, dst_player):
        raise EventError("valley.move_same_zone")
    if state.where(card) != (src, src_player):
        raise _misplaced(state, card)
    if src == "album":
        assert src_player is not None  # _parse_zone names the owner of every journey and album
        entry = next(e for e in state.albums[src_player] if e.card == card)
        if entry.hidden:
            raise RuleError("valley.album_card_covers", card=card, player=src_player)
    if dst == "desert" and state.faceup is not None:
        raise RuleError("valley.desert_occupied", card=state.faceup)
    # take it out
    if src == "desert":
        state = replace(state, faceup=None)
    elif src == "deck":
        state = replace(state, deck=state.deck - {card})
    elif src == "discard":
        state = replace(state, discard=tuple(c for c in state.discard if c != card))
    elif src == "journey":
        assert src_player is not None
        state = replace(state, journeys=_with(state.journeys, src_player,
                                              tuple(c for c in state.journeys[src_player] if c != card)))
    else:
        assert src_player is not None
        state = replace(state, albums=_with(state.albums, src_player,
                                            tuple(e for e in state.albums[src_player] if e.card != card)))
    # put it in
    if dst == "desert":
        state = replace(state, faceup=card)
    elif dst == "deck":
        state = replace(state, deck=state.deck | {card})
    elif dst == "discard":
        state = replace(state, discard=state.discard + (card,))
    elif dst == "journey":
        assert dst_player is not None
        state = replace(state, journeys=_with(state.journeys, dst_player, state.journeys[dst_player] + (card,)))
    else:
        assert dst_player is not None
        state = replace(state, albums=_with(state.albums, dst_player,
                                            state.albums[dst_player] + (AlbumEntry(card),)))
    state = replace(state, moved=True)
    return state, Outcome("move", player=state.active, card=card, source=_zone_name(src, src_player),
                          to=_zone_name(dst, dst_player), next_player=state.active)


def _zone_name(kind: str, player: str | None) -> str:
    """The zone as an event names it: ``deck``, ``journey:Ava`` (what :func:`_parse_zone` reads)."""
    return kind if player is None else f"{kind}:{player}"


def _end_turn_event(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    _allowed(_Now(state), "end_turn")
    return _end_turn(state, Outcome("end_turn", player=state.active))


def _robot(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    _allowed(_Now(state), "robot")
    decision = decide(state)  # what choices() gives whenever the robot may move
    assert decision is not None  # choices() gives the decision whenever the robot may move
    if decision.takes_deck:
        card = _card(event)
        if card == decision.faceup:
            raise RuleError("valley.robot_needs_deck_card", faceup=card)
        if card not in state.deck:
            raise _misplaced(state, card)
        state = replace(state, deck=state.deck - {card})
    else:
        card = event.get("card", decision.faceup)
        if card != decision.faceup:
            raise RuleError("valley.robot_takes_faceup", card=str(card), faceup=decision.faceup,
                            rule=decision.rule)
        state = replace(state, faceup=None)
    to = decision.to
    state = replace(state, journeys=_with(state.journeys, to, state.journeys[to] + (card,)))
    outcome = Outcome("robot", player=ROBOT, card=card, source="deck" if decision.takes_deck else "faceup",
                      to=to, robot=decision, tasks=(Task("place", (card,), to),))
    return _end_turn(state, outcome)


def _stars(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    stars = event.get("stars")
    if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= MAX_STARS:
        raise EventError("valley.bad_stars", value=str(stars), most=MAX_STARS)
    _allowed(_Now(state), "stars")
    previous = state.catalog[card].stars
    state = replace(state, catalog=state.catalog.with_card(card, stars=stars))
    return state, Outcome("stars", card=card, stars=stars, previous_stars=previous,
                          next_player=None if state.finished else state.active, finished=state.finished,
                          winners=tuple(winners(state)) if state.finished else ())


def _ability(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    card = _card(event)
    points = event.get("points")
    if not isinstance(points, int) or isinstance(points, bool) or abs(points) > MAX_ABILITY:
        raise EventError("valley.bad_ability", value=str(points), most=MAX_ABILITY)
    _allowed(_Now(state), "ability")
    previous = state.catalog[card].ability
    state = replace(state, catalog=state.catalog.with_card(card, ability=points))
    return state, Outcome("ability", card=card, points=points, previous_points=previous,
                          next_player=None if state.finished else state.active, finished=state.finished,
                          winners=tuple(winners(state)) if state.finished else ())


HANDLERS = {
    "reveal": _reveal, "travel": _travel, "rest": _rest, "move": _move, "end_turn": _end_turn_event,
    "robot": _robot, "stars": _stars, "ability": _ability,
}


def apply(state: State, event: dict[str, Any]) -> tuple[State, Outcome]:
    if not isinstance(event, dict):  # the journal holds only objects, but a shell's slip is refused too
        raise EventError("no_event")
    kind = event.get("event")
    if not isinstance(kind, str):
        raise EventError("no_event")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None  # a list or dict would not hash
    if handler is None:
        raise EventError("valley.unknown_event", event=kind)
    state, outcome = handler(state, event)
    return replace(state, events=state.events + 1), outcome


# -- scoring ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Score:
    stars: int          # journey stars (unknown stars count 0)
    abilities: int      # ability scores of visible cards (the robot: positive ones, journey only)
    bonus: int = 0      # the robot's discard-pile bonus
    unknown: tuple[str, ...] = field(default=())  # journey cards whose stars are not known

    @property
    def total(self) -> int:
        return self.stars + self.abilities + self.bonus


def score(state: State, player: str) -> Score:
    cat = state.catalog
    journey = state.journeys[player]
    stars = sum(cat[c].stars or 0 for c in journey)
    unknown = tuple(c for c in journey if cat[c].stars is None)
    if player == ROBOT:
        abilities = sum(max(cat[c].ability, 0) for c in journey)
        bonus = len(state.discard) if state.options.get("robot_discard_bonus") else 0
        return Score(stars, abilities, bonus, unknown)
    return Score(stars, sum(cat[c].ability for c in state.visible(player)), 0, unknown)


def scores(state: State) -> dict[str, int]:
    return {p: score(state, p).total for p in state.players}


def robot_wins_by_busts(state: State) -> bool:
    """The harder solo setting ``robot_bust_rule``: the robot wins when it busted no more often than you."""
    return (state.mode == "solo" and bool(state.options.get("robot_bust_rule"))
            and state.busts[ROBOT] <= state.busts[state.human])


DECIDED_BY = ("robot_busts", "points", "fewer_busts", "shared")
"""How a game is decided: ``robot_busts`` the robot wins under ``robot_bust_rule``; ``points`` one
player has the highest score; ``fewer_busts`` a tie on points broken by fewer busts; ``shared`` still
tied on busts, so the leaders share the win."""


@dataclass(frozen=True)
class Result:
    """How the game is decided (or would be, if it ended now): the one place the tie-break lives."""

    decided_by: str                   # one of DECIDED_BY
    winners: tuple[str, ...]
    leaders: tuple[str, ...]          # the players with the best score, in seat order
    best: int                         # the best score
    busts: int                        # the winners' busts (each winner has the same number)


def result(state: State) -> Result:
    """Highest score wins; a tie goes to fewer busts; still tied, the leaders share the win.  With
    ``robot_bust_rule`` the robot wins first whenever it busted no more often than the human."""
    points = scores(state)
    best = max(points.values())
    leaders = tuple(p for p in state.players if points[p] == best)
    if robot_wins_by_busts(state):
        return Result("robot_busts", (ROBOT,), leaders, best, state.busts[ROBOT])
    fewest = min(state.busts[p] for p in leaders)
    wins = tuple(p for p in leaders if state.busts[p] == fewest)
    decided_by = "points" if len(leaders) == 1 else "fewer_busts" if len(wins) < len(leaders) else "shared"
    return Result(decided_by, wins, leaders, best, fewest)


def winners(state: State) -> list[str]:
    """Who wins if the game ended now (the summary shows it only once the game is finished)."""
    return list(result(state).winners)


def stars_unknown(state: State) -> list[str]:
    return sorted({c for p in state.players for c in score(state, p).unknown}, key=CARD_IDS.index)


def zones_of(state: State) -> dict[str, Any]:
    """Plain data of every zone (for ``replay --json`` and the screens)."""
    return {
        "faceup": state.faceup,
        "deck": sorted(state.deck, key=CARD_IDS.index),
        "discard": list(state.discard),
        "journeys": {p: list(state.journeys[p]) for p in state.players},
        "albums": {p: [{"card": e.card, "hidden": list(e.hidden)} for e in state.albums[p]]
                   for p in state.players},
    }


def ordered(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=CARD_IDS.index)


# -- what can happen next (for apply and the screens) ------------------------------------------------
ACTIONS = ("reveal", "take", "draw", "give", "rest", "move", "end_turn", "robot", "stars", "ability")
"""What may happen at the table, as :func:`choices` judges it (every event :func:`apply` takes is one):

``reveal`` the card flipped face up; ``take`` travel with the face-up card; ``draw`` travel with the top
deck card; ``give`` put the face-up card into the other player's journey (``backseat``, ``solo``);
``rest``; ``move`` an ability's move; ``end_turn`` after an ability's moves; ``robot`` the robot's move
(``solo``); ``stars`` the stars of a card, ``ability`` its ability score (both any time).
"""


@dataclass(frozen=True)
class Choices:
    """What the next event may be, and why each other action may not happen.

    :func:`apply` refuses an action with exactly the error :meth:`why_not` gives (for ``reveal`` it adds
    the card the event names), so a screen that asks here never disagrees with the engine.
    """

    player: str | None                  # who acts now (None while a flip is due and once the game is over)
    reveal: tuple[str, ...] = ()        # when a flip is due: the cards it can turn up (the deck)
    faceup: str | None = None           # travel: the face-up card can be taken
    deck: bool = False                  # travel: a card can come from the deck
    give_to: str | None = None          # backseat/solo: who may receive the face-up card instead
    rest: tuple[str, ...] = ()          # rest: the journey cards to choose from
    robot: RobotDecision | None = None  # solo, the robot's turn: what it will do
    end_turn: bool = False              # an ability's moves were recorded: the turn may end without action
    move: bool = False                  # ability moves may be recorded
    over: bool = False                  # the game is over (only stars and abilities may still be recorded)
    refused: Mapping[str, RuleError] = field(default_factory=dict, compare=False)  # action -> why not

    def may(self, action: str) -> bool:
        """May ``action`` (one of :data:`ACTIONS`) happen now?"""
        return self.why_not(action) is None

    def why_not(self, action: str) -> RuleError | None:
        """The error :func:`apply` raises for ``action`` now (``None``: it may happen)."""
        if action not in ACTIONS:
            raise ValueError(f"unknown Death Valley action {action!r}")
        return self.refused.get(action)


def _refusal(state: State, action: str) -> RuleError | None:
    """Why ``action`` may not happen now (``None``: it may).  The order of the checks is apply's."""
    if action in ("stars", "ability"):
        return None
    if action == "robot" and state.mode != "solo":
        return RuleError("valley.robot_only_solo")
    if state.finished:
        return RuleError("valley.game_over")
    if action == "reveal":
        return None if state.needs_reveal else RuleError("valley.no_reveal_needed")
    if state.needs_reveal:
        return RuleError("valley.reveal_first")
    actor = state.active
    if action == "move":  # abilities also follow an action, so moves are recorded on any turn
        return None
    if action == "robot":
        if actor != ROBOT:
            return RuleError("valley.not_robot_turn", player=actor)
        if state.faceup is None:
            return RuleError("valley.no_faceup")
        if decide(state).takes_deck and not state.deck:
            return RuleError("valley.deck_empty")
        return None
    if actor == ROBOT:
        return RuleError("valley.robot_turn")
    if action == "give" and state.mode == "standard":
        return RuleError("valley.not_backseat", player=state.other(actor))
    if action in ("take", "give") and state.faceup is None:
        return RuleError("valley.no_faceup")
    if action == "draw" and not state.deck:
        return RuleError("valley.deck_empty")
    if action == "end_turn" and not state.moved:
        return RuleError("valley.end_turn_needs_move")
    return None


def choices(state: State) -> Choices:
    """What may happen now and, for every action of :data:`ACTIONS` that may not, the reason.

    :func:`apply` checks every event here first; screens, hints and palettes ask here too.
    """
    refused = {a: e for a in ACTIONS if (e := _refusal(state, a)) is not None}
    in_play = not state.finished and not state.needs_reveal
    return Choices(
        state.active if in_play else None,
        reveal=tuple(ordered(state.deck)) if "reveal" not in refused else (),
        faceup=state.faceup if "take" not in refused else None,
        deck="draw" not in refused,
        give_to=state.other(state.active) if "give" not in refused else None,
        rest=state.journeys[state.active] if "rest" not in refused else (),
        robot=decide(state) if "robot" not in refused else None,
        end_turn="end_turn" not in refused,
        move="move" not in refused,
        over=state.finished,
        refused=MappingProxyType(refused))
