"""The Diamant family engine: pure functions over immutable states (spec/diamant.md).

``apply(state, event)`` returns ``(new_state, outcome)`` or raises :class:`RuleError` with a code and
parameters, leaving the state untouched.  Outcomes carry the arithmetic (:class:`~companion.arith.Split`)
so that every shell can explain "15 = 4 × 3 + 3".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from dataclasses import replace as _dataclass_replace
from typing import Any, TypeGuard, TypeVar

from companion.arith import Split, deal, split
from companion.errors import EventError, RuleError
from companion.games.diamant.rules import Ruleset

TREASURE, HAZARD, RELIC = "treasure", "hazard", "relic"

_T = TypeVar("_T")
_DECK = "_deck"  # where a state keeps its deck counts (not a field: no comparison, repr or argument sees it)


def replace(obj: _T, **changes: Any) -> _T:
    """:func:`dataclasses.replace` for the engine's states (``State`` has no ``__post_init__``), without
    the cost of ``__init__``: the same object, field for field.  The deck counts a state keeps
    (:func:`_deck_counts`) go along unless the path, the removed hazards or the rules change."""
    kind = type(obj)
    if kind is not State and kind is not Card:
        return _dataclass_replace(obj, **changes)  # type: ignore[type-var]
    new = object.__new__(kind)
    data = new.__dict__
    data.update(obj.__dict__)
    if "path" in changes or "removed" in changes or "rules" in changes:
        data.pop(_DECK, None)
    data.update(changes)
    return new


def _make(cls: type[_T], /, **values: Any) -> _T:
    """``kind(**values)`` for a frozen dataclass of this module without ``__post_init__``, built
    directly (its generated ``__init__`` sets each field through ``object.__setattr__``, slowly)."""
    new = object.__new__(cls)
    data = new.__dict__
    data.update(_DEFAULTS[cls])
    data.update(values)
    return new


@dataclass(frozen=True)
class Card:
    """A card on the path.  ``value``: a treasure's gems or a printed relic's value."""

    kind: str
    value: int = 0
    hazard: str | None = None
    remainder: int = 0  # gems still lying on a treasure card

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"card": self.kind}
        if self.kind == TREASURE:
            data.update(value=self.value, remainder=self.remainder)
        elif self.kind == HAZARD:
            data["hazard"] = self.hazard
        elif self.value:
            data["value"] = self.value
        return data


@dataclass(frozen=True)
class State:
    rules: Ruleset
    players: tuple[str, ...]
    round: int = 1
    in_round: bool = True  # False once a round has ended (until the next draw starts the next one)
    finished: bool = False
    in_cave: tuple[bool, ...] = ()
    carried: tuple[int, ...] = ()
    chest: tuple[int, ...] = ()
    relics: tuple[tuple[int, ...], ...] = ()  # the values of the relics each player claimed
    path: tuple[Card, ...] = ()
    removed: tuple[int, ...] = ()  # hazard copies out of the game, aligned with rules.hazards
    relics_in_deck: int = 0
    relics_added: int = 0
    relics_claimed: int = 0
    marker: int = 0  # seat of the "extra marker" for dealt gems
    decided: bool = True  # a decision was revealed after the latest card (no card yet counts as decided)
    events: int = 0

    # -- derived ---------------------------------------------------------------------------------
    def seat(self, player: str) -> int:
        return self.players.index(player)

    @property
    def cave(self) -> tuple[str, ...]:
        return tuple(p for p, inside in zip(self.players, self.in_cave) if inside) if self.in_round else ()

    def hazards_on_path(self) -> Counter[str | None]:
        return Counter(_deck_counts(self).on_path)

    def score(self, seat: int) -> int:
        return self.chest[seat] + sum(self.relics[seat]) + self.rules.starting_gems

    def scores(self) -> dict[str, int]:
        return {p: self.score(i) for i, p in enumerate(self.players)}

    def winners(self) -> tuple[str, ...]:
        if not self.finished:
            return ()
        scores = [self.score(i) for i in range(len(self.players))]
        best = max(scores)
        tied = [i for i, s in enumerate(scores) if s == best]
        if self.rules.tiebreak == "most_relics" and len(tied) > 1:
            most = max(len(self.relics[i]) for i in tied)
            tied = [i for i in tied if len(self.relics[i]) == most]
        return tuple(self.players[i] for i in tied)


# -- outcomes --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundEnd:
    round: int
    reason: str  # "bust" | "all_left"
    removed_hazard: str | None
    relics_lost: int
    gems_returned: int  # remainders that go back to the supply
    finished: bool
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bust:
    hazard: str
    losers: tuple[tuple[str, int], ...]  # (player, gems lost)


@dataclass(frozen=True)
class Drawn:
    card: Card
    round_started: int | None  # the round this draw opened, if it did
    receivers: tuple[str, ...] = ()
    split: Split | None = None
    extra: tuple[tuple[str, int], ...] = ()  # dealt mode: who got an extra gem
    gains: tuple[tuple[str, int], ...] = ()  # what each receiver got from this card
    relic_number: int = 0  # the relic's place on the path (1 = first relic this round)
    relic_claim: str = ""  # for a relic: who may take it (the ruleset's relic_claim)
    first_of_hazard: bool = False
    bust: Bust | None = None
    round_end: RoundEnd | None = None


@dataclass(frozen=True)
class RelicClaim:
    player: str
    value: int
    order: int  # 1-based: the n-th relic claimed in the game


@dataclass(frozen=True)
class CardShare:
    index: int  # position on the path (0-based)
    split: Split


@dataclass(frozen=True)
class Left:
    leavers: tuple[str, ...]
    mode: str  # leaving_split
    shares: tuple[CardShare, ...]  # per card (one per treasure with gems) or one pooled split (index -1)
    banked: tuple[tuple[str, int, int, int], ...]  # (player, carried, share of the path, relic gems)
    extra: tuple[tuple[str, int], ...] = ()  # dealt mode: extra gems from path or relic sharing
    relics: tuple[RelicClaim, ...] = ()
    relic_split: Split | None = None  # last_leaver: the printed values shared by the last leavers
    staying: tuple[str, ...] = ()
    round_end: RoundEnd | None = None


_DEFAULTS: dict[type, dict[str, Any]] = {
    kind: {f.name: (None if f.default is MISSING else f.default) for f in fields(kind)} for kind in (Card,)}
_DEFAULTS[Drawn] = {f.name: (None if f.default is MISSING else f.default) for f in fields(Drawn)}


# -- set-up ----------------------------------------------------------------------------------------
def new_state(rules: Ruleset, players: tuple[str, ...]) -> State:
    low, high = rules.players
    if not low <= len(players) <= high:
        raise RuleError("diamant.player_count", count=len(players), low=low, high=high)
    n = len(players)
    state = State(rules=rules, players=tuple(players), in_cave=(True,) * n, carried=(0,) * n, chest=(0,) * n,
                  relics=((),) * n, removed=(0,) * len(rules.hazards))
    return _add_relics(state)


def _add_relics(state: State) -> State:
    rules = state.rules
    if isinstance(rules.relics_per_round, str):  # "all" (the only word a ruleset may give)
        add = rules.relics - state.relics_added
    else:
        add = min(rules.relics_per_round, rules.relics - state.relics_added)
    return replace(state, relics_in_deck=state.relics_in_deck + add, relics_added=state.relics_added + add)


def next_round(state: State) -> State:
    """The state at the start of the round after an ended one."""
    n = len(state.players)
    state = replace(state, round=state.round + 1, in_round=True, in_cave=(True,) * n, carried=(0,) * n,
                    path=(), decided=True)
    return _add_relics(state)


def round_view(state: State) -> State:
    """The state a host is about to play: between rounds, the next round's start."""
    return next_round(state) if not state.in_round and not state.finished else state


