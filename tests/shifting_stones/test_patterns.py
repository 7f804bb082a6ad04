"""Pattern notation: parse <-> text round trips, clear errors, the match finder."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import EventError
from companion.games.shifting_stones.patterns import (
    FACES,
    Pattern,
    check_tile_set,
    grid_text,
    parse_grid,
    parse_pattern,
)

from .helpers import GRID

G = parse_grid(GRID)


@pytest.mark.parametrize(("text", "rows"), [
    ("sun * fish", (("sun", None, "fish"),)),
    ("horse / horse", (("horse",), ("horse",))),
    ("  Tree   *\t/ * HORSE ", (("tree", None), (None, "horse"))),
    ("* * * / * * * / * * moon", ((None,) * 3, (None,) * 3, (None, None, "moon"))),
])
def test_parse_and_canonical_text(text, rows):
    pattern = parse_pattern(text)
    assert pattern.rows == rows
    assert parse_pattern(pattern.text) == pattern
    assert pattern.text == " / ".join(" ".join(f or "*" for f in row) for row in rows)
    assert eval(repr(pattern), {"parse_pattern": parse_pattern}) == pattern


@pytest.mark.parametrize(("text", "code", "params"), [
    ("sun * cat", "stones.pattern_unknown_face", {"face": "cat"}),
    ("sun / fish fish", "stones.pattern_ragged", {"lengths": "1 2"}),
    ("sun sun sun sun", "stones.pattern_too_big", {"cols": 4}),
    ("a / b / c / d", "stones.pattern_unknown_face", {"face": "a"}),
    ("sun / sun / sun / sun", "stones.pattern_too_big", {"rows": 4}),
    ("sun / / fish", "stones.pattern_empty_row", {"row": 2}),
    ("   ", "stones.pattern_empty", {}),
    ("* / *", "stones.pattern_all_grey", {}),
    (3, "stones.pattern_not_text", {}),
])
def test_bad_text_gives_a_clear_error(text, code, params):
    with pytest.raises(EventError) as info:
        parse_pattern(text)
    assert info.value.code == code
    for key, value in params.items():
        assert info.value.params[key] == value


def test_match_finder_returns_every_offset():
    # sun fish horse / seed tree boat / horse bird tree
    assert parse_pattern("tree").matches(G) == [(2, 2), (3, 3)]
    assert parse_pattern("horse").matches(G) == [(1, 3), (3, 1)]
    assert parse_pattern("* tree").matches(G) == [(2, 1), (3, 2)]
    assert parse_pattern("seed tree / horse bird").matches(G) == [(2, 1)]
    assert parse_pattern("sun * horse").matches(G) == [(1, 1)]
    assert parse_pattern("* * * / * * * / * * tree").matches(G) == [(1, 1)]
    assert parse_pattern("* * * / * * * / * * moon").matches(G) == []
    assert parse_pattern("fish / tree / bird").matches(G) == [(1, 2)]
    assert parse_pattern("tree / bird").cells_at((2, 2)) == [(2, 2), (3, 2)]


def test_impossible_patterns_are_known():
    assert not parse_pattern("sun moon").possible()
    assert not parse_pattern("fish bird fish").possible()
    assert parse_pattern("seed tree seed").possible()


def test_grid_text_round_trips_and_the_tile_set_is_checked():
    assert parse_grid(grid_text(G)) == G
    check_tile_set(G)
    with pytest.raises(EventError) as info:
        check_tile_set(parse_grid("sun sun horse / seed tree boat / horse bird tree"))
    assert info.value.code == "stones.layout_sun_moon" and info.value.params == {"want": 1, "got": 2}


CELLS = st.sampled_from(FACES + ("*",))


@st.composite
def patterns(draw):
    h, w = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    rows = tuple(tuple(draw(CELLS) for _ in range(w)) for _ in range(h))
    if all(c == "*" for row in rows for c in row):
        rows = (("sun",) + rows[0][1:],) + rows[1:]
    return rows


@given(patterns(), st.sampled_from([" ", "  ", "\t"]), st.booleans())
def test_pattern_text_round_trips(rows, gap, upper):
    text = " / ".join(gap.join(row) for row in rows)
    text = text.upper() if upper else text
    pattern = parse_pattern(text)
    assert pattern.rows == tuple(tuple(None if c == "*" else c for c in row) for row in rows)
    assert parse_pattern(pattern.text) == pattern
    assert pattern.text == " / ".join(" ".join(row) for row in rows)
    assert isinstance(pattern, Pattern)


@given(patterns())
def test_a_pattern_cut_from_a_grid_matches_there(rows):
    pattern = parse_pattern(" / ".join(" ".join(row) for row in rows))
    for at in pattern.offsets():
        cut = " / ".join(" ".join(G[at[0] - 1 + r][at[1] - 1 + c] for c in range(pattern.width))
                         for r in range(pattern.height))
        assert at in parse_pattern(cut).matches(G)
