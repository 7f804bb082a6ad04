"""The new-game form fits an 80 x 24 terminal in every language, and its words fit their number."""

from __future__ import annotations

import asyncio

import pytest

from companion.i18n import translator
from companion.tui.screens.new_game import NewGameScreen
from tests.tui.helpers import build_app
from tests.tui.terminal import Terminal

FIELDS = ("#game", "#preset", "#players", "#language", "#new-game-hint", "#players-label")


async def open_form(pilot) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def assert_all_visible(screen, size) -> None:
    width, height = size
    scroll = screen.query_one("#new-game")
    assert scroll.max_scroll_y == 0, "the form needs scrolling"
    footer_top = height - 1
    for selector in FIELDS:
        region = screen.query_one(selector).region
        assert region.height > 0 and region.width > 0, selector
        assert region.y >= 0 and region.bottom <= footer_top, f"{selector} is cut off: {region}"
        assert region.right <= width, selector
    for menu in ("#game", "#preset", "#language"):  # every entry shows without scrolling the list
        assert screen.query_one(menu).max_scroll_y == 0, menu


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant", "zh_Hans"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_field_and_the_hint_fit_for_every_game(folders, language, size):
    async def go():
        app = build_app(folders, language)
        async with app.run_test(size=size) as pilot:
            screen = await open_form(pilot)
            for index in range(len(screen.games)):  # each game, with its own presets
                screen.query_one("#game").highlighted = index
                await pilot.pause()
                assert screen.game == screen.games[index]
                assert_all_visible(screen, size)

    asyncio.run(go())


def test_tab_still_goes_game_rules_players_language(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_form(pilot)
            order = [app.focused.id]
            for _ in range(3):
                await pilot.press("tab")
                order.append(app.focused.id)
            assert order == ["game", "preset", "players", "language"]
            assert screen.query_one("#players").region.y > screen.query_one("#preset").region.y

    asyncio.run(go())


def test_the_players_label_and_example_fit_the_number_of_players(folders):
    en = translator("en")

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_form(pilot)
            label = screen.query_one("#players-label")
            field = screen.query_one("#players")
            seen = {}
            for index, game in enumerate(screen.games):
                screen.query_one("#game").highlighted = index
                await pilot.pause()
                presets = screen.query_one("#preset")
                for row in range(presets.option_count):
                    presets.highlighted = row
                    await pilot.pause()
                    low, high = screen._presets()[screen.preset].players
                    seen[(game, screen.preset)] = (label.text.plain, field.placeholder)
                    text = label.text.plain
                    if high == 1:
                        assert text == "The player's name" and field.placeholder == "Ava"
                    elif low == high:
                        assert text == en.gettext("Players ({n}), separated by commas", n=low)
                        assert "to" not in text
                    else:
                        assert text == f"Players ({low} to {high}), separated by commas"
                    if low == 2:
                        assert field.placeholder == "Ava, Ben"
            assert seen[("death_valley", "solo")][0] == "The player's name"
            assert seen[("death_valley", "standard")] == ("Players (2), separated by commas", "Ava, Ben")
            assert seen[("diamant", "diamant")] == ("Players (3 to 8), separated by commas", "Ava, Ben, Chen")

    asyncio.run(go())


@pytest.mark.parametrize("language, hint", [("en", "Ctrl+S starts"), ("zh_Hant", "Ctrl+S")])
def test_the_form_fits_a_real_80_by_24_terminal(tmp_path, language, hint):
    with Terminal(tmp_path, "--lang", language, size=(80, 24)) as term:
        term.wait_for("^q")
        term.burst("n")
        shown = term.wait_for(hint)
        lines = shown.split("\n")
        assert len([line for line in lines if line.strip()]) <= 23
        for name in ("English", "简体中文", "繁體中文"):
            assert name in shown
        term.keys("Down", "Down")  # Death Valley: four presets, two-player label
        shown = term.settle()
        assert hint in shown and "简体中文" in shown


def test_tab_names_and_enter_in_one_burst_start_the_game_with_those_names(tmp_path):
    from companion.journal import read_journal

    for attempt in range(3):  # the keys used to go to the field that had the focus before Tab
        folder = tmp_path / str(attempt)
        folder.mkdir()
        with Terminal(folder, "--lang", "en", size=(80, 24)) as term:
            term.wait_for("New game")
            term.burst("n")
            term.wait_for("Players (")
            term.burst("\t\tDara, Eli, Fay\r")
            term.wait_for("round 1 of 5")
            [path] = term.journals()
            assert read_journal(path).header.players == ("Dara", "Eli", "Fay")


@pytest.mark.parametrize("language", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_the_language_list_shows_the_language_in_use(folders, language):
    """Seen in a Persian terminal: the form's language list had English highlighted, as if the game were
    to be in English. It shows the language in use; choosing another one still switches to it."""
    async def go():
        app = build_app(folders, language)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_form(pilot)
            languages = screen.query_one("#language")
            assert languages.highlighted_option.id == language
            for _ in range(3):
                await pilot.press("tab")
            assert app.focused is languages
            other = "zh_Hans" if language != "zh_Hans" else "en"
            languages.highlighted = [languages.get_option_at_index(i).id
                                     for i in range(languages.option_count)].index(other)
            await pilot.press("enter")
            await pilot.pause()
            assert app.locale == other and screen.query_one("#language").highlighted_option.id == other

    asyncio.run(go())
