"""Shifting Stones: the engine (``start``/``apply``/``summary``), pattern notation, library and solver."""

from companion.games.shifting_stones.engine import Outcome, ScoredCard, State, apply, start, summary


def report(state, tr):
    """Localized lines for ``companion replay`` (see :mod:`.explain`)."""
    from companion.games.shifting_stones.explain import report as _report

    return _report(state, tr)


__all__ = ["Outcome", "ScoredCard", "State", "apply", "report", "start", "summary"]
