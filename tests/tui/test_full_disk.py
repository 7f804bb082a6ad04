"""A disk that refuses to write: the game goes on in memory, the host is told, nothing is lost."""

from __future__ import annotations

import asyncio
import errno
import os

from companion.journal import read_journal
from companion.session import replay
from tests.tui.helpers import build_app, new_game_by_keys, play


def test_full_disk_keeps_the_game_and_saves_it_when_it_can(folders, monkeypatch):
    real_write = os.write
    disk = {"full": False}

    def write(fd, data):
        if disk["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    notices: list[str] = []

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            original = app.notice
            app.notice = lambda text, **kw: (notices.append(text), original(text, **kw))
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            path = screen.session.writer.path
            await play(pilot, ["15"])
            disk["full"] = True
            await play(pilot, ["snake", "9"])
            await pilot.pause()
            assert [c.value for c in screen.session.state.path if c.kind == "treasure"] == [15, 9]
            assert any("space" in n for n in notices)  # the host is told, in a sentence
            assert len(read_journal(path).entries) == 1  # only the first card reached the disk
            await pilot.press("escape", "escape")  # leaving is refused while nothing accepts the game ...
            await pilot.pause()
            assert app.screen is screen
            disk["full"] = False
            await pilot.press("escape", "escape")  # ... and works once the disk has room again
            await pilot.pause()
            assert app.screen is not screen
            state, _ = replay(read_journal(path))
            assert [c.value for c in state.path if c.kind == "treasure"] == [15, 9]

    asyncio.run(go())


def test_a_journal_that_stays_unwritable_is_rescued_to_another_file(folders, monkeypatch):
    real_write = os.write
    broken: set[int] = set()

    def write(fd, data):
        if fd in broken:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            session = screen.session
            await play(pilot, ["15"])
            broken.add(session.writer._fd)  # this file only: other folders still accept writes
            await play(pilot, ["snake", "9"])
            await pilot.press("escape", "escape")  # the second Escape leaves the game
            await pilot.pause()
            assert app.screen is not screen
            rescued = list((app.games_dir() / "rescued").glob("rescued-*.jsonl"))
            assert len(rescued) == 1
            state, _ = replay(read_journal(rescued[0]))
            assert [c.value for c in state.path if c.kind == "treasure"] == [15, 9]

    asyncio.run(go())
