"""Death Valley at the table: names and ability scores from the host's catalogs, F4 to enter an ability
score, the stars question that never swallows the next card, F6 only where a card can be given,
Escape closing prompts, the final breakdown, the running log -- and entries typed as people type them,
through a real terminal (tmux) in Persian and Chinese."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from companion.games.death_valley.catalog import CARD_IDS, USER_FILE, blank_catalog, load_catalog, write_catalog
from companion.games.death_valley.engine import score
from tests.tui.helpers import build_app, record_notices, type_text


def events(screen) -> list[dict]:
    return [json.loads(line) for line in screen.session.writer.path.read_text(encoding="utf-8").splitlines()[1:]]


async def valley(pilot, app, mode: str = "standard", players=("Ava", "Ben"), **extra):
    assert app.start_game("death_valley", "death_valley", list(players), mode=mode, **extra)
    await pilot.pause()
    screen = app.screen
    assert type(screen).__name__ == "DeathValleyScreen"
    return screen


async def enter(pilot, text: str = "") -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


def text_of(screen, widget: str) -> str:
    return screen.query_one(widget).text.plain


def own_catalog(folders, **cards) -> Path:
    catalog = blank_catalog()
    for card, changes in cards.items():
        catalog = catalog.with_card(card.replace("_", "-"), **changes)
    path = folders[1] / USER_FILE
    write_catalog(catalog, path)
    return path


# -- names and ability scores from the host's catalogs ----------------------------------------------
def test_names_stars_and_abilities_of_the_hosts_catalog_are_shown_and_recorded(folders):
    own_catalog(folders, heat_1=dict(stars=2, ability=3, names={"en": "Furnace Creek"}))

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app)
            await enter(pilot, "furnace creek")                   # a name is typed like an id
            assert "Furnace Creek (2 stars) ability 3" in text_of(screen, "#desert")
            assert events(screen) == [{"event": "reveal", "card": "heat-1"},
                                      {"event": "ability", "card": "heat-1", "points": 3},
                                      {"event": "stars", "card": "heat-1", "stars": 2}]
            assert screen.phase() == "travel"                     # nothing asked: all known
            await pilot.press("f5")
            await pilot.pause()
            assert score(screen.session.state, "Ava").total == 5
            assert "Ava: score 5, busts 0." in text_of(screen, "#players")
            assert "Ava takes the face-up Furnace Creek." in screen.query_one("#log").lines()
    asyncio.run(go())


def test_a_catalog_given_for_the_run_wins_and_borrows_the_hosts_stars(folders, tmp_path):
    own_catalog(folders, heat_1=dict(stars=4), heat_2=dict(stars=1, ability=5))
    given = tmp_path / "cards.toml"
    write_catalog(blank_catalog().with_card("heat-2", stars=2, ability=-1, names={"en": "Badwater"}), given)

    async def go():
        app = build_app(folders)
        app.catalog_path = given
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app)
            await enter(pilot, "heat-1")
            await pilot.press("f5")
            await pilot.pause()
            await enter(pilot, "badwater")
            assert events(screen)[1:] == [{"event": "stars", "card": "heat-1", "stars": 4},
                                          {"event": "travel", "card": "heat-1", "source": "faceup"},
                                          {"event": "reveal", "card": "heat-2"},
                                          {"event": "ability", "card": "heat-2", "points": -1},
                                          {"event": "stars", "card": "heat-2", "stars": 2}]
            assert "Badwater" in text_of(screen, "#desert")
        assert load_catalog(given)["heat-2"].ability == -1       # the given file is only read
    asyncio.run(go())


def test_f4_records_an_ability_score_remembers_it_and_undo_takes_it_back(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app, stars={c: 1 for c in CARD_IDS})
            await enter(pilot, "land-1")
            await pilot.press("f5")
            await pilot.press("f4")
            await pilot.pause()
            assert screen.phase() == "ability"
            await enter(pilot, "land 1 2")
            assert events(screen)[-1] == {"event": "ability", "card": "land-1", "points": 2}
            assert screen.phase() == "reveal" and score(screen.session.state, "Ava").total == 3
            assert load_catalog(folders[1] / USER_FILE)["land-1"].ability == 2
            assert "The ability of Land 1 scores 2 points." in text_of(screen, "#explain")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert score(screen.session.state, "Ava").total == 1
            assert events(screen)[-1] == {"event": "undo"}
            assert "Undone: The ability of Land 1 scores 2 points." in text_of(screen, "#explain")
    asyncio.run(go())


@pytest.mark.parametrize("typed", ["land-1 100", "land-1", "nothing 2", "高溫12"])
def test_a_refused_ability_entry_changes_nothing(folders, typed):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app, stars={c: 1 for c in CARD_IDS})
            await enter(pilot, "land-1")
            notices = record_notices(app)
            state, before = screen.session.state, screen.session.writer.path.read_bytes()
            await pilot.press("f4")
            await enter(pilot, typed)
            assert screen.session.state == state and screen.session.writer.path.read_bytes() == before
            assert [s for s, _t in notices] == ["error"] and screen.phase() == "ability"
            assert screen.query_one("#entry").value == typed       # kept, to be corrected
            assert not (folders[1] / USER_FILE).exists()
    asyncio.run(go())


# -- the stars question --------------------------------------------------------------------------------
def test_the_stars_question_goes_when_its_card_goes_straight_to_the_discard_pile(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app, stars={c: 1 for c in CARD_IDS if c not in ("heat-1", "flood-1")})
            await enter(pilot, "land-1")
            for card, src, dst in (("heat-2", "deck", "journey:Ava"), ("heat-3", "deck", "journey:Ava"),
                                   ("land-1", "desert", "journey:Ben"), ("heat-1", "deck", "desert")):
                assert screen.send({"event": "move", "card": card, "from": src, "to": dst})
            assert screen.phase() == "stars" and screen.asking == "heat-1"
            await pilot.press("f5")                                # Ava takes it and busts: it is discarded
            await pilot.pause()
            assert screen.session.state.discard == ("heat-1",)
            assert screen.phase() == "reveal" and screen.asking is None
            await enter(pilot, "flood-1")                          # the next card is a card, not stars
            assert events(screen)[-1] == {"event": "reveal", "card": "flood-1"}
            assert screen.phase() == "stars" and screen.asking == "flood-1"
    asyncio.run(go())


def test_a_card_typed_at_the_stars_question_is_recorded_and_the_question_comes_back(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app)
            await enter(pilot, "heat-1")
            assert screen.asking == "heat-1"
            await enter(pilot, "flood-2")                           # drawn from the deck
            assert events(screen)[-1] == {"event": "travel", "card": "flood-2", "source": "deck"}
            assert screen.phase() == "stars" and screen.asking == "heat-1"
            notices = record_notices(app)
            state, before = screen.session.state, screen.session.writer.path.read_bytes()
            await enter(pilot, "xyz")                               # neither a number nor a card
            assert screen.session.state == state and screen.session.writer.path.read_bytes() == before
            assert notices and "not a number of stars" in notices[0][1]
            assert screen.phase() == "stars" and screen.asking == "heat-1"
    asyncio.run(go())


# -- keys that apply ---------------------------------------------------------------------------------
def footer_labels(screen) -> list[str]:
    from companion.tui.widgets.footer import TranslatedFooter

    return screen.query_one(TranslatedFooter).descriptions


def test_f6_is_shown_only_where_a_card_can_be_given(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(160, 40)) as pilot:
            screen = await valley(pilot, app, stars={c: 1 for c in CARD_IDS})
            await enter(pilot, "land-1")
            assert "Give face-up" not in footer_labels(screen) and "Ability score" in footer_labels(screen)
            notices = record_notices(app)
            before = screen.session.writer.path.read_bytes()
            await pilot.press("f6")                                   # not shown, but it says why
            await pilot.pause()
            assert notices == [("error", "Only in the Backseat Driver variant may a card go into another "
                                         "player's journey (Ben).")]
            assert screen.session.writer.path.read_bytes() == before
            screen.go_home()
            await pilot.pause()
            screen = await valley(pilot, app, "backseat", stars={c: 1 for c in CARD_IDS})
            await enter(pilot, "land-1")
            assert "Give face-up" in footer_labels(screen)
            await pilot.press("f6")
            await pilot.pause()
            assert screen.session.state.journeys["Ben"] == ("land-1",)
    asyncio.run(go())


@pytest.mark.parametrize("prompt", ["f7", "f8", "f4", "stars"])
def test_escape_in_a_prompt_goes_back_to_card_entry_and_never_home(folders, prompt):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app, stars={} if prompt == "stars" else {c: 1 for c in CARD_IDS})
            await enter(pilot, "land-1")
            if prompt == "stars":
                assert screen.phase() == "stars"
            else:
                await pilot.press("f5")
                await enter(pilot, "land-2")
                await pilot.press(prompt)
                await pilot.pause()
                assert screen.phase() in ("rest", "move", "ability")
            await type_text(pilot, "land")
            before = screen.session.writer.path.read_bytes()
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.phase() == "travel"
            assert screen.query_one("#entry").value == "" and not screen.escape_armed
            assert screen.session.writer.path.read_bytes() == before
            await pilot.press("escape")                              # now the game screen's own Escape
            await pilot.pause()
            assert app.screen is screen and screen.escape_armed
    asyncio.run(go())


# -- the end: breakdown and the rule that decided -------------------------------------------------------
def test_the_end_of_the_game_shows_the_breakdown_and_the_tie_break(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await valley(pilot, app, stars={c: 0 for c in CARD_IDS} | {"land-2": 2})
            await enter(pilot, "heat-1")
            for event in ({"event": "move", "card": "heat-4", "from": "deck", "to": "journey:Ava"},
                          {"event": "move", "card": "heat-5", "from": "deck", "to": "journey:Ava"},
                          {"event": "move", "card": "land-3", "from": "deck", "to": "album:Ava"}):
                assert screen.send(event)
            await pilot.press("f4")
            await enter(pilot, "land-3 2")
            await pilot.press("f5")                                   # Ava busts on heat
            await enter(pilot, "flood-1")
            await enter(pilot, "land-2")                               # Ben draws 2 stars
            for card in [c for c in CARD_IDS if c in screen.session.state.deck and c != "flood-2"]:
                assert screen.send({"event": "move", "card": card, "from": "deck", "to": "discard"})
            await enter(pilot, "flood-2")
            assert screen.session.state.finished and screen.phase() == "over"
            end = text_of(screen, "#warning")
            assert "Winner: Ben." in end
            assert "Ava and Ben are tied on points (2); Ben wins the tie on busts: 0 against 1." in end
            assert "Ava: score 2 = journey stars 0 + abilities 2; busts 1." in end
            assert "Abilities of Ava: Land 3 (2)." in end
            assert "Ben: score 2 = journey stars 2 + abilities 0; busts 0." in end
            await pilot.press("f4")                                   # a late correction changes the result
            await enter(pilot, "land-3 3")
            assert "Winner: Ava." in text_of(screen, "#warning")
    asyncio.run(go())


# -- through a real terminal: bursts, Persian and Chinese -------------------------------------------------
def journal_file(tmp_path: Path, mode: str, players: list[str], *lines: dict, unknown=()) -> Path:
    header = {"journal": "companion", "version": 1, "game": "death_valley", "ruleset": "death_valley",
              "players": players, "mode": mode, "stars": {c: 1 for c in CARD_IDS if c not in unknown},
              "started": "2026-12-01T10:00:00Z"}
    path = tmp_path / "valley.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in (header, *lines)), encoding="utf-8")
    return path


def written(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


HEATS = [{"event": "reveal", "card": "animal-1"},
         {"event": "move", "card": "heat-1", "from": "deck", "to": "journey:Ava"},
         {"event": "move", "card": "heat-2", "from": "deck", "to": "journey:Ava"},
         {"event": "move", "card": "flood-1", "from": "deck", "to": "journey:Ava"}]


@pytest.mark.parametrize(("language", "rest", "ability"), [
    ("fa", "گرما ۱ + گرما ۲ - سیلاب ۱", "حیوان ۱ ۲"),       # as the screen writes the names
    ("zh_Hant", "高溫1+高溫2-洪水1", "動物1 2"),               # no spaces
    ("en", "HEAT 1+heat-2 -flood 1", "Animal 1 2"),
])
def test_rest_and_ability_typed_in_one_burst(tmp_path, language, rest, ability):
    from tests.tui.terminal import Terminal

    path = journal_file(tmp_path, "backseat", ["Ava", "Ben"], *HEATS)
    with Terminal(tmp_path, "--lang", language, "--resume", str(path)) as term:
        term.wait_until(lambda: len(term.screen().splitlines()) > 5 and "F5" in term.screen(), what="the game")
        term.keys("F7")
        term.settle(0.3)
        term.burst(rest + "\r")
        term.wait_until(lambda: any(e.get("event") == "rest" for e in written(path)), what="the rest")
        term.settle(0.3)
        term.keys("F4")
        term.settle(0.3)
        term.burst(ability + "\r")
        term.wait_until(lambda: written(path)[-1].get("event") == "ability", what="the ability")
        term.keys("F5")
        term.wait_until(lambda: written(path)[-1].get("event") == "travel", what="the travel")
    assert written(path)[len(HEATS):] == [
        {"event": "rest", "card": "heat-1", "tuck": ["heat-2"], "return": ["flood-1"]},
        {"event": "ability", "card": "animal-1", "points": 2},
        {"event": "travel", "card": "animal-1", "source": "faceup"}]


def test_a_burst_after_the_stars_question_lands_in_card_entry(tmp_path):
    from tests.tui.terminal import Terminal

    path = journal_file(tmp_path, "standard", ["Ava", "Ben"],
                        {"event": "reveal", "card": "land-1"},
                        {"event": "move", "card": "heat-1", "from": "deck", "to": "journey:Ava"},
                        {"event": "move", "card": "heat-2", "from": "deck", "to": "journey:Ava"},
                        {"event": "move", "card": "land-1", "from": "desert", "to": "journey:Ben"},
                        {"event": "move", "card": "heat-3", "from": "deck", "to": "desert"},
                        unknown=("heat-3", "flood-1"))
    with Terminal(tmp_path, "--lang", "en", "--resume", str(path)) as term:
        term.wait_for("First time Heat 3 is seen")
        term.keys("F5")                                  # Ava takes it and busts: Heat 3 is discarded
        term.wait_for("Type the card turned face up")
        assert "Ava busts: Heat 3 goes to the discard pile." in term.settle()  # the log's last line
        term.burst("flood-1\r")                          # at once, as a fast typist or a paste
        term.wait_until(lambda: written(path)[-1] == {"event": "reveal", "card": "flood-1"}, what="the reveal")
        term.burst("3\r")                                # now the question is about Flood 1
        term.wait_until(lambda: written(path)[-1] == {"event": "stars", "card": "flood-1", "stars": 3},
                        what="the stars")
