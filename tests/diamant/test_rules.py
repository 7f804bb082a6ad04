"""The four presets match the spec's table; house-rules files are checked setting by setting."""

from __future__ import annotations

import tomllib

import pytest

from companion.errors import RulesetError
from companion.games.diamant.rules import PRESET_DIR, PRESETS, available, load_ruleset

TREASURES = (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)

SPEC = {  # spec/diamant.md, "Presets"
    "diamant": dict(players=(3, 8), hazards=("spider", "snake", "lava", "rockfall", "ram"), relics=5,
                    relics_per_round=1, relic_values=(5, 5, 5, 10, 10), leaving_split="pooled",
                    relic_claim="lone_leaver", remainder="stays_on_card", starting_gems=0, tiebreak="shared",
                    denominations=(("diamond", 5), ("ruby", 1))),
    "diamant-classic": dict(players=(3, 8), hazards=("scorpion", "explosion", "snake", "gas", "landslide"),
                            relics=0, leaving_split="per_card", remainder="stays_on_card", starting_gems=0,
                            tiebreak="shared", denominations=(("white", 5), ("red", 1))),
    "incan-gold": dict(players=(3, 8), hazards=("spider", "snake", "mummy", "fire", "rockfall"), relics=5,
                       relics_per_round=1, relic_values=(5, 5, 5, 10, 10), leaving_split="pooled",
                       relic_claim="lone_leaver", remainder="stays_on_card", starting_gems=0,
                       tiebreak="most_relics", denominations=(("gold", 10), ("obsidian", 5), ("turquoise", 1))),
    "house-001": dict(players=(2, 8), hazards=("web", "collapse", "snake"), relics=5, relics_per_round="all",
                      relic_values="printed", leaving_split="per_card", relic_claim="last_leaver",
                      remainder="dealt", starting_gems=5, tiebreak="shared", denominations=(("gem", 1),)),
}


@pytest.mark.parametrize("name", PRESETS)
def test_presets_match_the_spec(name):
    rules = load_ruleset(name)
    assert rules.id == name and rules.rounds == 5 and rules.treasures == TREASURES and rules.hazard_copies == 3
    for setting, expected in SPEC[name].items():
        assert getattr(rules, setting) == expected, setting


def _write(tmp_path, name="mine", **changes):
    data = tomllib.loads((PRESET_DIR / "diamant.toml").read_text())
    data.update(id=name, **changes)
    lines = []
    for key, value in data.items():
        if key == "denominations":
            value = "[" + ", ".join(f'{{ id = "{d["id"]}", value = {d["value"]} }}' for d in value) + "]"
            lines.append(f"{key} = {value}")
        else:
            import json

            lines.append(f"{key} = {json.dumps(value)}")
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_house_rules_from_the_user_folder_and_from_a_path(tmp_path):
    folder = tmp_path / "rulesets"
    folder.mkdir()
    path = _write(folder, "gentle", hazard_copies=4, starting_gems=3)
    assert "gentle" in available(folder)
    rules = load_ruleset("gentle", user_dir=folder)
    assert rules.hazard_copies == 4 and rules.starting_gems == 3
    assert load_ruleset(str(path)).id == "gentle"


def test_user_config_dir_is_searched(tmp_path, monkeypatch):
    from companion.games.diamant.rules import user_ruleset_dir

    folder = user_ruleset_dir()
    folder.mkdir(parents=True)
    _write(folder, "family")
    assert load_ruleset("family").id == "family"


def test_options_override_settings():
    rules = load_ruleset("diamant", {"leaving_split": "per_card"})
    assert rules.leaving_split == "per_card" and rules.hazards[0] == "spider"


@pytest.mark.parametrize("changes,setting", [
    ({"hazard_copies": 0}, "hazard_copies"),
    ({"hazard_copies": "3"}, "hazard_copies"),
    ({"players": [5, 3]}, "players"),
    ({"players": 4}, "players"),
    ({"leaving_split": "fair"}, "leaving_split"),
    ({"remainder": "lost"}, "remainder"),
    ({"relic_claim": "anyone"}, "relic_claim"),
    ({"relic_values": "random"}, "relic_values"),
    ({"relic_values": []}, "relic_values"),
    ({"relics_per_round": "some"}, "relics_per_round"),
    ({"hazards": ["snake", "snake"]}, "hazards"),
    ({"hazards": []}, "hazards"),
    ({"treasures": [0, 5]}, "treasures"),
    ({"tiebreak": "coin"}, "tiebreak"),
    ({"rounds": 0}, "rounds"),
    ({"starting_gems": -1}, "starting_gems"),
])
def test_bad_setting_is_named(tmp_path, changes, setting):
    path = _write(tmp_path, **changes)
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert err.value.code == "ruleset_bad_setting" and err.value.params["setting"] == setting
    assert str(path) in err.value.params["path"]


def test_unknown_and_missing_settings(tmp_path):
    path = _write(tmp_path, colour="blue")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert (err.value.code, err.value.params["setting"]) == ("ruleset_unknown_setting", "colour")
    path.write_text(path.read_text().replace("rounds = 5\n", ""))
    path.write_text("\n".join(line for line in path.read_text().splitlines() if not line.startswith("colour")))
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert (err.value.code, err.value.params["setting"]) == ("ruleset_missing_setting", "rounds")


def test_bad_toml_missing_file_unknown_name_and_reserved_id(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("id = [unclosed\n")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(bad))
    assert err.value.code == "ruleset_bad_toml"
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(tmp_path / "nope.toml"))
    assert err.value.code == "ruleset_unreadable"
    with pytest.raises(RulesetError) as err:
        load_ruleset("no-such-rules")
    assert err.value.code == "ruleset_unknown" and "diamant" in err.value.params["choices"]
    copy = _write(tmp_path, "diamant")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(copy))
    assert err.value.params["setting"] == "id"


def test_journal_may_carry_its_whole_ruleset():
    data = tomllib.loads((PRESET_DIR / "house-001.toml").read_text())
    data.pop("id")
    rules = load_ruleset("travelling-house", data)
    assert rules.id == "travelling-house" and rules.remainder == "dealt"


def test_a_house_file_must_carry_its_own_name(tmp_path):
    folder = tmp_path / "rulesets"
    folder.mkdir()
    path = _write(folder, "party")
    path.rename(folder / "mine.toml")  # the file says id = "party" but is called mine.toml
    with pytest.raises(RulesetError) as err:
        load_ruleset("mine", user_dir=folder)
    assert err.value.params["setting"] == "id" and err.value.params["name"] == "mine"


@pytest.mark.parametrize("name", PRESETS)
def test_settings_travel_in_a_journal_header(name):
    from dataclasses import replace

    from companion.games.diamant.rules import settings_of

    rules = load_ruleset(name)
    carried = load_ruleset("elsewhere", settings_of(rules))  # no file called "elsewhere" anywhere
    assert replace(carried, id=name, source=rules.source) == rules
