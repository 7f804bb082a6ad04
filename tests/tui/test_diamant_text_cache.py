"""The Diamant screen keeps its panels' lines between keys (issue 15): a kept line must never outlive
what it says -- the players in the cave, the language, whether values are isolated, the bidi mode."""

from __future__ import annotations

import asyncio
from fractions import Fraction

from companion.i18n import FSI, translator, use_isolation, use_language
from companion.tui import bidi
from companion.tui.screens import diamant as screen
from tests.tui.helpers import build_app, new_game_by_keys, play


def _hint(app) -> str:
    return app.screen.query_one("#entry-hint")._text.plain


def _rows(app) -> list[str]:
    from companion.tui.widgets.decision import DecisionList

    return [text.plain for _seat, text, _ok in app.screen.query_one(DecisionList).rows]


def test_hint_and_rows_follow_who_leaves_and_the_language(folders):
    async def go():
        app = build_app(folders, "en")
        async with app.run_test(size=(120, 45)) as pilot:
            await new_game_by_keys(pilot, 0, "Ava, Ben, Chen")
            assert "leave Ava Ben; leave 1 2" in _hint(app)
            await play(pilot, ["15", (1,)])  # Ava leaves with her gems
            assert "leave Ben Chen; leave 2 3" in _hint(app)
            assert "Ava" not in _hint(app)
            assert _rows(app)[0].startswith("1. Ava: at camp") and "in the cave, carrying 5" in _rows(app)[1]
            app.set_language("fa")
            await pilot.pause()
            fa = translator("fa")
            hint = _hint(app)
            assert "۲ ۳" in hint and fa.gettext("leave") in hint and "press Enter" not in hint
            assert "Ava" not in hint and "Ben" in hint
            assert "۵" in _rows(app)[1] and "carrying" not in _rows(app)[1]
            app.set_language("en")
            await pilot.pause()
            assert "leave Ben Chen; leave 2 3" in _hint(app) and "carrying 5" in _rows(app)[1]
            await play(pilot, ["snake", "snake"])  # a bust: the next round has everyone in the cave again
            await pilot.press("escape")  # (closes the round's summary)
            await pilot.pause()
            assert "leave Ava Ben; leave 1 2" in _hint(app)
    asyncio.run(go())


def test_kept_lines_follow_isolation_and_language():
    loss = Fraction(3, 2)
    with use_language("fa"):
        with use_isolation(False):
            plain = screen._loss_line("Ava", loss)
        with use_isolation(True):
            isolated = screen._loss_line("Ava", loss)
        assert FSI not in plain and FSI in isolated  # not the line kept for the other setting
        assert "۳/۲" in plain
    with use_language("en"):
        assert screen._loss_line("Ava", loss) == "Ava could lose 3/2 ≈ 1.50 gems on average"
        assert screen._risk_line(Fraction(1, 4)) == "Risk of a bust: 1/4 = 25.0%"
    with use_language("zh_Hant"):
        assert "Ava" in screen._loss_line("Ava", loss) and "could lose" not in screen._loss_line("Ava", loss)


def test_the_placeholder_follows_the_bidi_mode():
    with use_language("fa"):
        fa = translator("fa").gettext("A card (a value, a hazard, relic) or L and who leaves")
        with bidi.use_mode("app"):
            shown = screen._placeholder_line(True, bidi.mode())
            assert shown == bidi.line(fa, True) != fa  # the app reorders it: display order
        with bidi.use_mode("terminal"):
            assert screen._placeholder_line(True, bidi.mode()) == fa  # the terminal does: logical order
