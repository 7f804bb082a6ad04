"""Diamant at the table (issue 12): what the host types is recorded only when it names one thing, the
hints and summaries say only what applies (with the players' own names), ties and final breakdowns are
shown; then whole Incan Gold games typed in bursts through a real terminal, in English and Chinese."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from companion.i18n import translator
from tests.tui.helpers import build_app, new_game_by_keys, play, record_notices, type_text
from tests.tui.terminal import Terminal

PRESETS = ["diamant", "diamant-classic", "incan-gold", "house-001"]


async def _enter(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


# -- refused text changes nothing ------------------------------------------------------------------
REFUSED = [
    # (preset, language, players, cards before, text, words the notice must hold)
    ("diamant-classic", "en", "Ava, Ben, Chen", ["15"], "L", ["leave", "landslide"]),
    ("diamant-classic", "en", "Ava, Ben, Chen", [], "l", ["leave", "landslide"]),
    ("diamant", "en", "Ava, Ben, Chen", ["15"], "l", ["leave", "lava"]),
    ("incan-gold", "en", "Ava, Ben, Chen", [], "s", ["spider", "snake"]),
    ("incan-gold", "en", "Ava, Ben, Chen", [], "r", ["rockfall", "relic"]),
    ("incan-gold", "en", "Ava, Ben, Chen", [], "spidr", ["Did you mean", "spider"]),
    ("incan-gold", "en", "Ava, Ben, Chen", [], "snaek", ["Did you mean", "snake"]),
    ("incan-gold", "en", "Dara, Eli, Fay", ["15"], "leave", ["Dara", "Eli"]),   # the hint names the players
    ("incan-gold", "en", "Ava, Ben, Bea", ["15"], "L B", ["Ben", "Bea"]),
    ("diamant-classic", "en", "Ava, Ben, Chen", [], "dragon", ["landslide"]),
    ("incan-gold", "zh_Hant", "阿華, 阿華強, 小明", ["15"], "撤退阿", ["阿華", "阿華強"]),
    ("incan-gold", "zh_Hant", "阿華, 小明, Chen", [], "r", ["落石", "神器"]),
]


@pytest.mark.parametrize(("preset", "language", "players", "before", "text", "words"), REFUSED)
def test_refused_text_records_nothing_and_says_why(folders, preset, language, players, before, text, words):
    async def go():
        app = build_app(folders, language)
        notices = record_notices(app)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index(preset), players)
            game = app.screen
            await play(pilot, before)
            path = game.session.writer.path
            state, journal = game.session.state, path.read_bytes()
            shown = len(notices)
            await _enter(pilot, text)
            assert game.session.state == state and path.read_bytes() == journal
            assert game.query_one("#card").value == text  # kept for correction
            assert len(notices) == shown + 1
            notice = notices[-1][1]
            for word in words:
                assert word in notice, notice
            if preset == "diamant-classic":
                assert "relic" not in notice
    asyncio.run(go())


def test_the_second_l_enter_does_not_bust_classic(folders):
    """The issue's case: L Enter recorded a landslide, and a second L Enter busted the round."""
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("diamant-classic"), "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["15"])
            journal = game.session.writer.path.read_bytes()
            for _ in range(2):
                await _enter(pilot, "L")
                game.query_one("#card").value = ""
            assert game.session.writer.path.read_bytes() == journal
            assert game.session.state.in_round and len(game.session.state.path) == 1
            await _enter(pilot, "la")  # the beginning of landslide only: that is a landslide
            assert game.session.state.path[-1].hazard == "landslide"
    asyncio.run(go())


def test_glued_chinese_leaves_and_the_persian_edition_word(folders):
    async def go():
        app = build_app(folders, "zh_Hans")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("incan-gold"), "阿华, 小明, 大卫, Dee")
            game = app.screen
            await play(pilot, ["15"])
            await _enter(pilot, "撤退阿华")
            assert game.session.state.cave == ("小明", "大卫", "Dee")
            await play(pilot, ["9"])
            await _enter(pilot, "撤退小明、大卫")
            assert game.session.state.cave == ("Dee",)
            await play(pilot, ["4"])
            await _enter(pilot, "خروج Dee")  # the Iello edition's word, in any language
            assert not game.session.state.in_round
    asyncio.run(go())


