"""Diamant's key moments for the filled score sheet: busts and relic claims, each naming its round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.explain import winners_sentence
from companion.games.base import Moment
from companion.games.diamant.explain import hazard_name
from companion.i18n import Translator

if TYPE_CHECKING:
    from companion.session import Step


def key_moments(steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
    """The sentences name their round themselves, so ``when`` stays empty (a plain numbered list)."""
    out: list[Moment] = []
    for step in steps:
        o = step.outcome
        end = getattr(o, "round_end", None)
        bust = getattr(o, "bust", None)
        if bust is not None:
            lost = list(bust.losers)
            round_ = end.round if end is not None else step.state.round
            hazard = hazard_name(bust.hazard, tr)
            gems = sum(g for _p, g in lost)
            if lost and gems:
                text = tr.ngettext("Round {round}: a second {hazard} came up; "
                                   "{players} ran out and lost {n} gem in all.",
                                   "Round {round}: a second {hazard} came up; "
                                   "{players} ran out and lost {n} gems in all.",
                                   gems, round=round_, hazard=hazard, players=tr.join(p for p, _g in lost))
            elif lost:  # the explorers still inside carried nothing: no gems to count
                text = tr.gettext("Round {round}: a second {hazard} came up; "
                                  "{players} ran out with no gems to lose.",
                                  round=round_, hazard=hazard, players=tr.join(p for p, _g in lost))
            else:
                text = tr.gettext("Round {round}: a second {hazard} came up with nobody left in the cave.",
                                  round=round_, hazard=hazard)
            out.append(("", text))
        for claim in getattr(o, "relics", ()) or ():
            out.append(("", tr.gettext("{player} carried out a relic worth {value} (relic number {order} of the game).",
                                       player=claim.player, value=claim.value, order=claim.order)))
    winners = summary.get("winners") or []
    if summary.get("finished") and winners:
        out.append(("", winners_sentence(winners, summary["scores"][winners[0]], tr)))
    return out
