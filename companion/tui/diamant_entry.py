"""Typed Diamant entry in the TUI: the card field's :class:`EntrySuggester` (Textual glue).

The notation itself (reading ``7``, ``snake``, ``r 7``, ``L Ava Ben`` and writing them back) is pure and
lives beside the engine in :mod:`companion.games.diamant.notation`; its names are re-exported here
for older imports (``parse`` is :func:`~companion.games.diamant.notation.parse_card`).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.suggester import Suggester

from companion.games.diamant.engine import State
from companion.games.diamant.notation import (  # noqa: F401  (re-exported)
    LEAVE,
    LEAVE_WORDS,
    RELIC_WORDS,
    NotationError,
    completions,
    format_card,
    format_decision,
    format_entry,
    is_decision,
    leave_words,
    names,
    parse_card,
    parse_decision,
    parse_entry,
    relic_words,
    suggest,
    suggest_entry,
)
from companion.i18n import current

parse = parse_card


class EntrySuggester(Suggester):
    """Completes what the host types in the card field (a card, a leave word, a player's name)
    against the state ``view()`` returns (the round about to be played)."""

    def __init__(self, view: Callable[[], State]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.view = view

    async def get_suggestion(self, value: str) -> str | None:
        return suggest_entry(value, self.view(), current())
