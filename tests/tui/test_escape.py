"""Escape never leaves a game by accident: it clears a field first, then asks, and only a second
Escape within a few seconds goes home (the game is saved first)."""

from __future__ import annotations

import asyncio

import pytest

from companion.journal import read_journal
from companion.tui.screens import game as game_module
from companion.tui.screens.game import GameScreen
from companion.tui.screens.home import HomeScreen
from tests.tui.helpers import build_app, new_game_by_keys, play, record_notices, type_text
from tests.tui.terminal import Terminal

ASK = "Press Escape again to go home (the game is saved)."


def test_escape_clears_the_field_then_asks_then_goes_home(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await play(pilot, ["7"])
            path = screen.session.writer.path
            state, before = screen.session.state, path.read_bytes()
            notices = record_notices(app)
            await type_text(pilot, "snak")
            await pilot.press("escape")                       # 1: the field had text: it is cleared
            await pilot.pause()
            field = screen.query_one("#card")
            assert app.screen is screen and field.value == "" and notices == []
            await pilot.press("escape")                       # 2: asks
            await pilot.pause()
            assert app.screen is screen and notices == [("information", ASK)] and screen.escape_armed
            assert screen.session.state == state and path.read_bytes() == before
            await pilot.press("escape")                       # 3: goes home
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert path.read_bytes() == before and len(read_journal(path).entries) == 1
            assert not [n for n in app._notifications if "Escape" in str(n.message)]  # the toast went too

    asyncio.run(go())


def test_a_late_second_escape_or_another_key_in_between_asks_again(folders, monkeypatch):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            notices = record_notices(app)
            monkeypatch.setattr(game_module, "ESCAPE_AGAIN_SECONDS", 0.05)
            await pilot.press("escape")
            await asyncio.sleep(0.1)                          # too late: ...
            await pilot.press("escape")                       # ... this one asks again
            await pilot.pause()
            assert app.screen is screen and len(notices) == 2
            monkeypatch.setattr(game_module, "ESCAPE_AGAIN_SECONDS", 3.0)
            await play(pilot, ["9"])                          # an event in between: ...
            await pilot.press("escape")                       # ... asks again
            await pilot.pause()
            assert app.screen is screen and len(notices) == 3
            assert [c.value for c in screen.session.state.path] == [9]

    asyncio.run(go())


def test_the_palette_entry_still_goes_home_at_once(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            [entry] = [c for c in screen.palette() if c.title == "Back to the home screen"]
            entry.run()
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(go())


def test_an_unsaved_game_asks_without_saying_it_is_saved(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            screen = app.screen
            notices = record_notices(app)
            screen.session.pending.append({"event": "draw", "card": "treasure", "value": 3})  # as a full disk leaves it
            screen.escape_home()
            assert notices == [("information", "Press Escape again to go home.")]
            screen.session.pending.clear()

    asyncio.run(go())


# -- a real terminal: Escape and letters in one burst -------------------------------------------
@pytest.fixture
def diamant_terminal(tmp_path):
    with Terminal(tmp_path, "--lang", "en", size=(120, 40)) as term:
        term.wait_for("New game")
        term.burst("n")
        term.wait_for("Players")
        term.settle()
        term.keys("Tab", "Tab")
        term.burst("Dara, Eli, Fay")  # not the placeholder's names: wait until they are typed
        term.wait_for("Dara, Eli, Fay")
        term.keys("Enter")
        term.wait_for("round 1 of 5")
        yield term


def _events(term) -> list[dict]:
    [path] = term.journals()
    return [e.event for e in read_journal(path).entries]


def test_escape_then_a_card_in_one_burst_stays_in_the_game_and_records_the_card(diamant_terminal):
    term = diamant_terminal
    term.burst("7")
    term.keys("Enter")
    term.wait_until(lambda: len(_events(term)) == 1, what="the 7 recorded")
    term.keys("Escape")                               # asks ...
    term.wait_for("Press Escape again")
    term.keys("Escape", "s", "n", "a", "k", "e", "Enter")   # ... and Escape with a card, all in one write
    term.wait_until(lambda: len(_events(term)) == 2, what="the snake recorded")
    assert _events(term)[1] == {"event": "draw", "card": "hazard", "hazard": "snake"}
    screen = term.settle()
    assert "round 1 of 5" in screen and "Referee assistant" not in screen


def test_escape_bursts_clear_the_field_and_never_close_the_game(diamant_terminal):
    term = diamant_terminal
    term.burst("spid")
    term.keys("Escape")                               # clears what was typed
    term.settle()
    term.burst("9")
    term.keys("Enter")
    term.wait_until(lambda: len(_events(term)) == 1, what="the 9 recorded")
    assert _events(term) == [{"event": "draw", "card": "treasure", "value": 9}]
    term.keys("Escape", "Escape")                     # two Escapes at once: asks, then home
    term.wait_for("Referee assistant")
    assert _events(term) == [{"event": "draw", "card": "treasure", "value": 9}]
