"""``companion.tui.escape_bursts``: Escape and the keys after it, in one burst, are those keys."""

from __future__ import annotations

import time

import pytest

from companion.tui import escape_bursts


@pytest.fixture
def untangled():
    from textual import _ansi_sequences

    table = _ansi_sequences.ANSI_SEQUENCES_KEYS
    saved = dict(table)
    removed = escape_bursts.untangle()
    yield removed
    table.clear()
    table.update(saved)


def parse(data: str) -> list:
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    found = list(parser.feed(data))
    time.sleep(0.15)  # past Textual's escape delay: what is left is read as it stands
    return found + list(parser.tick())


def keys(data: str) -> list[tuple[str, str | None]]:
    out = []
    for event in parse(data):
        parts = escape_bursts.split(event) or [event]
        out += [(k.key, k.character) for k in parts]
    return out


def test_without_it_escape_and_a_digit_types_a_glyph():
    assert [(e.key, e.character) for e in parse("\x1b7")] == [("pilcrow_sign", "¶")]


def test_escape_then_digits_letters_and_persian_are_escape_and_the_keys(untangled):
    assert "\x1b7" in untangled and "\x1bb" in untangled and "\x1b\x1b" not in untangled
    assert keys("\x1b7") == [("escape", "\x1b"), ("7", "7")]
    assert keys("\x1b17") == [("escape", "\x1b"), ("1", "1"), ("7", "7")]
    assert keys("\x1bspider") == [("escape", "\x1b")] + [(c, c) for c in "spider"]
    assert keys("\x1bblue")[:2] == [("escape", "\x1b"), ("b", "b")]
    assert [k for k, _ in keys("\x1bسا")][:1] == ["escape"] and [c for _, c in keys("\x1bسا")][1:] == ["س", "ا"]
    assert keys("\x1b蜘蛛")[0][0] == "escape" and [c for _, c in keys("\x1b蜘蛛")][1:] == ["蜘", "蛛"]


def test_real_keys_stay_what_they_are(untangled):
    assert keys("\x1b[D") == [("left", None)]
    assert keys("\x1b\x1b") == [("escape", "\x1b"), ("escape", "\x1b")]
    assert keys("\x1b[1;5D")[0][0] == "ctrl+left"
    assert keys("a") == [("a", "a")]
