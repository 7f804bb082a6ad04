"""The right-to-left lines a start orders are kept for the next start (``bidi.save_orders``): the next
start finds them without loading the reshaper or the bidi algorithm, and gets the very same orders; a
damaged or forged file only costs ordering the lines again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINES = ["بازی تازه", "ادامهٔ بازی (۳)", "قوانین «دیامانت»", "f1 همهٔ کلیدها"]

CHILD = """
import json, sys
from companion.tui import bidi
lines = json.loads(sys.argv[1])
orders = [bidi.visual_order(line, True) for line in lines]
saved = bidi.save_orders() if sys.argv[2] == "save" else None
print(json.dumps({"orders": orders, "saved": saved,
                  "loaded": [m for m in ("arabic_reshaper", "bidi.algorithm") if m in sys.modules]}))
"""


def _start(cache: Path, mode: str = "save") -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(LINES), mode], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def _file(cache: Path) -> Path:
    (found,) = (cache / "companion" / "bidi").glob("orders-*.marshal")
    return found


def test_the_next_start_finds_its_lines_ordered(tmp_path):
    first = _start(tmp_path)
    assert first["saved"] is True and set(first["loaded"]) == {"arabic_reshaper", "bidi.algorithm"}
    second = _start(tmp_path)
    assert second["loaded"] == []  # neither library was needed
    assert second["orders"] == first["orders"]
    assert second["saved"] is False  # nothing new: nothing written


def test_a_damaged_file_costs_only_the_ordering(tmp_path):
    first = _start(tmp_path)
    _file(tmp_path).write_bytes(b"\x00not marshal at all")
    again = _start(tmp_path, "keep")
    assert again["orders"] == first["orders"]
    assert "bidi.algorithm" in again["loaded"]


def test_a_forged_entry_is_not_believed(tmp_path):
    import marshal

    first = _start(tmp_path)
    path = _file(tmp_path)
    kept = marshal.loads(path.read_bytes())
    kept[(LINES[0], True)] = ("x", (99,))  # an index outside the line
    kept[(LINES[1], True)] = ("short", (0, 1))  # lengths that do not match
    path.write_bytes(marshal.dumps(kept))
    again = _start(tmp_path, "keep")
    assert again["orders"] == first["orders"]
