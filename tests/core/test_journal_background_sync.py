"""The journal's fsync off the path from a key to its frame (issue 15): ``sync_in_background``.

An event is written before ``append`` returns and fsynced just after by one syncer thread; requests
made during an fsync make one more; ``close`` waits and fsyncs once more; a failed fsync is repaired by
writing the unconfirmed bytes again from ``synced``; the default (fsync before returning) is unchanged.
"""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from companion.journal import JournalWriter, encode, new_header, read_journal
from companion.session import Session

T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731
WAIT = 10.0  # seconds a test waits for the syncer at most (it takes milliseconds)


HEADER = new_header("diamant", "diamant", ["Ava", "Ben", "Chen"])  # one ``started`` for every file compared


def header():
    return HEADER


def values(path: Path) -> list[int]:
    journal = read_journal(path)
    assert not journal.warnings, journal.warnings
    return [e.event["value"] for e in journal.entries]


def expected_bytes(*vals: int) -> bytes:
    return encode(header().to_json()) + b"".join(encode(T(v)) for v in vals)


class Disk:
    """Fake ``os.fsync`` (and ``os.write``, ``os.close``) for one descriptor, as a script says.

    ``fsyncs``: what each next fsync on ``fd`` does -- "ok", "fail" (EIO), "block" (waits for
    :meth:`release`, then succeeds) or "block-fail"; ``writes``: "full" (ENOSPC) or "ok".  Every fsync
    on ``fd`` is recorded as (thread, file size then), every write's bytes and every close in order.
    """

    def __init__(self, monkeypatch, fd: int) -> None:
        self.fd = fd
        self.fsyncs: list[str] = []
        self.writes: list[str] = []
        self.synced: list[tuple[str, int]] = []
        self.written: list[bytes] = []
        self.log: list[str] = []
        self.entered = threading.Event()
        self._release = threading.Event()
        self.real_fsync, self.real_write, self.real_close = os.fsync, os.write, os.close
        monkeypatch.setattr(os, "fsync", self.fsync)
        monkeypatch.setattr(os, "write", self.write)
        monkeypatch.setattr(os, "close", self.close)

    def fsync(self, fd):
        if fd != self.fd:
            return self.real_fsync(fd)
        self.synced.append((threading.current_thread().name, os.fstat(fd).st_size))
        self.log.append("fsync")
        action = self.fsyncs.pop(0) if self.fsyncs else "ok"
        if action.startswith("block"):
            self.entered.set()
            assert self._release.wait(WAIT)
        if action.endswith("fail"):
            raise OSError(errno.EIO, "Input/output error")
        return self.real_fsync(fd)

    def release(self) -> None:
        self._release.set()

    def write(self, fd, data):
        if fd == self.fd:
            self.written.append(bytes(data))
            if self.writes and self.writes.pop(0) == "full":
                raise OSError(errno.ENOSPC, "No space left on device")
        return self.real_write(fd, data)

    def close(self, fd):
        if fd == self.fd:
            self.log.append("close")
        return self.real_close(fd)

    def main_thread_fsyncs(self) -> int:
        return sum(1 for name, _ in self.synced if name == threading.main_thread().name)


def background_writer(path: Path, monkeypatch) -> tuple[JournalWriter, Disk]:
    writer = JournalWriter.create(path, header())
    writer.sync_in_background()
    return writer, Disk(monkeypatch, writer._fd)


def session_with_an_unconfirmed_event(path: Path, monkeypatch, fsyncs: list[str]) -> tuple[Session, Disk]:
    """A TUI session whose first event (5) was written and whose background fsync failed (``fsyncs``:
    what the next fsyncs do)."""
    session = Session.new(header(), path, background_sync=True)
    disk = Disk(monkeypatch, session.writer._fd)
    disk.fsyncs = fsyncs
    session.apply(T(5))
    assert not session.writer.wait_synced(WAIT)
    return session, disk