# -- what applies is shown, with the players' own names --------------------------------------------
def test_classic_shows_no_relics_anywhere(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("diamant-classic"), "Dara, Eli, Fay")
            game = app.screen
            hint = game.query_one("#entry-hint").text.plain
            assert "Dara" in hint and "Ava" not in hint and "relic" not in hint
            assert "relic" not in game.query_one("#card").placeholder
            await play(pilot, ["15", (1, 2, 3)])
            rows = " ".join(text.plain for _seat, text, _ok in game.query_one("#players").rows)
            assert "chest 5" in rows and "relic" not in rows
            summary = game.query_one("#summary").text.plain
            assert "Dara: 5 in all" in summary and "relic" not in summary
    asyncio.run(go())


def test_incan_gold_rows_keep_their_relics(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("incan-gold"), "Dara, Eli, Fay")
            game = app.screen
            await play(pilot, ["relic", (1,)])
            rows = [text.plain for _seat, text, _ok in game.query_one("#players").rows]
            assert "relics 1, score 5" in rows[0]
            hint = game.query_one("#entry-hint").text.plain
            assert "leave Eli Fay" in hint and "Dara" not in hint  # those still in the cave
    asyncio.run(go())


def test_the_running_log_has_one_line_per_event(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("incan-gold"), "Ava, Ben, Chen")
            game = app.screen
            await play(pilot, ["7", "spider", (1, 2), "spider"])
            # The round ended in a bust: the log still shows the whole round.
            assert game.log_lines() == ["Treasure 7: 2 each, 1 stays on the path",
                                        "Spider: the first one this round", "Ava and Ben leave",
                                        "Spider (2nd): bust, 2 gems lost"]
    asyncio.run(go())


def test_the_final_summary_explains_the_tie_and_the_breakdown(folders):
    async def go():
        app = build_app(folders)
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, PRESETS.index("incan-gold"), "Ava, Ben, Dara")
            game = app.screen
            await play(pilot, TIE_SCRIPT_EN)
            state = game.session.state
            assert state.finished and state.scores() == {"Ava": 5, "Ben": 5, "Dara": 5}
            summary = game.query_one("#summary").text.plain
            assert "Dara: chest 0 + 1 relic (5) = 5" in summary
            assert "Ava: chest 5, no relics = 5" in summary
            assert "Dara wins the tie on relics: 1 against 0 and 0." in summary
            # the winner closes the scores; then how to log the play in BG Stats
            assert summary.rstrip().endswith("Winner: Dara.\n\nTo log this play in BG Stats: Ctrl+P, then "
                                             "“Export to BG Stats”.")
            await pilot.press("enter")
            await pilot.pause()
            shown = game.query_one("#explain").text.plain
            assert "Dara wins the tie on relics" in shown and "Dara: chest 0 + 1 relic (5) = 5" in shown
    asyncio.run(go())


# Incan Gold, Ava, Ben, Dara: everyone ends on 5; Dara has the only relic and wins the tie on it.
TIE_SCRIPT_EN = [
    "relic", "leave Dara", "7", "leave Ava Ben",        # round 1: Dara takes the relic (5); Ava, Ben 3 each
    "5", "leave Ava Ben", "spider", "spider",           # round 2: Ava, Ben 1 + 1 more; Dara busts with 1
    "snake", "snake", "mummy", "mummy", "fire", "fire",  # rounds 3 to 5 bust at once
]


# -- a real terminal, typed in bursts --------------------------------------------------------------
def _events(term: Terminal) -> list[dict]:
    (journal,) = term.journals()
    lines = journal.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:] if line.strip()]


def _wait_events(term: Terminal, count: int) -> list[dict]:
    term.wait_until(lambda: term.journals() and len(_events(term)) >= count, what=f"{count} events")
    time.sleep(0.2)
    got = _events(term)
    assert len(got) == count, got
    return got


def _start_incan_gold(term: Terminal, players: str) -> None:
    term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
    term.settle(0.3)
    term.burst("n")
    term.wait_until(lambda: "^s" in term.screen(), what="the new-game form")
    term.keys("Tab")
    term.settle(0.2)
    term.keys("Down", "Down")  # Diamant, Diamant classic, Incan Gold
    term.settle(0.2)
    term.keys("Tab")
    term.settle(0.2)
    term.burst(players)
    term.settle(0.2)
    term.keys("Enter")
    term.wait_until(lambda: term.journals(), what="the new journal")
    term.wait_until(lambda: "^l" in term.screen(), what="the Diamant screen")
    term.settle(0.3)


