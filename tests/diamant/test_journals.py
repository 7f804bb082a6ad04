"""Full five-round games, one per preset, replayed from journals; scores computed by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import diamant
from companion.journal import read_journal
from companion.session import replay

HERE = Path(__file__).parent / "journals"

# Worked out on paper, round by round (see the journals): chest + relics + starting gems.
EXPECTED = {
    # R1 Ava 3 + relic 5; R2 Ben/Chen 2+1 each, Ava 2+1 + relic 5; R3 5 each; R4 Chen 1 + relics 5+10;
    # R5 Ben 4+2, Ava/Chen 4+5 each.
    "diamant": ({"Ava": 30, "Ben": 14, "Chen": 33}, ["Chen"]),
    "incan-gold": ({"Ava": 30, "Ben": 14, "Chen": 33}, ["Chen"]),
    # R1 Ava 5+3, Ben/Chen 5+3+3; R2 bust; R3 Ava/Ben 1, Chen 4+1; R4 Ava 4+3 + 1+2; R5 4 each.
    "diamant-classic": ({"Ava": 23, "Ben": 16, "Chen": 20}, ["Ava"]),
    # dealt gems with the marker; treasure cards 4 and 6 shared by the last leavers; 10 lost to a bust; +5 each.
    "house-001": ({"Ava": 24, "Ben": 21, "Chen": 26}, ["Chen"]),
}


@pytest.mark.parametrize("ruleset", sorted(EXPECTED))
def test_full_game_replays_to_scores_and_winners(ruleset):
    journal = read_journal(HERE / f"{ruleset}.jsonl")
    state, steps = replay(journal)
    summary = diamant.summary(state)
    scores, winners = EXPECTED[ruleset]
    assert summary["finished"] is True and summary["round"] == 5
    assert summary["scores"] == scores and summary["winners"] == winners
    assert summary["events"] == len(steps) == len(journal.entries)
    assert summary["carried"] == {p: 0 for p in scores}


def test_journal_cut_in_its_last_line_loads_with_a_warning(tmp_path):
    data = (HERE / "diamant.jsonl").read_bytes()
    cut = data[: len(data) - 12]  # in the middle of the last event
    path = tmp_path / "cut.jsonl"
    path.write_bytes(cut)
    journal = read_journal(path)
    assert [w.code for w in journal.warnings] == ["journal_truncated"]
    assert journal.warnings[0].params["line"] == data.count(b"\n")
    assert len(journal.entries) == data.count(b"\n") - 2
    state, _ = replay(journal)
    assert not state.finished and state.round == 5
    assert path.read_bytes() == cut  # the reader never writes
