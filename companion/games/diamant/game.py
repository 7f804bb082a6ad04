"""The Diamant family as the shells see it (:class:`companion.games.base.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError, RulesetError
from companion.games.base import Label, Moment, Preset, ScorePad, TablePad, Text

# start and summary are defined in the package before it imports this module (GAME comes last there).
from companion.games.diamant import engine
from companion.games.diamant import start as package_start
from companion.games.diamant import summary as package_summary
from companion.i18n import N_, Translator

if TYPE_CHECKING:
    from companion.games.diamant.rules import Ruleset
    from companion.session import Step


class Diamant:
    id = "diamant"
    name = Text(N_("Diamant"))

    # -- set-up ---------------------------------------------------------------------------------
    def _rulesets(self) -> tuple[list[Ruleset], list[RulesetError]]:
        """The rulesets that load (editions first, then house rules), and the errors of those that do not."""
        from companion.games.diamant.rules import available, load_ruleset

        good: list[Ruleset] = []
        bad: list[RulesetError] = []
        for rid in available():
            try:
                good.append(load_ruleset(rid))
            except RulesetError as exc:
                bad.append(exc)
        return good, bad

    def presets(self) -> list[Preset]:
        from companion.games.diamant.messages import RULESET_NAMES
        from companion.games.diamant.rules import PRESETS, settings_of

        out = []
        for rules in self._rulesets()[0]:
            if rules.id in PRESETS:
                out.append(Preset(rules.id, Text(RULESET_NAMES.get(rules.id, rules.id)), rules.players, rules.id))
            else:  # a house-rules game carries all its settings, so its journal replays without the file
                out.append(Preset(rules.id, Text(rules.id, translate=False), rules.players, rules.id,
                                  {"options": settings_of(rules)}))
        return out

    def setup_problems(self) -> list[CompanionError]:
        return list(self._rulesets()[1])

    # -- the engine -----------------------------------------------------------------------------
    # The engine as it is (the package imports it anyway); the explainer only when a report is asked for.
    start = staticmethod(package_start)
    apply = staticmethod(engine.apply)
    summary = staticmethod(package_summary)

    def report(self, state: Any, tr: Translator) -> list[str]:
        from companion.games.diamant.explain import report

        return report(state, tr)

    # -- the players' shared view (companion share): the chests stay secret until the game ends ----
    secret_keys = ("chest", "scores")

    def public_report(self, state: Any, tr: Translator) -> list[str]:
        from companion.games.diamant.explain import public_report

        return public_report(state, tr)

    def event_line(self, step: Step, tr: Translator) -> str:
        from companion.games.diamant.explain import event_line

        return event_line(step.state, step.event, step.outcome, tr)

    # -- what shells show around it -------------------------------------------------------------
    def player_name(self, player: str, tr: Translator) -> str:
        return player

    def period_end(self, step: Step) -> Label | None:
        end = getattr(step.outcome, "round_end", None)
        return ("round", end.round) if end is not None else None

    def key_moments(self, steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
        from companion.games.diamant.moments import key_moments

        return key_moments(steps, summary, tr)

    def score_pad(self) -> ScorePad:
        """From the editions that ship (a printed pad is the same on every machine)."""
        from companion.games.diamant.rules import PRESETS, load_ruleset

        rules = [load_ruleset(rid) for rid in PRESETS]
        low = min(r.players[0] for r in rules)
        high = max(r.players[1] for r in rules)
        rounds = max(r.rounds for r in rules)
        columns = [Text(N_("Round {n}"), {"n": n}) for n in range(1, rounds + 1)]
        if any(r.relics for r in rules):
            columns.append(Text(N_("Relics")))
            note = Text(N_("For {low} to {high} explorers. After each round write the gems each explorer put "
                           "in their chest; add the relics at the end."), {"low": low, "high": high})
        else:
            note = Text(N_("For {low} to {high} explorers. After each round write the gems each explorer put "
                           "in their chest."), {"low": low, "high": high})
        columns.append(Text(N_("Total")))
        pad = TablePad(first=Text(N_("Explorer")), columns=tuple(columns), rows=high, note=note)
        return ScorePad((pad, pad, pad))


GAME = Diamant()
