"""A 10,000-event journal opens in the referee assistant, shows the right state and still takes input.
(Figures: bench/long_session.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

from companion.journal import read_journal
from companion.session import replay
from companion.tui.app import make_app
from companion.tui.settings import Settings

GAME = Path(__file__).parents[1] / "diamant" / "journals" / "diamant.jsonl"


def test_ten_thousand_events_open_and_respond(tmp_path):
    lines = GAME.read_text().splitlines()
    # the whole game but its last event, then a host who undid and redid that event 5,000 times
    body = lines[:-1]
    churn = ['{"event": "undo"}', '{"event": "redo"}'] * 5_000
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(body + churn) + "\n")
    expected, _ = replay(read_journal(path))
    assert len(read_journal(path).entries) >= 10_000

    async def run():
        app = make_app("en", resume=path, data_dir=tmp_path / "d", config_dir=tmp_path / "c", settings=Settings())
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.session.state == expected
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert screen.session.state != expected
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert screen.session.state == expected

    asyncio.run(run())
    assert [e.kind for e in read_journal(path).entries][-2:] == ["undo", "redo"]
