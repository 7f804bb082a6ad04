"""Disk errors in the TUI are messages naming the path, never a crash (issue 14, item 4); and
``companion tui --catalog FILE``.

chmod does not stop root (CI runs as root), so every case is also run by making the system call
itself fail with ``OSError`` (EROFS, ENOSPC, EACCES).
"""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

import pytest

from companion.games.death_valley.catalog import SHIPPED
from tests.tui.helpers import build_app, new_game_by_keys, record_notices

as_root = os.geteuid() == 0 if hasattr(os, "geteuid") else False
needs_non_root = pytest.mark.skipif(as_root, reason="chmod does not stop root from writing")


def refuse(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- a new game in a folder that refuses ------------------------------------------------------------
def new_game_refused(folders, language="en"):
    """Home -> New game -> players typed -> Enter; the form must stay, with what was typed."""
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(120, 45)) as pilot:
            notices = record_notices(app)
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await pilot.pause()
            screen = app.screen
            assert type(screen).__name__ == "NewGameScreen"  # not the game, not a crash
            assert screen.query_one("#players").value == "Ava, Ben, Chen"
            return [text for severity, text in notices if severity == "error"]
    return asyncio.run(go())


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_new_game_on_a_folder_that_refuses_is_a_message(folders, monkeypatch, code):
    import tempfile

    data, _config = folders
    (data / "games").mkdir(parents=True)
    monkeypatch.setattr(tempfile, "mkstemp", refuse(code))  # the journal's first file operation
    errors = new_game_refused(folders)
    assert len(errors) == 1 and str(data / "games") in errors[0] and os.strerror(code) in errors[0]
    assert list((data / "games").iterdir()) == []


def test_new_game_when_the_folder_cannot_even_be_listed(folders, monkeypatch):
    """A file operation of the app itself (choosing the journal's name) that raises OSError."""
    from companion.tui import recent

    monkeypatch.setattr(recent, "new_journal_path", refuse(errno.EACCES))
    errors = new_game_refused(folders, language="fa")
    assert len(errors) == 1 and str(folders[0] / "games") in errors[0]
    assert "cannot" not in errors[0]  # the Persian message


@needs_non_root
def test_new_game_on_a_read_only_folder(folders):
    data, _config = folders
    games = data / "games"
    games.mkdir(parents=True)
    games.chmod(0o555)
    try:
        errors = new_game_refused(folders)
    finally:
        games.chmod(0o755)
    assert len(errors) == 1 and str(games) in errors[0]
    assert list(games.iterdir()) == []


# -- resuming a journal that cannot be opened for writing ------------------------------------------
def make_journal(folders) -> Path:
    from companion.journal import new_header
    from companion.session import Session

    path = folders[0] / "games" / "game.jsonl"
    session = Session.new(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]), path)
    session.apply({"event": "draw", "card": "treasure", "value": 7})
    session.close()
    return path


def resume_refused(folders, path: Path):
    """Resume ``path`` where it cannot be written: the app stays on Home with error notices."""
    async def go():
        app = build_app(folders, resume=path)
        async with app.run_test(size=(120, 45)) as pilot:
            notices = record_notices(app)
            app.open_journal(path)  # once more, now that the notices are recorded
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"
            return [text for severity, text in notices if severity == "error"]
    return asyncio.run(go())


def follow_offered(folders, path: Path) -> str:
    """Resume ``path`` that cannot be written: the host is told why and offered to follow it read-only;
    Escape declines and leaves Home.  The reason shown."""
    from companion.tui.messages import describe
    from companion.tui.screens import follow

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            app.open_journal(path)
            await pilot.pause()
            assert type(app.screen).__name__ == "FollowPrompt"
            reason = describe(app.screen.error)
            await asyncio.sleep(follow.READ_SECONDS + 0.05)
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"
            return reason
    return asyncio.run(go())


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES])
def test_resume_on_a_read_only_mount_is_a_message(folders, monkeypatch, code):
    import companion.journal as journal_mod

    path = make_journal(folders)
    before = files_under(path.parent)
    real_open = journal_mod.open_regular

    def open_regular(p, flags=os.O_RDONLY):
        if flags & (os.O_RDWR | os.O_WRONLY):
            raise OSError(code, os.strerror(code))
        return real_open(p, flags)

    monkeypatch.setattr(journal_mod, "open_regular", open_regular)
    reason = follow_offered(folders, path)
    assert str(path) in reason and os.strerror(code) in reason
    assert files_under(path.parent) == before