# -- deck ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Deck:
    """A state's deck, counted once and then carried from draw to draw (a draw changes one count).

    ``treasures``: value -> cards of it still in the deck (positive counts only); ``on_path``: hazard ->
    cards of it on this round's path (positive only); ``relics_on_path``: relic cards on the path;
    ``cards``: treasure and hazard cards in the deck (relics are the state's ``relics_in_deck``).
    """

    treasures: dict[int, int]
    on_path: dict[str | None, int]
    relics_on_path: int
    cards: int


def _deck_counts(state: State) -> _Deck:
    """The deck of ``state`` as it stands (not the next round's): counted from the path once per state,
    or carried over by the draw that made the state."""
    counts: _Deck | None = state.__dict__.get(_DECK)
    if counts is None:
        rules = state.rules
        treasures = Counter(rules.treasures)
        treasures.subtract(c.value for c in state.path if c.kind == TREASURE)
        on_path = Counter(c.hazard for c in state.path if c.kind == HAZARD)
        relics = sum(1 for c in state.path if c.kind == RELIC)
        kept = {v: n for v, n in treasures.items() if n > 0}
        hazards = sum(max(0, rules.hazard_copies - state.removed[i] - on_path[h]) for i, h in enumerate(rules.hazards))
        counts = _Deck(kept, {h: n for h, n in on_path.items() if n > 0}, relics, sum(kept.values()) + hazards)
        state.__dict__[_DECK] = counts
    return counts


