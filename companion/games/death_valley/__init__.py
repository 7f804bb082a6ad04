"""Death Valley: the engine interface shared by every game (``start``, ``apply``, ``summary``).

The engine itself is pure (:mod:`.engine`, :mod:`.robot`, :mod:`.risk`); :func:`start` is the one
place that may read a catalog file, the one the header names with ``"catalog"`` (else the shipped
catalog), so that a journal replays the same way on every machine.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.errors import RuleError
from companion.games.death_valley import engine
from companion.games.death_valley.engine import (  # noqa: F401  (public API)
    ROBOT,
    AlbumEntry,
    Bust,
    Choices,
    Outcome,
    RobotDecision,
    State,
    Task,
    apply,
    choices,
    score,
    scores,
    winners,
)

GAME_ID = "death_valley"


def start(header: Any) -> State:
    from companion.games.death_valley.catalog import load_catalog, shipped_catalog

    path = header.get("catalog")
    if path is not None and (not isinstance(path, str) or not path.strip()):
        raise RuleError("valley.bad_catalog_path", value=path if not isinstance(path, str) else path[:80])
    if path is not None and header.folder is not None:
        path = str(header.folder / Path(path).expanduser())  # relative to the journal, not to the shell
    catalog = load_catalog(path) if path is not None else shipped_catalog()
    return engine.new_game(header, catalog)


def summary(state: State) -> dict[str, Any]:
    from companion.games.death_valley.risk import bust_risk

    data: dict[str, Any] = {
        "game": GAME_ID,
        "ruleset": state.ruleset,
        "mode": state.mode,
        "finished": state.finished,
        "scores": engine.scores(state),
        "winners": engine.winners(state) if state.finished else [],
        "events": state.events,
        "busts": dict(state.busts),
        "active": None if state.finished else state.active,
        "needs_reveal": state.needs_reveal and not state.finished,
        "stars_unknown": engine.stars_unknown(state),
        **engine.zones_of(state),
    }
    if not state.finished and not state.needs_reveal:
        risk = bust_risk(state)
        chance = risk.chance if risk.chance is not None else Fraction(0)
        data["risk"] = {"player": risk.player, "hazards": list(risk.hazards),
                        "bust_next": f"{chance.numerator}/{chance.denominator}",
                        "faceup_busts": risk.faceup_busts}
    return data


from companion.games.death_valley.game import GAME as GAME  # noqa: E402  (the game as the shells see it)
