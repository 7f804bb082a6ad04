"""companion.fsutil: a file is replaced whole or not at all, links are replaced rather than followed,
concurrent writers never mix, and a durable write fsyncs the file and its folder."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import fsutil
from companion.fsutil import atomic_open, atomic_write

ROOT = Path(__file__).resolve().parents[2]


def test_bytes_and_text_arrive_whole(tmp_path):
    target = tmp_path / "a.bin"
    data = os.urandom(3 * 1024 * 1024 + 17)
    assert atomic_write(target, data) == target
    assert target.read_bytes() == data
    text = "بازی الماس · 鑽石 · 钻石\nline two\r\n"
    atomic_write(target, text)
    assert target.read_bytes() == text.encode("utf-8")  # newlines kept as given
    assert sorted(tmp_path.iterdir()) == [target]


def test_streaming_writer_replaces_only_at_the_end(tmp_path):
    target = tmp_path / "doc.pdf"
    target.write_bytes(b"old")
    with atomic_open(target) as fh:
        fh.write(b"new ")
        assert target.read_bytes() == b"old"  # readers still see the old file
        fh.write(b"content")
    assert target.read_bytes() == b"new content"
    assert sorted(tmp_path.iterdir()) == [target]


def _leftovers(folder: Path, keep: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p != keep)


@pytest.mark.parametrize("fails", ["fsync", "replace", "write", "block"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch, fails):
    target = tmp_path / "settings.toml"
    target.write_text("old = 1\n")

    def refuse(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    class DiskFull:  # writes half of what it is given, then the disk is full
        def __init__(self, fh):
            self.fh = fh

        def write(self, data):
            self.fh.write(data[: len(data) // 2])
            self.fh.flush()
            refuse()

        def __getattr__(self, name):
            return getattr(self.fh, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.fh.__exit__(*exc)

    if fails == "fsync":
        monkeypatch.setattr(os, "fsync", refuse)
    elif fails == "replace":
        monkeypatch.setattr(os, "replace", refuse)
    elif fails == "write":
        real_fdopen = os.fdopen
        monkeypatch.setattr(os, "fdopen", lambda *a, **k: DiskFull(real_fdopen(*a, **k)))
    with pytest.raises(OSError) as info:
        if fails == "block":
            with atomic_open(target) as fh:
                fh.write(b"new = half")
                raise OSError(errno.EIO, "the caller's own failure")
        else:
            atomic_write(target, "new = 2\n")
    assert info.value.errno in (errno.ENOSPC, errno.EIO)
    assert target.read_text() == "old = 1\n"
    assert _leftovers(tmp_path, target) == []


def test_an_interrupted_block_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "x"
    with pytest.raises(KeyboardInterrupt), atomic_open(target) as fh:
        fh.write(b"partial")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write in a read-only folder")
def test_a_read_only_folder_refuses_and_keeps_the_old_file(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "lib.toml"
    target.write_text("old")
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError):
            atomic_write(target, "new")
        assert target.read_text() == "old"
        assert _leftovers(folder, target) == []
    finally:
        folder.chmod(0o755)


def test_a_missing_folder_is_an_error_not_created(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic_write(tmp_path / "nowhere" / "x", b"data")
    assert list(tmp_path.iterdir()) == []


def test_a_symbolic_link_is_replaced_and_its_target_untouched(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "real.toml"
    real.write_text("precious")
    real.chmod(0o600)
    link = tmp_path / "tui.toml"
    link.symlink_to(real)
    atomic_write(link, "mine")
    assert not link.is_symlink() and link.read_text() == "mine"
    assert real.read_text() == "precious"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    # the new file's mode is the default one, not the mode of the file the link pointed to
    assert stat.S_IMODE(link.stat().st_mode) == 0o666 & ~_current_umask()


def test_a_dangling_link_is_replaced(tmp_path):
    link = tmp_path / "cards.toml"
    link.symlink_to(tmp_path / "missing" / "target.toml")
    atomic_write(link, b"x")
    assert not link.is_symlink() and link.read_bytes() == b"x"
    assert not (tmp_path / "missing").exists()


def _current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002, 0o077])
def test_a_new_file_gets_the_mode_open_would_give(tmp_path, umask):
    old = os.umask(umask)
    try:
        atomic_write(tmp_path / "new", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o666 & ~umask  # mkstemp alone gives 0600


def test_a_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "f"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_long_names_still_fit(tmp_path):
    target = tmp_path / ("n" * 250)
    atomic_write(target, b"ok")
    assert target.read_bytes() == b"ok"


class _Fsyncs:
    """Records what ``os.fsync`` was called on: ``"file"`` or ``"dir"``."""

    def __init__(self, monkeypatch):
        self.kinds: list[str] = []
        real = os.fsync

        def fsync(fd):
            self.kinds.append("dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
            return real(fd)

        monkeypatch.setattr(os, "fsync", fsync)


def test_a_durable_write_fsyncs_the_file_then_its_folder(tmp_path, monkeypatch):
    seen = _Fsyncs(monkeypatch)
    atomic_write(tmp_path / "x", b"data")
    assert seen.kinds == ["file", "dir"]


def test_a_cache_write_fsyncs_nothing(tmp_path, monkeypatch):
    seen = _Fsyncs(monkeypatch)
    atomic_write(tmp_path / "x.mo", b"data", durable=False)
    assert seen.kinds == []
    assert (tmp_path / "x.mo").read_bytes() == b"data"


def test_the_folder_fsync_comes_after_the_rename(tmp_path, monkeypatch):
    target = tmp_path / "x"
    order: list[str] = []
    real_replace, real_fsync_dir = os.replace, fsutil.fsync_dir
    monkeypatch.setattr(os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b))[1])
    monkeypatch.setattr(fsutil, "fsync_dir", lambda d: (order.append(f"fsync_dir {Path(d).name}"),
                                                         real_fsync_dir(d))[1])
    atomic_write(target, b"data")
    assert order == ["replace", f"fsync_dir {tmp_path.name}"]


def test_concurrent_threads_never_mix_their_files(tmp_path):
    target = tmp_path / "shared.toml"
    size = 256 * 1024
    contents = [bytes([65 + i]) * size for i in range(6)]
    atomic_write(target, contents[0])
    errors: list[BaseException] = []
    stop = threading.Event()

    def writer(data: bytes) -> None:
        try:
            for _ in range(15):
                atomic_write(target, data, durable=False)
        except Exception as exc:  # pragma: no cover - the test reports it
            errors.append(exc)

    seen: set[bytes] = set()

    def reader() -> None:
        while not stop.is_set():
            data = target.read_bytes()
            if data not in contents:
                errors.append(AssertionError(f"mixed or partial file: {len(data)} bytes, {set(data)!r}"))
                return
            seen.add(data[:1])

    threads = [threading.Thread(target=writer, args=(c,)) for c in contents]
    watcher = threading.Thread(target=reader)
    watcher.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    watcher.join()
    assert errors == []
    assert target.read_bytes() in contents
    assert _leftovers(tmp_path, target) == []


_WRITER = """
import sys
from companion.fsutil import atomic_write
path, letter = sys.argv[1], sys.argv[2].encode()
for _ in range(20):
    atomic_write(path, letter * 200_000)
