"""Death Valley's table: where every card is (:class:`State`) and the bust limit it is judged by.

The lowest layer of the engine: :mod:`.robot` and :mod:`.engine` build on it, and it imports neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.death_valley.catalog import CARD_IDS, HAZARDS, Catalog

ROBOT = "robot"     # the solo robot's name in journals, scores and outputs
BUST_AT = 3         # this many visible cards of one hazard type bust a player


@dataclass(frozen=True)
class AlbumEntry:
    """A face-up album card and the cards tucked (hidden) under it."""

    card: str
    hidden: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    ruleset: str
    mode: str                                   # standard | backseat | solo
    players: tuple[str, ...]                    # seat order; in solo (human, "robot")
    catalog: Catalog
    options: Mapping[str, bool]                 # robot_discard_bonus, robot_bust_rule
    journeys: Mapping[str, tuple[str, ...]]     # left to right
    albums: Mapping[str, tuple[AlbumEntry, ...]]
    busts: Mapping[str, int]
    deck: frozenset[str] = frozenset(CARD_IDS)  # face down, order unknown
    faceup: str | None = None                   # the face-up desert card
    discard: tuple[str, ...] = ()               # face down, lost to busts
    turn: int = 0                               # index of the active player
    moved: bool = False                         # an ability move was recorded this turn
    needs_reveal: bool = True                   # the host must flip the top deck card (setup/refresh)
    finished: bool = False
    events: int = 0

    @property
    def active(self) -> str:
        return self.players[self.turn]

    @property
    def human(self) -> str:
        return self.players[0]

    @property
    def desert_count(self) -> int:
        return len(self.deck) + (self.faceup is not None)

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def visible(self, player: str) -> tuple[str, ...]:
        """The player's cards that keep their features: the journey, then the album's face-up cards."""
        return self.journeys[player] + tuple(e.card for e in self.albums[player])

    def hidden(self, player: str) -> tuple[str, ...]:
        return tuple(c for e in self.albums[player] for c in e.hidden)

    def hazard_counts(self, player: str) -> dict[str, int]:
        counts = dict.fromkeys(HAZARDS, 0)
        for card in self.visible(player):
            counts[self.catalog.hazard(card)] += 1
        return counts

    def where(self, card: str) -> tuple[str, str | None]:
        """``(zone, player)``: zone is desert, deck, discard, journey, album or hidden."""
        if card == self.faceup:
            return "desert", None
        if card in self.deck:
            return "deck", None
        if card in self.discard:
            return "discard", None
        for player in self.players:
            if card in self.journeys[player]:
                return "journey", player
            for entry in self.albums[player]:
                if entry.card == card:
                    return "album", player
                if card in entry.hidden:
                    return "hidden", player
        raise AssertionError(f"card {card} is nowhere")  # the zones always hold all 18 cards

    def all_cards(self) -> list[str]:
        """Every card in every zone (each of the 18 exactly once)."""
        cards = list(self.deck) + list(self.discard) + ([self.faceup] if self.faceup else [])
        for player in self.players:
            cards += self.journeys[player]
            for entry in self.albums[player]:
                cards += (entry.card, *entry.hidden)
        return cards


def busting_hazards(state: State, player: str) -> tuple[str, ...]:
    return tuple(h for h, n in state.hazard_counts(player).items() if n >= BUST_AT)


def would_bust(state: State, player: str, card: str) -> bool:
    """Would adding ``card`` to ``player``'s journey make them bust?"""
    return state.hazard_counts(player)[state.catalog.hazard(card)] + 1 >= BUST_AT