def test_resume_when_the_session_raises_oserror_itself(folders, monkeypatch):
    from companion.session import Session

    path = make_journal(folders)
    before = files_under(path.parent)
    monkeypatch.setattr(Session, "resume", classmethod(lambda cls, p, read_only=False: refuse(errno.EIO)()))
    errors = resume_refused(folders, path)
    assert errors and all(str(path) in text and os.strerror(errno.EIO) in text for text in errors)
    assert files_under(path.parent) == before


@needs_non_root
def test_resume_a_read_only_file(folders):
    path = make_journal(folders)
    path.chmod(0o444)
    before = files_under(path.parent)
    try:
        reason = follow_offered(folders, path)
    finally:
        path.chmod(0o644)
    assert str(path) in reason
    assert files_under(path.parent) == before


# -- the command line: --resume and --catalog, refused before any app ------------------------------
@pytest.fixture
def no_app(monkeypatch):
    """``make_app`` records its arguments; the app it returns does not run."""
    import companion.tui.app as app_mod

    calls: list[dict] = []

    class Idle:
        crash = None
        return_code = 0
        locale = "en"

        def run(self):
            return None

    def make_app(**kwargs):
        calls.append(kwargs)
        return Idle()

    monkeypatch.setattr(app_mod, "make_app", make_app)
    return calls


def run_cli(capsys, *args):
    from companion.cli import main

    status = main(list(args))
    return status, capsys.readouterr().err


def test_resume_an_unreadable_file_exits_1_without_an_app(tmp_path, monkeypatch, capsys, no_app):
    import companion.journal as journal_mod

    path = make_journal((tmp_path / "data", tmp_path / "config"))
    before = path.read_bytes()
    real_open = journal_mod.open_regular

    def open_regular(p, flags=os.O_RDONLY):  # the journal may not be read at all
        if Path(p) == path:
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), str(p))
        return real_open(p, flags)

    monkeypatch.setattr(journal_mod, "open_regular", open_regular)
    status, err = run_cli(capsys, "tui", "--resume", str(path))
    assert status == 1 and str(path) in err and os.strerror(errno.EACCES) in err and "Traceback" not in err
    assert no_app == [] and path.read_bytes() == before


@needs_non_root
def test_resume_a_file_nobody_may_read(tmp_path, capsys, no_app):
    path = make_journal((tmp_path / "data", tmp_path / "config"))
    path.chmod(0)
    try:
        status, err = run_cli(capsys, "tui", "--resume", str(path))
    finally:
        path.chmod(0o644)
    assert status == 1 and str(path) in err and no_app == []


def test_catalog_is_passed_to_the_app(tmp_path, capsys, no_app):
    catalog = tmp_path / "cards.toml"
    catalog.write_bytes(SHIPPED.read_bytes())
    status, err = run_cli(capsys, "tui", "--catalog", str(catalog))
    assert status == 0 and err == ""
    assert no_app == [{"language": None, "resume": None, "catalog": catalog, "session": None}]


def test_without_catalog_the_app_uses_the_users(folders):
    app = build_app(folders)
    assert app.catalog_path is None
    app = build_app(folders, catalog=SHIPPED)
    assert app.catalog_path == SHIPPED


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo", "bad toml", "zh_Hant"])
def test_a_catalog_that_is_not_a_catalog_file_exits_1(tmp_path, capsys, no_app, kind):
    path = tmp_path / "cards.toml"
    lang = []
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)  # never opened: reading it would hang
    elif kind == "bad toml":
        path.write_text("[cards\n", encoding="utf-8")
    elif kind == "zh_Hant":
        lang = ["--lang", "zh_Hant"]
    before = files_under(tmp_path)
    status, err = run_cli(capsys, "tui", *lang, "--catalog", str(path))
    assert status == 1 and str(path) in err and "Traceback" not in err
    assert no_app == [] and files_under(tmp_path) == before
    if kind == "zh_Hant":
        assert "卡牌目錄" in err
    else:
        assert "card catalog" in err
    if kind == "missing":
        assert "does not exist" in err
