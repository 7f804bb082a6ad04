"""``companion tui --resume FILE`` reads the journal once: the command opens the session, the app shows it."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from companion import journal as journal_mod
from companion.commands import tui as tui_command
from companion.errors import CompanionError
from tests.tui.helpers import build_app

JOURNALS = Path(__file__).resolve().parents[1] / "diamant" / "journals"


def _counting_reads(monkeypatch) -> list[Path]:
    reads: list[Path] = []
    original = journal_mod._read_fd

    def counted(fd, path, *args, **kwargs):
        reads.append(path)
        return original(fd, path, *args, **kwargs)

    monkeypatch.setattr(journal_mod, "_read_fd", counted)
    return reads


def test_resume_reads_the_journal_once(folders, tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    shutil.copy(JOURNALS / "diamant.jsonl", path)
    reads = _counting_reads(monkeypatch)
    session = tui_command._open(str(path), None)
    assert session is not None and len(session.steps) == 23

    async def go():
        app = build_app(folders, session=session, resume=path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert app.screen.session is session  # the game screen shows the session already read

    asyncio.run(go())
    session.close()
    assert len(reads) == 1


def test_a_bad_journal_is_refused_before_any_screen(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    before = bad.read_bytes()
    with pytest.raises(CompanionError):
        tui_command._open(str(bad), None)
    with pytest.raises(CompanionError):
        tui_command._open(str(tmp_path / "missing.jsonl"), None)
    with pytest.raises(CompanionError):
        tui_command._open(str(tmp_path), None)  # a folder
    assert bad.read_bytes() == before
