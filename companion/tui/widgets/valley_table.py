"""Death Valley on screen: card labels and the players' journeys and albums (rich text only).

What a host types (cards, rests, ability moves, stars) is read by the pure
:mod:`companion.games.death_valley.notation`; :func:`player_block` and :func:`card_label` draw the table.
"""

from __future__ import annotations

from rich.text import Text

from companion.games.death_valley import explain as words
from companion.games.death_valley.catalog import HAZARDS
from companion.games.death_valley.engine import BUST_AT, ROBOT, State, choices, score
from companion.i18n import _, current, ngettext

HAZARD_STYLES = {"animal": "dark_orange", "flood": "dodger_blue1", "land": "green3", "heat": "red1"}


# -- drawing ----------------------------------------------------------------------------------------
def card_label(state: State, card: str) -> Text:
    tr = current()
    info = state.catalog[card]
    name = words.card_name(state.catalog, card, tr)
    if info.stars is None:
        line = _("{card} (stars unknown)", card=name)
    else:
        line = ngettext("{card} ({n} star)", "{card} ({n} stars)", info.stars, card=name)
    if info.ability:
        line += " " + _("ability {score}", score=info.ability)
    return Text(line, style=HAZARD_STYLES[info.hazard])


def _join(parts: list[Text]) -> Text:
    out = Text()
    for index, part in enumerate(parts):
        if index:
            out.append(_(", "))
        out.append_text(part)
    return out


def labelled(sentence: str, body: Text) -> Text:
    """``sentence`` (a translated message whose one value was the marker ``\0``) with ``body`` in its
    place, styles kept: one message per label, so no language gets a space it does not write."""
    before, _sep, after = sentence.partition("\0")
    return Text(before) + body + Text(after)


def player_block(state: State, player: str) -> Text:
    tr = current()
    who = words.player_name(state, player, tr)
    total = score(state, player)
    active = choices(state).player == player
    head = _("{player}: score {score}, busts {busts}.", player=who, score=total.total, busts=state.busts[player])
    text = Text(("> " if active else "") + head, style="bold")
    journey = state.journeys[player]
    text.append("\n")
    text.append_text(labelled(_("Journey: {cards}", cards="\0"),
                              _join([card_label(state, c) for c in journey]) if journey else Text(_("empty"))))
    if player != ROBOT or state.mode != "solo":
        entries = state.albums[player]
        parts = []
        for entry in entries:
            part = card_label(state, entry.card)
            if entry.hidden:
                part.append(" " + ngettext("+ {n} hidden card", "+ {n} hidden cards", len(entry.hidden)),
                            style="dim")
            parts.append(part)
        text.append("\n")
        text.append_text(labelled(_("Album: {cards}", cards="\0"), _join(parts) if parts else Text(_("empty"))))
    counts = state.hazard_counts(player)
    shown = Text()
    for index, hazard in enumerate(HAZARDS):
        if index:
            shown.append(_(", "))
        n = counts[hazard]
        style = "bold red" if n >= BUST_AT - 1 else HAZARD_STYLES[hazard]
        shown.append(_("{hazard} {n}", hazard=words.hazard_name(hazard, tr), n=n), style=style)
    text.append("\n")
    text.append_text(labelled(_("Visible hazards: {hazards}", hazards="\0"), shown))
    if total.unknown:
        text.append("\n" + _("Stars not known yet (counted as 0): {cards}.",
                             cards=tr.join(words.card_name(state.catalog, c, tr) for c in total.unknown)),
                    style="yellow")
    return text
