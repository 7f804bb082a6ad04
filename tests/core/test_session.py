"""Session: check first, write durably, then show; undo/redo as journal events; resume after a crash."""

from __future__ import annotations

import pytest

from companion.errors import JournalError, RuleError
from companion.journal import new_header, read_journal
from companion.session import Session, replay

T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731


def header():
    return new_header("diamant", "diamant", ["Ava", "Ben", "Chen"])


def test_rejected_event_changes_neither_state_nor_file(tmp_path):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(17))
    before_state, before_file = session.state, path.read_bytes()
    for bad in (T(17), T(8), {"event": "leave", "players": []}, {"event": "fly"}):
        with pytest.raises(RuleError):
            session.apply(bad)
        assert session.state == before_state and path.read_bytes() == before_file
    assert len(session.steps) == 1


def test_bad_setup_writes_no_file(tmp_path):
    path = tmp_path / "g.jsonl"
    with pytest.raises(RuleError):
        Session.new(new_header("diamant", "diamant", ["Ava", "Ben"]), path)  # 3-8 players
    assert not path.exists()


def test_undo_redo_are_written_and_replayed(tmp_path):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    session.apply(T(7))
    session.undo()
    assert [e.kind for e in read_journal(path).entries] == ["draw", "draw", "undo"]
    state, _ = replay(read_journal(path))
    assert state == session.state and state.path[-1].value == 5
    session.redo()
    with pytest.raises(RuleError) as err:
        session.redo()
    assert err.value.code == "nothing_to_redo"
    session.close()
    resumed = Session.resume(path)
    assert resumed.state.path[-1].value == 7


def test_resume_offers_redo_of_events_undone_before_the_crash(tmp_path):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    session.apply(T(7))
    session.undo()
    session.close()
    resumed = Session.resume(path)
    assert resumed.can_redo
    resumed.redo()
    assert resumed.state.path[-1].value == 7


def test_nothing_to_undo():
    session = Session.new(header(), None)
    with pytest.raises(RuleError) as err:
        session.undo()
    assert err.value.code == "nothing_to_undo"


def test_replay_names_the_line_of_a_rejected_event(tmp_path):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    session.close()
    with open(path, "a") as fh:
        fh.write('{"event": "draw", "card": "hazard", "hazard": "dragon"}\n')
    with pytest.raises(JournalError) as err:
        replay(read_journal(path))
    assert err.value.code == "journal_rejected_event" and err.value.params["line"] == 3
    assert err.value.params["cause"] == "diamant.unknown_hazard"


def test_a_full_disk_keeps_the_game_in_memory_and_saves_later(tmp_path, monkeypatch):
    import errno
    import os

    from companion.messages import describe_error

    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    real_write = os.write
    full = {"on": True}

    def write(fd, data):
        if full["on"]:
            real_write(fd, bytes(data)[:7])  # half a line gets out before the disk refuses
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    session.apply(T(7))
    session.apply(T(9))
    assert session.state.path[-1].value == 9 and not session.saved and len(session.pending) == 2
    assert session.save_error.code == "journal_write_failed" and "space" in describe_error(session.save_error)
    on_disk = read_journal(path)
    assert len(on_disk.entries) == 1 and not on_disk.warnings  # no torn line left behind
    full["on"] = False
    assert session.flush() and session.saved and session.save_error is None
    state, _ = replay(read_journal(path))
    assert state == session.state


def test_save_as_moves_the_game_to_a_new_file(tmp_path):
    session = Session.new(header(), tmp_path / "a.jsonl")
    session.apply(T(5))
    session.apply(T(7))
    session.undo()
    session.save_as(tmp_path / "b.jsonl")
    session.apply(T(9))
    state, _ = replay(read_journal(tmp_path / "b.jsonl"))
    assert state == session.state and [c.value for c in state.path] == [5, 9]


def test_a_long_game_is_resumed_saved_elsewhere_and_followed_whole(tmp_path):
    """Past the steps kept whole (checkpoints beyond), resume, save_as and follow see every event."""
    from companion.session import CHECKPOINT, RECENT

    grid = [["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]
    head = new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"], mode="multi")
    path = tmp_path / "long.jsonl"
    session = Session.new(head, path)
    session.apply({"event": "layout", "grid": grid})
    while len(session.steps) < RECENT + 2 * CHECKPOINT:
        session.apply({"event": "flip", "at": [1, 1]})
        session.apply({"event": "end_turn"})
    session.undo()
    session.undo()
    final, count = session.state, len(session.steps)
    session.close()
    resumed = Session.resume(path)
    assert resumed.state == final and len(resumed.steps) == count and len(resumed.undone) == 2
    followed = Session.follow(path)
    assert followed.state == final and list(followed.steps) == list(resumed.steps)
    resumed.save_as(tmp_path / "copy.jsonl")
    resumed.close()
    again = Session.resume(tmp_path / "copy.jsonl")
    assert again.state == final and list(again.steps) == list(followed.steps) and len(again.undone) == 2
    redone = again.redo()
    assert redone.event == {"event": "flip", "at": [1, 1]} and len(again.steps) == count + 1
    assert redone.state == again.game.apply(final, redone.event)[0]
    again.close()
    before = path.read_bytes()
    with path.open("ab") as fh:  # the writer's next line is refused by the rules: the follower keeps its game
        fh.write(b'{"event": "flip", "at": [9, 9]}\n')
    with pytest.raises(JournalError):
        followed.refresh()
    assert followed.state == final and len(followed.steps) == count and path.read_bytes() != before
