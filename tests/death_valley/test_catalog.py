"""The card catalog: the shipped file, a host's own file and its checks, stars learned during play."""

from __future__ import annotations

import json
import tomllib

import pytest

import companion.games.death_valley as dv
from companion.errors import RulesetError
from companion.games.death_valley import catalog as cat
from companion.games.death_valley.explain import card_name
from companion.i18n import translator
from tests.death_valley.helpers import header


def full_toml(**overrides: str) -> str:
    """A valid catalog text; ``overrides`` replace a card's whole body (``heat_1="..."``)."""
    parts = []
    for card_id in cat.CARD_IDS:
        body = overrides.get(card_id.replace("-", "_"), f'hazard = "{card_id.split("-")[0]}"')
        if body is not None:
            parts.append(f"[cards.{card_id}]\n{body}\n")
    return "\n".join(parts)


def test_the_shipped_catalog_has_the_18_cards():
    shipped = cat.shipped_catalog()
    assert list(shipped.cards) == list(cat.CARD_IDS)
    counts = {h: sum(1 for c in shipped.cards.values() if c.hazard == h) for h in cat.HAZARDS}
    assert counts == {"animal": 3, "flood": 4, "land": 5, "heat": 6}
    assert all(c.stars is None and c.ability == 0 for c in shipped.cards.values())