def _refused(term: Terminal, text: str, count: int, shown: str) -> None:
    """``text`` Enter is refused with ``shown`` on screen; the journal keeps ``count`` events."""
    journal = term.journals()[0].read_bytes()
    term.burst(text)
    term.keys("Enter")
    term.wait_for(shown, timeout=10)
    time.sleep(0.3)
    assert term.journals()[0].read_bytes() == journal and len(_events(term)) == count


def _play(term: Terminal, script: list[str], refusals: dict[int, tuple[str, str, str | None]],
          closing: str) -> None:
    """Each entry of ``script`` as one burst, then Enter; a round summary that opens (its hint
    ``closing`` on screen) is closed with Enter.  ``refusals``: before entry ``i``, a text that is
    refused with a notice (``shown``), then the rest of the word typed after it (``None``: the field is
    cleared and the entry typed whole)."""
    count = 0
    for index, text in enumerate(script):
        if index in refusals:
            wrong, shown, rest = refusals[index]
            _refused(term, wrong, count, shown)
            if rest is None:
                term.keys("Home", "C-k")  # clear the field
            else:
                assert wrong + rest == text
                text = rest  # the field kept what was typed: the rest of the word completes it
        term.burst(text)
        term.keys("Enter")
        count += 1
        _wait_events(term, count)
        if index < len(script) - 1 and closing in term.settle(0.3):
            term.keys("Enter")
            term.wait_until(lambda: closing not in term.screen(), what="the summary closing")


@pytest.mark.slow
def test_a_whole_incan_gold_game_typed_in_bursts_in_english(tmp_path):
    with Terminal(tmp_path, "--lang", "en") as term:
        _start_incan_gold(term, "Ava, Ben, Dara")
        hint = term.screen()
        assert "leave Ava Ben" in hint or "leave Ava" in hint
        # Round 3 begins with a snake, typed s first: spider or snake? Then the rest of it.
        _play(term, TIE_SCRIPT_EN, {8: ("s", "could be spider or snake", "nake")}, "Enter or Escape: close")
        screen = term.wait_for("How each score is made", timeout=10)
        assert "Dara: chest 0 + 1 relic (5) = 5" in screen
        assert "Dara wins the tie on relics: 1 against 0 and 0." in screen
        assert "Winner: Dara." in screen
        events = _events(term)
        assert events[1] == {"event": "leave", "players": ["Dara"]}
        assert events[3] == {"event": "leave", "players": ["Ava", "Ben"]}
        term.keys("C-q")
        assert term.exit_status() == 0


@pytest.mark.slow
def test_a_whole_incan_gold_game_typed_in_bursts_in_chinese(tmp_path):
    tr = translator("zh_Hant")
    script = ["神器", "撤退大衛", "7", "撤退阿華小明", "5", "撤退阿華、小明", "蜘蛛", "蜘蛛",
              "蛇", "蛇", "木乃伊", "木乃伊", "火焰", "火焰"]
    with Terminal(tmp_path, "--lang", "zh_Hant") as term:
        _start_incan_gold(term, "阿華, 小明, 大衛")
        assert "撤退 阿華 小明" in term.screen()  # the hint, with the players' own names
        # r: 落石 (rockfall) or 神器 (relic)? Then the whole word.
        _play(term, script, {0: ("r", "落石或神器", None)}, "Enter 或 Escape：關閉")
        screen = term.wait_for(tr.gettext("How each score is made:"), timeout=10)
        assert tr.ngettext("{player}: chest {chest} + {n} relic ({values}) = {total}",
                           "{player}: chest {chest} + {n} relics ({values}) = {total}", 1,
                           player="大衛", chest=0, values="5", total=5) in screen
        assert tr.ngettext("{names} wins the tie on relics: {relics} against {others}.",
                           "{names} win the tie on relics: {relics} each against {others}.", 1,
                           names="大衛", relics=1, others="0、0") in screen
        events = _events(term)
        assert events[0] == {"event": "draw", "card": "relic"}
        assert events[1] == {"event": "leave", "players": ["大衛"]}
        assert events[3] == {"event": "leave", "players": ["阿華", "小明"]}
        assert events[5] == {"event": "leave", "players": ["阿華", "小明"]}
        term.keys("C-q")
        assert term.exit_status() == 0
