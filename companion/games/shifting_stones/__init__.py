"""Shifting Stones: the engine (``start``/``apply``/``summary``), pattern notation, library and solver."""

from companion.games.shifting_stones.engine import Outcome, ScoredCard, State, apply, start, summary


def report(state, tr):
    """Localized lines for ``companion replay`` (see :mod:`.explain`)."""
    from companion.games.shifting_stones.explain import report as _report

    return _report(state, tr)


from companion.games.shifting_stones.game import GAME  # noqa: E402  (the game as the shells see it)

__all__ = ["GAME", "Outcome", "ScoredCard", "State", "apply", "report", "start", "summary"]
