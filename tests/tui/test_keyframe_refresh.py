"""Per-key refresh economy (bench/tui_keyframe.py): a panel whose height stays is painted, not laid out;
an unchanged stones grid is not painted at all; shaping is memoized without changing what it gives."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import App
from textual.geometry import Region

from companion.tui import bidi
from companion.tui.widgets.running_log import RunningLog
from companion.tui.widgets.stones_grid import StonesGrid
from companion.tui.widgets.text import Prose


class _Host(App):
    def __init__(self, box: dict) -> None:
        super().__init__()
        self.box = box

    def compose(self):
        yield Prose(lambda: Text(self.box["text"]), id="p")
        yield RunningLog(lambda: list(self.box["log"]), id="log")
        yield StonesGrid(id="grid")


def test_same_height_is_painted_without_layout_and_new_height_is_laid_out():
    async def go():
        box = {"text": "one\ntwo", "log": ["a"]}
        app = _Host(box)
        async with app.run_test(size=(60, 20)) as pilot:
            prose = app.query_one("#p", Prose)
            await pilot.pause()
            assert prose.size.height == 2
            box["text"] = "uno\ndos"  # as many lines: a repaint only
            assert prose.sync() is True
            assert not prose._layout_required
            await pilot.pause()
            assert prose.render().plain == "uno\ndos" and prose.size.height == 2
            box["text"] = "uno\ndos\ntres"  # one more line: laid out again
            assert prose.sync() is True
            assert prose._layout_required
            await pilot.pause()
            assert prose.size.height == 3 and prose.render().plain.endswith("tres")
            assert prose.sync() is False  # nothing changed: nothing to do
            log = app.query_one("#log", RunningLog)
            box["log"] = ["b"]  # the log's own row cache follows a repaint-only change
            log.sync()
            await pilot.pause()
            assert "b" in log.render().plain and "a" not in log.render().plain
    asyncio.run(go())


def _screen_rows(app, widget) -> list[str]:
    """What the terminal shows on the widget's rows, from the compositor (what is written)."""
    region = widget.content_region
    strips = [app.screen._compositor.render_strips()[y] for y in range(region.y, region.bottom)]
    return ["".join(seg.text for seg in strip)[region.x:region.right].rstrip() for strip in strips]


def test_a_changed_row_is_the_only_one_rendered_and_written_again(monkeypatch):
    """Same height, one row reads differently: only that row is marked for painting and rendered again
    (the others come from the row cache), and the screen shows every row as the text says."""
    from textual.content import _FormattedLine

    rendered: list[str] = []
    original = _FormattedLine.to_strip

    def counting(row, style):
        rendered.append(row.plain)
        return original(row, style)

    class Host(App):
        def compose(self):
            yield Prose(lambda: box["text"], id="p")

    box: dict = {"text": "alpha\nbeta\ngamma"}

    async def go():
        app = Host()
        async with app.run_test(size=(60, 20)) as pilot:
            prose = app.query_one("#p", Prose)
            await pilot.pause()
            assert _screen_rows(app, prose) == ["alpha", "beta", "gamma"]
            monkeypatch.setattr(_FormattedLine, "to_strip", counting)
            box["text"] = "alpha\nBETA\ngamma"
            assert prose.sync() is True
            assert not prose._layout_required
            offset = prose.content_offset
            assert prose._repaint_regions == {Region(offset.x, offset.y + 1, prose.content_region.width, 1)}
            await pilot.pause()
            assert rendered == ["BETA"]
            assert _screen_rows(app, prose) == ["alpha", "BETA", "gamma"]
            rendered.clear()
            box["text"] = Text.assemble("alpha\nBETA\n", ("gamma", "bold"))
            assert prose.sync() is True
            await pilot.pause()
            assert rendered == ["gamma"]
            strip = app.screen._compositor.render_strips()[prose.content_region.y + 2]
            assert any(seg.style is not None and seg.style.bold and "gamma" in seg.text for seg in strip)
    asyncio.run(go())


def test_stones_grid_repaints_only_on_change():
    async def go():
        app = _Host({"text": "x", "log": []})
        async with app.run_test(size=(60, 20)) as pilot:
            grid_widget = app.query_one(StonesGrid)
            grid = tuple(tuple(["bird", "fish", "sun"]) for _ in range(3))
            grid_widget.show(grid)
            assert grid_widget._layout_required  # a grid where there was none: a new size
            await pilot.pause()
            height = grid_widget.size.height
            calls = []
            original = grid_widget.refresh
            grid_widget.refresh = lambda *a, **k: (calls.append(k), original(*a, **k))[1]
            grid_widget.show(grid)
            assert calls == []  # the same picture
            grid_widget.show(grid, [(1, 1)])
            assert calls == [{"layout": False}]  # a highlight: painted, same size
            await pilot.pause()
            assert grid_widget.size.height == height and "++" in grid_widget.render().plain
    asyncio.run(go())


def test_memoized_shaping_gives_what_the_reshaper_gives():
    word = "\u0645\u06cc\u200c\u06af\u06cc\u0631\u062f"  # «می‌گیرد»
    first = bidi.shape("در " + word)
    again = bidi.shape("در " + word + " " + word)
    assert bidi._shape_run(word) == tuple(map(tuple, bidi._shape_run_uncached(word)))
    assert again[0].startswith(first[0])
    assert len(again[0]) == len(again[1])


