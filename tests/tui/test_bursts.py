"""Keys that arrive together are still one key each: bursts into every modal, through a real terminal.

``tmux send-keys -l`` writes a whole word at once, as an input method committing it or a paste does.
Before the fix, the second key of such a burst closed the game screen under a modal and the third
crashed the app with ``ScreenStackError``.  After each burst the game screen must still be there, and
the card typed must be the journal's last event (recorded once: nothing lost, nothing doubled).
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tests.tui.helpers import build_app, new_game_by_keys, play
from tests.tui.terminal import Terminal


def events(term: Terminal) -> list[dict]:
    (journal,) = term.journals()
    lines = journal.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:] if line.strip()]


def wait_events(term: Terminal, count: int) -> list[dict]:
    term.wait_until(lambda: term.journals() and len(events(term)) >= count, what=f"{count} events in the journal")
    time.sleep(0.3)  # nothing more comes
    got = events(term)
    assert len(got) == count, got
    return got


def start_diamant(term: Terminal, players: str = "Ava, Ben, Chen") -> None:
    term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
    term.settle(0.3)
    term.burst("n")
    term.wait_until(lambda: "^s" in term.screen(), what="the new-game form")
    term.keys("Tab")
    term.settle(0.2)
    term.keys("Tab")
    term.settle(0.2)
    term.burst(players)
    term.settle(0.2)
    term.keys("Enter")
    term.wait_until(lambda: term.journals(), what="the new journal")
    term.wait_until(lambda: "^l" in term.screen(), what="the Diamant screen")  # Ctrl+L: who leaves
    term.settle(0.3)


def enter_card(term: Terminal, text: str, count: int) -> list[dict]:
    term.burst(text)
    term.keys("Enter")
    return wait_events(term, count)


def assert_on_game_screen(term: Terminal) -> None:
    screen = term.settle(0.3)
    assert not term.exited(), screen
    assert "^l" in screen and "^z" in screen, screen  # the Diamant screen's own keys in the footer


def draw(card: dict) -> tuple[str, object]:
    assert card["event"] == "draw", card
    return (card["card"], card.get("hazard", card.get("value")))


@pytest.fixture
def term(tmp_path):
    with Terminal(tmp_path, "--lang", "en") as term:
        yield term


def test_round_summary_hands_bursts_to_the_entry(term):
    """2, 3 and 8 characters typed while the summary is open start the next round, one key each."""
    start_diamant(term)
    n = 0
    # (hazard that busts the round, the burst typed while its summary is open, Enter in the burst?, card)
    rounds = [("spider", "17", False, ("treasure", 17)),
              ("snake", "11\r", True, ("treasure", 11)),
              ("lava", "rockfall", False, ("hazard", "rockfall"))]
    for hazard, burst, has_enter, card in rounds:
        n += 2
        enter_card(term, hazard, n - 1)
        enter_card(term, hazard, n)
        term.wait_for("is over", timeout=10)  # the summary is open
        term.burst(burst)
        if not has_enter:
            term.settle(0.3)
            term.keys("Enter")
        n += 1
        got = wait_events(term, n)
        assert draw(got[-1]) == card
        assert_on_game_screen(term)
        assert "is over" not in term.screen()  # the summary closed (once)
    # The last round began with a rockfall: a second one busts it, and the summary opens again.
    enter_card(term, "rockfall", n + 1)
    term.wait_for("Round 4 of 5 is over", timeout=10)


@pytest.mark.parametrize(("lang", "word", "hazard"), [("zh_Hant", "蜘蛛", "spider"), ("fa", "عنکبوت", "spider"),
                                                       ("zh_Hans", "蛇", "snake")])
def test_round_summary_takes_a_pasted_word(tmp_path, lang, word, hazard):
    with Terminal(tmp_path, "--lang", lang) as term:
        start_diamant(term)
        enter_card(term, word, 1)
        enter_card(term, word, 2)  # a bust: the summary opens
        term.settle(0.5)
        term.burst(word + "\r")  # the next round's first card, committed by the input method with Enter
        got = wait_events(term, 3)
        assert draw(got[-1]) == ("hazard", hazard)
        assert_on_game_screen(term)


def open_modal(term: Terminal, which: str) -> None:
    term.keys("F1" if which == "keys" else "F2")
    term.wait_for("esc Close", timeout=10)  # the modal's footer
    if which == "language":
        term.wait_for("简体中文", timeout=10)
    term.settle(0.2)


@pytest.mark.parametrize("which", ["keys", "language"])
def test_keys_and_language_screens_hand_bursts_on(term, which):
    start_diamant(term)
    n = 0
    for burst, has_enter, card in [("17", False, ("treasure", 17)), ("11\r", True, ("treasure", 11)),
                                   ("rockfall", False, ("hazard", "rockfall")), ("15\r", True, ("treasure", 15))]:
        open_modal(term, which)
        term.burst(burst)
        if not has_enter:
            term.settle(0.3)
            term.keys("Enter")
        n += 1
        got = wait_events(term, n)
        assert draw(got[-1]) == card
        assert_on_game_screen(term)
    # Keys that close the modal are used up, once: Escape Escape closes it and leaves the game be.
    open_modal(term, which)
    term.keys("Escape", "Escape")
    assert_on_game_screen(term)
    assert len(events(term)) == n


def test_language_screen_moves_and_chooses_in_one_burst(term):
    """Down Down Enter arrive together: the third language is chosen, and the card after it is typed."""
    start_diamant(term)
    open_modal(term, "language")
    term.keys("Down", "Down", "Enter")
    term.burst("蛇")  # zh_Hant now: snake
    term.keys("Enter")
    got = wait_events(term, 1)
    assert draw(got[-1]) == ("hazard", "snake")
    screen = term.settle(0.3)
    assert "撤" in screen or "復原" in screen or "規則" in screen, screen  # the footer speaks Chinese
    assert not term.exited()


def test_command_palette_closes_once(term):
    start_diamant(term)
    enter_card(term, "17", 1)
    term.keys("C-p")
    term.wait_for("Search for an action", timeout=10)
    term.burst("Undo the last")
    term.wait_for("Undo the last event", timeout=10)
    term.settle(0.5)
    term.keys("Enter", "Enter", "Enter")  # one write: the palette runs the undo once and closes once
    got = wait_events(term, 2)
    assert got[-1] == {"event": "undo"}
    assert_on_game_screen(term)
    term.keys("C-p")
    term.wait_for("Search for an action", timeout=10)
    term.keys("Escape", "Escape")
    assert_on_game_screen(term)
    term.burst("rockfall\r")
    assert draw(wait_events(term, 3)[-1]) == ("hazard", "rockfall")


# -- the guard itself (pilot) ---------------------------------------------------------------------


def test_a_modal_is_dismissed_once(folders):
    asyncio.run(_dismissed_once(folders))


async def _dismissed_once(folders):
    from companion.tui.screens.help import KeysScreen
    from companion.tui.screens.teach import SetupChecklist

    app = build_app(folders)
    async with app.run_test(size=(120, 45)) as pilot:
        await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
        game = app.screen
        checklist = SetupChecklist("diamant", game.session.state)
        app.push_screen(checklist)
        await pilot.pause()
        assert app.screen is checklist
        checklist.dismiss()
        checklist.dismiss()
        checklist.dismiss()
        await pilot.pause()
        assert app.screen is game and len(app.screen_stack) == 2

        # A modal that is not on top closes nothing: F1 over the checklist, then the checklist is dismissed.
        checklist = SetupChecklist("diamant", game.session.state)
        app.push_screen(checklist)
        await pilot.pause()
        app.push_screen(KeysScreen(checklist))
        await pilot.pause()
        keys = app.screen
        checklist.dismiss()
        await pilot.pause()
        assert app.screen is keys and app.screen_stack[-2] is checklist
        keys.dismiss()
        keys.dismiss()
        await pilot.pause()
        assert app.screen is checklist


def test_keys_queued_behind_a_closing_summary_reach_the_entry_in_order(folders):
    """Posted all at once (no pause between them): the pilot's view of the same burst."""
    asyncio.run(_queued_keys(folders))


