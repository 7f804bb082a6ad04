"""Following a game read-only in the TUI (issue 14, item 1): a second opener is told who writes the game
and may follow it; the follower's screen takes in what the writer adds and changes nothing.

The writer is a real second process holding a ``Session`` on the journal (the OS lock is per process
and per open file) and appending events when told to on its standard input.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.journal import new_header
from companion.session import Session
from tests.tui.helpers import build_app, record_notices, type_text
from tests.tui.terminal import Terminal
from tests.tui.test_bursts import start_diamant

ROOT = Path(__file__).resolve().parents[2]
T = lambda v: {"event": "draw", "card": "treasure", "value": v}  # noqa: E731

WRITER = """
import json, sys
from companion.session import Session
session = Session.resume(sys.argv[1])
print("READY", flush=True)
for line in sys.stdin:
    command = line.strip()
    if command == "undo":
        session.undo()
    elif command:
        session.apply(json.loads(command))
    print("DONE", len(session.steps), flush=True)
session.close()
"""


class Writer:
    """A second process that has the journal open for writing (``Session.resume``)."""

    def __init__(self, path: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.child = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, env=env, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.child.stdout.readline()
        assert line.strip() == "READY", self.child.stderr.read()

    @property
    def pid(self) -> int:
        return self.child.pid

    def send(self, command: dict | str) -> int:
        """Have the writer apply an event (or ``"undo"``); how many steps it has then."""
        self.child.stdin.write((command if isinstance(command, str) else json.dumps(command)) + "\n")
        self.child.stdin.flush()
        line = self.child.stdout.readline()
        assert line.startswith("DONE"), self.child.stderr.read()
        return int(line.split()[1])

    def close(self) -> None:
        if self.child.poll() is None:
            self.child.stdin.close()
            self.child.wait(timeout=10)

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, *exc) -> None:
        if self.child.poll() is None:
            self.child.kill()
            self.child.wait(timeout=10)


def journal(folders, *values: int, name: str = "game.jsonl") -> Path:
    path = folders[0] / "games" / name
    session = Session.new(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]), path)
    for value in values:
        session.apply(T(value))
    session.close()
    return path


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


async def until(pilot, condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        await pilot.pause(0.05)


async def answer(pilot, key: str) -> None:
    """A key pressed once the question has been read (keys sooner than that are not answers)."""
    from companion.tui.screens.follow import READ_SECONDS

    await pilot.pause(READ_SECONDS + 0.05)
    await pilot.press(key)
    await pilot.pause()


def prompt_text(app) -> str:
    from companion.tui.widgets.text import Prose

    return "\n".join(str(p.text.plain if hasattr(p.text, "plain") else p.text) for p in app.screen.query(Prose))


# -- the second opener -----------------------------------------------------------------------------------
def test_a_second_opener_is_told_who_writes_and_follows_the_game_as_it_is_played(folders):
    path = journal(folders, 5)

    async def go(writer: Writer):
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            assert app.open_journal(path) is False
            await pilot.pause()
            assert type(app.screen).__name__ == "FollowPrompt"
            text = prompt_text(app)
            assert str(path) in text and f"process {writer.pid} on {socket.gethostname()}" in text
            assert "Enter: follow the game read-only" in text
            await answer(pilot, "enter")
            screen = app.screen
            assert type(screen).__name__ == "DiamantScreen" and screen.read_only
            assert screen.session.writer is None and len(screen.session.steps) == 1
            banner = str(screen.query_one("#follow-banner").text)
            assert banner == "Following game.jsonl read-only: changes are made in the session that writes it."
            assert screen.query_one("#card").disabled and app.focused is not screen.query_one("#card")

            assert writer.send(T(9)) == 2
            await until(pilot, lambda: len(screen.session.steps) == 2)
            assert screen.session.state == Session.follow(path).state
            assert "9" in screen.query_one("#log").lines()[-1]
            writer.send("undo")
            await until(pilot, lambda: len(screen.session.steps) == 1)
            assert screen.explanation is None  # nothing new to explain: the writer took its event back
            writer.send(T(11))
            writer.close()  # the writer finishes: the follower shows where it left the game
            await until(pilot, lambda: len(screen.session.steps) == 2)
            assert screen.session.state == Session.follow(path).state

    with Writer(path) as writer:
        asyncio.run(go(writer))


def test_keys_that_would_change_a_followed_game_change_nothing(folders):
    path = journal(folders, 5, 7)

    async def go():
        app = build_app(folders, follow=path)
        async with app.run_test(size=(120, 45)) as pilot:
            notices = record_notices(app)
            await pilot.pause()
            screen = app.screen
            assert screen.read_only
            before, state = path.read_bytes(), screen.session.state
            await type_text(pilot, "15")
            await pilot.press("enter", "ctrl+z", "ctrl+y", "ctrl+l", "1", "enter")
            await pilot.pause()
            card = screen.query_one("#card")
            card.disabled = False  # even a field the screen enabled again: the session refuses
            card.focus()
            await pilot.pause()
            await type_text(pilot, "15")
            await pilot.press("enter")
            await pilot.pause(0.6)  # a refresh or two
            assert path.read_bytes() == before and screen.session.state == state
            assert app.screen is screen
            refused = [text for severity, text in notices if severity == "error"]
            assert refused == [f"This game is followed read-only from {path}: it can only be changed in "
                               "the session that writes it."]
            # no key of this screen but the rules and Home; the palette offers only what changes nothing
            assert not screen.check_action("undo", ()) and not screen.check_action("decide", ())
            assert screen.check_action("rules", ()) and screen.check_action("home", ())
            assert screen.check_action("why_rule", ())
            titles = [entry.title for entry in screen.palette()]
            assert titles == ["Show the rules of this game", "Search the rules", "Share the table",
                              "Why? Show the rule behind the last explanation", "Back to the home screen"]
            assert not screen.send(T(3)) and not screen.action_undo()
            assert path.read_bytes() == before and files_under(path.parent) == {"game.jsonl": before}

    asyncio.run(go())


def test_escape_does_not_open_the_game_and_a_burst_does_not_answer(folders, monkeypatch):
    from companion.tui.screens import follow

    path = journal(folders, 5)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            # However slow this machine is, the burst below comes before the question can be read.
            monkeypatch.setattr(follow, "READ_SECONDS", 60.0)
            app.open_journal(path)
            await pilot.pause()
            prompt = app.screen
            # the rest of a burst (typed before the question could be read) answers nothing
            await pilot.press("enter", "enter", "escape")
            await pilot.pause()
            assert app.screen is prompt
            monkeypatch.setattr(follow, "READ_SECONDS", 0.3)
            await answer(pilot, "s")  # typing answers nothing either
            assert app.screen is prompt
            await answer(pilot, "escape")
            assert type(app.screen).__name__ == "HomeScreen" and prompt.dismissed
            await pilot.press("escape")  # a second Escape does nothing more (the home screen stays)
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"

    with Writer(path):
        before = files_under(path.parent)
        asyncio.run(go())
        assert files_under(path.parent) == before


def test_a_journal_that_cannot_be_written_here_may_be_followed(folders, monkeypatch):
    import errno

    import companion.journal as journal_mod

    path = journal(folders, 5)
    before = files_under(path.parent)
    real_open = journal_mod.open_regular

    def open_regular(p, flags=os.O_RDONLY):
        if flags & (os.O_RDWR | os.O_WRONLY):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(p, flags)

    monkeypatch.setattr(journal_mod, "open_regular", open_regular)

    async def go():
        app = build_app(folders, resume=path)
        async with app.run_test(size=(120, 45)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "FollowPrompt"
            assert os.strerror(errno.EROFS) in prompt_text(app) and str(path) in prompt_text(app)
            await answer(pilot, "enter")
            assert app.screen.read_only and len(app.screen.session.steps) == 1

    asyncio.run(go())
    assert files_under(path.parent) == before


def test_a_followed_journal_that_goes_bad_is_one_notice_and_the_screen_stays(folders):
    path = journal(folders, 5)

    async def go():
        app = build_app(folders, follow=path)
        async with app.run_test(size=(120, 45)) as pilot:
            notices = record_notices(app)
            await pilot.pause()
            screen = app.screen
            state = screen.session.state
            with path.open("a") as out:  # a line no rules accept
                out.write(json.dumps({"event": "draw", "card": "nonsense"}) + "\n")
            await pilot.pause(1.3)  # two or three refreshes
            errors = [text for severity, text in notices if severity == "error"]
            assert len(errors) == 1 and "Line 3" in errors[0]
            assert app.screen is screen and screen.session.state == state

    asyncio.run(go())


def test_the_resume_list_marks_games_being_written(folders):
    written = journal(folders, 5, name="20260101-100000-diamant.jsonl")
    free = journal(folders, 7, name="20260101-110000-diamant.jsonl")

    async def go(writer: Writer):
        app = build_app(folders)
        async with app.run_test(size=(160, 45)) as pilot:
            from companion.tui.screens.resume import ResumeScreen, entry_text

            app.push_screen(ResumeScreen())
            await pilot.pause()
            screen = app.screen
            texts = {g.path: entry_text(g, screen.writers.get(g.path)) for g in screen.games}
            assert texts[written].endswith(f" · being written by process {writer.pid} on {socket.gethostname()}")
            assert "being written" not in texts[free]
            # choosing it offers to follow it; following replaces the list with the game
            menu = screen.query_one("#recent")
            menu.highlighted = [g.path for g in screen.games].index(written)
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "FollowPrompt"
            await answer(pilot, "enter")
            assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen", "DiamantScreen"]
            assert app.screen.read_only and app.screen.session.path == written

    with Writer(written) as writer:
        asyncio.run(go(writer))


# -- two companions in real terminals ------------------------------------------------------------------
def flat(screen: str) -> str:
    """The text of a dialog's lines as one line (its border and the line breaks of wrapping gone)."""
    lines = [line.strip().strip("│").strip() for line in screen.splitlines()]
    return " ".join(line for line in lines if line)


