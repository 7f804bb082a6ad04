"""What the one-sheet reference draws for Death Valley (``companion.printing.reference``): the turn as a
flow of steps and decisions, and the game material as pictures with captions.  Numbers from the engine."""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

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


# The worked example on the back: one player's journey and album, with stars and ability scores as a
# catalog would give them (the shipped catalog knows none).  The engine's scoring and bust check judge it.
EXAMPLE_JOURNEY = ("land-1", "heat-1", "flood-1")
EXAMPLE_ALBUM = (("heat-2", ("heat-3",)),)  # (face-up card, cards tucked under it)
EXAMPLE_STARS = {"land-1": 2, "heat-1": 1, "flood-1": 3, "heat-2": 3, "heat-3": 2}
EXAMPLE_ABILITY = {"land-1": 1, "heat-2": 2}


def example() -> tuple[Any, Any]:
    """``(the state, the engine's score of the first player)`` of the worked example."""
    from companion.games.death_valley.catalog import shipped_catalog
    from companion.games.death_valley.engine import new_game, score
    from companion.games.death_valley.state import AlbumEntry
    from companion.journal import Header

    header = Header(game="death_valley", ruleset="death_valley", players=("p1", "p2"),
                    raw={"stars": EXAMPLE_STARS, "ability": EXAMPLE_ABILITY})
    state = new_game(header, shipped_catalog())
    album = tuple(AlbumEntry(card, hidden) for card, hidden in EXAMPLE_ALBUM)
    used = set(EXAMPLE_JOURNEY) | {c for e in album for c in (e.card, *e.hidden)}
    state = replace(state, journeys={**state.journeys, "p1": EXAMPLE_JOURNEY}, albums={**state.albums, "p1": album},
                    deck=state.deck - used)
    return state, score(state, "p1")


def _card(tr: Translator, card: Any, counts: bool) -> str:
    from companion.printing.reference import card_html, icons, num

    stars = icons("star", card.stars or 0, "star")
    ability = f'<span class="ability">{num(tr, card.ability)}</span>' if card.ability else ""
    if card.ability > 0:
        ability = f'<span class="ability">+{num(tr, card.ability)}</span>'
    return card_html(f"valley-{card.hazard}", "", stars + ability, "" if counts else "nostars")


def back(tr: Translator) -> list[tuple[str, str]]:
    from companion.games.death_valley.explain import hazard_name
    from companion.games.death_valley.state import BUST_AT
    from companion.printing.reference import step_html, sum_html

    state, result = example()
    cat = state.catalog
    journey = state.journeys["p1"]
    album = state.albums["p1"]
    row = "".join(_card(tr, cat[c], True) for c in journey)
    books = "".join(f'<span class="tucked">{_card(tr, cat[e.card], False)}'
                    + "".join('<span class="xcard hidden"></span>' for _ in e.hidden) + "</span>" for e in album)
    stars = [cat[c].stars or 0 for c in journey]
    abilities = [cat[c].ability for c in state.visible("p1") if cat[c].ability]
    hazard = cat[album[0].card].hazard
    seen = state.hazard_counts("p1")[hazard]
    steps = [
        step_html(f'<span class="zone">{row}</span>', tr.gettext("The journey: its stars count."), "wide"),
        step_html(f'<span class="zone">{books}</span>',
                  tr.gettext("The album: its stars do not count, its abilities do; a tucked card has no features.")),
        step_html(f'<span class="people">{sum_html(tr, stars, result.stars)}</span>',
                  tr.gettext("Stars of the journey: {n}.", n=result.stars)),
        step_html(f'<span class="people">{sum_html(tr, abilities, result.abilities)}</span>',
                  tr.gettext("Abilities of the journey and album: {n}. Score: {total}.",
                             n=result.abilities, total=result.total)),
    ]
    bust = tr.ngettext(
        "Bust check: {seen} visible {hazard} card of {limit} (the tucked one does not count), so no bust.",
        "Bust check: {seen} visible {hazard} cards of {limit} (the tucked one does not count), so no bust.",
        seen, seen=seen, hazard=hazard_name(hazard, tr), limit=BUST_AT)
    return [(tr.gettext("Scoring a player: an example"),
             '<div class="xrow">' + "".join(steps) + f'</div><p class="note">{escape(bust)}</p>')]
