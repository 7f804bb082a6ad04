"""Where the companion's shipped data lives, from a source checkout or an installed wheel."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib and platformdirs load when a path is asked for: `companion split` needs none
    import os
    from collections.abc import Iterable
    from pathlib import Path


@cache
def package_dir() -> Path:
    """The ``companion`` package folder."""
    from pathlib import Path

    return Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder ``locales`` or ``rules_content``: inside the wheel, else beside the package."""
    bundled = package_dir() / "_data" / name
    if bundled.is_dir():
        return bundled
    return package_dir().parent / name


def user_config_dir() -> Path:
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_config_dir("companion", appauthor=False))


def user_data_dir() -> Path:
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def user_cache_dir() -> Path:
    """The user cache folder (compiled catalogs, the rules index, history, cut faces, fitted sheets)."""
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_cache_dir("companion", appauthor=False))


def files_key(files: Iterable[str | os.PathLike[str]], *extra: str) -> str:
    """A short name for what a cache entry was made from: ``extra`` and each file's path, size and
    modification time (a missing file counts as such).  Another version of any of them, another key."""
    import os
    import zlib

    parts = list(extra)
    for path in files:
        try:
            st = os.stat(path)
            parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:-")
    data = "\n".join(parts).encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"
