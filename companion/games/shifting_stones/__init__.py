"""Shifting Stones: the engine (``start``/``apply``/``summary``), pattern notation, library and solver."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.shifting_stones.engine import Outcome, ScoredCard, State, apply, start, summary

if TYPE_CHECKING:
    from companion.i18n import Translator


def report(state: State, tr: Translator) -> list[str]:
    """Localized lines for ``companion replay`` (see :mod:`.explain`)."""
    from companion.games.shifting_stones.explain import report as _report

    return _report(state, tr)


from companion.games.shifting_stones.game import GAME  # noqa: E402  (the game as the shells see it)

__all__ = ["GAME", "Outcome", "ScoredCard", "State", "apply", "report", "start", "summary"]
