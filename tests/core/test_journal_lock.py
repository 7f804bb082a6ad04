"""One writer per journal: an OS lock while a session writes, released when it closes or dies; who holds
it is said beside the journal, never in it; any number of readers may follow the game read-only."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import JournalError, JournalLocked
from companion.i18n import translator
from companion.journal import TEMP_SUFFIX, JournalWriter, lock_card_path, new_header, read_journal, writer_of
from companion.messages import describe_error
from companion.session import Session, replay

ROOT = Path(__file__).resolve().parents[2]
T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731


def header():
    return new_header("diamant", "diamant", ["Ava", "Ben", "Chen"])


def game(path: Path, *values: int) -> Session:
    session = Session.new(header(), path)
    for value in values:
        session.apply(T(value))
    return session


HOLDER = """
import sys, time
from companion.session import Session
session = Session.resume(sys.argv[1])
print("READY", flush=True)
time.sleep(600)
"""


def start_holder(path: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = child.stdout.readline()
    assert line.strip() == "READY", child.stderr.read()
    return child


def test_a_second_writer_in_the_same_process_is_refused_and_changes_nothing(tmp_path):
    path = tmp_path / "g.jsonl"
    first = game(path, 5, 7)
    before = path.read_bytes()
    for open_again in (Session.resume, lambda p: JournalWriter.resume(p), lambda p: JournalWriter.open(p)):
        with pytest.raises(JournalLocked) as err:
            open_again(path)
        assert err.value.code == "journal_locked"
        assert err.value.params["pid"] == str(os.getpid()) and err.value.params["host"] == socket.gethostname()
        assert err.value.params["since"].endswith(" UTC") and err.value.params["path"] == str(path)
        assert path.read_bytes() == before
    first.apply(T(9))  # the first writer goes on as if nothing happened
    assert [e.event["value"] for e in read_journal(path).entries] == [5, 7, 9]
    first.close()
    second = Session.resume(path)  # closed: free again
    assert second.state == first.state
    second.close()


def test_the_holder_is_on_a_card_beside_the_journal_never_in_it(tmp_path):
    path = tmp_path / "g.jsonl"
    session = game(path, 5)
    card = lock_card_path(path)
    assert card.name == ".g.jsonl.lock" and not card.match("*.jsonl")
    assert json.loads(card.read_text())["pid"] == os.getpid()
    assert b"pid" not in path.read_bytes() and len(path.read_bytes().splitlines()) == 2
    holder = writer_of(path)
    assert holder is not None and holder.pid == os.getpid() and holder.host == socket.gethostname()
    session.close()
    assert not card.exists() and writer_of(path) is None


def test_another_process_holds_the_lock_until_it_is_killed(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5, 7).close()
    before = path.read_bytes()
    child = start_holder(path)
    try:
        with pytest.raises(JournalLocked) as err:
            Session.resume(path)
        assert err.value.code == "journal_locked" and err.value.params["pid"] == str(child.pid)
        assert path.read_bytes() == before
        text = describe_error(err.value, translator("en"))
        assert str(child.pid) in text and "read-only" in text
        # Following works while it is held, and takes nothing from the writer.
        follower = Session.follow(path)
        assert [c.value for c in follower.state.path] == [5, 7]
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert json.loads(lock_card_path(path).read_text())["pid"] == child.pid  # a stale card stays ...
    assert writer_of(path) is None  # ... but the OS lock went with the process, and it has the last word
    session = Session.resume(path)  # a crashed session never leaves a game locked
    assert json.loads(lock_card_path(path).read_text())["pid"] == os.getpid()
    session.apply(T(9))
    session.close()
    assert [e.event["value"] for e in read_journal(path).entries] == [5, 7, 9]


def test_a_card_without_a_lock_says_nothing_and_a_lock_without_a_card_is_still_a_lock(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5).close()
    lock_card_path(path).write_text(json.dumps({"pid": 1, "host": "elsewhere", "since": "2026-11-29T20:00:00Z"}))
    assert writer_of(path) is None  # the card is stale: nobody holds the lock
    session = Session.resume(path)
    lock_card_path(path).unlink()  # the card is lost; the lock is not
    with pytest.raises(JournalLocked) as err:
        Session.resume(path)
    assert err.value.code == "journal_locked_unknown" and err.value.params == {"path": str(path)}
    assert "read-only" in describe_error(err.value, translator("en"))
    session.close()


def test_a_hostile_card_is_cleaned_before_it_is_shown(tmp_path):
    path = tmp_path / "g.jsonl"
    session = game(path, 5)
    lock_card_path(path).write_text(json.dumps({"pid": os.getpid(), "host": "\x1b]0;PWNED\x07box" + "x" * 500,
                                                "since": "2026-11-29T20:00:00Z"}))
    with pytest.raises(JournalLocked) as err:
        Session.resume(path)
    host = err.value.params["host"]
    assert "\x1b" not in host and "\x07" not in host and len(host) <= 64
    assert err.value.params["since"] == "2026-11-29 20:00 UTC"
    session.close()


@pytest.mark.parametrize("locale", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_the_lock_messages_are_translated(tmp_path, locale):
    path = tmp_path / "g.jsonl"
    session = game(path)
    tr = translator(locale)
    errors = []
    for attempt in (Session.resume, lambda p: Session.follow(p).apply(T(5))):
        with pytest.raises(JournalError) as err:
            attempt(path)
        errors.append(err.value)
    lock_card_path(path).unlink()
    with pytest.raises(JournalLocked) as err:
        Session.resume(path)
    errors.append(err.value)
    assert [e.code for e in errors] == ["journal_locked", "journal_read_only", "journal_locked_unknown"]
    for error in errors:
        text = describe_error(error, tr)
        assert str(path) in text and "Unexpected" not in text
        if locale != "en":
            assert text != describe_error(error, translator("en"))
    session.close()


# -- following read-only ----------------------------------------------------------------------------
def test_a_follower_refuses_every_change_and_touches_no_file(tmp_path):
    path = tmp_path / "g.jsonl"
    writer = game(path, 5, 7)
    follower = Session.resume(path, read_only=True)
    assert follower.read_only and not writer.read_only and follower.path == path
    before_state, before_file = follower.state, path.read_bytes()
    listing = sorted(p.name for p in tmp_path.iterdir())
    for change in (lambda: follower.apply(T(9)), follower.undo, follower.redo,
                   lambda: follower.save_as(tmp_path / "copy.jsonl")):
        with pytest.raises(JournalError) as err:
            change()
        assert err.value.code == "journal_read_only"
        assert follower.state == before_state and path.read_bytes() == before_file
    assert sorted(p.name for p in tmp_path.iterdir()) == listing
    writer.close()


def test_refresh_takes_in_what_the_writer_appends_from_the_last_offset(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer = game(path, 5)
    follower = Session.follow(path)
    seen_size = path.stat().st_size
    assert follower.refresh() == 0
    writer.apply(T(7))
    writer.apply(T(9))
    writer.undo()
    reads: list[tuple[int, int]] = []
    real = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, at: (reads.append((n, at)), real(fd, n, at))[1])
    assert follower.refresh() == 3
    assert follower.state == writer.state and [c.value for c in follower.state.path] == [5, 7]
    assert follower.can_redo  # the undone 9 may come back
    assert reads and all(at >= seen_size for _, at in reads)  # nothing before the last offset is read again
    writer.redo()
    assert follower.refresh() == 1 and follower.state == writer.state
    state, _ = replay(read_journal(path))
    assert follower.state == state
    writer.close()


def test_a_line_being_written_waits_for_its_newline(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5).close()
    follower = Session.follow(path)
    line = b'{"event": "draw", "card": "treasure", "value": 7}\n'
    with open(path, "ab") as fh:
        fh.write(line[:20])
    assert follower.refresh() == 0 and [c.value for c in follower.state.path] == [5]
    with open(path, "ab") as fh:
        fh.write(line[20:])
    assert follower.refresh() == 1 and [c.value for c in follower.state.path] == [5, 7]
    with open(path, "ab") as fh:
        fh.write(b"\n\n" + line.replace(b"7", b"9"))  # blank lines count as lines
    follower_lines = Session.follow(path)
    assert follower.refresh() == 1 and follower.state == follower_lines.state


def test_a_refused_new_line_names_its_line_and_keeps_the_state(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5).close()
    follower = Session.follow(path)
    before = follower.state
    with open(path, "ab") as fh:
        fh.write(b'{"event": "draw", "card": "treasure", "value": 7}\n{"event": "draw", "card": "hazard", '
                 b'"hazard": "dragon"}\n')
    for _ in range(2):  # not taken in, so the same error again: never half of the new lines
        with pytest.raises(JournalError) as err:
            follower.refresh()
        assert err.value.code == "journal_rejected_event" and err.value.params["line"] == 4
        assert follower.state == before


def test_a_replaced_journal_is_read_again_from_its_header(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5, 7).close()
    follower = Session.follow(path)
    other = tmp_path / "other.jsonl"
    game(other, 14).close()
    os.replace(other, path)
    assert follower.refresh() == 1 and [c.value for c in follower.state.path] == [14]


def test_follow_refuses_what_resume_refuses(tmp_path):
    with pytest.raises(JournalError) as err:
        Session.follow(tmp_path / "none.jsonl")
    assert err.value.code == "journal_missing"
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"journal": "companion", "version": 1, "game": "diamant", "players": ["Ava", "Ben", "Chen"]}'
                    b'\n{"event": "undo"}\n')
    with pytest.raises(JournalError) as err:
        Session.follow(bad)
    assert err.value.code == "journal_nothing_to_undo" and err.value.params["line"] == 2


def test_a_follower_sees_a_game_written_by_another_process(tmp_path):
    path = tmp_path / "g.jsonl"
    game(path, 5).close()
    script = ("import sys, time\nfrom companion.session import Session\ns = Session.resume(sys.argv[1])\n"
              "print('READY', flush=True)\nsys.stdin.readline()\n"
              "s.apply({'event': 'draw', 'card': 'treasure', 'value': 7})\nprint('ACK', flush=True)\n"
              "sys.stdin.readline()\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "READY"
        follower = Session.follow(path)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "ACK"
        deadline = time.monotonic() + 5
        while follower.refresh() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [c.value for c in follower.state.path] == [5, 7]
    finally:
        child.kill()
        child.wait(timeout=30)


def test_the_list_of_games_shows_journals_only(tmp_path):
    from companion.tui.recent import scan

    games = tmp_path / "games"
    session = game(games / "g.jsonl", 5)  # its lock card sits beside it
    (games / f".h.jsonl.abc{TEMP_SUFFIX}").write_bytes(b'{"jour')  # a creation cut short
    assert [g.path.name for g in scan(tmp_path)] == ["g.jsonl"]
    assert sorted(p.name for p in games.glob("*.jsonl")) == ["g.jsonl"]
    session.close()