def _hazards_left(state: State, counts: _Deck) -> Counter[str]:
    rules = state.rules
    return +Counter({h: rules.hazard_copies - state.removed[i] - counts.on_path.get(h, 0)
                     for i, h in enumerate(rules.hazards)})


def deck(state: State) -> dict[str, Any]:
    """What is in the deck now: ``{"treasure": Counter(value), "hazard": Counter(id), "relic": n, "total": n}``."""
    state = round_view(state)
    counts = _deck_counts(state)
    return {TREASURE: Counter(counts.treasures), HAZARD: _hazards_left(state, counts), RELIC: state.relics_in_deck,
            "total": counts.cards + state.relics_in_deck}


def _drawn(old: State, new: State, card: Card) -> State:
    """``new`` (``old`` with ``card`` drawn onto its path) with its deck counts carried over from ``old``."""
    counts = _deck_counts(old)
    if card.kind == TREASURE:
        treasures = dict(counts.treasures)
        left = treasures[card.value] - 1
        if left:
            treasures[card.value] = left
        else:
            del treasures[card.value]
        counts = _Deck(treasures, counts.on_path, counts.relics_on_path, counts.cards - 1)
    elif card.kind == HAZARD:
        on_path = dict(counts.on_path)
        on_path[card.hazard] = on_path.get(card.hazard, 0) + 1
        counts = _Deck(counts.treasures, on_path, counts.relics_on_path, counts.cards - 1)
    else:
        counts = _Deck(counts.treasures, counts.on_path, counts.relics_on_path + 1, counts.cards)
    new.__dict__[_DECK] = counts
    return new


# -- events ----------------------------------------------------------------------------------------
def apply(state: State, event: Mapping[str, Any]) -> tuple[State, Drawn | Left]:
    kind = event.get("event")
    if state.finished:
        raise RuleError("diamant.game_over")
    new: State
    outcome: Drawn | Left
    if kind == "draw":
        new, outcome = _draw(state, event)
    elif kind == "leave":
        new, outcome = _leave(state, event)
    elif not isinstance(kind, str):
        raise EventError("no_event")
    else:
        raise EventError("diamant.unknown_event", event=kind)
    return replace(new, events=state.events + 1), outcome


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _draw(state: State, event: Mapping[str, Any]) -> tuple[State, Drawn]:
    started = None
    if not state.in_round:
        state = next_round(state)
        started = state.round
    rules = state.rules
    card_kind = event.get("card")
    counts = _deck_counts(state)  # (the round in play: ``state`` is its start when this draw opened it)
    if counts.cards + state.relics_in_deck == 0:
        raise RuleError("diamant.deck_empty")
    if card_kind == TREASURE:
        value = event.get("value")
        if not _whole(value):
            raise EventError("diamant.bad_value", value=value)
        if counts.treasures.get(value, 0) < 1:
            if value in rules.treasures:
                raise RuleError("diamant.treasure_not_in_deck", value=value)
            raise RuleError("diamant.no_such_treasure", value=value,
                            choices=", ".join(str(v) for v in sorted(set(rules.treasures))))
        return _draw_treasure(state, value, started)
    if card_kind == HAZARD:
        hazard = event.get("hazard")
        if hazard not in rules.hazards:
            raise EventError("diamant.unknown_hazard", hazard=str(hazard), choices=", ".join(rules.hazards))
        if rules.hazard_copies - state.removed[rules.hazards.index(hazard)] - counts.on_path.get(hazard, 0) < 1:
            raise RuleError("diamant.hazard_not_in_deck", hazard=hazard)
        return _draw_hazard(state, hazard, started)
    if card_kind == RELIC:
        if rules.relics == 0:
            raise RuleError("diamant.no_relics_in_ruleset")
        if state.relics_in_deck < 1:
            raise RuleError("diamant.no_relic_in_deck")
        value = event.get("value")
        if rules.printed_relics:
            if not _whole(value) or not 1 <= value <= 1000:
                raise EventError("diamant.relic_value_needed", value=value)
        elif value is not None:
            raise EventError("diamant.relic_value_not_printed")
        card = Card(RELIC, value=value or 0)
        number = counts.relics_on_path + 1
        new = replace(state, path=state.path + (card,), relics_in_deck=state.relics_in_deck - 1, decided=False)
        return _drawn(state, new, card), Drawn(card, started, relic_number=number, relic_claim=rules.relic_claim)
    if card_kind is None:
        raise EventError("diamant.no_card_kind")
    raise EventError("diamant.unknown_card", card=card_kind)  # as written (describe shows a list as JSON)


