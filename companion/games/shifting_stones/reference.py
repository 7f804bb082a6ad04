"""What the one-sheet reference draws for Shifting Stones (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from companion.games.shifting_stones.patterns import SIZE
from companion.i18n import Translator

Flow = list[tuple[str, ...]]
GRID = SIZE  # the grid drawn on the reference with its coordinates


def front(tr: Translator) -> tuple[Flow, list[tuple[str, str]]]:
    from companion.games.shifting_stones.engine import HAND, HAND_MAX, PASS_DRAW
    from companion.games.shifting_stones.explain import face
    from companion.games.shifting_stones.patterns import TILE_KINDS

    flow: Flow = [
        ("decision", tr.gettext("Do you pass?"),
         tr.gettext("Draw {n} cards (never more than {most} in your hand); your turn is over.",
                    n=PASS_DRAW, most=HAND_MAX)),
        ("step", tr.gettext("Shift two tiles side by side, or flip one tile: each costs a card from your hand.")),
        ("step", tr.gettext("Score a card whose pattern the grid shows now: it costs nothing.")),
        ("decision", tr.gettext("Another action?"), tr.gettext("Go back to shifting, flipping or scoring.")),
        ("step", tr.gettext("Draw back up to {n} cards.", n=HAND)),
    ]
    material = []
    for front, back, count in TILE_KINDS:
        material.append((f"stones-{front}", tr.gettext("{front} / {back} (×{n})", front=face(front, tr),
                                                            back=face(back, tr), n=count)))
        material.append((f"stones-{back}", ""))
    return flow, material
