"""Replay at scale (issue 15 item 3): steps kept compactly (checkpoints + the recent steps whole), old
steps made again identically, memory flat in the number of events, time linear."""

from __future__ import annotations

import json
import time
import tracemalloc

import pytest

from companion import session as session_module
from companion.games import get
from companion.journal import new_header, parse_journal
from companion.session import CHECKPOINT, RECENT, Session, Step, replay

GRID = [["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]


def stones_events(n: int) -> list[dict]:
    """A legal Shifting Stones game of ``n`` events (the rules bound nothing: burned cards come back)."""
    events: list[dict] = [{"event": "layout", "grid": GRID}]
    cells = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    i = 0
    while len(events) < n:
        r, c = cells[i % 9]
        events += [{"event": "shift", "a": [r, c], "b": [r, c + 1 if c < 3 else c - 1]},
                   {"event": "flip", "at": list(cells[(i * 4) % 9])}, {"event": "end_turn"}]
        i += 1
    return events[:n]


def header():
    return new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"], mode="multi")


def journal_bytes(events: list[dict]) -> bytes:
    return b"".join((json.dumps(obj) + "\n").encode() for obj in [header().to_json(), *events])


def naive(events: list[dict]) -> list[Step]:
    """Every step, the plain way (what replay gave before it kept checkpoints)."""
    game = get("shifting_stones")
    state = game.start(header())
    steps = []
    for event in events:
        state, outcome = game.apply(state, event)
        steps.append(Step(event, state, outcome))
    return steps


def test_old_steps_are_made_again_exactly_as_they_were():
    events = stones_events(RECENT + 5 * CHECKPOINT + 17)
    expected = naive(events)
    state, steps = replay(parse_journal(journal_bytes(events)))
    assert len(steps) == len(events) and state == expected[-1].state
    # only the checkpoints and the recent steps are held
    assert len(steps._marks) == len(events) // CHECKPOINT + 1 and len(steps._recent) <= RECENT + CHECKPOINT
    for index in (0, 1, CHECKPOINT - 1, CHECKPOINT, 3 * CHECKPOINT + 5, len(events) - RECENT - 1, -1):
        assert steps[index] == expected[index]
    assert list(steps) == expected
    assert list(reversed(steps)) == expected[::-1]
    assert list(steps[10:-10]) == expected[10:-10] and list(reversed(steps[5:3000])) == expected[5:3000][::-1]
    assert steps[-3:] == expected[-3:] and steps == expected


def test_undo_far_back_then_redo_gives_the_same_states():
    events = stones_events(RECENT + 3 * CHECKPOINT)
    expected = naive(events)
    session = Session.new(header(), None)
    for event in events:
        session.apply(event)
    for back in range(1, RECENT + 2 * CHECKPOINT + 1):  # past what is kept whole, across checkpoints
        undone = session.undo()
        assert undone == expected[-back]
        assert session.state == expected[-back - 1].state and len(session.steps) == len(events) - back
    for _redo in range(CHECKPOINT + 3):
        assert session.redo() == expected[len(session.steps) - 1]
    again = stones_events(len(session.steps) + 1)[-1]  # a new event after the undos clears the redo list
    session.apply(again)
    assert not session.can_redo and session.steps[-1].event == again
    assert list(session.steps)[:-1] == expected[:len(session.steps) - 1]


def test_a_rejected_event_far_into_a_long_game_names_its_line_and_changes_nothing(tmp_path):
    events = stones_events(RECENT + 2 * CHECKPOINT)
    path = tmp_path / "long.jsonl"
    path.write_bytes(journal_bytes(events))
    session = Session.resume(path)
    before_state, before_bytes, before_len = session.state, path.read_bytes(), len(session.steps)
    with pytest.raises(Exception) as err:
        session.apply({"event": "flip", "at": [9, 9]})
    assert err.value.__class__.__name__ in ("EventError", "RuleError")
    assert session.state == before_state and path.read_bytes() == before_bytes and len(session.steps) == before_len
    session.close()
    bad = journal_bytes(events) + b'{"event": "flip", "at": [9, 9]}\n'
    with pytest.raises(Exception) as err:
        replay(parse_journal(bad))
    assert err.value.code == "journal_rejected_event" and err.value.params["line"] == len(events) + 2


def _replay_cost(n: int) -> tuple[float, int]:
    """CPU seconds (best of two) and peak traced bytes of reading and replaying ``n`` events in force."""
    data = journal_bytes(stones_events(n))
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        replay(parse_journal(data))
        best = min(best, time.process_time() - start)
    tracemalloc.start()
    replay(parse_journal(data))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, peak


def test_replay_is_linear_in_time_and_flat_in_memory():
    small_time, small_peak = _replay_cost(5_000)
    big_time, big_peak = _replay_cost(50_000)
    assert big_time / small_time < 14, (small_time, big_time)  # ten times the events: about ten times the time
    # Beyond the recent steps, an event costs its line (~40 bytes) and a checkpoint share; a step
    # kept whole costs ~1 KB, so a list of every step would need ~45 MB more for the 45,000 more.
    per_event = (big_peak - small_peak) / 45_000
    assert per_event < 150, per_event


def test_a_journal_too_large_for_memory_is_a_message(monkeypatch):
    data = journal_bytes(stones_events(300))

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(session_module.Steps, "__init__", no_memory)
    journal = parse_journal(data)
    with pytest.raises(Exception) as err:
        replay(journal)
    assert err.value.code == "journal_unreadable"
    from companion.i18n import translator
    from companion.messages import describe_error

    assert "not enough memory" in describe_error(err.value, translator("en"))
    assert "حافظه" in describe_error(err.value, translator("fa"))