def test_undo_and_redo_keep_the_cursor_on(folders):
    from tests.tui.helpers import build_app, new_game_by_keys, play

    async def go():
        app = build_app(folders, "en")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            await play(pilot, ["15"])
            field = app.screen.focused
            steps = len(app.screen.session.steps)
            for key, after in (("ctrl+z", steps - 1), ("ctrl+y", steps)):
                field._cursor_visible = False  # mid-blink
                await pilot.press(key)
                assert len(app.screen.session.steps) == after
                assert field._cursor_visible, key
    asyncio.run(go())


def test_rows_rendered_one_by_one_are_what_textual_renders_for_the_whole_text():
    """Prose renders each row on its own (to keep unchanged rows): on 300 random texts -- wrapped words,
    styled spans, links, blank lines, wide Chinese characters, zero-width non-joiners (Textual trims a
    line by its characters there, not its cells), right-aligned as in Persian -- every row is
    segment for segment (characters, styles, mouse offsets) what Textual renders for the whole text."""
    import random

    from textual.visual import Visual

    words = ["gem", "relic", "snake", "每人", "各得", "寶石", "x" * 30, "7/26", "≈", "", " ", "lava",
             "\u0645\u06cc\u200c\u06af\u06cc\u0631\u062f", "\u200c", "  "]  # «می‌گیرد»: a zero-width non-joiner
    from rich.style import Style

    styles = ["", "bold", "red", "italic on blue", "bold #ff0000",
              Style.from_meta({"@click": "app.bell"})]  # a link: Textual gives it the link style
    box: dict = {"text": ""}

    class Host(App):
        def compose(self):
            yield Prose(lambda: box["text"], id="p")

    async def go():
        app = Host()
        rng = random.Random(15)
        async with app.run_test(size=(70, 40)) as pilot:
            prose = app.query_one("#p", Prose)
            for sample in range(300):
                parts = []
                for _ in range(rng.randint(1, 25)):
                    word = rng.choice(words) + rng.choice([" ", " ", "\n", ""])
                    parts.append((word, rng.choice(styles)))
                box["text"] = Text.assemble(*parts)
                prose.styles.width = width = rng.choice([12, 25, 40, 68])
                prose.styles.text_align = rng.choice(["left", "right", "center"])
                if sample < 3:  # a line as wide as the widget, with a joiner and a space at its end
                    box["text"] = "a\u200c" + "b" * (width - 2) + " \nnext"
                    prose.styles.text_align = "right"
                prose.refresh(layout=True)
                await pilot.pause()
                width = prose.size.width
                whole = Visual.to_strips(prose, prose._render(), width, None, prose.visual_style)
                ours = [prose.render_line(y) for y in range(len(whole))]
                assert prose.size.height == max(1, len(whole)), sample
                assert [list(strip) for strip in ours] == [list(strip) for strip in whole], sample
    asyncio.run(go())


def test_a_steady_panel_keeps_its_rows_until_it_settles():
    """A steady panel never shrinks on its own (what is under it stays put and a change is painted
    without a layout: the rows it no longer needs are painted blank); settle() lets it shrink, once."""
    box: dict = {"text": "one\ntwo\nthree"}

    class Host(App):
        def compose(self):
            yield Prose(lambda: box["text"], steady=True, id="p")
            yield Prose("below", id="below")

    async def go():
        app = Host()
        async with app.run_test(size=(60, 20)) as pilot:
            prose, below = app.query_one("#p", Prose), app.query_one("#below", Prose)
            await pilot.pause()
            assert prose.size.height == 3 and below.region.y == 3
            box["text"] = "uno"  # shorter: no layout, the two rows it no longer needs are painted blank
            assert prose.sync() is True
            assert not prose._layout_required
            offset = prose.content_offset
            assert prose._repaint_regions == {Region(offset.x, offset.y + y, prose.content_region.width, 1)
                                              for y in range(3)}
            await pilot.pause()
            assert prose.size.height == 3 and below.region.y == 3
            assert _screen_rows(app, prose) == ["uno", "", ""]
            box["text"] = "uno\ndos\ntres\ncuatro"  # longer than it ever was: laid out, it grows
            prose.sync()
            assert prose._layout_required
            await pilot.pause()
            assert prose.size.height == 4 and below.region.y == 4
            box["text"] = "uno"
            prose.sync()
            prose.settle()  # now it may shrink: laid out once, to its text
            assert prose._layout_required
            await pilot.pause()
            assert prose.size.height == 1 and below.region.y == 1
            assert _screen_rows(app, prose) == ["uno"] and _screen_rows(app, below) == ["below"]
            prose.settle()  # settled already: nothing to lay out
            assert not prose._layout_required
            # The rows are kept at any width: a floor that a new width dropped let the right-hand
            # column's scrollbar come and go for ever (it takes a column, the rows wrap again...).
            box["text"] = "uno\ndos\ntres"
            prose.sync()
            await pilot.pause()
            box["text"] = "uno"
            prose.sync()
            prose.styles.width = 30
            await pilot.pause()
            prose.styles.width = 40
            await pilot.pause()
            assert prose.size.height == 3 and below.region.y == 3
    asyncio.run(go())