@pytest.mark.slow
def test_two_companions_on_one_journal_in_real_terminals(tmp_path):
    with Terminal(tmp_path / "a", "--lang", "en") as first:
        start_diamant(first)
        first.burst("15")
        first.keys("Enter")
        first.wait_for("treasure 15")
        [path] = first.journals()
        with Terminal(tmp_path / "b", "--lang", "en", "--resume", str(path)) as second:
            second.wait_for("This game is written elsewhere")
            shown = flat(second.wait_for("Enter: follow"))
            assert "is already open for writing in another companion" in shown, shown
            assert socket.gethostname() in shown and str(path) in shown.replace(" ", "")
            time.sleep(0.4)
            second.keys("Enter")
            second.wait_for("read-only: changes are made")
            second.wait_for("treasure 15")
            first.burst("snake")
            first.keys("Enter")
            second.wait_for("snake: seen once")
            before = path.read_bytes()
            second.burst("17")  # typed into a followed game: nothing
            second.keys("Enter", "C-z", "C-y")
            second.burst("snake")
            second.keys("Enter")
            time.sleep(1.0)
            assert path.read_bytes() == before
            assert "treasure 17" not in second.screen()
            first.keys("C-z")  # the writer undoes: the follower's path loses the snake
            second.wait_until(lambda: "snake: seen once" not in second.screen(), what="the undo shown")
            first.keys("Escape", "Escape")
            first.wait_for("New game")
            second.keys("C-q")
            assert second.exit_status() == 0
            assert path.read_bytes().count(b"\n") == 4  # header, 15, snake, undo: nothing from the follower