def _share(
    rules: Ruleset, total: int, seats: list[int], players: int, marker: int
) -> tuple[Split, dict[int, int], int]:
    """``total`` gems among ``seats``: the split, the gems per seat, and the extra marker afterwards.

    With ``remainder = dealt`` the rest is dealt one by one from the marker (nothing is left over);
    otherwise each seat gets ``total // k`` and the caller decides where ``split.left`` goes.
    """
    parts = split(total, len(seats))
    if rules.dealt and parts.left:
        gems, marker = deal(total, seats, players, marker)
    else:
        gems = {seat: parts.each for seat in seats}
    return parts, gems, marker


def _draw_treasure(state: State, value: int, started: int | None) -> tuple[State, Drawn]:
    seats = [i for i, inside in enumerate(state.in_cave) if inside]
    parts, gems, marker = _share(state.rules, value, seats, len(state.players), state.marker)
    carried = list(state.carried)
    for seat, got in gems.items():
        carried[seat] += got
    card = _make(Card, kind=TREASURE, value=value, remainder=0 if state.rules.dealt else parts.left)
    players, each = state.players, parts.each
    extra = tuple([(players[s], 1) for s in seats if gems[s] > each])
    gains = tuple([(players[s], gems[s]) for s in seats])
    new = _drawn(state, replace(state, path=state.path + (card,), carried=tuple(carried), marker=marker,
                                decided=False), card)
    return new, _make(Drawn, card=card, round_started=started, receivers=tuple([players[i] for i in seats]),
                      split=parts, extra=extra, gains=gains)


BUST_COPY = 2  # the copy of a hazard on the path this round that ends it


def busts(copy: int) -> bool:
    """Whether the ``copy``-th card of one hazard on this round's path (1-based) busts the round."""
    return copy >= BUST_COPY


def _draw_hazard(state: State, hazard: str, started: int | None) -> tuple[State, Drawn]:
    card = Card(HAZARD, hazard=hazard)
    seen = _deck_counts(state).on_path.get(hazard, 0)
    state = _drawn(state, replace(state, path=state.path + (card,), decided=False), card)
    if not busts(seen + 1):
        return state, Drawn(card, started, first_of_hazard=True)
    # Bust: everyone still in the cave loses what they carry; one copy of the hazard leaves the game.
    losers = tuple((state.players[i], state.carried[i]) for i, inside in enumerate(state.in_cave) if inside)
    carried = tuple(0 if inside else c for c, inside in zip(state.carried, state.in_cave))
    removed = list(state.removed)
    removed[state.rules.hazards.index(hazard)] += 1
    state = replace(state, carried=carried, in_cave=(False,) * len(state.players), removed=tuple(removed))
    state, end = _end_round(state, "bust", hazard)
    return state, Drawn(card, started, bust=Bust(hazard, losers), round_end=end)


def _end_round(state: State, reason: str, removed_hazard: str | None) -> tuple[State, RoundEnd]:
    relics_lost = sum(1 for c in state.path if c.kind == RELIC)
    returned = sum(c.remainder for c in state.path if c.kind == TREASURE)
    finished = state.round >= state.rules.rounds
    state = replace(state, in_round=False, finished=finished, decided=True)
    return state, RoundEnd(state.round, reason, removed_hazard, relics_lost, returned, finished, state.winners())


def decision_error(state: State) -> RuleError | None:
    """Why nobody may reveal a decision now (``None`` when a decision is open)."""
    if state.finished:
        return RuleError("diamant.game_over")
    if not state.in_round:
        return RuleError("diamant.round_over", round=state.round)
    if not state.path:
        return RuleError("diamant.no_card_yet")
    if state.decided and _deck_counts(state).cards + state.relics_in_deck:
        return RuleError("diamant.already_decided")  # (with an empty deck, the rest may still walk out)
    return None


