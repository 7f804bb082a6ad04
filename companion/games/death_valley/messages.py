"""Death Valley texts: error codes (``valley.*``), hazard names and generic card names."""

from __future__ import annotations

import re
from typing import Any

from companion.i18n import N_, Translator

HAZARD_NAMES: dict[str, str] = {
    "animal": N_("animal"),
    "flood": N_("flood"),
    "land": N_("land"),
    "heat": N_("heat"),
}

# A card without a name in the catalog is called by its hazard and number: "Flood 2".
GENERIC_NAMES: dict[str, str] = {
    "animal": N_("Animal {number}"),
    "flood": N_("Flood {number}"),
    "land": N_("Land {number}"),
    "heat": N_("Heat {number}"),
}

# "{player} busts" per hazard type, so that translators get whole sentences.
BUST_MESSAGES: dict[str, str] = {
    "animal": N_("{player} has three or more visible animal cards and busts."),
    "flood": N_("{player} has three or more visible flood cards and busts."),
    "land": N_("{player} has three or more visible land cards and busts."),
    "heat": N_("{player} has three or more visible heat cards and busts."),
}

MODE_TITLES: dict[str, str] = {
    "standard": N_("Death Valley, standard game."),
    "backseat": N_("Death Valley, Backseat Driver variant."),
    "solo": N_("Death Valley, solo game against the robot."),
}

