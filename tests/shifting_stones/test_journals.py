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


def test_a_card_scored_again_is_refused_and_the_journal_stays_byte_for_byte(tmp_path):
    from companion.errors import RuleError
    from companion.journal import new_header
    from companion.session import Session

    path = tmp_path / "game.jsonl"
    session = Session.new(new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"]), path)
    session.apply({"event": "layout", "grid": "sun fish horse / seed tree boat / horse bird tree"})
    session.apply({"event": "score", "pattern": "sun", "points": 2, "card": "ss68"})
    state, before = session.state, path.read_bytes()
    for again in ({"event": "score", "pattern": "sun", "points": 2, "card": "ss68"},
                  {"event": "score", "pattern": "tree", "points": 1, "card": "SS68"}):
        with pytest.raises(RuleError) as info:
            session.apply(again)
        assert info.value.code == "stones.card_scored" and info.value.params["player"] == "Ava"
        assert session.state == state and path.read_bytes() == before
    session.close()
    # the journal keeps the card id and replays to the same state
    lines = path.read_text(encoding="utf-8").splitlines()
    assert '"card": "ss68"' in lines[-1] or '"card":"ss68"' in lines[-1]
    replayed, _ = replay(read_journal(path))
    assert replayed == state


def test_a_journal_naming_a_card_twice_stops_at_that_line():
    header = (HERE / "two-players.jsonl").read_bytes().splitlines()[0]
    events = [b'{"event": "layout", "grid": "sun fish horse / seed tree boat / horse bird tree"}',
              b'{"event": "score", "pattern": "sun", "points": 2, "card": "ss68"}',
              b'{"event": "end_turn"}',
              b'{"event": "score", "pattern": "sun", "points": 2, "card": "ss68"}']
    with pytest.raises(JournalError) as info:
        replay(parse_journal(b"\n".join([header, *events]) + b"\n"))
    assert info.value.params.get("line") == 5 and "ss68" in describe_error(info.value)


def test_old_journals_without_card_ids_still_replay_even_with_a_pattern_twice():
    # the two-player fixture names no card; it scores the same pattern for both players
    state, steps = replay(read_journal(HERE / "two-players.jsonl"))
    scores = [s for s in steps if s.event["event"] == "score"]
    assert scores and all("card" not in s.event for s in scores)
    assert all(c.card is None for cards in state.scored for c in cards)
    patterns = [s.event["pattern"] for s in scores]
    assert len(patterns) > len(set(patterns))
