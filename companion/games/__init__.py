"""The game engines.  Each game package exposes the same small, pure interface:

``start(header) -> state``
    the state before the first event (validates the header's ruleset/options/mode for this game).
``apply(state, event) -> (state, outcome)``
    one event; raises :class:`~companion.errors.RuleError` (state untouched) when it is impossible.
``summary(state) -> dict``
    plain data for ``replay --json`` (``game``, ``ruleset``, ``finished``, ``scores``, ``winners`` ...).
``report(state, tr) -> list[str]``
    localized lines for ``replay`` without ``--json`` (lives in the game's ``explain`` module).

States are immutable, so keeping the previous ones gives undo for free.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from companion.errors import JournalError

PACKAGES = {
    "diamant": "companion.games.diamant",
    "shifting_stones": "companion.games.shifting_stones",
    "death_valley": "companion.games.death_valley",
}


def game_module(game_id: str) -> ModuleType:
    try:
        return importlib.import_module(PACKAGES[game_id])
    except KeyError:
        raise JournalError("journal_header_unknown_game", line=1, value=repr(game_id)) from None
