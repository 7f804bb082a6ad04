"""Hostile pattern text, rulesets, catalogs and libraries: a coded error naming the field, never a
traceback, never a changed file."""

from __future__ import annotations

import tomllib
from datetime import UTC

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games.death_valley.catalog import load_catalog
from companion.games.diamant.rules import PRESET_DIR, load_ruleset
from companion.games.shifting_stones.library import load_library
from companion.games.shifting_stones.patterns import FACES, parse_pattern
from companion.messages import describe_error

FUZZ = settings(max_examples=250, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

pattern_text = st.one_of(
    st.text(max_size=40),
    st.lists(st.lists(st.sampled_from([*FACES, "*", "sun!", "", "  ", "🌞", "ماه"]), max_size=4), max_size=4)
    .map(lambda rows: " / ".join(" ".join(r) for r in rows)),
)


@FUZZ
@given(pattern_text)
def test_pattern_text(text):
    try:
        pattern = parse_pattern(text)
    except CompanionError as exc:
        assert exc.code.startswith("stones.") and describe_error(exc)
        return
    assert parse_pattern(pattern.text) == pattern  # what parses, round-trips


toml_value = st.recursive(
    st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=10) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text("abcdefgh_", min_size=1, max_size=6), inner, max_size=3),
    max_leaves=8)


def toml_line(key, value) -> str:
    import json

    def enc(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(enc(x) for x in v) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {enc(x)}" for k, x in v.items()) + "}"

    return f"{key} = {enc(value)}"


@FUZZ
@given(st.dictionaries(st.sampled_from(["rounds", "treasures", "hazards", "hazard_copies", "relics", "relic_values",
                                        "relics_per_round", "leaving_split", "relic_claim", "remainder", "players",
                                        "starting_gems", "tiebreak", "denominations", "id", "extra"]),
                       toml_value, min_size=1, max_size=4),
       st.binary(max_size=30))
def test_ruleset_files(tmp_path_factory, changes, noise):
    base = tomllib.loads((PRESET_DIR / "diamant.toml").read_text())
    base["id"] = "fuzzed"
    text = "\n".join(toml_line(k, v) for k, v in {**base, **changes}.items() if k != "denominations")
    text += "\n" + toml_line("denominations", changes.get("denominations", base["denominations"])) + "\n"
    path = tmp_path_factory.mktemp("r") / "fuzzed.toml"
    data = text.encode() + (noise if noise[:1] == b"#" else b"")
    path.write_bytes(data)
    try:
        load_ruleset(str(path))
    except CompanionError as exc:
        assert exc.code.startswith("ruleset_") and describe_error(exc)
        assert "setting" in exc.params or "reason" in exc.params or "ruleset" in exc.params
    assert path.read_bytes() == data


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_catalog_and_library_files(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("c")
    for loader, name in ((load_catalog, "catalog.toml"), (load_library, "patterns.toml")):
        path = folder / name
        path.write_bytes(data)
        try:
            loader(path)
        except CompanionError as exc:
            assert describe_error(exc)
        assert path.read_bytes() == data


CARD_IDS = [f"{h}-{i}" for h, n in (("animal", 3), ("flood", 4), ("land", 5), ("heat", 6)) for i in range(1, n + 1)]


@FUZZ
@given(st.dictionaries(st.sampled_from(CARD_IDS + ["heat-7", "dragon-1"]),
                       st.dictionaries(st.sampled_from(["hazard", "stars", "ability", "name", "colour"]), toml_value,
                                       max_size=3), max_size=20))
def test_structured_catalogs(tmp_path_factory, cards):
    lines = []
    for card, fields in cards.items():
        lines.append(f'[cards."{card}"]')
        lines += [toml_line(k, v) for k, v in fields.items()]
    path = tmp_path_factory.mktemp("v") / "catalog.toml"
    path.write_text("\n".join(lines) + "\n")
    before = path.read_bytes()
    try:
        load_catalog(path)
    except CompanionError as exc:
        assert exc.code.startswith("valley.") or exc.code.startswith("ruleset_")
        assert describe_error(exc) and "path" in exc.params
    assert path.read_bytes() == before


@FUZZ
@given(st.lists(st.dictionaries(st.sampled_from(["id", "pattern", "points", "note"]),
                                toml_value | pattern_text, max_size=4), max_size=5))
def test_structured_pattern_libraries(tmp_path_factory, cards):
    lines = []
    for fields in cards:
        lines.append("[[card]]")
        lines += [toml_line(k, v) for k, v in fields.items()]
    path = tmp_path_factory.mktemp("s") / "patterns.toml"
    path.write_text("\n".join(lines) + "\n")
    before = path.read_bytes()
    try:
        load_library(path)
    except CompanionError as exc:
        assert describe_error(exc)
    assert path.read_bytes() == before


def test_new_journals_stay_in_the_games_folder_and_never_overwrite(tmp_path):
    from datetime import datetime

    from companion.journal import JournalWriter, new_header
    from companion.tui.recent import new_journal_path

    now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    made = []
    for game, ruleset, players in (("diamant", "diamant", ["../../x", "/etc/passwd", "a\\b"]),
                                   ("diamant", "diamant", ["..", ".", "~"])):
        path = new_journal_path(game, tmp_path, now=now)
        assert path.resolve().parent == (tmp_path / "games").resolve()  # names never come from players
        JournalWriter.create(path, new_header(game, ruleset, players)).close()
        made.append(path)
    assert len(set(made)) == 2 and all(p.exists() for p in made)  # same second: a second name, no overwrite
