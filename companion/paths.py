"""Where the companion's shipped data lives, from a source checkout or an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder ``locales`` or ``rules_content``: inside the wheel, else beside the package."""
    bundled = PACKAGE_DIR / "_data" / name
    if bundled.is_dir():
        return bundled
    return PACKAGE_DIR.parent / name


def user_config_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("companion", appauthor=False))


def user_data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("companion", appauthor=False))
