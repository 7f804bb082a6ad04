"""The Diamant family engine: pure functions over immutable states (spec/diamant.md).

``apply(state, event)`` returns ``(new_state, outcome)`` or raises :class:`RuleError` with a code and
parameters, leaving the state untouched.  Outcomes carry the arithmetic (:class:`~companion.arith.Split`)
so that every shell can explain "15 = 4 × 3 + 3".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from companion.arith import Split, deal, split
from companion.errors import EventError, RuleError
from companion.games.diamant.rules import Ruleset

TREASURE, HAZARD, RELIC = "treasure", "hazard", "relic"


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
        return Counter(c.hazard for c in self.path if c.kind == HAZARD)

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
def deck(state: State) -> dict[str, Any]:
    """What is in the deck now: ``{"treasure": Counter(value), "hazard": Counter(id), "relic": n, "total": n}``."""
    state = round_view(state)
    rules = state.rules
    treasures = Counter(rules.treasures)
    treasures.subtract(c.value for c in state.path if c.kind == TREASURE)
    on_path = state.hazards_on_path()
    hazards = Counter({h: rules.hazard_copies - state.removed[i] - on_path[h] for i, h in enumerate(rules.hazards)})
    treasures = +treasures
    hazards = +hazards
    total = sum(treasures.values()) + sum(hazards.values()) + state.relics_in_deck
    return {TREASURE: treasures, HAZARD: hazards, RELIC: state.relics_in_deck, "total": total}


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
    else:
        raise EventError("diamant.unknown_event", event=str(kind))
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
    contents = deck(state)
    if contents["total"] == 0:
        raise RuleError("diamant.deck_empty")
    if card_kind == TREASURE:
        value = event.get("value")
        if not _whole(value):
            raise EventError("diamant.bad_value", value=repr(value))
        if contents[TREASURE][value] < 1:
            if value in rules.treasures:
                raise RuleError("diamant.treasure_not_in_deck", value=value)
            raise RuleError("diamant.no_such_treasure", value=value,
                            choices=", ".join(str(v) for v in sorted(set(rules.treasures))))
        return _draw_treasure(state, value, started)
    if card_kind == HAZARD:
        hazard = event.get("hazard")
        if hazard not in rules.hazards:
            raise EventError("diamant.unknown_hazard", hazard=str(hazard), choices=", ".join(rules.hazards))
        if contents[HAZARD][hazard] < 1:
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
                raise EventError("diamant.relic_value_needed", value=repr(value))
        elif value is not None:
            raise EventError("diamant.relic_value_not_printed")
        card = Card(RELIC, value=value or 0)
        number = sum(1 for c in state.path if c.kind == RELIC) + 1
        new = replace(state, path=state.path + (card,), relics_in_deck=state.relics_in_deck - 1, decided=False)
        return new, Drawn(card, started, relic_number=number, relic_claim=rules.relic_claim)
    raise EventError("diamant.unknown_card", card=str(card_kind))


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
    card = Card(TREASURE, value=value, remainder=0 if state.rules.dealt else parts.left)
    extra = tuple((state.players[s], 1) for s in seats if gems[s] > parts.each)
    gains = tuple((state.players[s], gems[s]) for s in seats)
    new = replace(state, path=state.path + (card,), carried=tuple(carried), marker=marker, decided=False)
    return new, Drawn(card, started, receivers=tuple(state.players[i] for i in seats), split=parts, extra=extra,
                      gains=gains)


BUST_COPY = 2  # the copy of a hazard on the path this round that ends it


def busts(copy: int) -> bool:
    """Whether the ``copy``-th card of one hazard on this round's path (1-based) busts the round."""
    return copy >= BUST_COPY


def _draw_hazard(state: State, hazard: str, started: int | None) -> tuple[State, Drawn]:
    card = Card(HAZARD, hazard=hazard)
    seen = state.hazards_on_path()[hazard]
    state = replace(state, path=state.path + (card,), decided=False)
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
    if state.decided and deck(state)["total"]:
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
