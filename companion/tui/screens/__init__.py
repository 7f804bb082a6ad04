"""Screens, and the registry of game screens (one pluggable class per game id, imported lazily).

A game screen is a :class:`companion.tui.screens.game.GameScreen` subclass; see that module for the
contract.  Register a new one by adding ``game id -> "module:Class"`` to :data:`GAME_SCREENS`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.tui.screens.game import GameScreen

GAME_SCREENS: dict[str, str] = {
    "diamant": "companion.tui.screens.diamant:DiamantScreen",
    "shifting_stones": "companion.tui.screens.shifting_stones:ShiftingStonesScreen",
    "death_valley": "companion.tui.screens.death_valley:DeathValleyScreen",
}


def game_screen_class(game: str) -> type[GameScreen]:
    """The screen class for ``game``; a :class:`CompanionError` when it is unknown or not installed."""
    try:
        module_name, _, class_name = GAME_SCREENS[game].partition(":")
    except KeyError:
        raise CompanionError("tui.game_unavailable", game=game) from None
    try:
        return getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError):
        raise CompanionError("tui.game_unavailable", game=game) from None


def available_games() -> list[str]:
    """Game ids whose screen (and engine) can be imported now."""
    found = []
    for game in GAME_SCREENS:
        try:
            game_screen_class(game)
        except CompanionError:
            continue
        found.append(game)
    return found
