"""Helpers for the TUI tests: an app in temporary folders, and playing Diamant by key presses."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import set_language


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "data", tmp_path / "config"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")
