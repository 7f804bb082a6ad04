"""The pattern library: shipped data, the user's corrections and additions, bad files."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.errors import RulesetError
from companion.games.shifting_stones.library import (
    BUILTIN,
    Card,
    load_library,
    read_cards,
    save_user_cards,
    search,
    user_path,
)
from companion.games.shifting_stones.patterns import parse_pattern
from companion.messages import describe_error


def test_the_shipped_library_has_the_72_cards_and_its_provenance():
    library = load_library(None)
    assert len(library) == 72
    assert Counter(c.points for c in library.values()) == {1: 28, 2: 26, 3: 13, 5: 5}
    assert library["ss16"].pattern == parse_pattern("tree * seed") and library["ss16"].source == "builtin"
    assert "Transcribed from a public fan implementation" in BUILTIN.read_text(encoding="utf-8")
    assert all(c.pattern.possible() for c in library.values())


def test_the_user_library_corrects_and_adds_by_id():
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[[card]]\nid = "ss16"\npattern = "tree * tree"\npoints = 2\n\n'
                    '[[card]]\nid = "mine"\npattern = "sun / moon"\npoints = 5\n', encoding="utf-8")
    library = load_library()
    assert len(library) == 73
    assert library["ss16"] == Card("ss16", parse_pattern("tree * tree"), 2, "user")
    assert library["mine"].source == "user"


def test_save_user_cards_round_trips(tmp_path):
    cards = [Card("x1", parse_pattern("sun * fish"), 3, "user"), Card("ss01", parse_pattern("moon"), 2, "user")]
    path = save_user_cards(cards, tmp_path / "sub" / "lib.toml")
    assert read_cards(path, "user") == cards
    assert load_library(path)["ss01"].pattern.text == "moon"


@pytest.mark.parametrize(("text", "code", "named"), [
    ('[[card]]\nid = "a"\npattern = "sun * cat"\npoints = 1\n', "stones.library_bad_pattern", "“a”"),
    ('[[card]]\nid = "a"\npattern = "sun"\npoints = 7\n', "stones.library_bad_points", "“a”"),
    ('[[card]]\nid = "a"\npattern = "sun"\npoints = 1\ncolour = "red"\n', "stones.library_unknown_key", "colour"),
    ('[[card]]\nid = "a"\npattern = "sun"\npoints = 1\n[[card]]\nid = "a"\npattern = "moon"\npoints = 1\n',
     "stones.library_duplicate_id", "“a”"),
    ('[[card]]\npattern = "sun"\npoints = 1\n', "stones.library_bad_id", "1"),
    ('[[card]]\nid = "a=b"\npattern = "sun"\npoints = 1\n', "stones.library_bad_id", "1"),
    ('card = 3\n', "stones.library_no_cards", ""),
    ('card = [1]\n', "stones.library_bad_entry", "1"),
    ('[deck]\nx = 1\n', "stones.library_unknown_section", "deck"),
    ('[[card]\nid=', "stones.library_bad_toml", ""),
])
def test_a_bad_user_library_names_the_file_and_the_entry(text, code, named):
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_library()
    assert info.value.code == code
    message = describe_error(info.value)
    assert str(path) in message and named in message and "Unexpected problem" not in message


def test_a_library_that_is_not_utf8_is_a_clear_error():
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'[[card]]\nid = "\xff"\n')
    with pytest.raises(RulesetError) as info:
        load_library()
    assert info.value.code == "stones.library_not_utf8"


def test_search_finds_cards_by_faces_or_id():
    library = load_library(None).values()
    found = search(library, "sun fish")
    assert all({"sun", "fish"} <= {f for _, _, f in c.pattern.required} for c in found)
    assert [c.id for c in search(library, "ss16")] == ["ss16"]
    three = search(library, "seed seed seed")
    assert three and all([f for _, _, f in c.pattern.required].count("seed") >= 3 for c in three)
    assert search(library, "moon moon") == []


def test_search_ranks_the_exact_card_first_then_the_same_order_then_larger_cards():
    from companion.games.shifting_stones.library import EXACT, SAME_FACES, SAME_ORDER, by_id, rank

    library = load_library(None)
    found = [c.id for c in search(library.values(), "boat horse")]
    assert found[0] == "ss43"                              # boat horse: the typed row
    assert found[1] == "ss63"                              # boat / horse: the same faces in reading order
    assert set(found[2:4]) == {"ss52", "ss72"}             # horse / boat, horse boat: another order
    assert found.index("ss11") > 3                         # a larger card with both faces comes last
    faces = ["boat", "horse"]
    assert rank(library["ss43"], faces) == EXACT and rank(library["ss63"], faces) == SAME_ORDER
    assert rank(library["ss72"], faces) == SAME_FACES and rank(library["ss11"], faces) > SAME_FACES
    assert rank(library["ss16"], faces) is None
    assert by_id(library.values(), "SS43") is library["ss43"] and by_id(library.values(), " ") is None
    assert [c.id for c in search(library.values(), "SS43")] == ["ss43"]
