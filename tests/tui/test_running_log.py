"""The running log of a game screen (``GameScreen.compose_log``) and what undo and redo say.

The base behaviour is tested on a small game screen over a real Diamant session (the game screens
place the same widget in their own layouts).
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Input

from companion.games.diamant import explain as words
from companion.i18n import current, translator
from companion.journal import new_header
from companion.session import Session
from companion.tui import bidi
from companion.tui.screens.game import GameScreen
from companion.tui.widgets.running_log import RunningLog
from companion.tui.widgets.text import Prose
from tests.tui.helpers import build_app


class LoggedScreen(GameScreen):
    """A bare game screen: an explanation, the log and a field (Enter sends what is typed)."""

    def compose_body(self) -> ComposeResult:
        yield Prose(lambda: "\n".join(self.explanation_lines()), id="explain")
        yield from self.compose_log()
        yield Input(id="card")

    def refresh_state(self) -> None:
        self.query_one("#explain", Prose).sync()

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return words.describe(outcome, current())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.send(diamant_event(event.value)):
            event.input.value = ""


def diamant_event(text: str) -> dict[str, Any]:
    """``7``, ``snake``, ``L Ava Ben``: the few entries these tests type (the screens parse much more)."""
    if text.isdigit():
        return {"event": "draw", "card": "treasure", "value": int(text)}
    if text.startswith("L "):
        return {"event": "leave", "players": text.split()[1:]}
    return {"event": "draw", "card": "hazard", "hazard": text}


class CrispScreen(LoggedScreen):
    def event_line(self, step) -> str:
        return f"event {step.event['event']}"


def open_game(app, tmp_path, screen_class=LoggedScreen, players=("Ava", "Ben", "Chen")) -> GameScreen:
    header = new_header("diamant", "diamant", list(players), language="en")
    screen = screen_class(Session.new(header, tmp_path / "game.jsonl"))
    app.push_screen(screen)
    return screen


async def enter(pilot, *entries: str) -> None:
    for text in entries:
        pilot.app.screen.query_one("#card", Input).value = text
        await pilot.press("enter")
        await pilot.pause()


def log_of(screen) -> list[str]:
    return screen.query_one("#log", RunningLog).lines()


def shown_log(screen) -> str:
    return screen.query_one("#log", RunningLog).text.plain


def test_the_log_lists_every_event_of_the_round_and_starts_again_after_it(folders, tmp_path):
    tr = translator("en")

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path)
            await pilot.pause()
            log = screen.query_one("#log", RunningLog)
            assert log_of(screen) == [] and "Nothing has happened yet this round." in shown_log(screen)
            assert "Round 1" in str(log.border_title)
            await enter(pilot, "7", "snake", "L Ava Ben")
            steps = screen.session.steps
            expected = [words.describe(s.outcome, tr)[0] for s in steps]
            assert log_of(screen) == expected == ["7 = 3 × 2 + 1: each gets 2, 1 stays on the card.",
                                                  expected[1], "Leaving: Ava and Ben."]
            assert shown_log(screen).split("\n") == expected
            await enter(pilot, "5", "snake")  # the second snake busts: the round's last event stays shown
            assert len(log_of(screen)) == 5 and log_of(screen)[-1].startswith("A second snake")
            assert "Round 1" in str(log.border_title)
            await enter(pilot, "3")  # round 2 begins: the log starts again
            assert log_of(screen) == [words.describe(screen.session.steps[-1].outcome, tr)[0]]
            assert "Round 2" in str(log.border_title)

    asyncio.run(go())


def test_a_long_round_keeps_the_newest_event_in_view_and_counts_the_rest(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path, CrispScreen)
            await pilot.pause()
            log = screen.query_one("#log", RunningLog)
            for value in (1, 2, 3):
                await enter(pilot, str(value))
            assert log.hidden == 0 and log.border_subtitle is None  # everything fits
            for value in (4, 5, 7, 9, 11, 13, 14, 15, 17):
                await enter(pilot, str(value))
            await pilot.pause()
            entries = log_of(screen)
            rows = log.render().plain.split("\n")
            assert len(entries) == 12 and len(rows) == log.room() == log.content_region.height
            assert rows[-1].strip() == entries[-1]  # the newest is the bottom row ...
            # ... the first ones are out of view (one row each here), and the border says how many
            assert all(len(entry) < log.content_region.width for entry in entries)
            assert 0 < log.hidden == len(entries) - len(rows)
            assert str(log.border_subtitle) == f"{log.hidden} earlier events out of view"
            await pilot.press("ctrl+z")
            await pilot.pause()
            rows = log.render().plain.split("\n")
            assert rows[-1].strip() == log_of(screen)[-1] and rows[-1].startswith("Undone")
            assert log.hidden == len(log_of(screen)) - log.room()

    asyncio.run(go())


def test_undo_and_redo_say_what_they_undid_in_the_panel_and_the_log(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path)
            await pilot.pause()
            await enter(pilot, "7", "L Ava Ben")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert screen.explanation_lines() == ["Undone: Leaving: Ava and Ben."]
            assert log_of(screen) == ["7 = 3 × 2 + 1: each gets 2, 1 stays on the card.",
                                      "Undone: Leaving: Ava and Ben."]
            assert "Undone: Leaving: Ava and Ben." in screen.query_one("#explain", Prose).text.plain
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert screen.explanation_lines()[:2] == ["Redone: Leaving: Ava and Ben.", "Leaving: Ava and Ben."]
            assert log_of(screen) == ["7 = 3 × 2 + 1: each gets 2, 1 stays on the card.", "Leaving: Ava and Ben.",
                                      "Undone: Leaving: Ava and Ben.", "Redone: Leaving: Ava and Ben."]
            await enter(pilot, "5")  # a new event: the undo/redo notes are gone
            assert [line for line in log_of(screen) if line.startswith(("Undone", "Redone"))] == []
            assert len(log_of(screen)) == 3

    asyncio.run(go())


def test_a_crisper_event_line_is_used_by_the_log_and_undo(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path, CrispScreen)
            await pilot.pause()
            await enter(pilot, "7", "L Ava")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert log_of(screen) == ["event draw", "Undone: event leave"]

    asyncio.run(go())


def test_undo_with_nothing_to_undo_changes_nothing(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path)
            await pilot.pause()
            path = screen.session.writer.path
            before = path.read_bytes()
            await pilot.press("ctrl+z")
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert path.read_bytes() == before and screen.session.steps == []
            assert log_of(screen) == [] and screen.explanation_lines() == []

    asyncio.run(go())


def test_the_log_is_said_again_in_a_new_language_and_in_display_order(folders, tmp_path):
    fa = translator("fa")

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path)
            await pilot.pause()
            await enter(pilot, "7", "L Ava Ben")
            await pilot.press("ctrl+z")
            await pilot.pause()
            app.set_language("fa")
            await pilot.pause()
            steps = screen.session.steps
            persian = [words.describe(steps[0].outcome, fa)[0],
                       fa.gettext("Undone: {event}", event=words.describe(screen.session.undone[0].outcome, fa)[0])]
            assert log_of(screen) == persian
            assert "۷" in persian[0]  # Persian digits
            assert "Undone" not in persian[1]  # and a translated sentence
            log = screen.query_one("#log", RunningLog)
            shown = log.render().plain.split("\n")
            # Each line is put in visual order, right-aligned, as every other panel does.
            assert [line.strip() for line in shown] == [bidi.visual_order(line, True)[0] for line in persian]
            assert shown[0].strip() != persian[0]
            assert str(log.border_title) == bidi.line(fa.gettext("Round {n}", n=1), True)

    asyncio.run(go())


def test_a_resumed_game_shows_its_round_so_far(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = open_game(app, tmp_path)
            await pilot.pause()
            await enter(pilot, "7", "snake", "L Ava")
            path = screen.session.writer.path
            lines = log_of(screen)
            screen.go_home()
            await pilot.pause()
            again = LoggedScreen(Session.resume(path))
            app.push_screen(again)
            await pilot.pause()
            assert log_of(again) == lines
            assert shown_log(again).split("\n") == lines

    asyncio.run(go())


class StonesScreen(GameScreen):
    """Any game works with the base: the log follows the game's own period_end (turns here)."""

    def compose_body(self) -> ComposeResult:
        yield from self.compose_log()

    def refresh_state(self) -> None:
        pass

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return [f"did {outcome.kind}"] if hasattr(outcome, "kind") else ["did something"]


def test_turn_games_log_the_current_turn(folders, tmp_path):
    import json
    from pathlib import Path

    source = Path(__file__).parents[1] / "shifting_stones" / "journals" / "two-players.jsonl"
    lines = source.read_text().splitlines()
    header = json.loads(lines[0])
    events = [json.loads(line) for line in lines[1:8]]  # layout, 3 scores, shift, end_turn, pass

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            session = Session.new(new_header("shifting_stones", header["ruleset"], header["players"],
                                             mode=header["mode"], options=header["options"]), None)
            screen = StonesScreen(session)
            app.push_screen(screen)
            await pilot.pause()
            log = screen.query_one("#log", RunningLog)
            assert str(log.border_title) == "Turn 1" and "this turn" in shown_log(screen)
            for event in events[:6]:
                assert screen.send(event)
            await pilot.pause()
            assert len(log_of(screen)) == 6 and str(log.border_title) == "Turn 1"  # ends with end_turn
            assert screen.send(events[6])  # Ben passes: his turn is the only one shown
            await pilot.pause()
            assert len(log_of(screen)) == 1 and str(log.border_title) == "Turn 2"

    asyncio.run(go())