async def _queued_keys(folders):
    from textual import events as ev

    app = build_app(folders)
    async with app.run_test(size=(120, 45)) as pilot:
        await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
        await play(pilot, ["spider", "spider"])
        game = app.screen_stack[1]
        assert game.summary_open
        for char in "rockfall":
            app.post_message(ev.Key(char, char))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is game and len(app.screen_stack) == 2 and not game.summary_open
        assert game.query_one("#card").value == "rockfall"
        assert len(game.session.steps) == 2


def test_a_bracketed_paste_into_the_summary_goes_to_the_entry(term):
    """A terminal paste (bracketed: one Paste event, not keys) closes the summary and lands in the field."""
    start_diamant(term)
    enter_card(term, "spider", 1)
    enter_card(term, "spider", 2)
    term.wait_for("is over", timeout=10)
    term._tmux("set-buffer", "rockfall")
    term._tmux("paste-buffer", "-p", "-t", "t")
    term.settle(0.3)
    term.keys("Enter")
    assert draw(wait_events(term, 3)[-1]) == ("hazard", "rockfall")
    assert_on_game_screen(term)



@pytest.mark.parametrize("lang,burst,expected", [
    ("en", "15\r7\rspider\r", [("treasure", 15), ("treasure", 7), ("hazard", "spider")]),
    ("zh_Hant", "9\r蜘蛛\r3\r", [("treasure", 9), ("hazard", "spider"), ("treasure", 3)]),
])
def test_cards_and_enters_in_one_burst_are_entries_in_order(tmp_path, lang, burst, expected):
    """Enter in the middle of a burst submits what came before it, and the keys behind it are the next
    entry: the field never sees ``157`` (Textual's Input would submit only after inserting them)."""
    with Terminal(tmp_path, "--lang", lang) as term:
        start_diamant(term)
        term.burst(burst)
        got = wait_events(term, len(expected))
        assert [draw(card) for card in got] == expected
        assert_on_game_screen(term)
