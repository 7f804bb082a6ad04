"""The language and the bidi mode belong to an app (or to one CLI call): nothing leaks from one to another.

Two apps running side by side in one process each speak their own language and keep their own bidi
mode; after an app or a CLI call ends, a plain ``_()`` is English again and the bidi mode is ``app``.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys

from companion import cli
from companion.i18n import _, current, translator
from companion.tui import bidi
from companion.tui.settings import Settings
from companion.tui.widgets.footer import TranslatedFooter
from tests.tui.helpers import build_app, unshaped


def _footer(app) -> list[str]:
    return app.screen.query_one(TranslatedFooter).descriptions


def test_two_apps_in_one_process_keep_their_own_language_and_bidi_mode(tmp_path):
    fa, zh = translator("fa"), translator("zh_Hant")

    async def go():
        persian = build_app((tmp_path / "a" / "data", tmp_path / "a" / "config"), "fa",
                            settings=Settings(bidi="terminal"))
        english = build_app((tmp_path / "b" / "data", tmp_path / "b" / "config"), "en")
        async with persian.run_test(size=(100, 30)) as first:
            async with english.run_test(size=(100, 30)) as second:
                await first.pause()
                await second.pause()
                # Terminal mode: the Persian app leaves its labels in logical order.
                assert fa.gettext("Language") in _footer(persian)
                assert "Language" in _footer(english)
                # The test body runs in the innermost app's context.
                assert current().locale == "en" and bidi.mode() == "app"
                english.set_language("zh_Hant")
                await second.pause()
                await first.pause()
                assert zh.gettext("Language") in _footer(english)
                assert fa.gettext("Language") in _footer(persian)  # untouched by the other app
                assert current().locale == "zh_Hant"
                assert persian.locale == "fa" and persian.settings.bidi == "terminal"
            # Back in the first app's context.
            assert current().locale == "fa" and bidi.mode() == "terminal"
            assert _("Language") == fa.gettext("Language")
        assert current().locale == "en" and bidi.mode() == "app"
        assert _("Language") == "Language"

    asyncio.run(go())
    assert current().locale == "en" and bidi.mode() == "app"


def test_an_app_then_a_cli_call_then_plain_text(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "C")  # the CLI without --lang: English

    async def go():
        app = build_app((tmp_path / "data", tmp_path / "config"), "fa")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert current().locale == "fa"

    asyncio.run(go())
    assert current().locale == "en" and _("Language") == "Language"

    assert cli.main(["--lang", "fa", "split", "5", "--among", "2"]) == 0
    assert "۲" in capsys.readouterr().out  # Persian digits for that one call
    assert current().locale == "en" and _("Language") == "Language"

    assert cli.main(["split", "5", "--among", "2"]) == 0
    assert capsys.readouterr().out.startswith("5 = 2 × 2 + 1")
    assert cli.main(["--lang", "zh_Hant", "split", "x", "--among", "2"]) != 0  # an error: still reset
    assert cli.main(["--lang", "klingon", "split", "5", "--among", "2"]) == 2
    assert "klingon" in capsys.readouterr().err
    assert current().locale == "en" and bidi.mode() == "app"


def test_bidi_mode_outside_an_app_is_scoped():
    assert bidi.mode() == "app"
    with bidi.use_mode("terminal"):
        assert bidi.mode() == "terminal"
        assert bidi.line("سلام", True) == "سلام"
    assert bidi.mode() == "app"
    assert unshaped(bidi.line("سلام", True)) == "مالس"  # reordered, and shaped for the terminal


def test_the_language_screens_do_not_import_the_app():
    code = ("import sys, companion.tui.screens.language, companion.tui.screens.new_game; "
            "assert 'companion.tui.app' not in sys.modules, 'import cycle'")
    subprocess.run([sys.executable, "-c", code], check=True)
