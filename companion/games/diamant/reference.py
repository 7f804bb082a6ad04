"""What the one-sheet reference draws for Diamant (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from companion.i18n import Translator

Flow = list[tuple[str, ...]]

PATH = ("diamant-treasure", "diamant-snake", "diamant-treasure", "diamant-relic")
"""The pictures of the path drawn on the reference: cards in a row from the camp into the cave."""


def front(tr: Translator) -> tuple[Flow, list[tuple[str, str]]]:
    from companion.games.diamant.engine import BUST_COPY
    from companion.games.diamant.explain import hazard_name
    from companion.games.diamant.rules import load_ruleset

    rules = load_ruleset("diamant")
    flow: Flow = [
        ("step", tr.gettext("Turn up the top card of the deck onto the path.")),
        ("decision", tr.gettext("Is it copy number {n} of a hazard on the path?", n=BUST_COPY),
         tr.gettext("Bust: everyone still in the cave loses what they carry, and the round is over.")),
        ("step", tr.gettext("A treasure is shared evenly among the explorers in the cave; what is left "
                            "stays on the card.")),
        ("step", tr.gettext("Everyone chooses at the same time: go on, or go back to camp.")),
        ("step", tr.gettext("Those going back share the gems left on the path and put all they carry "
                            "in their chest.")),
        ("decision", tr.gettext("Is the cave empty?"),
         tr.ngettext("The round is over. The game lasts {n} round.", "The round is over. The game lasts "
                     "{n} rounds.", rules.rounds, n=rules.rounds)),
    ]
    material = [(f"diamant-{h}", hazard_name(h, tr)) for h in rules.hazards]
    material += [("diamant-treasure", tr.gettext("treasure")), ("diamant-relic", tr.gettext("relic"))]
    return flow, material
