"""Presets files (``companion/games/<game>/presets.toml``): what loads, and every file that is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import RulesetError
from companion.games import BUILTIN, get
from companion.games.presets import load_presets
from companion.messages import describe_error

GOOD = '''
[[preset]]
id = "standard"
name = "Coin race"
players = [2, 4]
ruleset = "race"
mode = "multi"

[[preset]]
id = "solo"
name = "Coin race, solo"
players = [1, 1]
ruleset = "race"
mode = "solo"
options = { target = 9 }
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "presets.toml"
    path.write_text(text, encoding="utf-8")
    load_presets.cache_clear()
    return path


def test_a_good_file_loads_in_order_with_its_header_keys(tmp_path):
    first, second = load_presets(write(tmp_path, GOOD))
    assert (first.id, first.players, first.ruleset, dict(first.header)) == ("standard", (2, 4), "race",
                                                                            {"mode": "multi"})
    assert second.name.message == "Coin race, solo"
    assert dict(second.header) == {"mode": "solo", "options": {"target": 9}}


@pytest.mark.parametrize("game_id", BUILTIN)
def test_the_shipped_presets_load(game_id):
    assert get(game_id).presets()


def _one(**fields: str) -> str:
    base = {"id": '"a"', "name": '"A"', "players": "[2, 4]", "ruleset": '"race"'}
    base.update(fields)
    return "[[preset]]\n" + "".join(f"{k} = {v}\n" for k, v in base.items() if v is not None)


@pytest.mark.parametrize("text, code, setting", [
    ("", "ruleset_missing_setting", "preset"),
    ("preset = 3\n", "ruleset_missing_setting", "preset"),
    ("preset = [1]\n", "ruleset_bad_setting", "preset[0]"),
    (_one(id=None), "ruleset_missing_setting", "preset[0].id"),
    (_one(players=None), "ruleset_missing_setting", "preset[0].players"),
    (_one(name='""'), "ruleset_bad_setting", "preset[0].name"),
    (_one(ruleset="7"), "ruleset_bad_setting", "preset[0].ruleset"),
    (_one(players="[3, 2]"), "ruleset_bad_setting", "preset[0].players"),
    (_one(players="[0, 2]"), "ruleset_bad_setting", "preset[0].players"),
    (_one(players="[2, 100]"), "ruleset_bad_setting", "preset[0].players"),
    (_one(players="[2]"), "ruleset_bad_setting", "preset[0].players"),
    (_one(players="[true, 2]"), "ruleset_bad_setting", "preset[0].players"),
    (_one(players='"2-4"'), "ruleset_bad_setting", "preset[0].players"),
    (_one(options="3"), "ruleset_bad_setting", "preset[0].options"),
    (_one() + _one(), "ruleset_bad_setting", "preset.id"),
])
def test_a_bad_file_is_refused_with_the_file_and_the_setting(tmp_path, text, code, setting):
    path = write(tmp_path, text)
    with pytest.raises(RulesetError) as info:
        load_presets(path)
    assert info.value.code == code and info.value.params["setting"] == setting
    assert info.value.params["path"] == str(path)
    message = describe_error(info.value)
    assert str(path) in message and "{" not in message
    assert path.read_text(encoding="utf-8") == text  # nothing is written back


def test_a_file_that_is_not_toml_or_not_there_is_a_message(tmp_path):
    with pytest.raises(RulesetError) as bad:
        load_presets(write(tmp_path, "[[preset]\nid = "))
    assert bad.value.code == "ruleset_bad_toml"
    with pytest.raises(RulesetError) as missing:
        load_presets(tmp_path / "none.toml")
    assert missing.value.code == "ruleset_unreadable"


def test_shifting_stones_offers_the_game_that_ends_with_the_turn_reaching_the_target():
    """The rules say a host can turn "finish the round" off when starting the game: a preset does it,
    and a game started from it ends with the turn in which the target is reached."""
    from companion.games.shifting_stones.engine import start
    from companion.journal import new_header

    game = get("shifting_stones")
    standard, quick = (next(p for p in game.presets() if p.id == pid) for pid in ("standard", "quick-end"))
    assert quick.players == standard.players and quick.name.message != standard.name.message
    state = start(new_header("shifting_stones", quick.ruleset, ["Ava", "Ben"], **dict(quick.header)))
    assert state.finish_round is False and state.mode == "multi"
    assert start(new_header("shifting_stones", standard.ruleset, ["Ava", "Ben"], **dict(standard.header))).finish_round
