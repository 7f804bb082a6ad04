"""Teaching a first game ("teach": true in the header): the setup checklist when the game starts, a
note the first time each rule applies (a toast: the entry keeps the focus), "Stop teaching"."""

from __future__ import annotations

import asyncio

import pytest

from companion.content import load_document
from companion.games import get
from companion.i18n import translator
from companion.journal import new_header
from companion.teach import Teacher, checklist_lines, lessons_module
from companion.tui.screens.teach import SetupChecklist
from tests.tui.helpers import build_app, play, record_notices, type_text
from tests.tui.test_death_valley import play_by_keys
from tests.tui.test_shifting_stones import LAYOUT
from tests.tui.test_shifting_stones import enter as stones_enter

TITLES = {game: {s.id: s.title for s in load_document(game, "en", "rules").sections}
          for game in ("diamant", "shifting_stones", "death_valley")}


def notes_of(notices: list[tuple[str, str]], game: str) -> list[str]:
    """The lesson ids of the rule notes among ``notices``, in the order shown."""
    en = translator("en")
    module = lessons_module(game)
    found = []
    for _severity, text in notices:
        for lesson in module.LESSONS:
            if text.startswith(en.gettext(lesson.message)):
                assert TITLES[game][lesson.section] in text  # names the section it comes from
                found.append(lesson.id)
    return found


async def start(app, pilot, game, ruleset, players, teach=True, **extra):
    if teach:
        extra["teach"] = True
    assert app.start_game(game, ruleset, players, **extra)
    for _n in range(3):
        await pilot.pause()
    screen = app.screen_stack[-2] if isinstance(app.screen, SetupChecklist) else app.screen
    return screen


def run_diamant(folders, teach: bool):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            game = await start(app, pilot, "diamant", "diamant-classic", ["Ava", "Ben", "Chen"], teach=teach)
            assert isinstance(app.screen, SetupChecklist) is teach
            notices = record_notices(app)
            # The first key typed closes the checklist and goes on to the card field.
            await type_text(pilot, "snake")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is game and game.focused is game.query_one("#card")
            assert game.session.steps[-1].event["hazard"] == "snake"
            await play(pilot, ["7", (1,), "13", "gas", "snake", "5", "gas", "gas"])
            assert len(game.session.steps) == 9  # every entry went in: no note took a key
            # (the round summary of the bust is open on the game screen; the card field keeps the focus)
            assert app.screen is game and game.summary_open and game.focused is game.query_one("#card")
            return notes_of(notices, "diamant"), game.session.header.get("teach")
    return asyncio.run(go())


def test_diamant_notes_once_in_order(folders):
    notes, header = run_diamant(folders, teach=True)
    assert header is True
    # snake: hazard; 7 among 3: 1 stays; Ava leaves; snake again: bust; the rest teaches nothing new.
    assert notes == ["hazard", "remainder", "leave", "bust"]


def test_diamant_silent_without_teaching(folders):
    notes, header = run_diamant(folders, teach=False)
    assert notes == [] and header is None


