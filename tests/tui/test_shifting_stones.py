"""Shifting Stones through key presses only: a 2-player game and a solo game to their final scores,
refused input that changes nothing, and the picker's search in every language."""

from __future__ import annotations

import asyncio

import pytest

from companion.games.shifting_stones import summary
from companion.games.shifting_stones.engine import HAND, HAND_MAX, PASS_DRAW
from companion.i18n import translator
from companion.journal import read_journal
from companion.session import replay
from companion.tui.widgets.card_picker import face_of, filter_cards, to_notation
from tests.tui.helpers import build_app, type_text

LAYOUT = "sun fish bird / horse horse horse / seed seed tree"


async def new_stones_game(pilot, players: str, solo: bool = False) -> None:
    """Home -> N -> game menu: Shifting Stones -> preset -> players -> Enter."""
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("down", "tab")
    if solo:
        await pilot.press("down")
    await pilot.press("tab")
    await type_text(pilot, players)
    await pilot.press("enter")
    await pilot.pause()


async def enter(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def score(pilot, *cards: str) -> None:
    for card in cards:
        await enter(pilot, card)


def _bytes(screen):
    return screen.session.writer.path.read_bytes()


def _record_notices(app) -> list[str]:
    shown: list[str] = []
    original = app.notice

    def notice(text, **kwargs):
        shown.append(text)
        original(text, **kwargs)

    app.notice = notice
    return shown


def test_two_players_by_keys(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            assert type(screen).__name__ == "ShiftingStonesScreen"
            await enter(pilot, LAYOUT)
            assert screen.session.state.grid[0] == ("sun", "fish", "bird")
            await score(pilot, "ss03", "ss25", "ss26", "ss64")
            await pilot.press("f5")                       # Ava ends her turn
            await pilot.press("f6")                       # Ben passes
            await score(pilot, "ss33", "ss65", "ss70", "sun = 2")
            await pilot.press("f5")
            # Ben: shift fish and bird, shift them back, flip the fish twice (4 cards burned), score ss64.
            await pilot.press("f8", "right", "s", "right", "s", "s", "left", "s", "f", "f")
            await pilot.pause()
            state = screen.session.state
            assert state.grid[0] == ("sun", "fish", "bird") and state.hands[1] == 2 and state.discard == 4
            await pilot.press("f9")
            await score(pilot, "fish = 1")
            await pilot.press("f5")
            await score(pilot, "horse = 2", "seed = 2")               # Ava's 10th card: the last round
            await pilot.press("f5")
            assert not screen.session.state.finished
            await score(pilot, "tree = 1")
            await pilot.press("f5")
            await pilot.pause()
            state = screen.session.state
            assert state.finished
            assert state.scores() == {"Ava": 20, "Ben": 2}  # 17 points + the 3-point bonus; 1 + 1
            assert list(state.winners()) == ["Ava"]
            assert "Ava wins with 20" in screen.query_one("#explain").text.plain
            path = screen.session.writer.path
        final, _ = replay(read_journal(path))
        assert summary(final)["scores"] == {"Ava": 20, "Ben": 2}
    asyncio.run(go())


@pytest.mark.slow  # the two-player game by keys stays quick; solo-win.jsonl replays a solo game in the quick run
def test_solo_by_keys_with_hand_written_cards(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Sol", solo=True)
            screen = app.screen
            assert screen.session.state.solo
            await enter(pilot, "sun fish bird horse horse horse seed seed tree")  # nine words, three by three
            await pilot.press("f6")                                           # a pass: penalty 1
            await pilot.pause()
            assert screen.session.state.penalties == 1
            assert "penalty 1 of 4" in screen.query_one("#explain").text.plain
            await score(pilot, "ss03", "ss25", "ss26", "ss33", "ss64", "ss65")
            await pilot.press("f5")
            await score(pilot, "ss70", "fish = 1", "horse = 1", "seed = 1")
            await pilot.press("f5")
            await score(pilot, "bird = 1", "tree = 1", "sun = 3", "horse / seed = 3")
            await pilot.press("f5")
            await score(pilot, "* bird = 3", "sun fish bird = 5")
            state = screen.session.state
            assert state.finished and state.result == "won"
            assert state.scores() == {"Sol": 30} and state.penalties == 1
            assert "wins the solo game" in screen.query_one("#explain").text.plain
    asyncio.run(go())


def test_refused_input_changes_nothing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            notices = _record_notices(app)
            # A bad layout (two suns) and a word that is no face: refused, nothing journalled.
            before = _bytes(screen)
            for bad in ["sun sun bird horse horse horse seed seed tree",
                        "sun fish bird horse horse horse seed seed xyz"]:
                await enter(pilot, bad)
                assert screen.session.state.grid is None and _bytes(screen) == before
                screen.query_one("#layout").value = ""
            await enter(pilot, LAYOUT)
            state, before = screen.session.state, _bytes(screen)
            # A card that does not match; a hand-written card without points; a card nobody has.
            for bad in ["ss01", "moon = 2", "moon", "sun sun = 2"]:
                await enter(pilot, bad)
                assert screen.session.state == state and _bytes(screen) == before
                screen.query_one("#pick").value = ""
            # Stones that are not side by side cannot swap.
            await pilot.press("f8", "s", "down", "down", "right", "right", "s")
            await pilot.pause()
            assert screen.session.state == state and _bytes(screen) == before
            # After an action, a pass is refused; undo brings the pass back.
            await pilot.press("f")
            await pilot.pause()
            acted, after = screen.session.state, _bytes(screen)
            await pilot.press("f6")
            await pilot.pause()
            assert screen.session.state == acted and _bytes(screen) == after
            assert len(notices) == 8
            await pilot.press("ctrl+z", "f6")
            await pilot.pause()
            assert screen.session.state.current == 1
    asyncio.run(go())


def test_checker_hint_and_hand(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            await enter(pilot, LAYOUT)
            await type_text(pilot, "ss64")
            await pilot.pause()
            grid = screen.query_one("#grid")
            assert grid.highlight == {(1, 2), (2, 2)}  # fish over horse
            await pilot.press("ctrl+u")
            await type_text(pilot, "ss02")
            await pilot.pause()
            hint = screen.query_one("#hint").text.plain
            assert "The fewest paid actions: 2." in hint and grid.highlight == frozenset()
            assert f"a hand of up to {HAND_MAX} and" in hint  # the limits are the engine's
            titles = [command.title for command in screen.palette()]
            assert f"End the turn and draw back up to {HAND} cards" in titles
            assert f"Pass and draw {PASS_DRAW} cards" in titles
            await pilot.press("f4")
            await pilot.press("ctrl+u")
            await type_text(pilot, "ss64")
            await pilot.press("f4")
            await pilot.pause()
            assert [c.id for c in screen.hand] == ["ss02", "ss64"]
            await app.workers.wait_for_complete()  # the hand is solved off the interface thread
            await pilot.pause()
            assert "The most this hand can score this turn" in screen.query_one("#hint").text.plain
            # A full hand takes no more cards (the highlighted ss64 is not one of them).
            notices = _record_notices(app)
            full = [c for c in screen.library().values() if c.id != "ss64"][:HAND_MAX]
            screen.hand = list(full)
            screen.action_hand()
            assert notices == [f"A hand holds at most {HAND_MAX} cards."] and screen.hand == full
    asyncio.run(go())


@pytest.mark.parametrize("locale, words, face", [
    ("fa", "ماهی", "fish"), ("fa", "ماه", "moon"), ("zh_Hant", "鳥", "bird"), ("zh_Hans", "种子", "seed"),
    ("en", "ho", "horse"), ("en", "s", None)])
def test_faces_typed_in_every_language(locale, words, face):
    assert face_of(words, translator(locale)) == face


def test_picker_filters_in_the_players_language():
    from companion.games.shifting_stones.library import load_library

    cards = load_library(None).values()
    english = filter_cards(cards, "fish horse", translator("en"))
    assert english and all(sorted(c.pattern.text.split()).count("fish") >= 1 for c in english)
    assert [c.id for c in filter_cards(cards, "魚 馬", translator("zh_Hant"))] == [c.id for c in english]
    assert [c.id for c in filter_cards(cards, "ماهی اسب", translator("fa"))] == [c.id for c in english]
    assert [c.id for c in filter_cards(cards, "ss64", translator("en"))] == ["ss64"]
    assert filter_cards(cards, "xyz", translator("en")) == []
    assert to_notation("太陽 * 魚 / 馬 - 船", translator("zh_Hant")) == "sun * fish / horse * boat"


def test_language_switch_while_playing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            await enter(pilot, LAYOUT)
            await pilot.press("f2", "down", "down", "enter")  # English, فارسی, 繁體中文
            await pilot.pause()
            assert app.screen is screen
            assert "九塊石板已經排好" in screen.query_one("#explain").text.plain
            assert "玩家" in screen.query_one("#status").text.plain
            assert "太陽" in screen.query_one("#grid").render().plain
            await type_text(pilot, "魚 馬")                    # the picker now reads Chinese face names
            await pilot.pause()
            assert [c.id for c in screen.query_one("#cards").cards] == ["ss64", "ss39", "ss18"]
    asyncio.run(go())


def test_a_slow_hand_search_does_not_block_the_screen(folders, monkeypatch):
    import threading

    from companion.games.shifting_stones import solver

    release = threading.Event()
    real = solver.best_turn

    def slow(grid, cards):
        release.wait(10)
        return real(grid, cards)

    monkeypatch.setattr(solver, "best_turn", slow)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_stones_game(pilot, "Ava, Ben")
            screen = app.screen
            await enter(pilot, LAYOUT)
            await type_text(pilot, "ss02")
            await pilot.press("f4")
            await pilot.pause()
            assert "Working out the best turn" in screen.query_one("#hint").text.plain
            await pilot.press("ctrl+u")
            await type_text(pilot, "ss64")  # the screen still answers while the search runs
            await pilot.pause()
            assert screen.query_one("#grid").highlight == {(1, 2), (2, 2)}
            release.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            hint = screen.query_one("#hint").text.plain
            assert "Working out the best turn" not in hint
            assert "No card of this hand can be scored this turn" in hint  # ss02 alone needs 2 actions

    asyncio.run(go())
