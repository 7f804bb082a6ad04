""""Why?" (F12, and the palette) on a game screen opens the rules viewer at the section that explains
the last outcome, in the current language; with nothing explained yet it is a notice and no screen."""

from __future__ import annotations

import asyncio

import pytest

from companion.content import load_document
from companion.i18n import _, use_language
from companion.tui.screens.rules import RulesScreen
from companion.tui.widgets.rtl_markdown import RtlMarkdown
from tests.tui.helpers import build_app, record_notices

PLAYERS = ["Ava", "Ben", "Chen", "Dara"]
SPLIT = {"event": "draw", "card": "treasure", "value": 15}   # 15 among 4: 3 each, 3 stay (#draw)
SNAKE = {"event": "draw", "card": "hazard", "hazard": "snake"}


def top_heading(rules: RulesScreen) -> str:
    """The section id of the first heading shown in the rules viewer (it must be within the top
    three lines: a heading's top margin may come first)."""
    ids = load_document(rules.game, rules.app.locale, "rules").section_ids
    scroll = rules.query_one("#rules-scroll")
    own = rules.query_one("#rules-rtl", RtlMarkdown)
    if own.display:
        starts = [own.virtual_region.y + own.heading_line(i) for i in range(len(ids))]
        offsets = [line - round(scroll.scroll_y) for line in starts]
    else:
        from textual.widgets._markdown import MarkdownHeader

        headers = list(rules.query_one("#rules-md").query(MarkdownHeader))
        assert len(headers) == len(ids)
        offsets = [h.region.y - scroll.content_region.y if h.region.height else -1 for h in headers]
    shown = [i for i, offset in enumerate(offsets) if offset >= 0]
    assert shown and offsets[shown[0]] <= 3, (scroll.scroll_y, rules.section, offsets)
    return ids[shown[0]]


def why(folders, language: str, events: list[dict], key: bool = True):
    """Play ``events`` in a Diamant classic game, then F12 (or the palette entry): what shows."""
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(100, 30)) as pilot:
            notices = record_notices(app)
            assert app.start_game("diamant", "diamant-classic", PLAYERS)
            await pilot.pause()
            game = app.screen
            for event in events:
                assert game.send(event)
            await pilot.pause()
            if key:
                await pilot.press("f12")
            else:
                with use_language(language):
                    entry = _("Why? Show the rule behind the last explanation")
                command = next(c for c in game.palette() if c.title == entry)
                command.run()
            for _n in range(4):
                await pilot.pause()
            screen = app.screen
            result = {"screen": screen, "game": game, "notices": notices, "steps": len(game.session.steps)}
            if isinstance(screen, RulesScreen):
                result["top"] = top_heading(screen)
                result["own"] = screen.query_one("#rules-rtl", RtlMarkdown).display
                await pilot.press("escape")
                await pilot.pause()
                result["back"] = app.screen is game
            return result
    return asyncio.run(go())


@pytest.mark.parametrize("language", ["en", "fa"])
def test_after_a_split_why_opens_the_rules_at_the_draw(folders, language):
    got = why(folders, language, [SPLIT])
    assert isinstance(got["screen"], RulesScreen) and got["screen"].section == "draw"
    assert got["top"] == "draw"
    assert got["own"] == (language == "fa")  # Persian is laid out by the app, English by Textual's widget
    assert got["back"] and not got["notices"]


@pytest.mark.parametrize("language", ["en", "fa"])
def test_after_a_bust_why_opens_the_rules_at_the_bust(folders, language):
    got = why(folders, language, [SPLIT, SNAKE, SNAKE])
    assert got["screen"].section == "bust"
    assert got["top"] == "bust"


def test_the_palette_entry_does_the_same(folders):
    got = why(folders, "en", [SPLIT, SNAKE, SNAKE], key=False)
    assert isinstance(got["screen"], RulesScreen) and got["top"] == "bust"


@pytest.mark.parametrize("language", ["en", "fa"])
def test_with_nothing_explained_yet_a_notice_and_no_rules(folders, language):
    got = why(folders, language, [])
    assert not isinstance(got["screen"], RulesScreen) and got["screen"] is got["game"]
    assert got["steps"] == 0  # nothing was recorded
    with use_language(language):
        expected = _("Nothing has been explained yet: after the next event, this shows the rule behind it.")
    assert [text for _severity, text in got["notices"]] == [expected]


def test_a_language_switch_keeps_the_section(folders):
    async def go():
        app = build_app(folders, language="en")
        async with app.run_test(size=(100, 30)) as pilot:
            assert app.start_game("diamant", "diamant-classic", PLAYERS)
            await pilot.pause()
            app.screen.send(SPLIT)
            await pilot.press("f12")
            for _n in range(4):
                await pilot.pause()
            rules = app.screen
            app.set_language("zh_Hant")
            for _n in range(4):
                await pilot.pause()
            return rules, top_heading(rules)
    rules, top = asyncio.run(go())
    assert rules.section == "draw" and top == "draw"


def test_an_unknown_section_leaves_the_text_at_the_top(folders):
    async def go():
        app = build_app(folders, language="en")
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(RulesScreen("diamant", section="no-such-section"))
            for _n in range(4):
                await pilot.pause()
            return app.screen.query_one("#rules-scroll").scroll_y
    assert asyncio.run(go()) == 0



OTHER_GAMES = [
    ("shifting_stones", ["Ava", "Ben"],
     [{"event": "layout", "grid": [["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]},
      {"event": "score", "pattern": "tree / bird", "points": 1}], "patterns"),
    ("death_valley", ["Ava", "Ben"],
     [{"event": "reveal", "card": "heat-1"}, {"event": "travel", "card": "heat-1", "source": "faceup"}], "travel"),
]


@pytest.mark.parametrize("game,players,events,section", OTHER_GAMES)
def test_every_game_screen_links_its_outcomes(folders, game, players, events, section):
    from companion.games import get

    async def go():
        app = build_app(folders, language="fa")
        async with app.run_test(size=(100, 30)) as pilot:
            preset = next(iter(get(game).presets()))
            assert app.start_game(game, preset.ruleset, players, **dict(preset.header))
            await pilot.pause()
            for event in events:
                assert app.screen.send(event)
            await pilot.press("f12")
            for _n in range(4):
                await pilot.pause()
            rules = app.screen
            assert isinstance(rules, RulesScreen) and rules.game == game
            return rules.section, top_heading(rules)
    assert asyncio.run(go()) == (section, section)