def test_a_full_user_catalog_loads(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(full_toml(flood_2='hazard = "flood"\nstars = 2\nability = -1\n'
                                      'name = {en = "Salt Flats", fa = "شوره‌زار", zh_Hant = "鹽灘"}'),
                    encoding="utf-8")
    loaded = cat.load_catalog(path)
    card = loaded["flood-2"]
    assert (card.stars, card.ability, card.number) == (2, -1, 2)
    assert card_name(loaded, "flood-2", translator("fa")) == "شوره‌زار"
    assert card_name(loaded, "flood-2", translator("zh_Hans")) == "Salt Flats"  # falls back to English
    assert card_name(loaded, "flood-3", translator("en")) == "Flood 3"


def err(path, text):
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        cat.load_catalog(path)
    assert info.value.params["path"] == str(path)
    return info.value


@pytest.mark.parametrize("text, code, key", [
    (full_toml() + "\n[extra]\nx = 1\n", "valley.catalog_unknown_key", "extra"),
    (full_toml(heat_2='hazard = "heat"\ncolour = "red"'), "valley.catalog_unknown_key", "cards.heat-2.colour"),
    (full_toml(heat_2='hazard = "heat"\nname = {de = "Hitze"}'), "valley.catalog_unknown_key", "cards.heat-2.name.de"),
    (full_toml(heat_2='hazard = "heat"\nname = {en = ""}'), "valley.catalog_bad_text", "cards.heat-2.name.en"),
    (full_toml(heat_2='hazard = "heat"\nfact = "hot"'), "valley.catalog_bad_text", "cards.heat-2.fact"),
    (full_toml(heat_2="stars = 1"), "valley.catalog_missing_key", "cards.heat-2.hazard"),
    (full_toml(heat_2='hazard = "fire"'), "valley.catalog_bad_hazard", "cards.heat-2.hazard"),
    (full_toml(heat_2='hazard = "flood"'), "valley.catalog_hazard_mismatch", "cards.heat-2.hazard"),
    (full_toml(heat_2='hazard = "heat"\nstars = -1'), "valley.catalog_bad_stars", "cards.heat-2.stars"),
    (full_toml(heat_2='hazard = "heat"\nstars = 1.5'), "valley.catalog_bad_stars", "cards.heat-2.stars"),
    (full_toml(heat_2='hazard = "heat"\nability = "two"'), "valley.catalog_bad_ability", "cards.heat-2.ability"),
    (full_toml() + '\n[cards.heat-7]\nhazard = "heat"\n', "valley.catalog_unknown_card", "cards.heat-7"),
    ("title = 1\n", "valley.catalog_unknown_key", "title"),
    ("", "valley.catalog_missing_key", "cards"),
])
def test_bad_catalogs_name_file_and_key(tmp_path, text, code, key):
    e = err(tmp_path / "c.toml", text)
    assert e.code == code and e.params["key"] == key


def test_a_catalog_with_a_card_missing_is_refused(tmp_path):
    e = err(tmp_path / "c.toml", full_toml(heat_6=None))
    assert e.code == "valley.catalog_card_count" and e.params["count"] == 17


def test_unreadable_and_broken_toml(tmp_path):
    assert err(tmp_path / "c.toml", "[cards\n").code == "valley.catalog_bad_toml"
    with pytest.raises(RulesetError) as info:
        cat.load_catalog(tmp_path / "missing.toml")
    assert info.value.code == "valley.catalog_unreadable"


def test_the_header_may_name_a_catalog_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(full_toml(heat_1='hazard = "heat"\nstars = 4'), encoding="utf-8")
    state = dv.start(header(catalog=str(path), stars={"heat-2": 1}))
    assert state.catalog["heat-1"].stars == 4 and state.catalog["heat-2"].stars == 1
    with pytest.raises(RulesetError):
        dv.start(header(catalog=str(tmp_path / "nope.toml")))


def test_remember_stars_starts_from_the_shipped_catalog_and_keeps_the_rest(tmp_path):
    path = tmp_path / "config" / "death_valley_catalog.toml"
    written = cat.remember_stars("flood-2", 3, path)
    assert written["flood-2"].stars == 3
    again = cat.remember_stars("heat-6", 0, path)
    reloaded = cat.load_catalog(path)
    assert reloaded["flood-2"].stars == 3 and reloaded["heat-6"].stars == 0 and again == reloaded
    assert not [p for p in path.parent.iterdir() if p.name != path.name]  # no temporary file left


def test_remember_stars_keeps_names_and_facts_round_trip(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(full_toml(animal_1='hazard = "animal"\nability = 2\n'
                                       'name = {en = "Bighorn \\"Sheep\\"", zh_Hant = "大角羊"}\n'
                                       'fact = {en = "Climbs.\\nWell."}'), encoding="utf-8")
    cat.remember_stars("animal-1", 1, path)
    card = cat.load_catalog(path)["animal-1"]
    assert card.names == {"en": 'Bighorn "Sheep"', "zh_Hant": "大角羊"} and card.facts["en"] == "Climbs.\nWell."
    assert (card.stars, card.ability) == (1, 2)


def test_remember_stars_never_overwrites_a_broken_file(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("[cards\n", encoding="utf-8")
    with pytest.raises(RulesetError):
        cat.remember_stars("flood-2", 3, path)
    assert path.read_text(encoding="utf-8") == "[cards\n"
    with pytest.raises(RulesetError):
        cat.remember_stars("flood-2", -3, tmp_path / "other.toml")
    with pytest.raises(RulesetError):
        cat.remember_stars("flood-9", 3, tmp_path / "other.toml")
    assert not (tmp_path / "other.toml").exists()


def test_user_catalog_location_and_default(tmp_path, monkeypatch):
    path = tmp_path / "death_valley_catalog.toml"
    monkeypatch.setattr(cat, "user_catalog_path", lambda: path)
    assert cat.default_catalog() == cat.shipped_catalog()
    cat.remember_stars("land-5", 2)
    assert cat.default_catalog()["land-5"].stars == 2
    assert cat.header_fields(cat.default_catalog()) == {"stars": {"land-5": 2}}


def test_the_user_catalog_lives_in_the_config_folder():
    from companion.paths import user_config_dir

    assert cat.user_catalog_path() == user_config_dir() / "death_valley_catalog.toml"


def test_dump_is_valid_toml():
    text = cat.dump_catalog(cat.shipped_catalog().with_card("heat-1", stars=2, ability=-1))
    assert cat.parse_catalog(tomllib.loads(text), "x")["heat-1"].ability == -1


def test_a_catalog_path_that_is_not_text_is_refused():
    from companion.errors import RuleError

    for value in (5, "", ["a.toml"]):
        with pytest.raises(RuleError) as info:
            dv.start(header(catalog=value))
        assert info.value.code == "valley.bad_catalog_path"


def test_a_journal_finds_its_catalog_beside_it_wherever_it_is_replayed(tmp_path, monkeypatch):
    import json

    from companion.games.death_valley.catalog import shipped_catalog, write_catalog
    from companion.journal import read_journal
    from companion.session import replay

    folder = tmp_path / "table"
    folder.mkdir()
    write_catalog(shipped_catalog().with_card("heat-1", stars=4), folder / "cards.toml")
    header = {"journal": "companion", "version": 1, "game": "death_valley", "ruleset": "death_valley",
              "mode": "standard", "players": ["Ava", "Ben"], "catalog": "cards.toml"}
    (folder / "game.jsonl").write_text(json.dumps(header) + "\n")
    monkeypatch.chdir(tmp_path)  # not the journal's folder
    state, _ = replay(read_journal(folder / "game.jsonl"))
    assert state.catalog["heat-1"].stars == 4


@pytest.mark.parametrize("name", ["\x1b]0;PWNED\x07Badwater", "Bad\u202ewater", "Bad\u200bwater", "x" * 61])
def test_a_name_that_would_control_the_terminal_or_flood_it_is_refused(tmp_path, name):
    """Catalog names are shown in the TUI and printed: no control, bidi or invisible characters."""
    path = tmp_path / "c.toml"
    entry = f'hazard = "heat"\nname = {{en = {json.dumps(name)}}}'
    before = full_toml(heat_1=entry)
    e = err(path, before)
    assert e.code == "valley.catalog_bad_text" and e.params["key"] == "cards.heat-1.name.en"
    assert path.read_text(encoding="utf-8") == before  # nothing rewritten


def test_a_plain_name_with_a_half_space_is_kept(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(full_toml(heat_1='hazard = "heat"\nname = {fa = "دره\u200cی داغ"}'), encoding="utf-8")
    assert cat.load_catalog(path)["heat-1"].names["fa"] == "دره\u200cی داغ"
