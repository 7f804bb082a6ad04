"""Messages of the referee assistant itself (codes prefixed ``tui.``)."""

from __future__ import annotations

from companion.errors import CompanionError
from companion.i18n import N_, current

MESSAGES = {
    "tui.game_unavailable": N_("The screen for {game} is not available in this version."),
    "tui.no_players": N_("Enter the players' names, separated by commas."),
    "tui.player_count": N_("{game} is played by {low} to {high} players; you entered {count}."),
    # An edition for one fixed number (low == high, even 1): the number stands where no noun follows it.
    "tui.player_count_exact": N_("Players for {game} in this edition: exactly {low}; you entered {count}."),
    "tui.unknown_card": N_("“{text}” is not a card. Type a gem value, a hazard or “relic”."),
    "tui.no_content": N_("The rules text for this game is not available yet."),
    "tui.no_leavers": N_("Say who leaves after the word: “L Ava Ben” or “L 1 3” (seat numbers)."),
    "tui.unknown_player": N_("“{name}” is not one of the players. Use a name or a seat number."),
}

def game_name(game: str) -> str:
    """The game's name in the current language (from the registry); the id itself if it is unknown."""
    from companion.games import UnknownGame, get

    try:
        return get(game).name(current())
    except UnknownGame:
        return game


def describe(exc: CompanionError) -> str:
    tr = current()
    if exc.code in MESSAGES:
        params = {k: game_name(v) if k == "game" else v for k, v in exc.params.items()}
        return tr.gettext(MESSAGES[exc.code], **params)
    from companion.messages import describe_error

    return describe_error(exc, tr)
