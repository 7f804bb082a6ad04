"""Journal fixtures replay to the right scores, winners and penalties; a bad event names its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import JournalError
from companion.games import shifting_stones as stones
from companion.i18n import translator
from companion.journal import parse_journal, read_journal
from companion.messages import describe_error
from companion.session import replay

HERE = Path(__file__).parent / "journals"


def test_two_player_game_ends_after_the_round_in_a_shared_win():
    state, steps = replay(read_journal(HERE / "two-players.jsonl"))
    summary = stones.summary(state)
    assert summary["finished"] is True
    # Ava: 15 points with six 1-point cards (+3 bonus); Ben: 5 + 3 + 2 + 3 + 5
    assert summary["scores"] == {"Ava": 18, "Ben": 18}
    assert summary["winners"] == ["Ava", "Ben"]
    assert summary["events"] == 24  # 26 lines of events, one undone and redone
    assert summary["grid"] == [["moon", "horse", "fish"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]
    assert summary["deck"] == 47 and summary["discard"] == 2
    assert "penalties" not in summary
    reached = [s for s in steps if s.outcome.target_reached]
    assert len(reached) == 1 and reached[0].outcome.player == "Ava" and not reached[0].state.finished
    assert steps[-1].outcome.finished and steps[-1].outcome.player == "Ben"


def test_solo_game_won_with_two_penalties():
    state, steps = replay(read_journal(HERE / "solo-win.jsonl"))
    summary = stones.summary(state)
    assert summary["finished"] is True and summary["winners"] == ["Mina"]
    assert summary["penalties"] == 2 and summary["result"] == "won"
    assert summary["scores"] == {"Mina": 30} and summary["events"] == 23
    assert [s.outcome.penalty for s in steps if s.event["event"] in ("pass", "end_turn")] == [
        True, False, True, False, False]
    assert sum(s.outcome.reshuffled for s in steps) == 1


@pytest.mark.parametrize("locale", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_reports_read_in_every_language(locale):
    tr = translator(locale)
    state, _ = replay(read_journal(HERE / "two-players.jsonl"))
    lines = stones.report(state, tr)
    assert any("Ava" in line and tr.num(18) in line for line in lines)
    if locale == "fa":
        assert "18" not in "".join(lines) and "۱۸" in "".join(lines)


def test_a_rejected_event_stops_the_replay_naming_its_line():
    data = (HERE / "solo-win.jsonl").read_bytes().splitlines()[:3]
    data.append(b'{"event": "shift", "a": [1, 1], "b": [2, 2]}')
    with pytest.raises(JournalError) as info:
        replay(parse_journal(b"\n".join(data) + b"\n"))
    assert info.value.code == "journal_rejected_event" and info.value.params["line"] == 4
    message = describe_error(info.value)
    assert "Line 4" in message and "side by side" in message


def test_a_bad_header_is_a_setup_error():
    header = (b'{"journal": "companion", "version": 1, "game": "shifting_stones", "players": ["A", "B"], '
              b'"mode": "solo"}\n')
    with pytest.raises(JournalError) as info:
        replay(parse_journal(header))
    assert info.value.code == "journal_bad_setup"
    assert "exactly one player" in describe_error(info.value)


def test_replay_command_prints_the_summary(capsys):
    import json

    from companion.cli import main

    assert main(["replay", str(HERE / "solo-win.jsonl"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["penalties"] == 2 and data["winners"] == ["Mina"] and data["finished"] is True
    assert main(["replay", str(HERE / "two-players.jsonl"), "--lang", "fa"]) == 0
    out = capsys.readouterr().out
    assert "۱۸" in out and "Ava" in out
