"""Shifting Stones at the table: a card scores once, exact matches first, Escape in the grid, the end
breakdown, the running log, words that fit their number; and a game typed quickly in a real terminal."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from companion.games.shifting_stones.library import load_library
from companion.journal import new_header
from companion.session import Session
from companion.tui.widgets.card_picker import CardList, filter_cards, find
from companion.tui.widgets.running_log import RunningLog
from tests.tui.helpers import build_app, record_notices, type_text

# boat horse sits in row 1 (ss43 matches); fish / horse stands in column 1 (ss64 does not: bird is over horse)
LAYOUT = "boat horse sun / fish bird horse / seed seed tree"
LIBRARY = load_library(None)


def open_stones(app, tmp_path, players=("Ava", "Ben"), **header):
    from companion.tui.screens.shifting_stones import ShiftingStonesScreen

    screen = ShiftingStonesScreen(Session.new(new_header("shifting_stones", "shifting_stones", list(players),
                                                         **header), tmp_path / "game.jsonl"))
    app.push_screen(screen)
    return screen


async def enter(pilot, text: str) -> None:
    field = pilot.app.screen.focused
    field.value = ""
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


def journal_bytes(screen) -> bytes:
    return screen.session.writer.path.read_bytes()


def scores_in_journal(screen) -> list[dict]:
    lines = journal_bytes(screen).decode("utf-8").splitlines()[1:]
    return [e for e in map(json.loads, lines) if e["event"] == "score"]


def offered(screen) -> list[str]:
    return [c.id for c in screen.query_one(CardList).cards]


# -- the search, without a screen ---------------------------------------------------------------------
def test_the_exact_card_ranks_first_and_only_a_clear_answer_is_taken_on_enter():
    from companion.i18n import translator

    en = translator("en")
    found = find(LIBRARY.values(), "boat horse", en)
    assert [c.id for c in found.cards][:2] == ["ss43", "ss63"] and found.sure
    assert "ss11" in [c.id for c in found.cards]  # the larger card holding boat and horse comes later
    assert filter_cards(LIBRARY.values(), "boat horse", en) == list(found.cards)  # what the list shows
    assert [c.id for c in find(LIBRARY.values(), "horse boat", en).cards][0] == "ss72"
    # the same in Persian and Chinese face names, whatever the reader's language, and ids in any case
    for text in ("قایق اسب", "船 馬", "船 马", "船马", "BOAT Horse", "SS43", "ss43"):
        found = find(LIBRARY.values(), text, en)
        assert found.cards[0].id == "ss43" and found.sure, text
    # several cards answer equally: Enter must ask
    for text in ("sun", "horse", "boat boat"):
        assert not find(LIBRARY.values(), text, en).sure, text
    # without ss43 (scored), "boat horse" has no exact card: the column boat / horse answers best
    rest = [c for c in LIBRARY.values() if c.id != "ss43"]
    found = find(rest, "boat horse", en)
    assert found.cards[0].id == "ss63" and found.sure
    # a word being typed never lets Enter choose
    assert find(LIBRARY.values(), "boat s", en).typing and not find(LIBRARY.values(), "boat s", en).sure


@pytest.mark.parametrize(("text", "suggestion"), [("boat hrose", "boat horse"), ("hrose", "horse"),
                                                  ("sss43", "ss43"), ("zzzz qqqq", None)])
def test_near_misses_get_a_did_you_mean(text, suggestion):
    from companion.i18n import translator

    found = find(LIBRARY.values(), text, translator("en"))
    assert found.cards == () and found.suggestion == suggestion


def test_a_suggestion_speaks_the_readers_language():
    from companion.i18n import translator

    found = find(LIBRARY.values(), "قایق اسبب", translator("fa"))
    assert found.suggestion == "قایق اسب"


# -- a card scores once ------------------------------------------------------------------------------
def test_a_card_scores_once_and_is_no_longer_offered(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = open_stones(app, tmp_path)
            await pilot.pause()
            await enter(pilot, LAYOUT)
            notices = record_notices(app)
            await enter(pilot, "boat horse")
            assert scores_in_journal(screen) == [{"event": "score", "pattern": "boat horse", "points": 1,
                                                  "card": "ss43"}]
            pick = screen.query_one("#pick")
            assert pick.value == "" and screen.focused is pick  # moved on: a clean search
            assert "ss43" not in offered(screen)
            state, before = screen.session.state, journal_bytes(screen)
            # the second Enter (and the id typed in capitals) records nothing and says who scored it
            for again in ("", "SS43", "ss43"):
                await enter(pilot, again)
                assert screen.session.state == state and journal_bytes(screen) == before
            assert any("ss43" in text and "Ava" in text and "already" in text for _, text in notices)
            # the exact pattern typed by hand is that card too
            await enter(pilot, "boat horse = 1")
            assert screen.session.state == state and journal_bytes(screen) == before
            # Ben's turn: still not offered, still refused
            await pilot.press("f5")
            await pilot.pause()
            await enter(pilot, "boat horse")  # now ss63 (boat / horse) would be best, and it does not match
            assert len(scores_in_journal(screen)) == 1
            await pilot.press("ctrl+z", "ctrl+z")  # undo the end of the turn and the score
            await pilot.pause()
            screen.query_one("#pick").value = "boat horse"
            await pilot.pause()
            assert offered(screen)[0] == "ss43"  # undone: the card is back in the picker
    asyncio.run(go())


def test_an_ambiguous_search_asks_instead_of_scoring(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = open_stones(app, tmp_path)
            await pilot.pause()
            await enter(pilot, LAYOUT)
            notices = record_notices(app)
            state, before = screen.session.state, journal_bytes(screen)
            for text in ("horse", "boat hrose", "ho", "zzz"):
                await enter(pilot, text)
                assert screen.session.state == state and journal_bytes(screen) == before, text
            texts = [text for _, text in notices]
            assert any(re.search(r"\d+ cards show these faces: ss\w+", t) for t in texts)
            assert "No card in the library shows these faces. Did you mean “boat horse”?" in texts
            # choosing in the list is clear: the highlight moved to ss67 (bird horse), Enter scores that card
            screen.query_one("#pick").value = "horse"
            await pilot.pause()
            await pilot.press("down")  # into the list
            cards = screen.query_one(CardList)
            assert screen.focused is cards
            for _ in range([c.id for c in cards.cards].index("ss67")):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert scores_in_journal(screen) == [{"event": "score", "pattern": "bird horse", "points": 1,
                                                  "card": "ss67"}]
    asyncio.run(go())


# -- Escape in the grid, and its keys on F1 ----------------------------------------------------------
def test_escape_in_the_grid_goes_back_to_the_card_field_and_f1_lists_the_grid_keys(folders, tmp_path):
    from companion.tui.screens.help import KeysScreen
    from companion.tui.widgets.stones_grid import StonesGrid

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = open_stones(app, tmp_path)
            await pilot.pause()
            await enter(pilot, LAYOUT)
            grid = screen.query_one(StonesGrid)
            await pilot.press("f8", "s")  # a stone chosen for a shift
            await pilot.pause()
            assert screen.focused is grid and grid.selected == (1, 1)
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen
            assert isinstance(keys, KeysScreen)
            rows = dict((d, k) for k, d in keys.rows())
            for description in ("Shift", "Flip", "Move the cursor up", "Move the cursor left", "Back to the cards"):
                assert description in rows, (description, rows)
            assert rows["Flip"] == "f" or rows["Flip"].lower() == "f"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.focused is grid
            before = journal_bytes(screen)
            await pilot.press("escape")  # drops the chosen stone
            await pilot.pause()
            assert grid.selected is None and screen.focused is grid
            await pilot.press("escape")  # back to the card field, still in the game
            await pilot.pause()
            assert app.screen is screen and screen.focused is screen.query_one("#pick")
            assert journal_bytes(screen) == before
            await type_text(pilot, "ss43")  # typing goes on into the search
            await pilot.pause()
            assert offered(screen) == ["ss43"]
    asyncio.run(go())


# -- the end of the game, the log, words that fit their number ---------------------------------------
def send_all(screen, *events):
    for event in events:
        assert screen.send(event), event


def test_a_tied_two_player_game_ends_with_the_breakdown_and_the_rule(folders, tmp_path):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = open_stones(app, tmp_path, options={"finish_round": False})
            await pilot.pause()
            send_all(screen, {"event": "layout", "grid": LAYOUT})
            # Ava: ten hand-written 1-point cards over her turns (6 points + the bonus are not needed: a tie)
            ava = [{"event": "score", "pattern": "sun", "points": 1}] * 3
            ben = [{"event": "score", "pattern": "sun", "points": 1}] * 3
            end = {"event": "end_turn"}
            send_all(screen, *ava, end, *ben, end, *ava, end, *ben, end, *ava, end, *ben, end)
            send_all(screen, {"event": "score", "pattern": "sun", "points": 1}, end)  # Ava's 10th: game over
            state = screen.session.state
            assert state.finished and state.scores() == {"Ava": 10 + 3, "Ben": 9}
            await pilot.pause()
            assert "The game is over. Ava wins with 13." in screen.query_one("#explain").text.plain
            assert not screen.query_one(CardList).display  # nothing left to pick: the breakdown has the room
            text = screen.query_one("#hint").text.plain
            assert text.startswith("Final scores") and "The game is over. Ava wins with 13." in text
            assert "Ava: cards scored 10, card points 10, bonus 3, total 13." in text
            assert "Ben: cards scored 9, card points 9, bonus 0, total 9." in text
            assert "Ava has the most 1-point cards (10) and gets the 3-point bonus." in text
    asyncio.run(go())


def test_ties_are_explained_with_the_rule(folders, tmp_path):
    from companion.games.shifting_stones import explain
    from companion.i18n import translator

    tr = translator("en")
    header = new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"], options={"finish_round": True})
    session = Session.new(header, None)
    one = {"event": "score", "pattern": "sun", "points": 1}
    end = {"event": "end_turn"}
    session.apply({"event": "layout", "grid": LAYOUT})
    for count in (4, 4, 2):  # each player's turns: 4, 4 and 2 one-point cards (ten each)
        for event in [one] * count + [end] + [one] * count + [end]:
            session.apply(event)
    state = session.state
    assert state.finished and state.scores() == {"Ava": 13, "Ben": 13}
    lines = explain.breakdown(state, tr)
    assert "Ava and Ben are tied for the most 1-point cards (10 each): each of them gets the 3-point bonus." in lines
    assert ("Ava and Ben are tied on 13: Shifting Stones breaks no tie, so every player tied for the best "
            "score wins.") in lines
    assert lines == [line for line in explain.report(state, tr) if line in lines]  # the replay report says it too


def test_solo_endings_say_what_was_won_or_lost_and_why(folders, tmp_path):
    from companion.games.shifting_stones import explain
    from companion.i18n import translator

    tr = translator("en")
    session = Session.new(new_header("shifting_stones", "shifting_stones", ["Sol"]), None)
    session.apply({"event": "layout", "grid": LAYOUT})
    session.apply({"event": "score", "pattern": "sun", "points": 2, "card": "ss20"})
    session.apply({"event": "end_turn"})
    for _ in range(4):
        session.apply({"event": "pass"} if session.state.can_pass else {"event": "end_turn"})
    state = session.state
    assert state.finished and state.result == "lost"
    lines = explain.breakdown(state, tr)
    assert lines == ["Cards scored: 1 of 16; card points: 2; penalties: 4 of 4.",
                     "Sol lost: penalty 4 came with 15 cards still to score."]


def test_the_running_log_has_a_crisp_line_per_event_and_fits_small_terminals(folders, tmp_path):
    async def go():
        app = build_app(folders)
        for size in ((120, 40), (80, 24)):
            async with app.run_test(size=size) as pilot:
                screen = open_stones(app, tmp_path / f"{size[0]}", players=("Ava", "Ben"))
                await pilot.pause()
                await enter(pilot, LAYOUT)
                await enter(pilot, "boat horse")
                await pilot.press("f8", "f")  # flip the boat at 1,1
                await pilot.pause()
                await pilot.press("escape")
                await enter(pilot, "sun = 3")
                log = screen.query_one("#log", RunningLog)
                assert log.lines() == ["The nine stones are laid out.",
                                       "Ava scores ss43 (boat horse) for 1 point.",
                                       "Ava burns a card and flips stone 1,1: boat becomes horse.",
                                       "Ava scores sun for 3 points."]
                assert log.region.height >= 3 and log.region.width > 30  # shown, not squeezed out
                await pilot.press("f5")
                await pilot.pause()
                assert log.lines()[-1] == "Ava ends the turn and draws 3 cards." and len(log.lines()) == 5
                await enter(pilot, "seed tree")  # Ben's turn: his events only
                assert log.lines() == ["Ben scores ss70 (seed tree) for 1 point."]
                status = screen.query_one("#status").text.plain
                assert "Ava: score 7; cards scored: 2, of them worth 1 point: 1; cards in hand: 4." in status
                assert "Ben: score 4; cards scored: 1, of them worth 1 point: 1; cards in hand: 3." in status
                assert not re.search(r"\b1 cards\b|\b1 points\b", status + " ".join(log.lines()))
            app = build_app(folders)
    asyncio.run(go())


# -- in a real terminal, typed as quickly as the cards come ------------------------------------------
def _events(term) -> list[dict]:
    (journal,) = term.journals()
    return [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]


def _wait_events(term, count: int) -> list[dict]:
    import time

    term.wait_until(lambda: term.journals() and len(_events(term)) >= count, what=f"{count} events in the journal")
    time.sleep(0.3)  # and nothing more comes
    got = _events(term)
    assert len(got) == count, got
    return got


def _start_stones(term, players: str, solo: bool = False) -> None:
    term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
    term.settle(0.3)
    term.burst("n")
    term.wait_until(lambda: "^s" in term.screen(), what="the new-game form")
    for key in ["Down", "Tab"] + (["Down"] if solo else []) + ["Tab"]:  # Shifting Stones, its preset, players
        term.keys(key)
        term.settle(0.2)
    term.burst(players)
    term.settle(0.2)
    term.keys("Enter")
    term.wait_until(lambda: term.journals(), what="the new journal")
    term.wait_until(lambda: "^z" in term.screen(), what="the Shifting Stones screen")  # its footer: Undo
    term.settle(0.3)


def test_a_two_player_game_typed_quickly_in_a_real_terminal(tmp_path):
    from tests.tui.terminal import Terminal

    with Terminal(tmp_path, "--lang", "en", size=(120, 40)) as term:
        _start_stones(term, "Ava, Ben")
        term.burst("boat horse sun fish bird horse seed seed tree\r")  # nine faces, no "/", with Enter
        _wait_events(term, 1)
        term.burst("boat horse\r\r")  # a double Enter in one burst: the card scores once
        got = _wait_events(term, 2)
        assert got[-1] == {"event": "score", "pattern": "boat horse", "points": 1, "card": "ss43"}
        for n, text in enumerate(["bird horse\r", "SEED TREE\r", "ss20\r"], 3):
            term.burst(text)
            _wait_events(term, n)
        term.keys("F5")
        _wait_events(term, 6)
        # Ben: the card Ava scored is refused, and the screen says by whom
        term.burst("ss43\r")
        term.wait_for("already been scored by Ava")
        assert len(_events(term)) == 6
        term.keys("Escape")  # clears the field
        term.settle(0.3)  # (Escape and a letter at once would read as Alt+letter)
        term.burst("boat fish\r")
        _wait_events(term, 7)
        term.keys("F8")
        term.settle(0.2)
        term.keys("Escape")  # out of the grid: back to the cards, not home
        term.settle(0.2)
        term.keys("F5")
        _wait_events(term, 8)
        for n, text in enumerate(["bird seed\r", "bird\r", "seed * tree\r", "ss33\r"], 9):
            term.burst(text)
            _wait_events(term, n)
        term.keys("F5")
        _wait_events(term, 13)
        term.burst("sun = 3\r")
        _wait_events(term, 14)
        term.keys("F5")
        _wait_events(term, 15)
        term.burst("sun = 1\r")
        _wait_events(term, 16)
        term.burst("horse = 1\r")  # Ava's 10th card: the last round
        _wait_events(term, 17)
        term.keys("F5")
        _wait_events(term, 18)
        term.burst("tree = 2\r")
        _wait_events(term, 19)
        term.keys("F5")
        got = _wait_events(term, 20)
        cards = [e.get("card") for e in got if e["event"] == "score"]
        named = [c for c in cards if c]
        assert len(named) == len(set(named)) == 9
        screen = term.wait_for("Ava: cards scored 10, card points 13, bonus 3, total 16.")  # the right panel
        assert "Final scores" in screen and "The game is over. Ava wins with 16." in screen
        assert "Ben: cards scored 3, card points 6, bonus 0, total 6." in screen
        assert not term.exited()
        term.keys("C-q")
        assert term.exit_status() == 0


def test_a_solo_game_typed_quickly_in_persian(tmp_path):
    from companion.session import replay
    from tests.tui.terminal import Terminal

    with Terminal(tmp_path, "--lang", "fa", size=(120, 40)) as term:
        _start_stones(term, "Sol", solo=True)
        term.burst("قایق اسب خورشید ماهی پرنده اسب دانه دانه درخت\r")
        _wait_events(term, 1)
        # Persian face names, a pasted word with Enter, a second Enter in the same burst
        for n, text in enumerate(["قایق اسب\r\r", "پرنده اسب\r", "دانه درخت\r", "SS20\r"], 2):
            term.burst(text)
            _wait_events(term, n)
        term.keys("F5")
        _wait_events(term, 6)
        term.burst("قایق اسب\r")  # scored already: refused, nothing recorded
        term.settle(0.8)
        assert len(_events(term)) == 6
        term.keys("F6")  # a pass: penalty 1
        _wait_events(term, 7)
        got = _events(term)
        assert [e.get("card") for e in got if e["event"] == "score"] == ["ss43", "ss67", "ss70", "ss20"]
        (journal,) = term.journals()
        from companion.journal import read_journal

        state, _ = replay(read_journal(journal))
        assert state.penalties == 1 and state.scores() == {"Sol": 5}
        assert not term.exited()
