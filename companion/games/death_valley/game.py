"""Death Valley as the shells see it (:class:`companion.games.base.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games.base import Label, Moment, Preset, ScorePad, TablePad, Text, player_range
from companion.games.death_valley import engine

# start and summary are defined in the package before it imports this module (GAME comes last there).
from companion.games.death_valley import start as package_start
from companion.games.death_valley import summary as package_summary
from companion.games.presets import load_presets
from companion.i18n import N_, Translator

PRESETS_FILE = Path(__file__).resolve().parent / "presets.toml"


class DeathValley:
    id = "death_valley"
    name = Text(N_("Death Valley"))

    def presets(self) -> Sequence[Preset]:
        return load_presets(PRESETS_FILE)

    def setup_problems(self) -> list[CompanionError]:
        return []

    # The engine as it is (the package imports it anyway); the explainer only when a report is asked for.
    start = staticmethod(package_start)
    apply = staticmethod(engine.apply)
    summary = staticmethod(package_summary)

    def report(self, state: Any, tr: Translator) -> list[str]:
        from companion.games.death_valley.explain import report

        return report(state, tr)

    def event_line(self, step: Any, tr: Translator) -> str:
        """One line for a shared view's running log (companion share), as the game screen writes it."""
        from companion.games.death_valley.explain import event_line

        return event_line(step.outcome, step.state, tr)

    def player_name(self, player: str, tr: Translator) -> str:
        return tr.gettext("Robot") if player == engine.ROBOT else player

    def period_end(self, step: Any) -> Label | None:
        return ("turn", 0) if step.outcome.turn_ended else None

    def key_moments(self, steps: Sequence[Any], summary: dict[str, Any], tr: Translator) -> list[Moment]:
        from companion.games.death_valley.moments import key_moments

        return key_moments(steps, summary, tr)

    def score_pad(self) -> ScorePad:
        table = TablePad(
            first=Text(N_("Player")),
            columns=(Text(N_("Journey stars")), Text(N_("Ability points")), Text(N_("Busts")), Text(N_("Total"))),
            rows=player_range(self)[1] + 1,  # the players, and the robot's row in a solo game
            note=Text(N_("In a solo game the third row is the robot. A tie goes to the player with fewer busts.")))
        return ScorePad((table,) * 5)


GAME = DeathValley()
