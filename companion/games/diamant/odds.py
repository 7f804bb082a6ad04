"""Exact one-card-ahead numbers for the host (as fractions; labelled as numbers, not advice)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.games.diamant.engine import State, deck, round_view


@dataclass(frozen=True)
class Odds:
    cards: int  # cards in the deck
    bust_next: Fraction  # P(the next card busts)
    busting: tuple[tuple[str, int], ...]  # (hazard seen once this round, copies still in the deck)
    gain_each: Fraction  # expected gems per explorer from the next card if everyone stays
    loss: tuple[tuple[str, Fraction], ...]  # (player in the cave, risk × carried gems)


def odds(state: State) -> Odds:
    view = round_view(state)
    contents = deck(view)
    total = contents["total"]
    seen = view.hazards_on_path()
    busting = tuple((h, contents["hazard"][h]) for h in view.rules.hazards if seen[h] and contents["hazard"][h])
    if total == 0:
        return Odds(0, Fraction(0), busting, Fraction(0), ())
    risk = Fraction(sum(n for _, n in busting), total)
    inside = sum(view.in_cave) if view.in_round else len(view.players)
    gain = Fraction(0)
    if inside:
        for value, count in contents["treasure"].items():
            per = Fraction(value, inside) if view.rules.dealt else Fraction(value // inside)
            gain += per * count
        gain /= total
    loss = tuple((p, risk * view.carried[i]) for i, p in enumerate(view.players) if view.in_cave[i])
    return Odds(total, risk, busting, gain, loss)
