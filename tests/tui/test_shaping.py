"""Persian as a terminal without bidi draws it: shaped letters, isolates honoured, a field that reads.

In ``app`` mode the TUI sends presentation forms in display order (a terminal that does no bidi does
no shaping either); in ``terminal`` mode it sends logical text.  ``BidiInput`` shows its value that
way while editing the logical text.
"""

from __future__ import annotations

import asyncio
import unicodedata

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult

from companion import i18n
from companion.i18n import translator, use_isolation
from companion.tui import bidi
from companion.tui.widgets.bidi_input import BidiInput
from tests.tui.helpers import is_form, unshaped

ZWNJ, FSI, PDI, HAMZA = "\u200c", "\u2068", "\u2069", "\u0654"


# -- shaping -----------------------------------------------------------------------------------------
def test_app_mode_sends_presentation_forms_joined_as_in_the_word():
    shown = bidi.line("سلام", True)
    assert all(is_form(ch) for ch in shown)
    # Read from the right: س initial, ل medial + ا final as one lam-alef ligature, then م alone
    # (alef joins nothing after it).
    assert shown == "\ufee1\ufefc\ufeb3"
    assert unshaped(shown)[::-1] == "سلام"


def test_the_half_space_survives_as_a_non_joining_boundary():
    word = "می" + ZWNJ + "گیرد"
    shown = bidi.line(word, True)
    assert ZWNJ in shown  # kept (the algorithm used to drop it at rule X9)
    # Right to left: می ends at the ZWNJ (meem initial, yeh final), گ starts again (initial).
    right_to_left = shown[::-1]
    assert right_to_left.index(ZWNJ) == 2
    assert right_to_left[:2] == "\ufee3\ufbfd" and right_to_left[3] == "\ufb94"
    assert cell_len(shown) == 6  # six letters, the ZWNJ takes no cell


@pytest.mark.parametrize("word", ["درهٔ", "خانهٔ", "کلمهٔ"])
def test_the_ezafe_hamza_stays_on_its_heh(word):
    shown = bidi.line(word + " مرگ", True)
    at = shown.index(HAMZA)
    assert at > 0 and unicodedata.normalize("NFKC", shown[at - 1]) == "ه"  # right after its heh: on it
    assert cell_len(shown) == cell_len(word + " مرگ")


def test_yeh_above_heh_and_harakat_are_kept():
    shown = bidi.line("خانۀ ما", True)
    assert "\ufba5" in shown  # ۀ in its final form, joined to the noon before it
    marked = bidi.line("بَرَد", True)
    assert marked.count("\u064e") == 2
    for at, ch in enumerate(marked):
        if ch == "\u064e":
            assert is_form(marked[at - 1])  # each fatha follows its letter


def test_terminal_mode_sends_logical_text_untouched():
    word = "می" + ZWNJ + "گیرد درهٔ مرگ"
    with bidi.use_mode("terminal"):
        assert bidi.line(word, True) == word
        shown = bidi.for_display(Text(word), 40, True)
        assert shown.plain.strip() == word
        with use_isolation():
            sentence = translator("fa").gettext("Players: {players}", players=translator("fa").join(["Ava", "Ben"]))
        assert FSI in bidi.line(sentence, True)  # left for the terminal's own bidi


@pytest.mark.parametrize("text", ["سلام دنیا", "بالا و لای", "کلمهٔ پررنگ و ۱۲۳ Diamant (الف)",
                                  "می" + ZWNJ + "گیرد، ۳ ← ۹"])
def test_cell_widths_stay_one_per_letter(text):
    shown = bidi.line(text, True)
    ligatures = sum(1 for ch in shown if "\ufef5" <= ch <= "\ufefc")
    assert cell_len(shown) == cell_len(text) - ligatures
    assert all(cell_len(ch) == 1 for ch in shown if is_form(ch))
    # Every letter is there, in display order (the reference reorders the unshaped letters).
    assert sorted(unshaped(shown).replace(ZWNJ, "")) == sorted(text.replace(ZWNJ, ""))


def test_a_styled_word_keeps_its_style_after_shaping():
    text = Text("یک ")
    text.append("واژه", style="bold")
    text.append(" دیگر")
    shown = bidi.reorder_line(text, True)
    bold = "".join(shown.plain[s.start:s.end] for s in shown.spans if "bold" in str(s.style))
    assert unshaped(bold) == "واژه"[::-1]


