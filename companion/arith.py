"""Sharing gems: the divisions every game host checks.  Pure functions, results as data.

The results are small immutable value classes written out by hand rather than dataclasses: ``companion
split`` would otherwise load :mod:`dataclasses` (and :mod:`inspect`) for two classes, a tenth of its run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class _Value:
    """Immutable, compared and hashed by its fields (``__slots__``), shown as ``Name(field=value, ...)``."""

    __slots__: tuple[str, ...] = ()

    def __init__(self, *values: Any) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            object.__setattr__(self, name, value)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._fields()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._fields())


class Split(_Value):
    """``total = among × each + left``."""

    __slots__ = ("total", "among", "each", "left")
    total: int
    among: int
    each: int
    left: int

    def __init__(self, total: int, among: int, each: int, left: int) -> None:
        assert total == among * each + left and 0 <= left < max(among, 1)
        super().__init__(total, among, each, left)


def split(total: int, among: int) -> Split:
    if among < 1:
        raise ValueError("among must be at least 1")
    if total < 0:
        raise ValueError("total must not be negative")
    each, left = divmod(total, among)
    return Split(total, among, each, left)


class PileSplit(_Value):
    """Several piles shared by the same players, either pile by pile or pooled."""

    __slots__ = ("mode", "among", "piles", "parts")
    mode: str  # "per_card" | "pooled"
    among: int
    piles: tuple[int, ...]
    parts: tuple[Split, ...]  # one per pile (per_card) or a single one (pooled)

    def __init__(self, mode: str, among: int, piles: tuple[int, ...], parts: tuple[Split, ...]) -> None:
        super().__init__(mode, among, piles, parts)

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
