"""An uncaught error in the TUI: journal intact, terminal restored, a short translated message naming
the journal and the crash log (not a traceback), exit status 70."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

from companion.session import Session
from tests.tui.helpers import build_app, new_game_by_keys, play
from tests.tui.terminal import Terminal
from tests.tui.test_bursts import enter_card, start_diamant


def expected(lang: str) -> tuple[str, str]:
    from companion.i18n import translator

    tr = translator(lang)
    first = tr.gettext("The companion stopped on an unexpected error ({error}). The game is saved in {journal}.",
                       error="RuntimeError", journal="JOURNAL")
    second = tr.gettext("To go on with it: {command}", command="COMMAND")
    return first.split("RuntimeError")[0].strip(), second.split("COMMAND")[0].strip()


def after_exit(term: Terminal) -> str:
    """What the pane shows once the app has exited (its wrapped lines joined): stderr on the restored
    terminal (Textual draws on stderr itself, so it cannot be sent to a file)."""
    return term._tmux("capture-pane", "-p", "-J", "-t", "t")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_an_injected_error_exits_70_with_the_journal_to_resume(tmp_path, lang):
    command = [sys.executable, "-m", "tests.tui.crash_child", "3", "--lang", lang]
    with Terminal(tmp_path, command=command) as term:
        start_diamant(term)
        enter_card(term, "17", 1)
        enter_card(term, "5", 2)
        (journal,) = term.journals()
        before = journal.read_bytes()
        term.burst("9")
        term.keys("Enter")  # the third event: the screen's send raises
        status = term.exit_status(timeout=20)
        text = after_exit(term)
        crash_logs = sorted((term.home / "state" / "companion" / "crashes").glob("crash-*.log"))
    assert status == 70
    assert journal.read_bytes() == before  # nothing written after the fault, nothing half-written
    assert "Traceback" not in text and "injected fault" not in text  # no traceback on the host's screen
    head, resume = expected(lang)
    if lang != "en":
        assert "The companion stopped" not in text  # translated
    assert head in text and resume in text
    assert str(journal) in text and f"companion tui --resume {journal}" in text
    assert len(crash_logs) == 1 and str(crash_logs[0]) in text
    log = crash_logs[0].read_text(encoding="utf-8")
    assert "RuntimeError: injected fault for the crash test" in log and "Traceback" in log
    assert "New game" not in text and "^q" not in text  # the terminal was restored (the app's screen is gone)
    # The journal still resumes, with both cards.
    session = Session.resume(journal)
    try:
        assert [json.loads(line) for line in journal.read_text().splitlines()[1:]] == [
            {"event": "draw", "card": "treasure", "value": 17}, {"event": "draw", "card": "treasure", "value": 5}]
        assert len(session.steps) == 2
    finally:
        session.close()


def test_a_crash_with_no_game_open_says_so(tmp_path):
    with Terminal(tmp_path, command=[sys.executable, "-c", CRASH_AT_HOME]) as term:
        term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
        term.burst("z")
        assert term.exit_status(timeout=20) == 70
        text = after_exit(term)
    assert "No game was open." in text and "Traceback" not in text


# The home screen's key handler raises on "z".
CRASH_AT_HOME = (
    "import sys; from companion.tui.screens.home import HomeScreen; "
    "HomeScreen.on_key = lambda self, event: (_ for _ in ()).throw(ValueError('boom')) if event.key == 'z' else None; "
    "from companion.cli import main; sys.exit(main(['tui', '--lang', 'en']))"
)


def test_pilot_crash_closes_the_session_and_writes_the_log(folders, tmp_path):
    """The same path in-process: Textual's handler is ours, the session's file is closed, the log written."""
    from companion.tui.app import EXIT_CRASH, crash_message
    from companion.tui.screens.diamant import DiamantScreen

    app = build_app(folders)
    app.crash_dir = tmp_path / "crashes"

    async def go():
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["17"])
            screen = app.screen
            assert isinstance(screen, DiamantScreen)
            session = screen.session

            def broken(event, **options):
                raise KeyError("injected")
            screen.send = broken
            await play(pilot, ["5"])
            return session

    with pytest.raises(KeyError):
        asyncio.run(go())
    assert app.return_code == EXIT_CRASH
    crash = app.crash
    assert crash is not None and crash.error == "KeyError" and crash.journal is not None
    assert crash.log is not None and "KeyError: 'injected'" in crash.log.read_text()
    assert crash.log.parent == tmp_path / "crashes"
    text = crash_message(crash)
    assert str(crash.journal) in text and str(crash.log) in text and "Traceback" not in text
    resumed = Session.resume(crash.journal)  # the lock is released: the file was closed
    try:
        assert len(resumed.steps) == 1
    finally:
        resumed.close()


def test_the_traceback_is_printed_when_no_folder_takes_the_log(folders, tmp_path):
    from companion.tui.app import Crash, crash_message

    text = crash_message(Crash("OSError", "Traceback (most recent call last):\n  boom\n", None, None, "/x: denied"))
    assert "No game was open." in text and "/x: denied" in text and "Traceback" in text