MESSAGES: dict[str, str] = {
    # setting up
    "valley.bad_mode": N_("Unknown Death Valley mode “{mode}”. Choose one of: {choices}."),
    "valley.unknown_option": N_("Unknown Death Valley setting “{option}”. Known settings: {choices}."),
    "valley.bad_option": N_("The setting “{option}” must be true or false."),
    "valley.two_players": N_("This Death Valley game needs exactly 2 players, not {count}."),
    "valley.solo_players": N_("A solo Death Valley game has exactly 1 human player, not {count}."),
    "valley.robot_name_taken": N_("The name “robot” is kept for the solo robot; choose another name."),
    "valley.bad_catalog_path": N_("The header's “catalog” must be the path of a catalog file, not {value}."),
    "valley.bad_header_map": N_("The header's “{key}” must map card ids to whole numbers."),
    "valley.bad_header_value": N_("The header's “{key}” gives {card} the value {value}, which is not allowed."),
    # malformed events
    "valley.unknown_event": N_("“{event}” is not a Death Valley event."),
    "valley.missing_field": N_("Which card? This move needs one."),
    "valley.unknown_card": N_("There is no card “{card}” (the cards are Animal 1 to Heat 6)."),
    "valley.bad_list": N_("The cards a rest tucks away or gives back must be given as a list."),
    "valley.unknown_player": N_("“{player}” is not a player in this game."),
    "valley.bad_source": N_("A card can only be taken from the face-up card or the deck, not from “{source}”."),
    "valley.bad_zone": N_("“{zone}” is not a place for a card "
                          "(use desert, deck, discard, journey:NAME or album:NAME)."),
    "valley.move_same_zone": N_("A move must take the card somewhere else."),
    "valley.card_twice": N_("{card} is named twice in the same rest."),
    "valley.bad_stars": N_("{value} is not a number of stars (a whole number from 0 to {most})."),
    "valley.bad_ability": N_("{value} is not an ability score (a whole number from -{most} to {most})."),
    "valley.ability_entry": N_("Type a card and its ability score, such as “{example}”; not “{value}”."),
    # a card that is not where the event says
    "valley.card_in_desert": N_("{card} is the face-up desert card, not where this event says."),
    "valley.card_in_deck": N_("{card} is in the deck, not where this event says."),
    "valley.card_in_discard": N_("{card} is on the discard pile, not where this event says."),
    "valley.card_in_journey": N_("{card} is in {player}'s journey, not where this event says."),
    "valley.card_in_album": N_("{card} is in {player}'s album, not where this event says."),
    "valley.card_in_hidden": N_("{card} is tucked away in {player}'s album, not where this event says."),
    # turn order and rules
    "valley.game_over": N_("The game is over: the desert is down to its last card."),
    "valley.reveal_first": N_("First flip the top deck card and record which card it is."),
    "valley.no_reveal_needed": N_("{card} cannot be revealed now: there is no empty face-up place to fill."),
    "valley.no_faceup": N_("There is no face-up desert card right now."),
    "valley.deck_empty": N_("The deck is empty: no card can come from it."),
    "valley.not_backseat": N_("Only in the Backseat Driver variant "
                              "may a card go into another player's journey ({player})."),
    "valley.backseat_faceup_only": N_("Only the face-up card may be put into {player}'s journey; "
                                      "a deck card goes into your own."),
    "valley.rest_own_journey": N_("{card} is in {player}'s journey; "
                                  "{active} can rest only with cards from their own journey."),
    "valley.robot_no_album": N_("The robot has no album."),
    "valley.album_card_covers": N_("{card} has cards tucked under it in {player}'s album, so it cannot be moved."),
    "valley.desert_occupied": N_("The desert already has a face-up card ({card})."),
    "valley.end_turn_needs_move": N_("A turn ends with travel or rest; "
                                     "end it without them only after recording an ability's moves."),
    "valley.robot_turn": N_("It is the robot's turn: record the robot's move first."),
    "valley.robot_only_solo": N_("The robot plays only in a solo game."),
    "valley.not_robot_turn": N_("It is {player}'s turn, not the robot's."),
    "valley.robot_needs_deck_card": N_("The robot takes the top deck card this turn (rule 3), "
                                       "not the face-up card {faceup}: record the card drawn from the deck."),
    "valley.robot_takes_faceup": N_("By rule {rule} the robot's move uses the face-up card {faceup}, not {card}."),
    # card catalogs
    "valley.catalog_unknown_key": N_("{path}: unknown key “{key}”."),
    "valley.catalog_missing_key": N_("{path}: “{key}” is missing."),
    "valley.catalog_unknown_card": N_("{path}: “{key}” is not a Death Valley card (the ids are animal-1 to heat-6)."),
    "valley.catalog_bad_hazard": N_("{path}: “{key}” is “{value}”; the hazard types are animal, flood, land and heat."),
    "valley.catalog_hazard_mismatch": N_("{path}: “{key}” is “{value}”, which does not match the card's id."),
    "valley.catalog_bad_stars": N_("{path}: “{key}” must be a whole number of stars from 0 to {most}."),
    "valley.catalog_bad_ability": N_("{path}: “{key}” must be a whole number from -99 to 99."),
    "valley.catalog_bad_text": N_("{path}: “{key}” must be a table of non-empty texts by language "
                                  "(en, fa, zh_Hant, zh_Hans)."),
    "valley.catalog_same_name": N_("{path}: “{key}” is “{name}”, which already names {other}; "
                                   "every card needs a name of its own."),
    "valley.catalog_unreadable": N_("The card catalog {path} cannot be read: {reason}."),
    "valley.catalog_bad_toml": N_("The card catalog {path} is not valid TOML: {reason}."),
    "valley.catalog_card_count": N_("{path}: the catalog must have exactly {expected} cards, not {count}."),
    "valley.catalog_hazard_count": N_("{path}: the catalog has {count} “{hazard}” cards; "
                                      "it must have exactly {expected}."),
}


_CARD_ID = re.compile(r"(animal|flood|land|heat)-([1-9][0-9]?)")


def person_params(code: str, params: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """A card id in ``params`` as the card's generic name ("Flood 2"): what a person reads when no
    catalog is at hand (the screen passes the catalog's names itself).  A catalog file's errors keep
    the ids, which are the words of that file."""
    if code.startswith("valley.catalog_") or code.startswith("valley.bad_header"):
        return params
    named = dict(params)
    for key in ("card", "faceup"):
        value = named.get(key)
        found = _CARD_ID.fullmatch(value) if isinstance(value, str) else None
        if found:
            named[key] = tr.gettext(GENERIC_NAMES[found.group(1)], number=int(found.group(2)))
    return named
