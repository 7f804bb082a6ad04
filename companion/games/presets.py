"""Presets as data: a game's ``presets.toml`` beside its engine, validated on load.

::

    [[preset]]
    id = "solo"                                   # unique within the game
    name = "Shifting Stones, solo"                # a catalog message (extracted by tools/babel_toml.py)
    players = [1, 1]
    ruleset = "shifting_stones"                   # the journal header's "ruleset"
    mode = "solo"                                 # any further key goes into the header as it is
    options = { finish_round = true }

A bad file is a :class:`~companion.errors.RulesetError` naming the file and the setting (files are read
with :func:`companion.safeio.load_toml_file`: a regular file of at most 256 KB, nested at most 32 levels).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import RulesetError
from companion.games.base import Preset, Text
from companion.i18n import N_
from companion.safeio import load_toml_file

_REQUIRED = ("id", "name", "players", "ruleset")
MAX_PLAYERS = 99


def _bad(path: Path, setting: str, expected: str, **params: Any) -> RulesetError:
    return RulesetError("ruleset_bad_setting", path=str(path), setting=setting, expected=expected, **params)


def _preset(path: Path, index: int, data: Any) -> Preset:
    where = f"preset[{index}]"
    if not isinstance(data, dict):
        raise _bad(path, where, N_("a table of settings"))
    for key in _REQUIRED:
        if key not in data:
            raise RulesetError("ruleset_missing_setting", path=str(path), setting=f"{where}.{key}")
    for key in ("id", "name", "ruleset"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise _bad(path, f"{where}.{key}", N_("a text"))
    players = data["players"]
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in players)
            or not 1 <= players[0] <= players[1] <= MAX_PLAYERS):
        raise _bad(path, f"{where}.players", N_("two whole numbers, the fewest and the most players (1 to {high})"),
                   high=MAX_PLAYERS)
    if "options" in data and not isinstance(data["options"], dict):
        raise _bad(path, f"{where}.options", N_("a table of settings"))
    header = {k: v for k, v in data.items() if k not in _REQUIRED}
    return Preset(id=data["id"], name=Text(data["name"]), players=(players[0], players[1]),
                  ruleset=data["ruleset"], header=header)


@cache
def load_presets(path: Path) -> tuple[Preset, ...]:
    """The presets of one file, in the file's order (the first is the default)."""
    data = load_toml_file(path, what="ruleset_unreadable", bad="ruleset_bad_toml")  # regular, bounded
    items = data.get("preset")
    if not isinstance(items, list) or not items:
        raise RulesetError("ruleset_missing_setting", path=str(path), setting="preset")
    presets = tuple(_preset(path, i, item) for i, item in enumerate(items))
    seen: set[str] = set()
    for preset in presets:
        if preset.id in seen:
            raise _bad(path, "preset.id", N_("a different id for each preset"))
        seen.add(preset.id)
    return presets
