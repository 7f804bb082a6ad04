"""Right-to-left layout (issue 13 item 5) and typed Persian that reads (item 2) on the real screens.

The footer fits its line in every language at 120 and 80 columns (the keys screen lists what it
leaves out) and runs from the right in Persian; the palette's list and the Shifting Stones card list
are right-aligned in Persian; F1 wraps a description within its column; the text fields show Persian
in reading order, right-aligned, with their suggestions, and journal the logical text.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.suggester import SuggestFromList

from companion.games import get
from companion.i18n import isolate, translator
from companion.tui import bidi
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.footer import ALL_KEYS, TranslatedFooter
from tests.tui.helpers import build_app, unshaped
from tests.tui.terminal import Terminal

PLAYERS = {"diamant": ["Ava", "Ben", "Chen"], "shifting_stones": ["Ava", "Ben"], "death_valley": ["Ava", "Ben"]}
LANGUAGES = ["en", "fa", "zh_Hant", "zh_Hans"]


async def _start(app, pilot, game: str) -> None:
    preset = next(iter(get(game).presets()))
    assert app.start_game(game, preset.ruleset, PLAYERS[game], **dict(preset.header))
    await pilot.pause()


# -- the footer ------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [120, 80])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_footer_fits_its_line_and_keeps_f1_and_the_palette(folders, language, width, game):
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(width, 30)) as pilot:
            await _start(app, pilot, game)
            footer = app.screen.query_one(TranslatedFooter)
            assert footer.size.width == width
            line = footer.render()
            assert line.cell_len <= width
            shown, dropped = footer.fitted(width)
            actions = [entry.action for entry in shown]
            assert "show_keys" in actions and "quit" in actions
            assert shown[-1].key == app.COMMAND_PALETTE_BINDING
            tr = translator(language)
            keys_label = bidi.line(tr.gettext(ALL_KEYS if dropped else "Keys"), tr.direction == "rtl")
            assert keys_label in line.plain
            # Every key shown is drawn whole (its label too); the screen's own keys come first.
            for entry in shown:
                assert f" {entry.display} " in line.plain
            every = [entry.action for entry in footer.entries()]
            assert actions[0] == every[0]  # Undo, the screen's first key, is never the one left out
            if dropped:
                assert len(shown) < len(every)
            else:
                assert actions == every
    asyncio.run(go())


def test_the_persian_footer_runs_from_the_right(folders):
    async def go():
        app = build_app(folders, language="fa")
        async with app.run_test(size=(120, 30)) as pilot:
            await _start(app, pilot, "diamant")
            footer = app.screen.query_one(TranslatedFooter)
            line = footer.render()
            starts = {entry.action: start for start, _end, entry in footer._spans}
            # Undo (the first key) at the right, the palette at the left end.
            assert starts["undo"] == max(starts.values())
            assert starts["command_palette"] == 0
            # Each key on the right of its label.
            undo = bidi.line(translator("fa").gettext("Undo"), True)
            assert line.plain.rstrip().endswith(f"{undo} ^z")
            # A click on a key still presses that key.
            (start, end, _entry), = [span for span in footer._spans if span[2].action == "undo"]
            assert end == line.cell_len <= 120 and end - start == cell_len(f"{undo}  ^z ")
    asyncio.run(go())


def test_the_english_footer_says_nothing_is_left_out_when_all_fit(folders):
    async def go():
        app = build_app(folders, language="en")
        async with app.run_test(size=(200, 30)):
            footer = app.screen.query_one(TranslatedFooter)
            shown, dropped = footer.fitted(200)
            assert not dropped and "All keys" not in footer.render().plain
            assert footer.render().plain.startswith(" n New game")
    asyncio.run(go())


# -- alignment -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "align"), [("fa", ("right",)), ("en", ("left", "start"))])
def test_the_palette_list_is_right_aligned_in_persian(folders, language, align):
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.pause()
            from textual.command import CommandList, CommandPalette

            palette = app.screen
            assert isinstance(palette, CommandPalette)
            assert palette.has_class("-rtl") == (language == "fa")
            assert palette.query_one(CommandList).styles.text_align in align
    asyncio.run(go())


@pytest.mark.parametrize(("language", "align"), [("fa", ("right",)), ("zh_Hant", ("left", "start"))])
def test_the_stones_card_list_is_right_aligned_in_persian(folders, language, align):
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(120, 40)) as pilot:
            await _start(app, pilot, "shifting_stones")
            from companion.tui.widgets.card_picker import CardList

            assert app.screen.query_one(CardList).styles.text_align in align
    asyncio.run(go())


@pytest.mark.parametrize("language", ["en", "fa"])
def test_f1_wraps_a_description_within_its_column(folders, language):
    async def go():
        app = build_app(folders, language=language)
        async with app.run_test(size=(80, 40)) as pilot:
            await _start(app, pilot, "shifting_stones")
            await pilot.press("f1")
            await pilot.pause()
            keys = app.screen
            rows = keys.rows()
            column = max(cell_len(k) for k, _d in rows) + 2
            width = 50
            text = keys._text(width).plain.split("\n")
            long_rows = [(k, d) for k, d in rows if cell_len(d) > width - column]
            assert long_rows, "nothing wraps at this width: the test would prove nothing"
            for line in text:
                assert cell_len(line) <= width
            # A continuation line starts blank under the key column; each key line starts with its key.
            def shown_key(key: str) -> str:
                return isolate(key) if language == "fa" else key  # (a key with no letter needs no isolate)

            # Rows that fit on one line, whole (another row's description may begin the same way).
            whole = {shown_key(k) + " " * (column - cell_len(k)) + d for k, d in rows if (k, d) not in long_rows}
            for key, description in long_rows:
                start = shown_key(key) + " " * (column - cell_len(key)) + description[:12]
                firsts = [i for i, line in enumerate(text) if line.startswith(start) and line.rstrip() not in whole]
                assert firsts
                for first in firsts:
                    assert text[first + 1][:column].strip() == "" and text[first + 1].strip(), text[first:first + 2]
            shown = keys.query_one("KeysText")._shown(width).plain.split("\n")
            if language == "fa":  # keys are left-to-right text: isolated, never drawn mirrored ("z^")
                assert "^z" in "\n".join(shown) and "z^" not in "\n".join(shown)
            assert len(shown) == len(text)
            continuation = [i for i, line in enumerate(text) if line.startswith(" " * column) and line.strip()]
            assert continuation
            for i in continuation:
                assert cell_len(shown[i]) <= width and shown[i].strip()
                if language == "fa":  # the key column is on the right: left blank there
                    assert shown[i].endswith(" " * column), shown[i]
                else:
                    assert shown[i].startswith(" " * column), shown[i]
    asyncio.run(go())


def test_f1_lists_keys_of_unfocused_fields_under_their_field(folders):
    async def go():
        app = build_app(folders, language="en")
        async with app.run_test(size=(120, 45)) as pilot:
            await _start(app, pilot, "shifting_stones")
            screen = app.screen
            screen.query_one("#pick").focus()
            await pilot.press("f1")
            await pilot.pause()
            text = app.screen._text().plain
            # The grid's keys are under "In the grid:", after the keys that work now.
            assert text.index("Keys of this screen") < text.index("In the grid:") < text.index("Flip")
            assert re.search(r"\nDown arrow +Cards\n", text[:text.index("In the grid:")])  # the field's: it works now
            await pilot.press("escape")
            await pilot.pause()
            from companion.tui.widgets.stones_grid import StonesGrid

            screen.query_one(StonesGrid).focus()
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            text = app.screen._text().plain
            assert re.search(r"\nDown arrow +Cards\n", text[text.index("In the card field:"):])
            assert not re.search(r"\nDown arrow +Cards\n", text[:text.index("In the card field:")])
            assert text.index("Flip") < text.index("In the card field:")
    asyncio.run(go())


# -- typed Persian ---------------------------------------------------------------------------------
class _Field(App):
    def __init__(self, placeholder: str = "") -> None:
        super().__init__()
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        yield BidiInput(id="field", placeholder=self.placeholder,
                        suggester=SuggestFromList(["عنکبوت", "Avalanche"], case_sensitive=False))


def _line(field: BidiInput) -> str:
    return "".join(segment.text for segment in field.render_line(0))


def test_a_suggestion_is_shown_in_reading_order_and_accepted(folders):
    async def go():
        app = _Field()
        async with app.run_test(size=(40, 5)) as pilot:
            field = app.query_one(BidiInput)
            field.focus()
            await pilot.press(*"عنک")
            await pilot.pause()
            await pilot.pause()
            assert field.value == "عنک" and field._suggestion == "عنکبوت"
            line = _line(field)
            assert bidi.line("عنکبوت", True) in line  # the whole word, in display order
            assert unshaped(line.strip())[::-1] == "عنکبوت"
            await pilot.press("right")
            assert field.value == "عنکبوت" and field.cursor_position == 6
            await pilot.press("backspace")
            assert field.value == "عنکبو"
            await pilot.press(*"x")
            assert field.value == "عنکبوx"  # no suggestion for that: the typed text alone
    asyncio.run(go())


def test_the_cursor_past_a_suggestion_points_at_it():
    async def go():
        app = _Field()
        async with app.run_test(size=(40, 5)) as pilot:
            field = app.query_one(BidiInput)
            field.focus()
            await pilot.press(*"عنک")
            await pilot.pause()
            await pilot.pause()
            shown, order, rtl = field.visual()
            assert rtl and sorted(order) == list(range(6))
            cell = field.visual_cursor_cell()
            # The cursor stands on the first suggested letter (index 3), one cell per letter here.
            assert order[cell - 1] == 3
    asyncio.run(go())


def test_an_empty_persian_field_shows_its_placeholder_from_the_right(folders):
    async def go():
        app = build_app(folders, language="fa")
        async with app.run_test(size=(100, 30)) as pilot:
            await _start(app, pilot, "diamant")
            field = app.screen.query_one("#card", BidiInput)
            width = field.scrollable_content_region.width
            line = _line(field)[:width]
            assert line.rstrip(" ") != line or field.has_focus  # the cursor cell ends the line
            assert line.rstrip().endswith(field.placeholder) and line.startswith(" ")
            assert field._cursor_offset == width - 1
    asyncio.run(go())


def test_persian_typed_into_the_fields_is_journalled_as_typed(tmp_path):
    names = "علی، مریم، Ava"
    with Terminal(tmp_path, "--lang", "fa", size=(120, 40)) as term:
        term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
        term.settle(0.3)
        term.burst("n")
        term.wait_until(lambda: "^s" in term.screen(), what="the new-game form")
        term.keys("Tab")
        term.settle(0.2)
        term.keys("Tab")
        term.settle(0.2)
        term.burst(names)
        screen = term.settle(0.3)
        # On screen in reading order: the shaped names, the Latin one as typed.
        assert bidi.line("علی", True) in screen and "Ava" in screen
        term.keys("Enter")
        term.wait_until(lambda: term.journals(), what="the new journal")
        term.wait_until(lambda: "^l" in term.screen(), what="the Diamant screen")
        term.settle(0.3)
        (journal,) = term.journals()
        header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
        assert header["players"] == ["علی", "مریم", "Ava"]
        term.burst("عنکبوت")
        screen = term.settle(0.3)
        assert bidi.line("عنکبوت", True) in screen
        term.keys("Enter")
        term.wait_until(lambda: len(journal.read_text(encoding="utf-8").splitlines()) >= 2, what="the draw")
        event = json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])
        assert event.get("hazard") == "spider", event
        term.keys("C-q")
        assert term.exit_status() == 0
