"""\"Share the table\" (F11): the dialog starts `companion share` as a child, shows its address and a
QR code, and the child stops when the TUI exits."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import httpx

from companion.journal import new_header
from companion.session import Session
from tests.tui.helpers import build_app


def test_share_dialog_shows_the_url_and_a_qr_code_and_stops_the_child(folders, tmp_path):
    path = tmp_path / "game.jsonl"
    session = Session.new(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]), path)
    session.apply({"event": "draw", "card": "treasure", "value": 7})
    session.close()
    app = build_app(folders, resume=path)

    async def run() -> tuple[str, str, object]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f11")
            from companion.tui.screens.share import ShareScreen, _children

            for _ in range(200):
                await pilot.pause(0.05)
                if isinstance(app.screen, ShareScreen) and app.screen.url:
                    break
            screen = app.screen
            assert isinstance(screen, ShareScreen), type(screen)
            url = screen.url
            assert url.startswith("http://127.0.0.1:") and "/t/" in url
            qr = str(screen.query_one("#share-qr").render())
            shown = str(screen.query_one("#share-url").render())
            child = next(iter(_children.values()))[0]
            data = httpx.get(url + "state.json", timeout=5).json()  # the child serves this game
            assert data["events"] == 1
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, ShareScreen)
            assert child.poll() is None  # closing the dialog keeps the view running
        return url + "|" + shown, qr, child

    text, qr, child = asyncio.run(run())
    url, shown = text.split("|", 1)
    assert url in shown
    assert "█" in qr and ("▀" in qr or "▄" in qr)
    assert len(qr.splitlines()) <= 24 and max(len(line) for line in qr.splitlines()) <= 80
    assert child.wait(timeout=10) is not None  # stopped with the app
    try:
        httpx.get(url + "state.json", timeout=2)
        raise AssertionError("the share server still answers")
    except httpx.HTTPError:
        pass


def test_the_tui_does_not_import_the_web_libraries_at_start_up():
    code = ("import sys\nimport companion.tui.app, companion.tui.screens.game\n"
            "print(sorted(m for m in ('starlette', 'uvicorn', 'segno', 'httpx') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
