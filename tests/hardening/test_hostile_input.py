"""Hostile files and arguments: only clear, coded errors naming the line or field; never a traceback,
never a changed file."""

from __future__ import annotations

import json
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError
from companion.journal import parse_journal, read_journal
from companion.messages import describe_error
from companion.session import replay

HEADER = {"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant",
          "players": ["Ava", "Ben", "Chen"]}
FAST = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
events = st.fixed_dictionaries({"event": st.sampled_from(["draw", "leave", "undo", "redo", "fly", ""])},
                               optional={"card": st.sampled_from(["treasure", "hazard", "relic", "x"]) | json_values,
                                         "value": json_values, "hazard": json_values, "players": json_values})


def load_and_replay(data: bytes):
    try:
        journal = parse_journal(data)
        replay(journal)
    except CompanionError as exc:
        assert describe_error(exc)  # a sentence, not a crash
        if exc.code.startswith("journal_") and exc.code not in ("journal_missing",):
            assert "line" in exc.params
        return exc
    return None


@FAST
@given(st.binary(max_size=400))
def test_random_bytes(data):
    load_and_replay(data)


@FAST
@given(st.binary(max_size=300))
def test_random_bytes_after_a_good_header(data):
    load_and_replay(json.dumps(HEADER).encode() + b"\n" + data)


@FAST
@given(st.lists(events, max_size=30))
def test_random_events(evs):
    text = "\n".join(json.dumps(x) for x in [HEADER, *evs]) + "\n"
    load_and_replay(text.encode())


@FAST
@given(st.dictionaries(st.sampled_from(list(HEADER) + ["options", "extra"]), json_values, max_size=7))
def test_random_headers(header):
    load_and_replay((json.dumps({**HEADER, **header}) + "\n").encode())


@FAST
@given(st.dictionaries(st.sampled_from(["rounds", "hazard_copies", "treasures", "hazards", "relics", "relic_values",
                                        "leaving_split", "remainder", "relic_claim", "players", "tiebreak",
                                        "denominations", "starting_gems", "relics_per_round", "bogus"]),
                       json_values, min_size=1, max_size=3))
def test_random_header_options(options):
    load_and_replay((json.dumps({**HEADER, "options": options}) + "\n").encode())


def test_huge_and_deep_json_lines():
    deep = b"[" * 100_000 + b"]" * 100_000
    assert load_and_replay(json.dumps(HEADER).encode() + b"\n" + deep + b"\n").params["line"] == 2
    huge = json.dumps({"event": "draw", "card": "treasure", "value": 10**4000}).encode()
    err = load_and_replay(json.dumps(HEADER).encode() + b"\n" + huge + b"\n")
    assert err is not None and err.params["line"] == 2


names = st.text(alphabet=st.characters(codec="utf-8"), max_size=300)


@FAST
@given(st.lists(names, min_size=1, max_size=9))
def test_player_names(players):
    """Empty, very long, right-to-left, emoji, control characters: accepted or a clear error."""
    err = load_and_replay((json.dumps({**HEADER, "players": players}, ensure_ascii=False) + "\n").encode())
    if err is None:
        assert all(p.strip() for p in players) and len(set(players)) == len(players)


def test_friendly_names_are_accepted():
    for players in (["علی", "Ben", "陳"], ["🦊", "🐙", "🐢"], ["x" * 40, "y", "z"]):
        assert load_and_replay((json.dumps({**HEADER, "players": players}, ensure_ascii=False) + "\n").encode()) is None


argument = st.one_of(st.sampled_from(["split", "replay", "stones", "hint", "--among", "--pooled", "--json", "--lang",
                                      "fa", "zh-TW", "-h", "--grid", "--pattern", "--card", "0", "-1", "15", "/", "*"]),
                     st.text(alphabet=string.printable, max_size=12))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(argument, max_size=7))
def test_cli_arguments(capsys, argv):
    asks_help = "-h" in argv or "--help" in argv or "--version" in argv
    if argv[:1] in (["tui"], ["export"]) or (not argv or argv[0].startswith("-")) and not asks_help:
        argv = ["split", *argv]  # never start the UI or a full export from a fuzz test
    if "export" in argv or "tui" in argv:
        return
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    assert "Traceback" not in err and "Traceback" not in out


def test_reader_never_changes_the_file(tmp_path):
    path = tmp_path / "g.jsonl"
    data = json.dumps(HEADER).encode() + b'\n{"event": "draw", "card": "treasure", "value": 5}\n{"event": "dr'
    path.write_bytes(data)
    for _ in range(3):
        replay(read_journal(path))
    assert path.read_bytes() == data