def test_stones_notes_and_focus(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            game = await start(app, pilot, "shifting_stones", "shifting_stones", ["Ava", "Ben"], mode="multi")
            assert isinstance(app.screen, SetupChecklist)
            await pilot.press("escape")
            await pilot.pause()
            notices = record_notices(app)
            await stones_enter(pilot, LAYOUT)
            await stones_enter(pilot, "ss03")
            await pilot.pause()
            assert game.focused is game.query_one("#pick")
            await stones_enter(pilot, "ss25")
            await pilot.press("f8", "right", "s", "right", "s")
            await pilot.pause()
            focused = game.focused
            await pilot.press("f")
            await pilot.pause()
            assert app.screen is game and game.focused is focused
            return notes_of(notices, "shifting_stones")
    assert asyncio.run(go()) == ["score", "shift", "flip"]


def test_valley_notes_and_stop_teaching(folders):
    async def go(stop: bool):
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            game = await start(app, pilot, "death_valley", "death_valley", ["Ava", "Ben"], mode="standard")
            await pilot.press("escape")
            await pilot.pause()
            notices = record_notices(app)
            if stop:
                command = next(c for c in game.palette() if c.title == "Stop teaching")
                lines = len(game.session.writer.path.read_bytes())
                command.run()
                assert len(game.session.writer.path.read_bytes()) == lines  # nothing journalled
                assert all(c.title != "Stop teaching" for c in game.palette())
            await play_by_keys(pilot, game)
            assert app.screen is game and game.focused is game.query_one("#entry")
            return notes_of(notices, "death_valley")
    notes = asyncio.run(go(False))
    assert sorted(notes) == ["rest", "warning"] and len(notes) == 2
    assert asyncio.run(go(True)) == []


@pytest.mark.parametrize("players", [3, 8])
def test_diamant_checklist_counts(players):
    header = new_header("diamant", "incan-gold", [f"P{i}" for i in range(players)])
    state = get("diamant").start(header)
    rules = state.rules
    text = "\n".join(checklist_lines("diamant", state, translator("en")))
    assert f"the {len(rules.treasures)} treasure cards" in text
    assert f"the {len(rules.hazards) * rules.hazard_copies} hazard cards" in text
    assert f"Deal {2 * players} decision cards, two to each of the {players} players" in text
    assert f"The deck then holds {len(rules.treasures) + 15 + 1} cards." in text


@pytest.mark.parametrize(("players", "target"), [(2, 10), (5, 7)])
def test_stones_checklist_counts(players, target):
    header = new_header("shifting_stones", "shifting_stones", [f"P{i}" for i in range(players)], mode="multi")
    text = "\n".join(checklist_lines("shifting_stones", get("shifting_stones").start(header), translator("en")))
    assert f"deal 4 to each player ({4 * players} in all); the other {72 - 4 * players} are" in text
    assert f"With {players} players the game ends once someone has scored {target} cards." in text


def test_valley_checklist_counts():
    header = new_header("death_valley", "death_valley", ["Ava", "Ben"], mode="backseat")
    text = "\n".join(checklist_lines("death_valley", get("death_valley").start(header), translator("en")))
    assert "Shuffle all 18 cards" in text and "Backseat Driver" in text
    assert "animal (3), flood (4), land (5), and heat (6)" in text


@pytest.mark.parametrize("game", ["diamant", "shifting_stones", "death_valley"])
@pytest.mark.parametrize("locale", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_sections_exist_and_notes_translated(game, locale):
    ids = load_document(game, locale, "rules").section_ids
    tr = translator(locale)
    for lesson in lessons_module(game).LESSONS:
        assert lesson.section in ids
        if locale != "en":
            assert tr.gettext(lesson.message) != lesson.message
    players = ["Ava", "Ben", "Chen"] if game == "diamant" else ["Ava", "Ben"]
    header = new_header(game, "incan-gold" if game == "diamant" else game, players)
    lines = checklist_lines(game, get(game).start(header), tr)
    assert lines


def test_resumed_game_keeps_teaching_but_not_what_was_taught():
    header = new_header("diamant", "diamant-classic", ["Ava", "Ben", "Chen"], teach=True)

    class Step:
        def __init__(self, outcome, state):
            self.outcome, self.state = outcome, state
    game = get("diamant")
    state, outcome = game.apply(game.start(header), {"event": "draw", "card": "hazard", "hazard": "snake"})
    teacher = Teacher.for_game("diamant", header, [Step(outcome, state)])
    assert teacher is not None and teacher.given == {"hazard"}
    assert teacher.new_lessons(outcome, state) == []
    assert Teacher.for_game("diamant", new_header("diamant", "diamant", ["A", "B", "C"])) is None


def test_form_choice_is_saved_and_a_resumed_game_keeps_teaching(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert form.query_one("#new-game").virtual_size.height <= form.query_one("#new-game").size.height
            await pilot.press("tab", "tab", "tab", "tab")  # game, rules, players, language, teaching
            assert form.focused.id == "teach"
            await pilot.press("down")
            await pilot.press("shift+tab", "shift+tab")  # back to the players field
            await type_text(pilot, "Ava, Ben, Chen")
            await pilot.press("enter")
            for _n in range(3):
                await pilot.pause()
            assert isinstance(app.screen, SetupChecklist)
            await pilot.press("enter")  # closes it; nothing is typed
            await pilot.pause()
            game = app.screen
            assert game.session.header.get("teach") is True and not game.session.steps
            assert game.focused is game.query_one("#card")
            await type_text(pilot, "snake")
            await pilot.press("enter")
            await pilot.pause()
            path = game.session.writer.path
            assert '"teach": true' in path.read_text(encoding="utf-8").splitlines()[0]
            game.go_home()
            await pilot.pause()
            assert app.open_journal(path)
            for _n in range(3):
                await pilot.pause()
            resumed = app.screen
            assert not isinstance(resumed, SetupChecklist)  # a game under way: no checklist again
            assert resumed.teacher is not None and resumed.teacher.given == {"hazard"}
    asyncio.run(go())
