"""Shifting Stones as the shells see it (:class:`companion.games.base.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.games.base import Label, Moment, Preset, ScorePad, TablePad, Text, Track, TrackPad, player_range
from companion.games.presets import load_presets
from companion.games.shifting_stones import engine
from companion.i18n import N_, Translator

if TYPE_CHECKING:
    from companion.session import Step

PRESETS_FILE = Path(__file__).resolve().parent / "presets.toml"
TURN_ENDS = frozenset({"end_turn", "pass"})


class ShiftingStones:
    id = "shifting_stones"
    name = Text(N_("Shifting Stones"))

    def presets(self) -> Sequence[Preset]:
        return load_presets(PRESETS_FILE)

    def setup_problems(self) -> list[CompanionError]:
        return []

    # The engine as it is (the package imports it anyway); the explainer only when a report is asked for.
    start = staticmethod(engine.start)
    apply = staticmethod(engine.apply)
    summary = staticmethod(engine.summary)

    def report(self, state: Any, tr: Translator) -> list[str]:
        from companion.games.shifting_stones.explain import report

        return report(state, tr)

    def event_line(self, step: Step, tr: Translator) -> str:
        """One line for a shared view's running log (companion share), as the game screen writes it."""
        from companion.games.shifting_stones.explain import log_line

        return log_line(step.state, step.outcome, tr)

    def face_names(self, tr: Translator) -> dict[str, str]:
        """Each tile face id with its name in ``tr``'s language (a shared view draws the grid with them)."""
        from companion.games.shifting_stones.explain import face
        from companion.games.shifting_stones.patterns import FACES

        return {face_id: face(face_id, tr) for face_id in FACES}

    def player_name(self, player: str, tr: Translator) -> str:
        return player

    def period_end(self, step: Step) -> Label | None:
        return ("turn", 0) if step.event.get("event") in TURN_ENDS else None

    def key_moments(self, steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
        from companion.games.shifting_stones.moments import key_moments

        return key_moments(steps, summary, tr)

    def score_pad(self) -> ScorePad:
        table = TablePad(
            first=Text(N_("Player")),
            columns=(Text(N_("Card points")), Text(N_("1-point cards")), Text(N_("Bonus")), Text(N_("Total"))),
            rows=player_range(self)[1],
            note=Text(N_("Each player tied for the most 1-point cards gets a bonus of {bonus} points (none if "
                         "nobody has one)."), {"bonus": engine.BONUS}))
        solo = TrackPad(title=Text(N_("Solo game")), tracks=(
            Track(Text(N_("Penalties:")), engine.PENALTY_LIMIT, numbered=True,
                  note=Text(N_("Penalty {limit} loses the game."), {"limit": engine.PENALTY_LIMIT})),
            Track(Text(N_("Cards scored (out of {n}):"), {"n": engine.DECK_SOLO}), len(str(engine.DECK_SOLO))),
        ))
        return ScorePad((table, table, solo))


GAME = ShiftingStones()
