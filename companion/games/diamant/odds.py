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
    # Summed in whole numbers, one Fraction each at the end: the same exact values as adding Fractions
    # card by card, at a tenth of the cost (this runs on every key of the Diamant screen).
    busts = sum(n for _, n in busting)
    risk = Fraction(busts, total)
    inside = sum(view.in_cave) if view.in_round else len(view.players)
    gain = Fraction(0)
    if inside:
        treasures = contents["treasure"].items()
        if view.rules.dealt:
            gain = Fraction(sum(value * count for value, count in treasures), inside * total)
        else:
            gain = Fraction(sum(value // inside * count for value, count in treasures), total)
    loss = tuple((p, Fraction(busts * view.carried[i], total)) for i, p in enumerate(view.players) if view.in_cave[i])
    return Odds(total, risk, busting, gain, loss)
