"""Replacing a file whole: a reader (or a crash) sees the old content or the new, never a part or a mix.

Every file the companion writes except the journal goes through :func:`atomic_write` (or
:func:`atomic_open` for a writer that streams, such as the PDF renderer): settings, card catalogs and
libraries, exported PDFs, the compiled-catalog cache and the maintainer's ``.po`` files.  The journal
(``companion/journal.py``) appends instead, with its own durable logic.

How: a temporary file with a unique name (``tempfile.mkstemp``, so two processes or threads never share
one) in the target's folder, written, flushed and (``durable``) fsynced, then ``os.replace``\\ d onto the
target, and (``durable``) the folder fsynced so that the new name survives a power cut too.  On any error
the temporary file is removed and the old file is left as it was.

* A symbolic link at the target is replaced by the new file; the file it pointed to is never written.
* The new file keeps the mode of the regular file it replaces, else gets ``0o666`` minus the umask (as
  ``open()`` would give: ``0o644`` usually).  Owner, ACLs and extended attributes are not carried over.
* The folder must exist: creating it is the caller's decision.

Reading a file that came from outside (a journal, a ruleset): :func:`read_regular` opens it without
blocking (a FIFO never hangs the reader), refuses what is not a regular file (a folder, a device such as
``/dev/zero``, a FIFO, a socket: :class:`NotRegularFile`) and what is larger than a bound
(:class:`FileTooLarge`), and never reads more than that bound.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

__all__ = ["FileTooLarge", "NotRegularFile", "atomic_open", "atomic_write", "current_umask", "fsync_dir",
           "open_regular", "read_fd", "read_regular", "write_cache"]


def atomic_write(path: str | os.PathLike[str], data: bytes | str, *, durable: bool = True,
                 encoding: str = "utf-8") -> Path:
    """Replace ``path`` with ``data`` (``str`` is encoded with ``encoding``, newlines kept as given).

    ``durable=False`` skips both fsyncs: for caches, which may be lost but must never be half written.
    Raises :class:`OSError` (the old file is then untouched); returns ``path`` as a :class:`Path`.
    """
    payload = data.encode(encoding) if isinstance(data, str) else bytes(data)
    with atomic_open(path, durable=durable) as fh:
        fh.write(payload)
    return Path(path)


def write_cache(path: Path, data: bytes, replaces: str | None = None) -> None:
    """Keep ``data`` at ``path`` as a cache entry: written whole or not at all (not synced: a cache may be
    lost, never half written), its folder made; then the folder's other files matching the glob
    ``replaces`` (older versions of the same entry) are removed.  A cache that cannot be written only
    costs making it again: an :class:`OSError` is swallowed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data, durable=False)
        for old in path.parent.glob(replaces) if replaces else ():
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass


@contextmanager
def atomic_open(path: str | os.PathLike[str], *, durable: bool = True) -> Iterator[IO[bytes]]:
    """A binary file to write the new content of ``path`` into; it becomes ``path`` when the block ends.

    If the block raises, ``path`` is left as it was and the temporary file is removed.
    """
    target = Path(path)
    folder = target.parent
    mode = _mode_for(target)
    # A hidden name beside the target, cut short enough for a 255-byte name limit.
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)  # mkstemp makes 0600
            yield fh
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, target)  # renames over a link, never through it
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(folder)


def fsync_dir(folder: str | os.PathLike[str]) -> None:
    """Make a rename in ``folder`` durable.  Best effort: the rename has happened whatever this says
    (some file systems and platforms cannot fsync a folder), so errors are not raised."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _mode_for(target: Path) -> int:
    """The permission bits of the regular file at ``target`` (a link is not looked through), else the
    mode ``open()`` would give a new file."""
    try:
        info = os.lstat(target)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    return 0o666 & ~_umask()


class NotRegularFile(OSError):
    """The path names a folder, a device, a FIFO or a socket.  ``kind`` says which (``"directory"``,
    ``"device"``, ``"fifo"``, ``"socket"`` or ``"other"``)."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(f"not a regular file ({kind})")
        self.filename = os.fspath(path)
        self.kind = kind


class FileTooLarge(OSError):
    """The file holds more than ``limit`` bytes (``size`` is what it held when it was looked at)."""

    def __init__(self, path: str | os.PathLike[str], size: int, limit: int) -> None:
        super().__init__(f"larger than {limit} bytes")
        self.filename = os.fspath(path)
        self.size = size
        self.limit = limit


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def open_regular(path: str | os.PathLike[str], flags: int = os.O_RDONLY) -> int:
    """A descriptor on the regular file at ``path`` (links followed), opened without blocking.

    ``O_NONBLOCK`` makes opening a FIFO return at once instead of waiting for a writer; the kind of
    file is then checked on the descriptor itself (``fstat``), so nothing can swap it in between.
    Raises :class:`NotRegularFile`, or the ``OSError`` of ``open`` (``FileNotFoundError``, ...); a name
    with a NUL character raises ``FileNotFoundError`` too (no such file can exist).
    """
    extra = os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        before = os.stat(path)  # a device is never opened at all (opening some acts: a tape rewinds)
        if not stat.S_ISREG(before.st_mode):
            raise NotRegularFile(path, _kind(before.st_mode))
        fd = os.open(path, flags | extra)
    except ValueError:  # an embedded NUL byte
        raise FileNotFoundError(2, "No such file or directory", os.fspath(path)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(path, _kind(info.st_mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_fd(fd: int, limit: int, start: int = 0, path: str | os.PathLike[str] = "") -> bytes:
    """The bytes of a regular file from ``start`` to its end, at most ``limit`` of them from the file's
    beginning (:class:`FileTooLarge` beyond).  Reads by offset: the descriptor's position is not used."""
    size = os.fstat(fd).st_size
    if size > limit:
        raise FileTooLarge(path, size, limit)
    chunks: list[bytes] = []
    offset = start
    while offset <= limit:
        chunk = os.pread(fd, min(1 << 20, limit + 1 - offset), offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
    if offset > limit:  # it grew while being read
        raise FileTooLarge(path, offset, limit)
    return b"".join(chunks)


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The content of the regular file at ``path``, refused past ``limit`` bytes; never blocks, never
    reads more than ``limit + 1`` bytes.  Raises ``OSError`` (:class:`NotRegularFile`,
    :class:`FileTooLarge`, ``FileNotFoundError``, ...)."""
    fd = open_regular(path)
    try:
        return read_fd(fd, limit, 0, path)
    finally:
        os.close(fd)


def current_umask() -> int:
    """This process's umask (see :func:`_umask`)."""
    return _umask()


def _umask() -> int:
    """This process's umask, read without changing it where the system allows (``os.umask`` can only
    set it, and setting it for a moment races with other threads creating files)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
