"""The key moments of a played game, for the filled score sheet: ``[(when, sentence), ...]``.

``when`` is the round or turn the moment belongs to ("Turn 7", "End"; empty when the sentence names it
itself, as Diamant's do).  Each game writes its own moments (``Game.key_moments``, counting turns as
:func:`companion.printing.chart.score_points` does, so "Turn 7" is the column "Turn 7" of the score
table); this adds how the journal stops when the game is not over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.games.base import Game, Moment
from companion.i18n import Translator

if TYPE_CHECKING:
    from companion.session import Step


def key_moments(game: Game, steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
    """The game's turning points, in order, ending with how it ended (or that the journal stops)."""
    moments = list(game.key_moments(steps, summary, tr))
    if not summary.get("finished"):
        moments.append(("", tr.gettext("The journal stops before the end of the game.")))
    return moments