def _leave(state: State, event: Mapping[str, Any]) -> tuple[State, Left]:
    names = event.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise EventError("diamant.bad_leavers")
    if not names:
        raise RuleError("diamant.leave_nobody")
    closed = decision_error(state)
    if closed is not None and closed.code == "diamant.round_over":
        raise closed
    for name in names:
        if name not in state.players:
            raise RuleError("diamant.unknown_player", player=name)
    if len(set(names)) != len(names):
        raise RuleError("diamant.duplicate_leaver")
    for name in names:
        if not state.in_cave[state.seat(name)]:
            raise RuleError("diamant.not_in_cave", player=name)
    if closed is not None:
        raise closed

    rules = state.rules
    seats = sorted(state.seat(n) for n in names)
    leavers = tuple(state.players[s] for s in seats)
    k = len(seats)
    path = list(state.path)
    share = {s: 0 for s in seats}
    marker = state.marker
    extra: Counter[str] = Counter()
    shares: list[CardShare] = []
    treasure_at = [i for i, c in enumerate(path) if c.kind == TREASURE]

    def give(total: int) -> tuple[Split, int]:
        """Share ``total`` among the leavers; return the split and what stays behind."""
        nonlocal marker
        parts, gems, marker = _share(rules, total, seats, len(state.players), marker)
        for s, g in gems.items():
            share[s] += g
            if g > parts.each:
                extra[state.players[s]] += 1
        return parts, 0 if rules.dealt else parts.left

    if rules.leaving_split == "pooled":
        total = sum(path[i].remainder for i in treasure_at)
        if total:
            parts, rest = give(total)
            shares.append(CardShare(-1, parts))
            for i in treasure_at:
                if path[i].remainder:  # (a card with none stays as it is: the same card)
                    path[i] = replace(path[i], remainder=0)
            if rest:  # back onto one treasure card (which one does not matter): the first
                path[treasure_at[0]] = replace(path[treasure_at[0]], remainder=rest)
    else:
        for i in treasure_at:
            if path[i].remainder:
                parts, rest = give(path[i].remainder)
                shares.append(CardShare(i, parts))
                path[i] = replace(path[i], remainder=rest)

    in_cave = list(state.in_cave)
    for s in seats:
        in_cave[s] = False
    empty = not any(in_cave)

    relic_gems = {s: 0 for s in seats}
    claims: list[RelicClaim] = []
    relic_split = None
    relic_cards = [c for c in path if c.kind == RELIC]
    relics = list(state.relics)
    claimed = state.relics_claimed
    if relic_cards and rules.relic_claim == "lone_leaver" and k == 1:
        seat = seats[0]
        for card in relic_cards:
            value = card.value if rules.printed_relics else rules.relic_value(claimed)
            claimed += 1
            claims.append(RelicClaim(state.players[seat], value, claimed))
            relics[seat] = relics[seat] + (value,)
        path = [c for c in path if c.kind != RELIC]
    elif relic_cards and rules.relic_claim == "last_leaver" and empty:
        total = sum(c.value if rules.printed_relics else rules.relic_value(claimed + j)
                    for j, c in enumerate(relic_cards))
        relic_split, gems, marker = _share(rules, total, seats, len(state.players), marker)
        for s, g in gems.items():
            relic_gems[s] = g
            if g > relic_split.each:
                extra[state.players[s]] += 1
        claimed += len(relic_cards)
        path = [c for c in path if c.kind != RELIC]

    chest = list(state.chest)
    carried = list(state.carried)
    banked = []
    for s in seats:
        banked.append((state.players[s], carried[s], share[s], relic_gems[s]))
        chest[s] += carried[s] + share[s] + relic_gems[s]
        carried[s] = 0

    new = replace(state, path=tuple(path), in_cave=tuple(in_cave), chest=tuple(chest), carried=tuple(carried),
                  relics=tuple(relics), relics_claimed=claimed, marker=marker, decided=True)
    end = None
    if empty:
        new, end = _end_round(new, "all_left", None)
    staying = tuple(p for p, inside in zip(state.players, in_cave) if inside)
    return new, Left(leavers, rules.leaving_split, tuple(shares), tuple(banked), tuple(sorted(extra.items())),
                     tuple(claims), relic_split, staying, end)
