"""Error codes -> sentences.  The one place that turns a :class:`CompanionError` into text.

Core codes live here; each game adds its own in ``companion/games/<game>/messages.py`` as a dict
``MESSAGES`` of ``code -> N_("text with {params}")`` (codes are prefixed with the game's short name:
``diamant.``, ``stones.``, ``valley.``).  Unknown codes still produce a readable (translated) fallback.
"""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from typing import Any

from companion.errors import CompanionError
from companion.i18n import N_, Translator, current
from companion.safetext import Safe, clean

CORE: dict[str, str] = {
    # language and usage
    "unknown_language": N_("Unknown language “{language}”. Choose one of: {choices}."),
    "bad_number": N_("“{value}” is not a whole number of 0 or more."),
    "bad_among": N_("The number of players sharing must be 1 or more, not {value}."),
    "share_bad_port": N_("The port must be a number from 0 to 65535, not {port}; 0 picks any free port."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "no_event": N_("This entry does not say which event it is."),
    # journal files
    "journal_missing": N_("The journal file {path} does not exist."),
    "journal_is_directory": N_("{path} is a folder, not a journal file."),
    "journal_unreadable": N_("The journal file {path} cannot be read: {reason}."),
    "journal_empty": N_("Line {line}: the journal is empty; its first line must be the header."),
    "journal_not_utf8": N_("Line {line}: the text is not valid UTF-8."),
    "journal_bad_json": N_("Line {line}: not valid JSON (the problem is near column {column})."),
    "journal_not_object": N_("Line {line}: each line must be one JSON object."),
    "journal_no_event": N_("Line {line}: the object has no “event” name."),
    "journal_second_header": N_("Line {line}: a second header; a journal has exactly one, on line 1."),
    "journal_header_not_a_journal": N_("Line {line}: this is not a companion journal "
                                       "(the header must say \"journal\": \"companion\")."),
    "journal_header_bad_version": N_("Line {line}: the journal version {value} is not valid."),
    "journal_header_newer_version": N_("Line {line}: the journal has version {value}, "
                                       "newer than this companion reads; please update."),
    "journal_header_unknown_game": N_("Line {line}: unknown game {value}."),
    "unknown_game": N_("There is no game “{game}”; the games are: {choices}."),
    "journal_header_bad_ruleset": N_("Line {line}: the ruleset {value} is not valid."),
    "journal_header_no_players": N_("Line {line}: the header needs a list of players."),
    "journal_header_bad_options": N_("Line {line}: “options” must be an object of settings."),
    "journal_duplicate_player": N_("Line {line}: the player name “{name}” is used twice."),
    "journal_nothing_to_undo": N_("Line {line}: an undo with nothing left to undo."),
    "journal_nothing_to_redo": N_("Line {line}: a redo that does not follow an undo."),
    "journal_truncated": N_("Line {line} was cut off in the middle (the program stopped while writing it) "
                            "and was dropped; everything before it loaded."),
    "journal_bad_setup": N_("Line {line}: the game cannot be set up: {reason}"),
    "journal_rejected_event": N_("Line {line}: {reason}"),
    "journal_write_failed": N_("The journal {path} cannot be written ({reason}); the game is kept in memory."),
    "journal_not_regular": N_("{path} is not a regular file (it is a device, a pipe or a socket), "
                              "so it cannot be a journal."),
    "journal_too_large": N_("The journal file {path} is larger than {limit} MB, far more than any game "
                            "fills, so it was not read."),
    "journal_line_too_long": N_("Line {line} is longer than {limit} KB, far more than any event needs: "
                                "the file is damaged or is not a journal."),
    "journal_event_too_long": N_("This is too long to record in the journal (more than {limit} KB on one line)."),
    "journal_create_failed": N_("The journal {path} cannot be created: {reason}."),
    "journal_not_writable": N_("The journal {path} cannot be opened for writing ({reason}). "
                               "You can still follow the game read-only."),
    "journal_locked": N_("The journal {path} is already open for writing in another companion "
                         "(process {pid} on {host}, since {since}). Only one session can write a game; "
                         "you can follow it read-only."),
    "journal_locked_unknown": N_("The journal {path} is already open for writing in another companion. "
                                 "Only one session can write a game; you can follow it read-only."),
    "journal_read_only": N_("This game is followed read-only from {path}: it can only be changed in the "
                            "session that writes it."),
    # rules texts (rules_content/)
    "content_unknown_document": N_("There is no {kind} document for {game}."),
    "content_no_front_matter": N_("{path}: the file must start with its front matter "
                                  "(title, game, locale, kind, version)."),
    "content_bad_front_matter": N_("{path}: the front matter is not valid ({reason})."),
    "content_missing": N_("The rules file {path} is missing."),
    # rulesets and data files
    "ruleset_unknown": N_("There is no ruleset “{ruleset}”. Known: {choices}."),
    "ruleset_unreadable": N_("The rules file {path} cannot be read: {reason}."),
    "ruleset_bad_toml": N_("The rules file {path} is not valid TOML: {reason}."),
    "ruleset_unknown_setting": N_("{path}: unknown setting “{setting}”."),
    "ruleset_bad_setting": N_("{path}: the setting “{setting}” is not valid: {expected}."),
    "ruleset_missing_setting": N_("{path}: the setting “{setting}” is missing."),
}

_GAME_PREFIXES = {
    "tui.": "companion.tui.messages",
    "print.": "companion.printing.messages",
    "bgstats.": "companion.bgstats",
    "diamant.": "companion.games.diamant.messages",
    "stones.": "companion.games.shifting_stones.messages",
    "valley.": "companion.games.death_valley.messages",
    "text.": "companion.safetext",
}


def message_for(code: str) -> str | None:
    if code in CORE:
        return CORE[code]
    for prefix, module in _GAME_PREFIXES.items():
        if code.startswith(prefix):
            try:
                return importlib.import_module(module).MESSAGES.get(code)
            except ImportError:
                return None
    return None


def describe(code: str, params: dict[str, Any], tr: Translator | None = None) -> str:
    """The sentence for ``code`` in ``tr``'s language (the current one by default)."""
    tr = tr or current()
    # Text from outside (journal fields, file names, system messages) can never control the terminal
    # or hide behind bidi controls: every parameter is cleaned here, the one place messages are made
    # (numbers stay numbers, for the locale's digits; messages already made are Safe and kept).
    params = {key: _safe_param(value, tr) for key, value in params.items()}
    for key in _DIGIT_PARAMS:  # a process id and a time are numbers to the reader: the locale's digits
        if isinstance(params.get(key), str):
            params[key] = Safe(tr.digits(params[key]))
    # Journal wrappers carry the inner error's code: describe it first and pass it on as {reason}.
    inner = params.pop("cause", None)
    if inner is not None:
        params["reason"] = describe(inner, params, tr)
    # A parameter that is itself one of our messages (what a setting expects, why a file is bad) is
    # translated with the other parameters; text from elsewhere (the system's) passes unchanged.
    for key in ("expected", "reason"):
        value = params.get(key)
        if not isinstance(value, str) or (key == "reason" and inner is not None):
            continue
        others = {k: v for k, v in params.items() if k != key}
        try:
            params[key] = Safe(tr.gettext(value, **others))  # our message, or the cleaned outside text
        except (KeyError, IndexError, ValueError):
            pass
    template = message_for(code)
    params = _named(code, params, tr)
    if template is None:
        detail = ", ".join(f"{k}={v}" for k, v in params.items() if k != "reason")
        return Safe(tr.gettext("Unexpected problem: {code} {detail}", code=clean(code), detail=clean(detail)))
    try:
        return Safe(tr.gettext(template, **params))
    except (KeyError, IndexError, ValueError):
        return Safe(tr.gettext(template.replace("{", "{{").replace("}", "}}")))


_DIGIT_PARAMS = ("pid", "since")


def _safe_param(value: Any, tr: Translator) -> Any:
    """Numbers as they are; a missing value (``None``) as the word "nothing"; a list or an object from a
    journal as the JSON text it was (never a Python repr), in the locale's digits; any other value as
    cleaned text (:func:`safetext.clean`)."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return value
    if value is None:
        return Safe(tr.gettext("nothing"))
    if isinstance(value, (bool, list, tuple, dict)):
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = str(value)
        return Safe(tr.digits(clean(text)))
    return clean(value)


def _named(code: str, params: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """Ids a game's module can name for a person (a card id as the card's name, a hazard id as the
    hazard's): its ``person_params(code, params, tr)``, when it has one."""
    for prefix, module in _GAME_PREFIXES.items():
        if code.startswith(prefix):
            try:
                namer = getattr(importlib.import_module(module), "person_params", None)
            except ImportError:
                return params
            return namer(code, params, tr) if namer is not None else params
    return params


def describe_error(error: CompanionError, tr: Translator | None = None) -> str:
    return describe(error.code, error.params, tr)
