"""Disk faults around the journal: a new journal is whole or absent, a double fault (half a line, a full
disk, then a failed truncate) never leaves the retry after the half line, a failed rescue leaves nothing."""

from __future__ import annotations

import errno
import fcntl
import os
import time
from pathlib import Path

import pytest

from companion.errors import JournalError
from companion.journal import TEMP_SUFFIX, JournalWriter, encode, new_header, read_journal, remove_stale_temporaries
from companion.messages import describe_error
from companion.session import Session, replay

T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731


def header():
    return new_header("diamant", "diamant", ["Ava", "Ben", "Chen"])


def values(path: Path) -> list[int]:
    journal = read_journal(path)
    assert not journal.warnings, journal.warnings
    return [e.event["value"] for e in journal.entries]


class Disk:
    """Fake ``os.write``/``os.ftruncate``/``os.fsync`` for one descriptor, failing as a script says."""

    def __init__(self, monkeypatch, fd: int) -> None:
        self.fd = fd
        self.writes: list[str] = []  # what each next write on ``fd`` does: "half", "full", "ok"
        self.truncates: list[str] = []  # "fail" or "ok"
        self.fsyncs: list[str] = []
        self.real_write, self.real_truncate, self.real_fsync = os.write, os.ftruncate, os.fsync
        monkeypatch.setattr(os, "write", self.write)
        monkeypatch.setattr(os, "ftruncate", self.ftruncate)
        monkeypatch.setattr(os, "fsync", self.fsync)

    def write(self, fd, data):
        if fd == self.fd and self.writes:
            action = self.writes.pop(0)
            if action == "half":  # part of the line gets out, then the disk is full
                self.real_write(fd, bytes(data)[: len(data) // 2])
                raise OSError(errno.ENOSPC, "No space left on device")
            if action == "full":
                raise OSError(errno.ENOSPC, "No space left on device")
        return self.real_write(fd, data)

    def ftruncate(self, fd, size):
        if fd == self.fd and self.truncates and self.truncates.pop(0) == "fail":
            raise OSError(errno.EIO, "Input/output error")
        return self.real_truncate(fd, size)

    def fsync(self, fd):
        if fd == self.fd and self.fsyncs and self.fsyncs.pop(0) == "fail":
            raise OSError(errno.EIO, "Input/output error")
        return self.real_fsync(fd)


def test_a_double_fault_then_success_keeps_every_acknowledged_event_and_nothing_else(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    started = header()  # (one header: another would be stamped a second later)
    session = Session.new(started, path)
    session.apply(T(5))
    disk = Disk(monkeypatch, session.writer._fd)
    disk.writes = ["half"]  # a partial write + ENOSPC ...
    disk.truncates = ["fail"]  # ... and the cut after it fails: half a line stays
    session.apply(T(7))
    assert not session.saved and session.save_error.code == "journal_write_failed"
    torn = read_journal(path)
    assert [e.event["value"] for e in torn.entries] == [5] and torn.warnings[0].code == "journal_truncated"
    session.apply(T(9))  # then the disk has room: 7 and 9 go at the last good offset, over the half line
    assert session.saved and session.save_error is None
    assert values(path) == [5, 7, 9]
    assert path.read_bytes() == encode(started.to_json()) + b"".join(encode(T(v)) for v in (5, 7, 9))
    state, _ = replay(read_journal(path))
    assert state == session.state
    session.close()
    assert Session.resume(path).state == state


def test_a_double_fault_then_a_full_disk_at_the_retry_then_success(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    disk = Disk(monkeypatch, session.writer._fd)
    disk.writes = ["half", "full"]  # the retry of 7 fails too (the disk is still full)
    disk.truncates = ["fail"]
    session.apply(T(7))
    session.apply(T(9))
    assert len(session.pending) == 2
    session.apply(T(11))
    assert session.saved and values(path) == [5, 7, 9, 11]
    assert path.read_bytes().count(b"\n") == 5
    session.close()


def test_a_retry_of_a_different_shorter_line_cuts_what_the_failed_one_left(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer = JournalWriter.create(path, header())
    start = path.read_bytes()
    disk = Disk(monkeypatch, writer._fd)
    disk.writes, disk.truncates = ["half"], ["fail", "ok"]
    long_event = {"event": "draw", "card": "treasure", "value": 5, "note": "x" * 400}
    with pytest.raises(OSError):
        writer.append(long_event)
    assert len(path.read_bytes()) > len(start) + 200  # 200 bytes of half line are left behind
    writer.append(T(7))
    assert path.read_bytes() == start + encode(T(7))
    assert values(path) == [7]
    writer.close()


def test_an_fsync_failure_after_a_whole_line_then_a_failed_cut_writes_the_line_once(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    disk = Disk(monkeypatch, session.writer._fd)
    disk.fsyncs, disk.truncates = ["fail"], ["fail"]
    session.apply(T(5))
    assert not session.saved
    assert session.flush()
    assert values(path) == [5]


def test_the_writer_never_appends_at_the_current_end(tmp_path, monkeypatch):
    """Whatever sits after the last good line (here: junk another program added) is written over."""
    path = tmp_path / "g.jsonl"
    writer = JournalWriter.create(path, header())
    writer.append(T(5))
    good = path.read_bytes()
    with open(path, "ab") as fh:
        fh.write(b'{"event": "dr')
    writer.append(T(7))
    assert path.read_bytes() == good + encode(T(7))
    writer.close()


# -- a new journal is whole or absent ---------------------------------------------------------------
@pytest.mark.parametrize("fails", ["write", "fsync", "link"])
def test_a_journal_whose_creation_fails_is_absent_and_leaves_no_temporary_file(tmp_path, monkeypatch, fails):
    path = tmp_path / "games" / "g.jsonl"

    def refuse(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    real_write = os.write

    def half(fd, data):
        real_write(fd, bytes(data)[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, {"write": "write", "fsync": "fsync", "link": "link"}[fails],
                        half if fails == "write" else refuse)
    with pytest.raises(JournalError) as err:
        Session.new(header(), path)
    assert err.value.code == "journal_create_failed" and "space" in describe_error(err.value)
    assert list(path.parent.iterdir()) == []


def test_the_journal_has_its_name_only_once_its_header_is_on_disk(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    seen = []
    real_link = os.link

    def link(src, dst, *args, **kwargs):
        # Just before the journal gets its name: the header is complete and synced in a file that no
        # listing of journals matches.
        names = sorted(p.name for p in tmp_path.iterdir())
        seen.append((names, Path(src).read_bytes(), sorted(p.name for p in tmp_path.glob("*.jsonl"))))
        return real_link(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "link", link)
    started = header()  # (one header: another would be stamped a second later)
    session = Session.new(started, path)
    (names, data, journals), = seen
    assert len(names) == 1 and names[0].startswith(".g.jsonl.") and names[0].endswith(TEMP_SUFFIX)
    assert journals == [] and data == encode(started.to_json())
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g.jsonl.lock", "g.jsonl"]
    session.close()


def test_an_existing_journal_is_never_replaced(tmp_path):
    path = tmp_path / "g.jsonl"
    Session.new(header(), path).apply(T(5))
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        JournalWriter.create(path, header())
    with pytest.raises(JournalError) as err:
        Session.new(header(), path)
    assert err.value.code == "journal_create_failed"
    assert path.read_bytes() == before and [p.name for p in tmp_path.glob("*.new")] == []


def test_a_folder_that_cannot_hold_the_journal_is_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(JournalError) as err:
        Session.new(header(), blocker / "games" / "g.jsonl")
    assert err.value.code == "journal_create_failed" and str(blocker) in describe_error(err.value)


def test_stale_temporary_files_are_removed_and_live_ones_kept(tmp_path):
    old = time.time() - 3600
    stale = tmp_path / f".a.jsonl.abc{TEMP_SUFFIX}"
    fresh = tmp_path / f".b.jsonl.def{TEMP_SUFFIX}"
    busy = tmp_path / f".c.jsonl.ghi{TEMP_SUFFIX}"
    other = tmp_path / f".notes.txt{TEMP_SUFFIX}"
    for p in (stale, fresh, busy, other):
        p.write_bytes(b'{"journal": "comp')
    for p in (stale, busy, other):
        os.utime(p, (old, old))
    with open(busy, "rb") as held:  # its creator is still writing it
        fcntl.flock(held, fcntl.LOCK_EX)
        session = Session.new(header(), tmp_path / "g.jsonl")  # creating a journal cleans up
        assert not stale.exists() and fresh.exists() and busy.exists() and other.exists()
    assert remove_stale_temporaries(tmp_path) == 1 and not busy.exists()
    assert [p.name for p in tmp_path.glob("*.jsonl")] == ["g.jsonl"]
    session.close()


# -- rescue ----------------------------------------------------------------------------------------
def test_a_failed_rescue_leaves_no_file_and_the_game_stays(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path)
    session.apply(T(5))
    broken = session.writer._fd
    real_write = os.write
    calls = {"n": 0}

    def write(fd, data):
        if fd == broken:
            raise OSError(errno.EROFS, "Read-only file system")
        if b'"event"' in bytes(data) and calls["n"] < 4:  # four rescues run out of room at the events
            calls["n"] += 1
            real_write(fd, bytes(data)[:30])
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    session.apply(T(7))
    assert not session.saved
    rescue = tmp_path / "rescued"
    for n in range(4):
        with pytest.raises(OSError):
            session.save_as(rescue / f"rescued-{n}-g.jsonl")
        assert list(rescue.iterdir()) == []  # neither the file nor its temporary
    assert session.state.path[-1].value == 7 and session.writer.path == path
    session.save_as(rescue / "rescued-g.jsonl")
    assert values(rescue / "rescued-g.jsonl") == [5, 7] and session.saved
    assert sorted(p.name for p in rescue.iterdir()) == [".rescued-g.jsonl.lock", "rescued-g.jsonl"]


def test_a_rescued_game_can_still_redo_what_was_undone(tmp_path):
    session = Session.new(header(), tmp_path / "a.jsonl")
    for v in (5, 7, 9):
        session.apply(T(v))
    session.undo()
    session.undo()
    session.save_as(tmp_path / "b.jsonl")
    session.redo()
    state, _ = replay(read_journal(tmp_path / "b.jsonl"))
    assert state == session.state and [c.value for c in state.path] == [5, 7]
    session.close()
    resumed = Session.resume(tmp_path / "b.jsonl")
    assert resumed.can_redo and resumed.redo().state == session.undone[-1].state
    resumed.close()


def test_a_read_only_journal_is_a_message_that_offers_to_follow(tmp_path, monkeypatch):
    from companion import journal as journal_module

    path = tmp_path / "g.jsonl"
    Session.new(header(), path).close()
    before = path.read_bytes()
    real = journal_module.open_regular

    def read_only_mount(p, flags=os.O_RDONLY):
        if flags & os.O_RDWR:
            raise OSError(errno.EROFS, "Read-only file system")
        return real(p, flags)

    monkeypatch.setattr(journal_module, "open_regular", read_only_mount)
    with pytest.raises(JournalError) as err:
        Session.resume(path)
    assert err.value.code == "journal_not_writable" and "read-only" in describe_error(err.value)
    assert Session.follow(path).state == Session.new(header(), None).state
    assert path.read_bytes() == before
