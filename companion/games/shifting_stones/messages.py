"""Shifting Stones error messages and face names (translated where they are shown)."""

from companion.i18n import N_

MESSAGES = {
    # setup
    "stones.bad_mode": N_("Unknown Shifting Stones mode “{mode}” (choose {choices})."),
    "stones.unknown_option": N_("Unknown Shifting Stones option “{option}” (known: {choices})."),
    "stones.bad_option": N_("The option “{option}” must be true or false, not {value}."),
    "stones.solo_players": N_("A solo game has exactly one player, not {count}."),
    "stones.player_count": N_("Shifting Stones is for {low} to {high} players (or one, in solo), not {count}."),
    # events
    "stones.unknown_event": N_("Unknown Shifting Stones event “{event}”."),
    "stones.game_over": N_("The game is over: no more moves can be recorded."),
    "stones.bad_cell": N_("A stone is named by its row and column, both from 1 to 3, not by {value}."),
    "stones.no_layout": N_("Enter the layout of the nine stones first."),
    "stones.empty_hand": N_("{player} has no card left to pay with or to score."),
    "stones.not_adjacent": N_("The stones at {a} and {b} are not side by side: "
                              "only two stones that share an edge can swap places."),
    "stones.bad_points": N_("A card is worth 1 to 5 points, not {value}."),
    "stones.solo_no_such_value": N_("The solo deck has no card with the value {points}."),
    "stones.solo_all_scored": N_("Every {points}-point card of the solo deck has already been scored."),
    "stones.no_match": N_("The pattern {pattern} does not match the stones as they lie now."),
    "stones.bad_card_id": N_("A score names its card by the card's id in the pattern library, not by {value}."),
    "stones.card_scored": N_("The card {card} has already been scored by {player}: a card scores only once."),
    "stones.pass_after_action": N_("{player} has already acted this turn and can no longer pass."),
    "stones.pass_twice": N_("{player} passed last turn and cannot pass twice in a row."),
    # pattern notation and grids
    "stones.pattern_not_text": N_("A pattern must be text such as “sun * fish”, not {pattern}."),
    "stones.pattern_empty": N_("The pattern is empty: write rows of faces separated by “/”, such as “sun * fish”."),
    "stones.pattern_empty_row": N_("Row {row} of the pattern “{pattern}” is empty."),
    "stones.pattern_unknown_face": N_("“{face}” in “{pattern}” is not a face; use {faces} or * for any stone."),
    "stones.pattern_too_big": N_("The pattern “{pattern}” is too big: at most 3 rows of 3 stones."),
    "stones.pattern_ragged": N_("The rows of the pattern “{pattern}” have different lengths ({lengths}); "
                                "every row needs the same number of stones."),
    "stones.pattern_all_grey": N_("The pattern “{pattern}” has only grey stones; a card shows at least one face."),
    "stones.grid_grey": N_("The grid “{grid}” cannot have grey stones (*): name the face of every stone."),
    "stones.grid_shape": N_("The grid must be 3 rows of 3 faces, not {grid}."),
    "stones.grid_unknown_face": N_("“{face}” in the grid is not a face; use {faces}."),
    "stones.layout_sun_moon": N_("The grid shows {got} sun or moon stones; the game has exactly {want}."),
    "stones.layout_fish_bird": N_("The grid shows {got} fish or bird stones; the game has exactly {want}."),
    "stones.layout_horse_boat": N_("The grid shows {got} horse or boat stones; the game has exactly {want}."),
    "stones.layout_seed_tree": N_("The grid shows {got} seed or tree stones; the game has exactly {want}."),
    # the pattern library
    "stones.library_unreadable": N_("The pattern library {path} cannot be read: {reason}."),
    "stones.library_not_utf8": N_("The pattern library {path} is not UTF-8 text."),
    "stones.library_bad_toml": N_("The pattern library {path} is not valid TOML: {reason}."),
    "stones.library_unknown_section": N_("{path}: unknown section “{key}”; "
                                         "a pattern library has only [[card]] entries."),
    "stones.library_no_cards": N_("{path}: the cards must be a list of [[card]] entries."),
    "stones.library_bad_entry": N_("{path}: entry {entry} is not a [[card]] table."),
    "stones.library_bad_id": N_("{path}: entry {entry} needs an “id”: text without “=”, not {value}."),
    "stones.library_unknown_key": N_("{path}: card “{id}” has an unknown setting “{key}” "
                                     "(use id, pattern and points)."),
    "stones.library_duplicate_id": N_("{path}: the id “{id}” is used by two cards."),
    "stones.library_bad_pattern": N_("{path}: card “{id}” has a bad pattern. {reason}"),
    "stones.library_bad_points": N_("{path}: card “{id}” must be worth 1 to 5 points, not {value}."),
    "stones.library_write_failed": N_("Your pattern library {path} cannot be saved: {reason}."),
    # stones hint
    "stones.bad_card": N_("“{value}” is neither PATTERN=POINTS (such as “sun * fish=3”) nor a card id of the library."),
    "stones.unknown_card": N_("There is no card “{value}” in the pattern library."),
    "stones.hand_size": N_("Give 2 to 6 cards with --card, not {count}."),
}

FACE_NAMES = {
    "sun": N_("sun"),
    "moon": N_("moon"),
    "fish": N_("fish"),
    "bird": N_("bird"),
    "horse": N_("horse"),
    "boat": N_("boat"),
    "seed": N_("seed"),
    "tree": N_("tree"),
}