# -- isolates ----------------------------------------------------------------------------------------
def test_isolated_names_keep_the_list_order_and_are_not_drawn():
    tr = translator("fa")
    with use_isolation():
        sentence = tr.gettext("Players: {players}", players=tr.join(["Ava", "Ben", "Chen"]))
    assert sentence.count(FSI) == 4 and sentence.count(PDI) == 4
    shown = bidi.line(sentence, True)
    assert FSI not in shown and PDI not in shown
    # Read from the right: Ava, then Ben, then Chen.
    assert shown.index("Chen") < shown.index("Ben") < shown.index("Ava")
    laid = bidi.for_display(Text(sentence), 60, True)
    assert FSI not in laid.plain and laid.cell_len == 60
    # Without isolates the comma glues Ava and Ben into one left-to-right run: Ben is read first.
    plain = tr.gettext("Players: {players}", players=tr.join(["Ava", "Ben", "Chen"]))
    assert FSI not in plain
    assert bidi.line(plain, True).index("Ben") > bidi.line(plain, True).index("Ava")


def test_an_override_inside_a_name_stays_inside_it():
    name = "Ava\u202e"
    with use_isolation():
        sentence = translator("fa").gettext("Players: {players}", players=translator("fa").join([name, "Ben"]))
    shown = bidi.line(sentence, True)
    assert "Ben" in shown  # the override reversed nothing outside its own name


def test_a_line_starting_with_a_latin_name_keeps_its_brackets():
    isolated = bidi.line(f"{i18n.isolate('Ava')} (صندلی ۲)", True)
    assert isolated.startswith("(") and isolated.endswith("Ava") and FSI not in isolated
    assert isolated.count("(") == isolated.count(")") == 1
    # Read from the right: Ava, then the bracket opens (drawn mirrored on the right of its text).
    assert isolated.index(")") > isolated.index("(")


def test_isolates_are_stripped_from_left_to_right_text_too():
    text = "Players: \u2068Ava\u2069"
    assert bidi.line(text, False) == "Players: Ava"
    assert bidi.for_display(Text(text), 40, False).plain.rstrip() == "Players: Ava"


def test_unbalanced_isolates_in_a_value_cannot_end_ours():
    with use_isolation():
        text = translator("fa").gettext("Players: {players}", players="A\u2069B")
    assert text.count(FSI) == text.count(PDI) == 1
    assert bidi.line(text, True).count("A") == 1


def test_isolation_is_off_outside_an_app_and_for_left_to_right_text():
    assert not i18n.isolating()
    assert translator("fa").gettext("Players: {players}", players="Ava") == "بازیکنان: Ava"
    with use_isolation():
        assert translator("en").gettext("Players: {players}", players="Ava") == "Players: Ava"  # nothing to reorder
        assert FSI in translator("en").gettext("Players: {players}", players="علی")


# -- BidiInput ---------------------------------------------------------------------------------------
class _Field(App):
    def compose(self) -> ComposeResult:
        yield BidiInput(id="field")


def _line(field: BidiInput) -> str:
    return "".join(segment.text for segment in field.render_line(0))


def test_bidi_input_shows_display_order_and_edits_the_logical_value():
    async def go():
        app = _Field()
        async with app.run_test(size=(40, 5)) as pilot:
            field = app.query_one(BidiInput)
            field.focus()
            await pilot.press(*"سلام")
            await pilot.pause()
            assert field.value == "سلام"
            shown = bidi.line("سلام", True)
            line = _line(field)
            width = field.scrollable_content_region.width
            # Right-aligned: the text ends at the field's right edge, the cursor cell past its end on its left.
            assert line[:width].endswith(" " + shown) and line[:width - len(shown) - 1].strip() == ""
            assert field.visual_cursor_cell() == 0 and field._cursor_offset == width - len(shown) - 1
            await pilot.press("space", *"دنیا")
            assert field.value == "سلام دنیا"
            assert _line(field)[:width].endswith(" " + bidi.line("سلام دنیا", True))
            await pilot.press("backspace")
            assert field.value == "سلام دنی"
            await pilot.press("home")
            assert field.cursor_position == 0
            # Before the first letter: the cursor is on the rightmost cell of the text.
            assert field.visual_cursor_cell() == cell_len(bidi.line("سلام دنی", True))
            await pilot.press("delete")
            assert field.value == "لام دنی"
            await pilot.press("end")
            assert field.cursor_position == len(field.value)
            await pilot.press("left")  # points left: one letter further into the text
            assert field.cursor_position == len(field.value)
            await pilot.press("right")  # back toward its start
            assert field.cursor_position == len(field.value) - 1
            await pilot.press("x")
            assert field.value == "لام دنxی"
    asyncio.run(go())


def test_bidi_input_is_a_plain_input_for_latin_text_and_in_terminal_mode():
    async def go(mode: str, text: str, expect_reordered: bool):
        with bidi.use_mode(mode):
            app = _Field()
            async with app.run_test(size=(40, 5)) as pilot:
                field = app.query_one(BidiInput)
                field.focus()
                await pilot.press(*text)
                await pilot.pause()
                assert field.value == text
                line = _line(field)
                if expect_reordered:
                    assert bidi.line(text, True) in line
                else:
                    assert line.startswith(text)
    asyncio.run(go("app", "Ava", False))
    asyncio.run(go("terminal", "سلام", False))
    asyncio.run(go("app", "سلام", True))


