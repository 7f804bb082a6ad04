"""Diamant: the end-of-round / end-of-game summary, and decisions typed in the card field."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games import diamant
from companion.games.diamant.notation import parse_entry, suggest_entry
from companion.i18n import translator
from companion.journal import new_header
from tests.tui.helpers import build_app, new_game_by_keys, play, type_text


def _summary_open(app) -> bool:
    """The round summary is shown on the game screen (in place of its board), no screen over it."""
    game = app.screen
    return type(game).__name__ == "DiamantScreen" and game.summary_open


async def _enter(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


def test_round_summary_opens_and_closes_with_enter_or_escape(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15", (1,), "9", (2, 3)])  # round 1: Ava 5, then Ben and Chen 5 + 4
            assert _summary_open(app)
            text = game.query_one("#summary").text.plain
            assert "Round 1 of 5 is over." in text
            assert "everyone back at camp" in text
            for player, score in (("Ben", 9), ("Chen", 9), ("Ava", 5)):
                assert f"{player}: {score} in all" in text
            assert "this round 9" in text and "this round 5" in text
            assert text.index("Ben:") < text.index("Ava:")  # best first
            state = game.session.state
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is game and game.session.state == state and not game.summary_open
            assert game.focused is game.query_one("#card")
            # Reopened from the command palette's action, closed with Escape.
            game.show_summary()
            await pilot.pause()
            assert _summary_open(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is game and game.session.state == state
    asyncio.run(go())


def test_typing_the_next_card_closes_the_summary_and_keeps_the_key(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15", "snake", "snake"])  # a bust ends round 1
            assert _summary_open(app)
            assert "bust" in game.query_one("#summary").text.plain
            await _enter(pilot, "11")
            assert app.screen is game
            state = game.session.state
            assert state.round == 2 and [c.value for c in state.path] == [11]
    asyncio.run(go())


def _footer_actions(game) -> list[str]:
    from companion.tui.widgets.footer import TranslatedFooter

    return [entry.action for entry in game.query_one(TranslatedFooter).entries()]


def test_summary_keys_read_close_or_go_on(folders):
    """Open, the summary takes Escape (the footer says Close, not Home), scrolls with the reading keys in a
    short terminal, and lets any other key close it and do what it does: a card typed starts the next
    round, Ctrl+Z undoes the bust that ended the game."""
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 24)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen, Dara, Eli, Farah, Gus, Hana")
            game = app.screen
            for hazard in ("spider", "snake", "lava", "rockfall", "ram"):  # five busts: the game is over
                await play(pilot, ["15", hazard, hazard])
                assert _summary_open(app)
            assert game.session.state.finished
            assert not game.query_one("#diamant-left").display and not game.query_one("#diamant-right").display
            assert "close_summary" in _footer_actions(game) and "home" not in _footer_actions(game)
            box = game.query_one("#summary-box")
            assert box.max_scroll_y > 2  # the final summary of 8 players does not fit in 80 x 24
            await pilot.press("down", "down")
            await pilot.pause()
            assert box.scroll_y == 2 and _summary_open(app)
            await pilot.press("pagedown")
            await pilot.pause()
            assert box.scroll_y == box.max_scroll_y and _summary_open(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is game and not game.summary_open  # Escape closed it and did not go home
            assert game.query_one("#diamant-left").display and "home" in _footer_actions(game)
            assert "close_summary" not in _footer_actions(game)
            # Reopened, scrolled back to the top; Ctrl+Z closes it and undoes the last ram.
            game.show_summary()
            await pilot.pause()
            assert box.scroll_y == 0 and _summary_open(app)
            steps = len(game.session.steps)
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert not game.summary_open and len(game.session.steps) == steps - 1
            assert game.session.state.round == 5 and not game.session.state.finished
            assert game.focused is game.query_one("#card")
    asyncio.run(go())


def test_enter_with_text_in_the_field_closes_the_summary_and_enters_it(folders):
    """Text put in the card field while the summary is open (a paste, a program) is not lost: Enter
    closes the summary and enters it."""
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15", "snake", "snake"])
            assert _summary_open(app)
            game.query_one("#card").value = "11"
            await pilot.press("enter")
            await pilot.pause()
            assert not game.summary_open and game.query_one("#card").value == ""
            state = game.session.state
            assert state.round == 2 and [c.value for c in state.path] == [11]
    asyncio.run(go())


def test_no_summary_before_a_round_ends(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15"])
            assert game.show_summary() is False and not game.summary_open
            await pilot.press("escape")  # no summary to close: Escape asks, and again goes home
            await pilot.pause()
            assert app.screen is game and game.escape_armed
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is not game
    asyncio.run(go())


def test_summary_in_persian_uses_persian_digits(folders):
    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15", (1, 2, 3)])
            assert _summary_open(app)
            text = app.screen.query_one("#summary").text.plain
            fa = translator("fa")
            assert fa.gettext("Round {round} of {rounds} is over.", round=1, rounds=5) in text
            assert "۵" in text and "5" not in text
    asyncio.run(go())


# -- decisions typed in the card field -------------------------------------------------------------
def test_typed_decisions_by_name_number_and_translated_word(folders):
    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15"])
            await _enter(pilot, "L av")  # a name prefix, any case
            state = game.session.state
            assert state.in_cave == (False, True, True) and state.chest[0] == 5
            assert game.query_one("#card").value == ""
            await play(pilot, ["9"])
            leave = translator("fa").gettext("leave")
            assert leave != "leave"
            await _enter(pilot, f"{leave} ۲، ۳")  # the Persian word, Persian digits and comma
            assert _summary_open(app)  # everyone is out: the round is over
            assert game.session.state.chest == (5, 9, 9)
    asyncio.run(go())


def test_refused_decisions_change_nothing(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            card = game.query_one("#card")
            path = game.session.writer.path

            async def refused(text: str) -> None:
                state, journal = game.session.state, path.read_bytes()
                before = len(app._notifications)
                await _enter(pilot, text)
                assert game.session.state == state and path.read_bytes() == journal
                assert card.value == text and len(app._notifications) > before
                card.value = ""

            await refused("L Ava")        # no card yet: nobody can leave
            await play(pilot, ["15"])
            await refused("L Zed")        # not a player
            await refused("leave 4")      # no seat 4
            await refused("leave")        # nobody named
            await _enter(pilot, "L 1")
            await refused("L Ava")        # Ava is already at camp
    asyncio.run(go())


def test_completion_of_names_after_the_leave_word(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15"])
            await type_text(pilot, "L Av")
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            assert game.query_one("#card").value == "L Ava"
            await type_text(pilot, " C")
            await pilot.pause()
            await pilot.press("right", "enter")
            await pilot.pause()
            assert game.session.state.in_cave == (False, True, False)
    asyncio.run(go())


def test_suggestions_and_parsing_without_the_screen():
    state = diamant.start(new_header("diamant", "diamant", ["Ava", "Ben", "Bea"]))
    en = translator("en")
    assert suggest_entry("le", state, en) == "leave"
    assert suggest_entry("L A", state, en) == "L Ava"
    assert suggest_entry("L B", state, en) == "L Ben"  # a completion offers the first in seat order ...
    assert suggest_entry("L Ava Be", state, en) == "L Ava Ben"
    assert suggest_entry("L Ava Ben Be", state, en) == "L Ava Ben Bea"
    with pytest.raises(CompanionError) as err:
        parse_entry("l", state, en)  # leave or lava: asked, never guessed
    assert err.value.code == "diamant.ambiguous_entry"
    assert parse_entry("la", state, en) == {"event": "draw", "card": "hazard", "hazard": "lava"}
    assert parse_entry("L Bea, Ava", state, en) == {"event": "leave", "players": ["Ava", "Bea"]}
    with pytest.raises(CompanionError) as err:
        parse_entry("L B", state, en)  # ... but Enter on "L B" asks: Ben or Bea
    assert err.value.code == "diamant.ambiguous_player"
    zh = translator("zh_Hant")
    assert parse_entry(f"{zh.gettext('leave')} 2", state, zh) == {"event": "leave", "players": ["Ben"]}
    fa = translator("fa")
    assert parse_entry("ریزش سنگ", diamant.start(new_header("diamant", "incan-gold", ["A", "B", "C"])), fa)["event"] \
        == "draw"


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=16), st.sampled_from(["en", "fa", "zh_Hant"]))
def test_entry_parser_never_crashes(text, locale):
    state = diamant.start(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]))
    try:
        event = parse_entry(text, state, translator(locale))
    except CompanionError as exc:
        assert exc.code in {"tui.unknown_card", "tui.unknown_player", "tui.no_leavers", "diamant.ambiguous_entry",
                            "diamant.ambiguous_player", "diamant.did_you_mean", "diamant.not_a_card"}
    else:
        assert event["event"] in {"draw", "leave"}
        if event["event"] == "leave":
            assert event["players"] and set(event["players"]) <= {"Ava", "Ben", "Chen"}
    suggest_entry(text, state, translator(locale))


def test_hidden_summary_is_not_worked_out_at_each_key(folders, monkeypatch):
    """The summary's text is made when a round ends (and shown right), not again at every card while
    it is hidden: it was the costliest panel of a key's work."""
    from companion.tui.screens import diamant_summary

    made = []
    original = diamant_summary.summary_text

    def counted(*args):
        made.append(args)
        return original(*args)

    monkeypatch.setattr(diamant_summary, "summary_text", counted)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15", "3", "7"])
            assert made == [] and not game.summary_open
            await play(pilot, [(1, 2, 3)])  # everyone leaves: round 1 ends
            assert _summary_open(app) and made
            assert "Round 1 of 5 is over." in game.query_one("#summary").text.plain
            shown = len(made)
            await pilot.press("enter")
            await pilot.pause()
            await play(pilot, ["4", "5"])  # round 2, summary hidden again
            assert len(made) == shown and not game.summary_open
    asyncio.run(go())


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_list_shows_its_cursor_as_soon_as_it_takes_the_focus(folders, lang):
    """Ctrl+L: the cursor's row is drawn reversed at once (it used to appear only after a first arrow
    key: the list painted itself before Textual said it had the focus), and not once the focus leaves."""

    def reversed_rows(players) -> list[int]:
        return [y for y in range(players.size.height)
                if any(style is not None and style.reverse for _t, style, _c in players.render_line(y))]

    async def go():
        app = build_app(folders, lang)
        async with app.run_test(size=(110, 36)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            players = app.screen.query_one("#players")
            assert reversed_rows(players) == []
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert app.screen.focused is players
            first = reversed_rows(players)
            assert first and first[0] == 0  # Ava's row, where the cursor starts
            await pilot.press("down")
            await pilot.pause()
            assert reversed_rows(players) and reversed_rows(players)[0] > first[-1]  # Ben's row
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen.focused is app.screen.query_one("#card") and reversed_rows(players) == []
    asyncio.run(go())