"""


def test_concurrent_processes_never_mix_their_files(tmp_path):
    target = tmp_path / "catalog.toml"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(target), letter], env=env)
             for letter in "WXYZ"]
    bad = []
    while any(p.poll() is None for p in procs):
        try:
            data = target.read_bytes()
        except FileNotFoundError:
            continue
        if len(data) != 200_000 or len(set(data)) != 1:
            bad.append((len(data), set(data)))
    assert [p.wait() for p in procs] == [0, 0, 0, 0]
    assert bad == []
    data = target.read_bytes()
    assert len(data) == 200_000 and len(set(data)) == 1
    assert _leftovers(tmp_path, target) == []


# -- the writers that use it -------------------------------------------------------------------------
def _settings(path: Path) -> None:
    from companion.tui import settings

    settings.save(settings.Settings(bidi="terminal"), path.parent)


def _stones_library(path: Path) -> None:
    from companion.games.shifting_stones.library import BUILTIN, read_cards, save_user_cards

    save_user_cards(read_cards(BUILTIN, "builtin")[:3], path)


def _valley_catalog(path: Path) -> None:
    from companion.games.death_valley.catalog import shipped_catalog, write_catalog

    write_catalog(shipped_catalog(), path)


WRITERS = {"tui.toml": _settings, "stones_patterns.toml": _stones_library, "cards.toml": _valley_catalog}


@pytest.mark.parametrize("name", list(WRITERS))
def test_each_writer_replaces_whole_or_leaves_the_old_file(tmp_path, monkeypatch, name):
    target = tmp_path / name
    target.write_text("# the old file\n")
    target.chmod(0o600)
    seen = _Fsyncs(monkeypatch)
    WRITERS[name](target)
    assert target.read_text() != "# the old file\n" and seen.kinds == ["file", "dir"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    target.write_text("# the old file\n")

    def refuse(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(Exception) as info:
        WRITERS[name](target)
    assert "space" in str(info.value) or getattr(info.value, "code", "").endswith("write_failed")
    assert target.read_text() == "# the old file\n"
    assert _leftovers(tmp_path, target) == []


def test_the_compiled_catalog_cache_is_written_whole_and_its_failure_costs_nothing(tmp_path, monkeypatch):
    from companion import i18n

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    po = i18n.catalog_path("fa")
    seen = _Fsyncs(monkeypatch)
    data = i18n._compiled_catalog(po, "fa")
    [cached] = (tmp_path / "companion" / "catalogs").iterdir()
    assert cached.read_bytes() == data and seen.kinds == []  # a cache: not fsynced
    cached.unlink()
    def refuse(*args):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    assert i18n._compiled_catalog(po, "fa") == data
    assert list((tmp_path / "companion" / "catalogs").iterdir()) == []


# -- reading a file that came from outside ----------------------------------------------------------
def test_read_regular_reads_a_file_whole_within_its_bound(tmp_path):
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 1000)
    assert fsutil.read_regular(path, 1000) == b"x" * 1000
    with pytest.raises(fsutil.FileTooLarge) as err:
        fsutil.read_regular(path, 999)
    assert (err.value.size, err.value.limit, err.value.filename) == (1000, 999, str(path))
    assert isinstance(err.value, OSError)


def test_read_regular_refuses_what_is_not_a_regular_file_without_waiting(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result: dict[str, BaseException] = {}

    def read(path):
        try:
            fsutil.read_regular(path, 100)
        except OSError as exc:
            result[str(path)] = exc

    for path, kind in ((fifo, "fifo"), (Path("/dev/zero"), "device"), (tmp_path, "directory")):
        thread = threading.Thread(target=read, args=(path,), daemon=True)
        thread.start()
        thread.join(timeout=5)
        assert not thread.is_alive(), f"{path} hangs"
        error = result[str(path)]
        assert isinstance(error, fsutil.NotRegularFile) and error.kind == kind
    with pytest.raises(FileNotFoundError):
        fsutil.read_regular(str(tmp_path / "a\0b"), 100)


def test_read_fd_stops_at_the_bound_when_the_file_grows_while_read(tmp_path, monkeypatch):
    path = tmp_path / "growing"
    path.write_bytes(b"x" * 10)
    real = os.pread

    def pread(fd, n, at):  # the file is appended to between fstat and the reads
        with open(path, "ab") as fh:
            fh.write(b"y" * 50)
        return real(fd, n, at)

    monkeypatch.setattr(os, "pread", pread)
    with pytest.raises(fsutil.FileTooLarge):
        fsutil.read_regular(path, 100)


def test_a_cache_entry_replaces_its_older_versions_and_never_raises(tmp_path):
    folder = tmp_path / "cache" / "fonts"
    fsutil.write_cache(folder / "face-1.otf", b"one", replaces="face-*.otf")
    (folder / "other-1.otf").write_bytes(b"kept")
    fsutil.write_cache(folder / "face-2.otf", b"two", replaces="face-*.otf")
    assert sorted(p.name for p in folder.iterdir()) == ["face-2.otf", "other-1.otf"]
    assert (folder / "face-2.otf").read_bytes() == b"two"
    fsutil.write_cache(folder / "plain.mo", b"mo")  # no older versions named: nothing else goes
    assert sorted(p.name for p in folder.iterdir()) == ["face-2.otf", "other-1.otf", "plain.mo"]
    blocked = tmp_path / "a-file"
    blocked.write_bytes(b"")
    fsutil.write_cache(blocked / "entry.json", b"{}")  # its folder cannot be made: only the cache is lost
    assert blocked.read_bytes() == b""
