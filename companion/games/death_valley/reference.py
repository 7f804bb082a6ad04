"""What the one-sheet reference draws for Death Valley (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from companion.i18n import Translator

Flow = list[tuple[str, ...]]


def front(tr: Translator) -> tuple[Flow, list[tuple[str, str]]]:
    from companion.games.death_valley.catalog import HAZARD_COUNTS, HAZARDS
    from companion.games.death_valley.explain import hazard_name
    from companion.games.death_valley.state import BUST_AT

    flow: Flow = [
        ("decision", tr.gettext("Do you rest?"),
         tr.gettext("Put one journey card in your album; tuck the others you choose under it.")),
        ("step", tr.gettext("Travel: the face-up card or the top deck card goes to the end of your journey.")),
        ("decision", tr.gettext("{n} visible cards of one hazard?", n=BUST_AT),
         tr.gettext("Bust: discard that hazard's last journey card and shuffle the rest of the journey "
                    "into the deck.")),
        ("step", tr.gettext("No face-up card? Turn up the top card of the deck.")),
        ("decision", tr.gettext("Only one card left in the desert?"),
         tr.gettext("The game ends: count stars and abilities.")),
    ]
    material = [(f"valley-{h}", tr.gettext("{hazard} (×{n})", hazard=hazard_name(h, tr), n=HAZARD_COUNTS[h]))
                for h in HAZARDS]
    return flow, material
