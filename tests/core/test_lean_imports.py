"""Commands load nothing they do not use (issue 15): each check runs a fresh interpreter and looks at
what it imported and read.

* ``companion split`` imports no Babel and reads no Babel locale data (English reads no catalog at all;
  Persian reads its compiled catalog from the cache), and no Textual, WeasyPrint or game engine.
* ``companion tui`` up to its home screen imports no WeasyPrint, no printer, no game engine, no journal
  or session code, and in English no Babel; without a settings file, no TOML parser.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SPLIT = """
import json, sys
from companion.cli import main
code = main(sys.argv[1:])
data = sorted(sys.modules["babel.localedata"]._cache) if "babel.localedata" in sys.modules else []
print(json.dumps({"code": code, "modules": sorted(sys.modules), "locale_data": data}), file=sys.stderr)
"""

# The real entry (`companion tui`), with the app run headless until its home screen is up.
TUI = """
import asyncio, json, sys
import textual.app

def run(self, *args, **kwargs):
    async def go():
        async with self.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            print(json.dumps({"screen": type(self.screen).__name__, "modules": sorted(sys.modules)}),
                  file=sys.stderr)
    asyncio.run(go())

textual.app.App.run = run
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""

# ``companion.printing`` itself (constants only: the export kinds the help names) may load; none of its modules.
UNUSED_BY_SPLIT = ("babel", "textual", "rich", "weasyprint", "fontTools", "companion.games.", "companion.tui",
                   "companion.printing.", "companion.journal", "companion.session", "dataclasses", "tomllib")
UNUSED_BY_HOME = ("weasyprint", "companion.printing.", "companion.games.", "companion.journal",
                  "companion.session", "companion.tui.screens.game", "companion.tui.screens.diamant",
                  "companion.tui.screens.library", "companion.commands.export")


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "COMPANION_", "PYTHON"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / "cache"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"), PYTHONPATH=str(ROOT),
               COMPANION_LANG=lang, LANG="C.UTF-8")
    return env


def _child(code: str, argv: list[str], env: dict[str, str]) -> tuple[dict, str]:
    result = subprocess.run([sys.executable, "-c", code, *argv], env=env, cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stderr.strip().splitlines()[-1]), result.stdout


def _unwanted(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m.startswith(prefixes)]


def test_english_split_loads_no_babel_and_reads_no_catalog(tmp_path):
    found, out = _child(SPLIT, ["split", "15", "7", "--among", "4"], _env(tmp_path, "en"))
    assert out.splitlines()[0] == "Card 1: 15 = 4 × 3 + 3: each gets 3, 3 stay on the card."
    assert found["code"] == 0
    assert _unwanted(found["modules"], UNUSED_BY_SPLIT) == []
    assert found["locale_data"] == []
    assert not (tmp_path / "cache" / "companion").exists()  # no catalog was compiled or read: none is cached


def test_english_split_json_and_big_numbers_stay_lean(tmp_path):
    found, out = _child(SPLIT, ["split", "1234567", "--among", "2", "--json"], _env(tmp_path, "en"))
    assert json.loads(out) == {"mode": "per_card", "among": 2, "piles": [1234567], "each": 617283, "left": [1],
                               "left_total": 1}
    found, out = _child(SPLIT, ["split", "1234567", "--among", "2"], _env(tmp_path, "en"))
    assert "1,234,567 = 2 × 617,283 + 1" in out
    assert _unwanted(found["modules"], UNUSED_BY_SPLIT) == [] and found["locale_data"] == []


def test_persian_split_reads_its_catalog_from_the_cache_without_babel(tmp_path):
    env = _env(tmp_path, "fa")
    first, out_first = _child(SPLIT, ["split", "1234", "--among", "4"], env)  # compiles the catalog once
    assert any(m.startswith("babel.messages") for m in first["modules"])
    found, out = _child(SPLIT, ["split", "1234", "--among", "4"], env)
    assert out == out_first and "۱٬۲۳۴ = ۴ × ۳۰۸ + ۲" in out
    assert _unwanted(found["modules"], UNUSED_BY_SPLIT) == []
    assert found["locale_data"] == []


@pytest.mark.parametrize("lang", ["en", "fa", "zh_Hant"])
def test_the_home_screen_loads_no_printer_engine_or_journal(tmp_path, lang):
    env = _env(tmp_path, lang)
    _child(TUI, ["tui"], env)  # a first start fills the compiled-catalog cache
    found, _out = _child(TUI, ["tui"], env)
    assert found["screen"] == "HomeScreen"
    assert _unwanted(found["modules"], UNUSED_BY_HOME) == []
    assert "tomllib" not in found["modules"]  # no settings file: nothing to parse
    if lang != "fa":  # Persian shapes its letters (arabic_reshaper); the others need no Babel
        assert [m for m in found["modules"] if m.split(".")[0] == "babel"] == []


def test_saved_settings_are_read_without_toml_and_the_same_as_toml_reads_them(tmp_path):
    import tomllib

    from companion.tui import settings as settings_mod

    saved = settings_mod.Settings(bidi="terminal", language="zh_Hant")
    path = settings_mod.save(saved, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert settings_mod._read_own(text) == tomllib.loads(text) == {"bidi": "terminal", "language": "zh_Hant"}
    assert settings_mod.load(tmp_path) == saved
    # What our own writer never writes goes to the TOML parser, which decides.
    for other, expected in [('bidi = "terminal" # mine\n', saved.with_(language="")),
                            ("bidi='terminal'\n", saved.with_(language="")),
                            ('bidi = "terminal"\nbidi = "app"\n', settings_mod.Settings()),  # TOML: an error
                            ('language = "fa\\/x"\n', settings_mod.Settings()),  # "\/" is JSON, not TOML
                            ('language = "zh_TW"\n[table]\nx = 1\n', settings_mod.Settings(language="zh_TW"))]:
        path.write_text(other, encoding="utf-8")
        assert settings_mod._read_own(other) is None
        assert settings_mod.load(tmp_path) == expected, other
    env = _env(tmp_path, "en")
    settings_mod.save(saved, tmp_path / "config" / "companion")
    found, _out = _child(TUI, ["tui"], env)
    assert "tomllib" not in found["modules"]  # our own file: read without it