def test_each_event_is_in_the_file_when_append_returns_and_fsynced_by_the_syncer_just_after(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["block"]  # the first fsync waits: append must not
    writer.append(T(5))
    assert path.read_bytes() == expected_bytes(5)  # written before append returned
    assert values(path) == [5]  # a reader sees it at once
    assert disk.entered.wait(WAIT)
    assert writer.synced < writer.good and not writer.wait_synced(timeout=0.05)  # not confirmed yet
    assert writer.unsynced_bytes == encode(T(5))
    disk.release()
    assert writer.wait_synced(WAIT)
    assert writer.synced == writer.good == path.stat().st_size and writer.unsynced_bytes == b""
    assert disk.main_thread_fsyncs() == 0  # the caller never waited for fsync
    assert disk.synced[0][1] == len(expected_bytes(5))  # the fsync began after the write
    writer.close()


def test_appends_during_an_fsync_make_one_more_and_synced_stops_at_what_was_written_before(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["block", "block"]
    writer.append(T(1))
    assert disk.entered.wait(WAIT)
    first_end = writer.good
    for v in range(2, 52):  # fifty events while the first fsync runs
        writer.append(T(v))
    disk.entered.clear()
    disk.release()  # both fsyncs go through now; check the offsets in between
    assert writer.wait_synced(WAIT)
    assert [size for _, size in disk.synced] == [first_end, path.stat().st_size]  # exactly one more fsync
    assert writer.synced == writer.good == path.stat().st_size
    assert values(path) == list(range(1, 52))
    writer.close()


def test_synced_moves_only_to_what_the_fsync_covered(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    gate = threading.Event()
    orig = disk.fsync

    def fsync(fd):
        if fd == disk.fd and len(disk.synced) == 1:  # the second fsync waits until the test looked
            assert gate.wait(WAIT)
        return orig(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    disk.fsyncs = ["block"]
    writer.append(T(1))
    assert disk.entered.wait(WAIT)
    target = writer.good
    writer.append(T(2))  # written while the first fsync runs: not covered by it
    disk.release()
    deadline = threading.Event()
    for _ in range(1000):
        if writer.synced == target:
            break
        deadline.wait(0.005)
    assert writer.synced == target < writer.good
    assert writer.unsynced_bytes == encode(T(2))
    gate.set()
    assert writer.wait_synced(WAIT) and writer.synced == writer.good
    writer.close()


def test_close_waits_for_the_syncer_then_fsyncs_once_more_before_closing(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["block"]
    writer.append(T(1))
    assert disk.entered.wait(WAIT)
    writer.append(T(2))  # asked for while the first runs
    closer = threading.Thread(target=writer.close)
    closer.start()
    closer.join(0.1)
    assert closer.is_alive()  # close waits for the fsync in flight ...
    assert "close" not in disk.log  # ... and never closes the descriptor under it
    disk.release()
    closer.join(WAIT)
    assert not closer.is_alive()
    assert disk.log[-1] == "close" and disk.log[-2] == "fsync"  # the last fsync, then the close
    assert disk.synced[-1] == (closer.name, len(expected_bytes(1, 2)))  # by close itself, covering all
    assert writer._fd is None and values(path) == [1, 2]
    assert not [t for t in threading.enumerate() if t.name.startswith("fsync ")]  # the syncer is gone
    with JournalWriter.open(path):  # the lock went with it
        pass


def test_a_failed_background_fsync_is_repaired_by_the_next_append_each_event_once(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    writer.append(T(1))
    assert writer.wait_synced(WAIT)
    synced = writer.synced
    disk.fsyncs = ["fail"]
    writer.append(T(2))
    assert not writer.wait_synced(WAIT)
    assert writer.sync_error is not None and writer.sync_error.errno == errno.EIO
    assert writer.synced == synced and writer.unsynced_bytes == encode(T(2))  # nothing confirmed is dropped
    writer.append(T(3))  # written again from ``synced`` with the new event, then fsynced before returning
    assert disk.written[-1] == encode(T(2)) + encode(T(3))
    assert disk.main_thread_fsyncs() == 1
    assert writer.sync_error is None and writer.synced == writer.good == path.stat().st_size
    writer.append(T(4))  # back to the background
    assert writer.wait_synced(WAIT)
    writer.close()
    assert values(path) == [1, 2, 3, 4]
    assert path.read_bytes() == expected_bytes(1, 2, 3, 4)


def test_after_a_failed_fsync_the_syncer_fsyncs_nothing_more_until_the_rewrite(tmp_path, monkeypatch):
    """A later fsync could succeed although the failed pages were dropped: it must not count."""
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    synced = writer.synced
    disk.fsyncs = ["block-fail"]
    writer.append(T(1))
    assert disk.entered.wait(WAIT)
    writer.append(T(2))  # asks for one more fsync while the failing one runs
    disk.release()
    assert not writer.wait_synced(WAIT) and writer.sync_error is not None
    threading.Event().wait(0.2)  # time for a (wrong) retry
    assert len(disk.synced) == 1 and writer.synced == synced
    assert writer.unsynced_bytes == encode(T(1)) + encode(T(2))
    writer.append(T(3))
    assert disk.written[-1] == encode(T(1)) + encode(T(2)) + encode(T(3))
    writer.close()
    assert path.read_bytes() == expected_bytes(1, 2, 3)


def test_a_failed_rewrite_raises_and_keeps_the_acknowledged_bytes_for_the_next_try(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["fail"]
    writer.append(T(1))
    assert not writer.wait_synced(WAIT)
    good, synced = writer.good, writer.synced
    disk.writes = ["full"]  # the rewrite is refused at write()
    with pytest.raises(OSError):
        writer.append(T(2))
    assert (writer.good, writer.synced, writer.unsynced_bytes) == (good, synced, encode(T(1)))
    assert path.read_bytes() == expected_bytes(1)  # the refused event is not there, the acknowledged one is
    disk.fsyncs = ["fail"]  # the rewrite is written but its fsync fails
    with pytest.raises(OSError):
        writer.append(T(2))
    assert (writer.good, writer.synced) == (good, synced) and writer.sync_error is not None
    assert path.read_bytes() == expected_bytes(1)  # cut back to the last acknowledged line
    writer.append(T(2))  # the disk is well again
    assert writer.sync_error is None and writer.synced == writer.good
    writer.close()
    assert path.read_bytes() == expected_bytes(1, 2)


def test_sync_and_close_repair_a_failed_fsync_too(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["fail"]
    writer.append(T(1))
    assert not writer.wait_synced(WAIT)
    writer.sync()
    assert writer.sync_error is None and writer.synced == writer.good and disk.written[-1] == encode(T(1))
    disk.fsyncs = ["fail"]
    writer.append(T(2))
    assert not writer.wait_synced(WAIT)
    writer.close()  # writes line 2 again and fsyncs before closing
    assert disk.written[-1] == encode(T(2)) and disk.log[-2:] == ["fsync", "close"]
    assert path.read_bytes() == expected_bytes(1, 2)


def test_a_failed_fsync_in_sync_is_kept_and_repaired_like_a_background_one(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    writer.append(T(1))
    assert writer.wait_synced(WAIT)
    monkeypatch.setattr(writer, "_ask_sync", lambda: None)  # no syncer for line 2: sync() fsyncs it itself
    writer.append(T(2))
    disk.fsyncs = ["fail"]
    with pytest.raises(OSError):
        writer.sync()
    assert writer.sync_error is not None and writer.unsynced_bytes == encode(T(2))
    writer.append(T(3))
    assert disk.written[-1] == encode(T(2)) + encode(T(3)) and writer.synced == writer.good
    writer.close()
    assert path.read_bytes() == expected_bytes(1, 2, 3)


def test_close_raises_when_its_last_fsync_fails_but_closes_all_the_same(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer, disk = background_writer(path, monkeypatch)
    disk.fsyncs = ["fail", "fail"]  # the background one and the one close makes
    writer.append(T(1))
    assert not writer.wait_synced(WAIT)
    with pytest.raises(OSError):
        writer.close()
    assert writer._fd is None and disk.log[-1] == "close"
    assert values(path) == [1]  # the event is in the file (the OS has it)
    with JournalWriter.open(path):
        pass


def test_the_default_still_fsyncs_before_append_returns_and_starts_no_thread(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    writer = JournalWriter.create(path, header())
    disk = Disk(monkeypatch, writer._fd)
    for v in range(3):
        writer.append(T(v))
        assert disk.main_thread_fsyncs() == v + 1  # in the caller's thread, before returning
    assert not writer.background and writer._thread is None and writer.synced == writer.good
    assert writer.wait_synced(0)
    writer.close()
    assert disk.log == ["fsync"] * 3 + ["close"]  # close adds no fsync


# -- through the session ---------------------------------------------------------------------------
def test_session_new_and_resume_ask_for_it_and_save_as_keeps_it(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path, background_sync=True)
    assert session.writer.background
    session.apply(T(5))
    assert values(path) == [5]
    session.close()
    plain = Session.resume(path)
    assert not plain.writer.background
    plain.close()
    session = Session.resume(path, background_sync=True)
    assert session.writer.background
    session.apply(T(7))
    session.save_as(tmp_path / "other.jsonl")
    assert session.writer.background and session.writer.path == tmp_path / "other.jsonl"
    session.apply(T(9))
    session.close()
    assert values(tmp_path / "other.jsonl") == [5, 7, 9] and values(path) == [5, 7]
    assert Session.new(header(), None, background_sync=True).writer is None  # in memory: nothing to sync


def test_session_a_failed_fsync_then_a_failed_rewrite_keeps_the_event_pending(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session, disk = session_with_an_unconfirmed_event(path, monkeypatch, ["fail"])
    assert not session.saved and session.pending == []  # written, not confirmed: not "saved"
    before = session.state
    disk.writes = ["full"]
    session.apply(T(7))  # the rewrite of line 5 is refused: event 7 stays pending, as with a full disk
    assert session.pending == [T(7)] and session.save_error.code == "journal_write_failed"
    assert session.state != before and [s.event for s in session.steps] == [T(5), T(7)]  # the state is kept
    assert path.read_bytes() == expected_bytes(5)  # the journal is intact: line 5 once, no line 7
    assert session.writer.unsynced_bytes == encode(T(5))
    assert session.flush() and session.saved and session.save_error is None  # the disk is well again
    assert disk.written[-1] == encode(T(5)) + encode(T(7))
    session.close()
    assert path.read_bytes() == expected_bytes(5, 7)
    resumed = Session.resume(path)
    assert resumed.state == session.state
    resumed.close()


def test_session_flush_repairs_a_failed_fsync_with_nothing_pending(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session, _disk = session_with_an_unconfirmed_event(path, monkeypatch, ["fail", "fail"])
    assert not session.flush() and session.save_error.code == "journal_write_failed"  # the rewrite's fsync fails
    assert path.read_bytes() == expected_bytes(5) and not session.saved
    assert session.flush() and session.saved and session.save_error is None
    assert session.writer.synced == session.writer.good
    session.close()
    assert values(path) == [5]


def test_session_close_reports_a_last_fsync_that_fails_without_raising(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session, _disk = session_with_an_unconfirmed_event(path, monkeypatch, ["fail", "fail"])
    session.close()
    assert session.writer is None and session.save_error.code == "journal_write_failed"
    assert values(path) == [5]


def test_undo_and_redo_go_through_the_background_too(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session.new(header(), path, background_sync=True)
    disk = Disk(monkeypatch, session.writer._fd)
    session.apply(T(5))
    session.undo()
    session.redo()
    assert session.writer.wait_synced(WAIT)
    assert disk.main_thread_fsyncs() == 0 and disk.synced[-1][1] == path.stat().st_size
    session.close()
    assert [e.kind for e in read_journal(path).entries] == ["draw", "undo", "redo"]