# -- paths are isolated left to right ---------------------------------------------------------------
LRI = "\u2066"
PERSIAN_PATH = "/علی/بازی‌ها/دیامانت.jsonl"


def _folders_left_to_right(shown: str, path: str) -> bool:
    """Whether ``path`` is on show with its folders from the left, each Persian name reading right to left."""
    import re

    return re.sub("[\u0600-\u06ff\u200c]+", lambda m: m.group(0)[::-1], unshaped(shown)) == path


@pytest.mark.parametrize("locale", ["fa", "en"])
def test_a_path_starting_with_a_persian_folder_keeps_its_folders_in_order(locale):
    message = "No saved games yet in {folder}."
    with use_isolation():
        sentence = translator(locale).gettext(message, folder=PERSIAN_PATH)
    isolated = i18n.isolate(PERSIAN_PATH, ltr=True)
    assert isolated.startswith(LRI) and isolated in sentence and FSI not in sentence
    assert bidi.strip_isolates(isolated) == PERSIAN_PATH
    shown = bidi.line(sentence, locale == "fa")
    path_shown = bidi.line(isolated, False)
    assert path_shown in shown and _folders_left_to_right(path_shown, PERSIAN_PATH)
    # First-strong isolation (the old way) would have turned it round: the first folder at the right.
    assert not _folders_left_to_right(bidi.line(FSI + PERSIAN_PATH + PDI, False), PERSIAN_PATH)


@pytest.mark.parametrize("param", sorted(i18n.LTR_PARAMS))
def test_every_path_param_and_the_ltr_marker_isolate_left_to_right(param):
    fa = translator("fa")
    with use_isolation():
        by_name = fa.gettext("{" + param + "} x", **{param: "علی/a"})
        by_marker = fa.gettext("{name} x", name=i18n.Ltr("علی/a"))
        a_name = fa.gettext("{name} x", name="علی/a")
    # The whole value left to right, and its Persian folder name on its own (its letters right to left).
    assert by_name == by_marker == LRI + LRI + "علی" + PDI + "/a" + PDI + " x"
    assert a_name == FSI + "علی/a" + PDI + " x"  # names stay first-strong
    once = i18n.isolate("a/ب", ltr=True)
    assert once == LRI + "a/" + LRI + "ب" + PDI + PDI and i18n.isolate(once, ltr=True) == once


def test_left_to_right_isolates_order_their_inside_left_to_right_in_a_persian_line():
    # bidi honours LRI as it does FSI: one neutral block outside, its own order inside, never drawn.
    line = "در " + LRI + "علی/games" + PDI + " است"
    shown = bidi.line(line, True)
    assert LRI not in shown and PDI not in shown
    inner = bidi.line(LRI + "علی/games" + PDI, False)
    assert inner.endswith("/games") and unshaped(inner[:-len("/games")])[::-1] == "علی"
    assert shown.endswith(bidi.line("در", True)) and shown.startswith(bidi.line("است", True))
    assert inner in shown


# -- the command palette's search field -----------------------------------------------------------
def test_the_palette_search_field_shows_persian_in_reading_order_and_searches_the_typed_text(folders):
    from textual.command import CommandInput, CommandList

    from companion.tui.commands import PaletteInput
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders, "fa")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause()
            field = app.screen.query_one(CommandInput)
            assert isinstance(field, PaletteInput) and isinstance(field, BidiInput) and field.has_focus
            await pilot.press(*"زبان")
            await pilot.pause(0.5)
            assert field.value == "زبان"  # logical, as typed
            width = field.scrollable_content_region.width
            line = _line(field)[:width]
            shown = bidi.line("زبان", True)
            assert line.rstrip().endswith(shown) and "زبان" not in line  # shaped, right-aligned
            assert line.rstrip() == line  # ends at the right edge
            # The palette searched the logical text: the language entries are listed.
            options = app.screen.query_one(CommandList)
            assert options.option_count >= 1
            await pilot.press("backspace")
            assert field.value == "زبا"
            assert _line(field)[:width].rstrip().endswith(bidi.line("زبا", True))
    asyncio.run(go())


def test_typed_persian_in_the_palette_reads_in_a_real_terminal(tmp_path):
    from tests.tui.terminal import Terminal

    with Terminal(tmp_path, "--lang", "fa", size=(100, 30)) as term:
        term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
        term.settle(0.3)
        term.keys("C-p")
        term.settle(0.5)
        term.burst("زبان")  # one burst, as an input method commits the word
        screen = term.settle(0.5)
        assert bidi.line("زبان", True) in screen and "زبان" not in screen
        row = next(line for line in screen.splitlines() if bidi.line("زبان", True) in line)
        assert row.rstrip().rstrip("▎▌│ ").endswith(bidi.line("زبان", True))
        term.keys("Escape")
        term.settle(0.3)
        term.keys("C-q")
        assert term.exit_status() == 0
