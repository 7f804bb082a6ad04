"""What the one-sheet reference draws for Diamant (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from typing import Any

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


# The worked example on the back: explorers in the cave, the cards turned up (treasures by their value, a
# hazard by its place in the ruleset), then how many go back.  The engine plays it; nothing is computed here.
EXAMPLE_PLAYERS = 3
EXAMPLE_DRAWS = (("treasure", 7), ("hazard", 1), ("treasure", 11))
EXAMPLE_LEAVERS = 2


def example() -> tuple[list[Any], Any, Any]:
    """The example played by the engine: ``(draw outcomes, the leaving outcome, the state after)``."""
    from companion.games.diamant.engine import apply, new_state
    from companion.games.diamant.rules import load_ruleset

    rules = load_ruleset("diamant")
    players = tuple(f"p{i}" for i in range(1, EXAMPLE_PLAYERS + 1))
    state = new_state(rules, players)
    draws = []
    for kind, value in EXAMPLE_DRAWS:
        event: dict[str, Any] = {"event": "draw", "card": kind}
        if kind == "treasure":
            event["value"] = value
        else:
            event["hazard"] = rules.hazards[value]
        state, drawn = apply(state, event)
        draws.append(drawn)
    state, left = apply(state, {"event": "leave", "players": list(players[:EXAMPLE_LEAVERS])})
    return draws, left, state


def back(tr: Translator) -> list[tuple[str, str]]:
    from companion.games.diamant.explain import hazard_name
    from companion.games.diamant.rules import load_ruleset
    from companion.printing.reference import card_html, icons, num, step_html, sum_html

    draws, left, state = example()
    steps = []
    for drawn in draws:
        card = drawn.card
        if card.kind == "treasure":
            parts = drawn.split
            drawing = (card_html("diamant-treasure", num(tr, card.value), icons("gem", card.remainder, "gem"))
                       + f'<span class="people">{icons("explorer", parts.among)}'
                       f'<span class="gain">+{num(tr, parts.each)}</span></span>')
            caption = tr.ngettext("{value} gems among {n} explorers: {each} each, and {left} stays on the card.",
                                  "{value} gems among {n} explorers: {each} each, and {left} stay on the card.",
                                  parts.left, value=card.value, n=parts.among, each=parts.each, left=parts.left)
        else:
            drawing = card_html(f"diamant-{card.hazard}")
            caption = tr.gettext("The first {hazard} on the path: nothing happens yet.",
                                 hazard=hazard_name(card.hazard or "", tr))
        steps.append(step_html(drawing, caption))
    pooled = left.shares[0].split
    steps.append(step_html(
        f'<span class="people">{icons("explorer", pooled.among)}<span class="gain">+{num(tr, pooled.each)}</span>'
        f'</span>{icons("gem", pooled.left, "gem")}',
        tr.ngettext("{k} go back: the {total} gems left on the path give {each} each, and {left} stays there.",
                    "{k} go back: the {total} gems left on the path give {each} each, and {left} stay there.",
                    pooled.left, k=pooled.among, total=pooled.total, each=pooled.each, left=pooled.left)))
    _, carried, share, _relic = left.banked[0]
    chest = state.chest[state.seat(left.banked[0][0])]
    stayer = [p for p in state.players if p not in left.leavers][0]
    steps.append(step_html(
        f'<span class="people">{icons("explorer", 1)}{sum_html(tr, [carried, share], chest)}</span>',
        tr.gettext("Each of them puts what they carry and their share of the path in their chest: {n} gems, "
                   "safe for the rest of the game.", n=chest)))
    steps.append(step_html(
        f'<span class="people">{icons("explorer", 1)}<span class="gain">{num(tr, state.carried[state.seat(stayer)])}'
        f'</span></span>',
        tr.gettext("The one who goes on carries {n} gems: they are lost if the round ends in a bust.",
                   n=state.carried[state.seat(stayer)])))
    rules = load_ruleset("diamant")
    blocks = [(tr.gettext("Sharing the gems: an example"), '<div class="xrow">' + "".join(steps) + "</div>")]
    if not isinstance(rules.relic_values, str) and rules.relic_values:
        relics = "".join(card_html("diamant-relic", num(tr, v)) for v in rules.relic_values)
        blocks.append((tr.gettext("Who takes a relic?"), step_html(
            f'<span class="relics">{relics}</span>',
            tr.gettext("Relics are worth these gems, in the order they leave the cave. Only an explorer who "
                       "goes back alone takes the relics on the path."))))
    return blocks
