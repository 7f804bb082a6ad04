"""Sharing gems: the divisions every game host checks.  Pure functions, results as data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Split:
    """``total = among × each + left``."""

    total: int
    among: int
    each: int
    left: int

    def __post_init__(self) -> None:
        assert self.total == self.among * self.each + self.left and 0 <= self.left < max(self.among, 1)


def split(total: int, among: int) -> Split:
    if among < 1:
        raise ValueError("among must be at least 1")
    if total < 0:
        raise ValueError("total must not be negative")
    each, left = divmod(total, among)
    return Split(total, among, each, left)


@dataclass(frozen=True)
class PileSplit:
    """Several piles shared by the same players, either pile by pile or pooled."""

    mode: str  # "per_card" | "pooled"
    among: int
    piles: tuple[int, ...]
    parts: tuple[Split, ...]  # one per pile (per_card) or a single one (pooled)

    @property
    def each(self) -> int:
        return sum(p.each for p in self.parts)

    @property
    def left(self) -> tuple[int, ...]:
        return tuple(p.left for p in self.parts)

    @property
    def left_total(self) -> int:
        return sum(p.left for p in self.parts)

    def to_json(self) -> dict:
        data = {"mode": self.mode, "among": self.among, "piles": list(self.piles), "each": self.each}
        if self.mode == "per_card":
            data["left"] = list(self.left)
        data["left_total"] = self.left_total
        return data


def split_piles(piles: Sequence[int], among: int, pooled: bool = False) -> PileSplit:
    piles = tuple(piles)
    if pooled:
        return PileSplit("pooled", among, piles, (split(sum(piles), among),))
    return PileSplit("per_card", among, piles, tuple(split(p, among) for p in piles))


def deal(total: int, receivers: Sequence[int], seats: int, marker: int) -> tuple[dict[int, int], int]:
    """Deal ``total`` gems among ``receivers`` (seat indexes): ``total // k`` each, then the extra gems
    one at a time in seat order from the first receiver at or after ``marker``.

    Returns (gems per receiving seat, the new marker: the seat just after the last one that got an
    extra gem; unchanged when there was no extra).
    """
    order = sorted(set(receivers))
    if not order:
        raise ValueError("nobody to deal to")
    each, extra = divmod(total, len(order))
    gems = {seat: each for seat in order}
    if extra:
        start = next((i for i, seat in enumerate(order) if seat >= marker), 0)
        for i in range(extra):
            gems[order[(start + i) % len(order)]] += 1
        last = order[(start + extra - 1) % len(order)]  # the last seat that got an extra gem
        marker = (last + 1) % seats
    return gems, marker
