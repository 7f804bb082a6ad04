"""The game screen's "Export to BG Stats" (issue 20): offered once the game is over, it writes the play
in the exports folder beside the journal and shows the file and the import link in a modal."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from textual.widgets import Static

from companion import bgstats
from companion.i18n import translator
from companion.tui.screens.bgstats import BgStatsScreen
from companion.tui.screens.game import GameScreen
from tests.tui.helpers import build_app, record_notices

ROOT = Path(__file__).resolve().parents[2]
DIAMANT = ROOT / "tests" / "diamant" / "journals" / "diamant.jsonl"
SOLO = ROOT / "tests" / "death_valley" / "journals" / "solo.jsonl"


def _titles(screen) -> list[str]:
    return [c.title for c in screen.palette()]


def _entry(screen, title: str):
    return next(c for c in screen.palette() if c.title == title)


def test_a_finished_game_exports_from_the_palette_and_shows_the_file_and_link(folders, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    journal = games / "valley.jsonl"
    shutil.copy(SOLO, journal)

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert app.open_journal(journal)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            _entry(screen, "Export to BG Stats").run()
            await pilot.pause()
            modal = app.screen
            assert isinstance(modal, BgStatsScreen)
            written = games / "exports" / "valley.bgstats.json"
            assert modal.path == written.resolve() or modal.path == written
            play = json.loads(written.read_text(encoding="utf-8"))
            assert {p["sourcePlayerId"]: p["score"] for p in play["players"]} == {"Eve": 12, "robot": 11}
            assert bgstats.decode(modal.link) == play
            shown = str(modal.query_one("#bgstats-link", Static).render())
            assert shown.replace("\n", "") == modal.link
            assert str(written) in str(modal.query_one("#bgstats-path", Static).render()).replace("\n", "")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            # The journal is untouched by the export.
            assert journal.read_bytes() == SOLO.read_bytes()

    asyncio.run(go())


def test_the_export_follows_the_language_and_the_modal_is_translated(folders, tmp_path):
    journal = tmp_path / "valley.jsonl"
    shutil.copy(SOLO, journal)

    async def go():
        app = build_app(folders, language="fa")
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert app.open_journal(journal)
            await pilot.pause()
            fa = translator("fa")
            title = fa.gettext("Export to BG Stats")
            assert title != "Export to BG Stats" and title in _titles(app.screen)
            _entry(app.screen, title).run()
            await pilot.pause()
            assert isinstance(app.screen, BgStatsScreen)
            play = json.loads((tmp_path / "exports" / "valley.bgstats.json").read_text(encoding="utf-8"))
            assert fa.gettext("Robot") in [p["name"] for p in play["players"]]
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, BgStatsScreen)

    asyncio.run(go())


def test_an_unfinished_game_offers_no_export_and_refuses_it(folders, tmp_path):
    journal = tmp_path / "half.jsonl"
    journal.write_text("\n".join(DIAMANT.read_text().splitlines()[:6]) + "\n")
    before = journal.read_bytes()

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert app.open_journal(journal)
            await pilot.pause()
            screen = app.screen
            assert "Export to BG Stats" not in _titles(screen)
            shown = record_notices(app)
            steps = len(screen.session.steps)
            assert screen.export_bgstats() is False  # asked anyway (a key, a script): a notice, nothing else
            await pilot.pause()
            assert app.screen is screen and len(screen.session.steps) == steps
            assert any("not over yet" in text for _severity, text in shown)
            assert not (tmp_path / "exports").exists()
        assert journal.read_bytes() == before

    asyncio.run(go())
