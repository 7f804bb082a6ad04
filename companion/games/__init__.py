"""The registry of games: each game package describes itself once (its ``GAME``, a
:class:`~companion.games.base.Game`) and every shell asks the registry, never a table of its own.

Each engine stays pure (``start``/``apply``/``summary`` on immutable states); the ``GAME`` object of
its package adds what shells need around it (names, presets, report, key moments, score pad).

>>> from companion.games import get
>>> get("diamant").name.message
'Diamant'

The built-in games are imported on first use.  :func:`registered` adds a game for a while (tests use
it to run a small game through every shell); an unknown id is an error, never another game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeGuard

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.games.base import Game

# The packages under companion/games/ that are games, in the order menus list them.
BUILTIN: tuple[str, ...] = ("diamant", "shifting_stones", "death_valley")

_extra: dict[str, Game] = {}


class UnknownGame(CompanionError):
    """No game has this id (``params``: ``game``, ``choices``)."""


def ids() -> tuple[str, ...]:
    """Every game id, built-in games first."""
    return BUILTIN + tuple(g for g in _extra if g not in BUILTIN)


def known(game_id: object) -> TypeGuard[str]:
    return isinstance(game_id, str) and game_id in ids()


def get(game_id: str) -> Game:
    """The game ``game_id``; :class:`UnknownGame` when there is none."""
    if game_id in _extra:
        return _extra[game_id]
    if game_id not in BUILTIN:
        raise UnknownGame("unknown_game", game=str(game_id)[:80], choices=", ".join(ids()))
    return importlib.import_module(f"{__name__}.{game_id}").GAME  # type: ignore[no-any-return]


def all_games() -> list[Game]:
    return [get(g) for g in ids()]


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """Make ``game`` known while the block runs (for games defined outside this package)."""
    if game.id in ids():
        raise ValueError(f"a game {game.id!r} is already registered")
    _extra[game.id] = game
    try:
        yield game
    finally:
        _extra.pop(game.id, None)
