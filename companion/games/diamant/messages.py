"""Diamant error messages and names (translated where they are shown)."""

from typing import Any

from companion.i18n import N_, N_plural, Translator

MESSAGES = {
    "diamant.player_count": N_("This ruleset is for {low} to {high} players, not {count}."),
    "diamant.game_over": N_("The game is over: all rounds have been played."),
    "diamant.unknown_event": N_("Unknown Diamant event “{event}”."),
    # what the journal says under "card" (the host writes one of the three keywords there, in English)
    "diamant.unknown_card": N_("Unknown kind of card “{card}”. A card drawn is a treasure, a hazard or a relic: "
                               "in the journal, write treasure, hazard or relic."),
    "diamant.no_card_kind": N_("This draw does not say which kind of card came up. A card drawn is a treasure, "
                               "a hazard or a relic: in the journal, write treasure, hazard or relic."),
    "diamant.bad_value": N_("A treasure card needs its gem value as a whole number, not {value}."),
    "diamant.no_such_treasure": N_("There is no treasure card worth {value} in this game (values: {choices})."),
    "diamant.treasure_not_in_deck": N_("Every treasure card worth {value} is already on the path this round."),
    "diamant.unknown_hazard": N_("Unknown hazard “{hazard}”; this game has: {choices}."),
    "diamant.hazard_not_in_deck": N_("No {hazard} card is left in the deck: check the path and the removed cards."),
    "diamant.no_relics_in_ruleset": N_("This game has no relics."),
    "diamant.no_relic_in_deck": N_("No relic is left in the deck this round."),
    "diamant.relic_value_needed": N_("Enter the value printed on this card (a whole number from 1), not {value}."),
    "diamant.relic_value_not_printed": N_("Relics in this game have no printed value; "
                                          "their worth depends on the order they are claimed."),
    "diamant.deck_empty": N_("The deck is empty: the explorers still in the cave can only leave."),
    "diamant.bad_leavers": N_("A decision must list the explorers who leave, by name."),
    "diamant.leave_nobody": N_("Nobody leaves: just draw the next card."),
    "diamant.round_over": N_("Round {round} is over; nobody is in the cave. Draw the first card of the next round."),
    "diamant.unknown_player": N_("There is no player called “{player}”."),
    "diamant.duplicate_leaver": N_("An explorer is named twice in the same decision."),
    "diamant.not_in_cave": N_("{player} is not in the cave any more."),
    "diamant.no_card_yet": N_("No card has been drawn this round yet: the first decision comes after the first card."),
    "diamant.already_decided": N_("The decision for this card has already been made: draw the next card first."),
    # what the host typed in the card field (nothing is recorded)
    "diamant.no_leavers": N_("Say who leaves after the word: “{by_name}” or “{by_seat}” (seat numbers)."),
    "diamant.not_a_card": N_("“{text}” is not a card. Type a gem value or a hazard ({hazards})."),
    "diamant.ambiguous_entry": N_("“{text}” could be {choices}: type more of the word."),
    "diamant.did_you_mean": N_("“{text}” is not a card or a command. Did you mean “{word}”?"),
    "diamant.ambiguous_player": N_("“{name}” begins more than one name ({choices}): type more of it, "
                                   "or the seat number."),
}

HAZARD_NAMES = {
    "spider": N_("spider"),
    "snake": N_("snake"),
    "lava": N_("lava"),
    "rockfall": N_("rockfall"),
    "ram": N_("battering ram"),
    "scorpion": N_("scorpion"),
    "explosion": N_("explosion"),
    "gas": N_("gas"),
    "landslide": N_("landslide"),
    "mummy": N_("mummy"),
    "fire": N_("fire"),
    "web": N_("web"),
    "collapse": N_("cave-in"),
}

RULESET_NAMES = {
    "diamant": N_("Diamant"),
    "diamant-classic": N_("Diamant classic"),
    "incan-gold": N_("Incan Gold"),
    "house-001": N_("House rules 001"),
}

COIN_NAMES = {
    "ruby": N_plural("{n} ruby", "{n} rubies"),
    "diamond": N_plural("{n} diamond", "{n} diamonds"),
    "red": N_plural("{n} red gem", "{n} red gems"),
    "white": N_plural("{n} white diamond", "{n} white diamonds"),
    "turquoise": N_plural("{n} turquoise", "{n} turquoises"),
    "obsidian": N_plural("{n} obsidian", "{n} obsidians"),
    "gold": N_plural("{n} gold nugget", "{n} gold nuggets"),
    "gem": N_plural("{n} gem", "{n} gems"),
}


def person_params(code: str, params: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """A hazard id in ``params`` as the hazard's name in ``tr``'s language (``snake`` -> «مار»)."""
    named = dict(params)
    hazard = named.get("hazard")
    if code != "diamant.unknown_hazard" and isinstance(hazard, str) and hazard in HAZARD_NAMES:
        named["hazard"] = tr.gettext(HAZARD_NAMES[hazard])
    choices = named.get("choices")
    if code in ("diamant.unknown_hazard", "diamant.no_such_treasure") and isinstance(choices, str):
        # the engine's hazard ids or gem values, joined with ", "
        items = [item.strip() for item in choices.split(",") if item.strip()]
        named["choices"] = tr.join(tr.gettext(HAZARD_NAMES[item]) if item in HAZARD_NAMES else tr.digits(item)
                                   for item in items)
    return named
