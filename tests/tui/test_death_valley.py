"""Death Valley through key presses only (standard, Backseat Driver, solo): whole games to their final
scores, stars asked once and remembered, refused input that changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from companion.games.death_valley import summary
from companion.games.death_valley.engine import ROBOT, choices, ordered
from companion.journal import read_journal
from companion.session import replay
from tests.tui.helpers import build_app, type_text

PRESETS = {"standard": 0, "backseat": 1, "solo": 2}


async def new_valley_game(pilot, preset: str, players: str) -> None:
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("down", "down", "tab")
    for _ in range(PRESETS[preset]):
        await pilot.press("down")
    await pilot.press("tab")
    await type_text(pilot, players)
    await pilot.press("enter")
    await pilot.pause()


async def enter(pilot, text: str = "") -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


def stars_of(card: str) -> int:
    return int(card.rsplit("-", 1)[1])


async def play_by_keys(pilot, screen, limit: int = 200) -> int:
    """A host at the table: answers the star questions (a card's stars = its number), flips the first
    deck card in id order, and plays a fixed routine; returns the number of key-driven steps."""
    for step in range(limit):
        state = screen.session.state
        if state.finished:
            return step
        phase = screen.phase()
        if phase == "stars":
            await enter(pilot, str(stars_of(screen.asking)))
        elif phase == "reveal":
            await enter(pilot, ordered(state.deck)[0])
        elif phase == "robot":
            decision = choices(state).robot
            await enter(pilot, ordered(state.deck)[0] if decision.takes_deck else "")
        else:
            journey = state.journeys[state.active]
            if len(journey) >= 2 and step % 3 == 0:
                await pilot.press("f7")                   # rest: first card, tuck the second
                await enter(pilot, f"{journey[0]} + {journey[1]}")
            elif state.mode != "standard" and step % 5 == 1:
                await pilot.press("f6")                   # give the face-up card away
            elif step % 2:
                await pilot.press("f5")                   # take the face-up card
            else:
                await enter(pilot, ordered(state.deck)[-1])  # the card drawn from the deck
        await pilot.pause()
    raise AssertionError("the game did not end")


# Stars = the card's number, so a score is the sum of the numbers of the visible journey cards
# (standard: Ben ends with flood-4 and land-3; backseat: Ava animal-3, Ben animal-2, heat-6, land-1;
# solo: Sol land-3, the robot land-4, animal-1, flood-4, heat-2).
EXPECTED = {
    "standard": ("Ava, Ben", {"Ava": 0, "Ben": 7}, {"Ava": 3, "Ben": 0}, ["Ben"]),
    "backseat": ("Ava, Ben", {"Ava": 3, "Ben": 9}, {"Ava": 4, "Ben": 3}, ["Ben"]),
    "solo": ("Sol", {"Sol": 3, ROBOT: 11}, {"Sol": 4, ROBOT: 2}, [ROBOT]),
}


# One key-press game stays in the quick run: solo (the robot's phase, F5-F7, stars, reveal); the other two
# are slow, and tests/death_valley/test_journals.py replays full standard and backseat games quickly.
@pytest.mark.parametrize("mode", [pytest.param(m, marks=[] if m == "solo" else [pytest.mark.slow]) for m in EXPECTED])
def test_full_game_by_keys(folders, mode):
    players, scores, busts, winners = EXPECTED[mode]

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, mode, players)
            screen = app.screen
            assert type(screen).__name__ == "DeathValleyScreen" and screen.session.state.mode == mode
            await play_by_keys(pilot, screen)
            state = screen.session.state
            assert state.finished
            data = summary(state)
            assert data["scores"] == scores, data
            assert data["busts"] == busts and data["winners"] == winners
            assert data["stars_unknown"] == []
            assert "the game is over" in screen.query_one("#explain").text.plain
            path = screen.session.writer.path
        final, _ = replay(read_journal(path))
        assert summary(final)["scores"] == scores
        # Every star answer was remembered in the host's catalog.
        from companion.games.death_valley.catalog import USER_FILE, load_catalog

        known = load_catalog(folders[1] / USER_FILE)
        seen = [c for c in known.cards.values() if c.stars is not None]
        assert seen and all(c.stars == stars_of(c.id) for c in seen)
    asyncio.run(go())


def test_stars_remembered_are_not_asked_again(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "standard", "Ava, Ben")
            screen = app.screen
            await enter(pilot, "flood-2")
            assert screen.phase() == "stars" and screen.asking == "flood-2"
            await enter(pilot, "۳")                                  # Persian digits are numbers too
            assert screen.session.state.catalog["flood-2"].stars == 3
            await pilot.press("escape")
            await pilot.pause()
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "standard", "Cy, Dee")
            screen = app.screen
            await enter(pilot, "f2")                                 # the short id
            assert screen.phase() == "travel"                        # not asked: remembered
            assert screen.session.state.catalog["flood-2"].stars == 3
    asyncio.run(go())


def test_refused_input_changes_nothing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "standard", "Ava, Ben")
            screen = app.screen
            await enter(pilot, "heat-1")
            await enter(pilot, "1")
            state, before = screen.session.state, screen.session.writer.path.read_bytes()
            assert screen.phase() == "travel"
            shown = []
            original = app.notice
            app.notice = lambda text, **kw: (shown.append(text), original(text, **kw))
            for keys in (["xyz", "enter"], ["heat-1", "enter"], ["f6"], ["f9"], ["f7", "flood-3", "enter", "escape"],
                         ["f8", "heat-1", "nowhere", "enter", "escape"]):
                for key in keys:
                    if len(key) > 2 and key not in ("enter", "escape"):
                        await type_text(pilot, key if key != "nowhere" else " nowhere")
                    else:
                        await pilot.press(key)
                await pilot.pause()
                assert screen.session.state == state
                assert screen.session.writer.path.read_bytes() == before
                screen.query_one("#entry").value = ""
            assert len(shown) == 6
            assert "Heat 1 is the face-up desert card" in shown[1]   # names, not ids
    asyncio.run(go())


# -- the screen asks the engine (engine.choices) what may happen now ---------------------------------
PALETTE = {"robot": "Record the robot's move", "take": "Take the face-up card into your journey",
           "give": "Give the face-up card to the other player", "rest": "Rest: put a journey card into your album",
           "move": "Record an ability's moves", "end_turn": "End the turn after an ability"}
KEYS = {"take": "f5", "give": "f6", "rest": "f7", "move": "f8", "end_turn": "f9"}


async def refuses_what_the_engine_refuses(pilot, app, screen) -> None:
    """Every key and palette entry: refused by the screen exactly when ``choices`` refuses it, with the
    engine's own reason, and nothing changes; the palette offers only what ``choices`` allows."""
    from companion.games.death_valley.explain import error_text
    from companion.i18n import translator

    state = screen.session.state
    now = choices(state)
    titles = [c.title for c in screen.palette()]
    assert [t for t in titles if t in PALETTE.values()] == [PALETTE[a] for a in PALETTE if now.may(a)]
    for action, key in KEYS.items():
        error = now.why_not(action)
        if error is None or (action == "take" and now.player == ROBOT):
            continue
        shown = []
        original = app.notice
        app.notice = lambda text, shown=shown, original=original, **kw: (shown.append(text), original(text, **kw))
        before = screen.session.writer.path.read_bytes()
        await pilot.press(key)
        await pilot.pause()
        app.notice = original
        assert shown == [error_text(error, state, translator("en"))], (action, shown)
        assert screen.session.state == state and screen.session.writer.path.read_bytes() == before


def test_the_screen_refuses_what_the_engine_refuses(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "standard", "Ava, Ben")
            screen = app.screen
            await refuses_what_the_engine_refuses(pilot, app, screen)       # a flip is due
            await enter(pilot, "heat-1")
            await enter(pilot, "1")
            assert screen.phase() == "travel"
            hint = screen.query_one("#entry-hint").text.plain
            assert "F6" not in hint and "F5 takes the face-up card" in hint  # no giving in a standard game
            await refuses_what_the_engine_refuses(pilot, app, screen)       # Ava's turn: no give, no end turn
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_valley_game(pilot, "solo", "Sol")
            screen = app.screen
            await enter(pilot, "heat-1")                                     # its stars are remembered
            assert "F6 gives it to the other player" in screen.query_one("#entry-hint").text.plain
            await refuses_what_the_engine_refuses(pilot, app, screen)       # Sol's turn
            await enter(pilot, "land-2")
            await enter(pilot, "2")
            assert screen.phase() == "robot"
            await refuses_what_the_engine_refuses(pilot, app, screen)       # the robot's turn
            await pilot.press("f8")                                          # an ability may follow Sol's action
            await pilot.pause()
            assert screen.phase() == "move"
            await enter(pilot, "heat-2 discard")
            assert screen.session.state.discard == ("heat-2",) and screen.session.state.active == ROBOT
            await pilot.press("escape")
            await pilot.pause()
            assert screen.phase() == "robot"
    asyncio.run(go())
