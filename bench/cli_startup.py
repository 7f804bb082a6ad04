"""``companion split`` loads nothing it does not use: wall time against ``python -c pass``, import time,
and what it loaded (English and Persian).

Goals (issue 15): ``split`` imports no Babel and reads no Babel locale data, in English or in Persian
(whole numbers are grouped without it; English reads no catalog at all, Persian its compiled catalog from
the cache, warmed by a first run), and no Textual, Rich, WeasyPrint or game engine; and its wall time
is at most ``GOAL_RATIO`` times that of a bare ``python -c pass`` (medians of interleaved runs, so a busy
machine slows both alike; Persian also reads and parses its compiled catalog, so its bound is wider).
Before this bench, English ``split`` loaded Babel's locale data to format single digits: ~80 ms against
~14 ms.

Prints the figures, the goals and a verdict; exits 1 on a miss.  ``--runs N`` (default 15).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_RATIO = {"en": 3.5, "fa": 5.0}  # measured ~2.5 and ~3.7; Babel's locale data alone took ~5.7
ARGV = ["split", "15", "7", "--among", "4"]
# (companion.printing itself holds constants only, the export kinds the help names: none of its modules)
FORBIDDEN = ("babel", "textual", "rich", "weasyprint", "fontTools", "companion.games.", "companion.tui",
             "companion.printing.", "dataclasses", "tomllib")

PROBE = """
import json, sys
from companion.cli import main
code = main(sys.argv[1:])
loaded = sorted(sys.modules)
data = sorted(sys.modules["babel.localedata"]._cache) if "babel.localedata" in sys.modules else []
print(json.dumps({"code": code, "modules": loaded, "locale_data": data}), file=sys.stderr)
"""


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "COMPANION_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / "cache"), XDG_CONFIG_HOME=str(home / "config"),
               PYTHONPATH=str(ROOT), COMPANION_LANG=lang, LANG="C.UTF-8")
    return env


def probe(lang: str, env: dict[str, str]) -> dict:
    result = subprocess.run([sys.executable, "-c", PROBE, *ARGV], env=env, cwd=ROOT, capture_output=True,
                            text=True, check=True)
    return json.loads(result.stderr.strip().splitlines()[-1])


def wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def import_ms(env: dict[str, str]) -> float:
    """``-X importtime``: the cumulative import time of ``companion.cli`` and what ``split`` imports later."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", *ARGV], env=env, cwd=ROOT,
                            capture_output=True, text=True, check=True)
    total = 0
    for line in result.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            name = parts[2]
            if not name.startswith("  "):  # top level: its cumulative time holds what it imported
                total += int(parts[1])
    return total / 1000


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 15
    load = os.getloadavg()[0]
    goals = ", ".join(f"{lang} {ratio}x" for lang, ratio in GOAL_RATIO.items())
    print(f"companion {' '.join(ARGV)}: wall time goal <= {goals} python -c pass (medians of {runs} "
          f"interleaved runs); no Babel locale data, nothing of {', '.join(FORBIDDEN)}")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for lang in ("en", "fa"):
            env = _env(Path(tmp), lang)
            probe(lang, env)  # warms the compiled-catalog cache (a first run compiles the .po with Babel)
            found = probe(lang, env)
            loaded = [m for m in found["modules"] if m.startswith(FORBIDDEN)]
            babel = [m for m in found["modules"] if m == "babel" or m.startswith("babel.")]
            lean = found["code"] == 0 and not loaded and not found["locale_data"]
            ours: list[float] = []
            bare: list[float] = []
            for _ in range(runs):
                bare.append(wall([sys.executable, "-c", "pass"], env))
                ours.append(wall([sys.executable, "-m", "companion", *ARGV], env))
            o, b = statistics.median(ours), statistics.median(bare)
            ratio = o / b
            ok = lean and ratio <= GOAL_RATIO[lang]
            failed |= not ok
            print(f"  {lang}: split median {o * 1000:5.1f} ms, python -c pass {b * 1000:5.1f} ms, ratio {ratio:.2f}; "
                  f"imports {import_ms(env):5.1f} ms (-X importtime, top level); Babel modules {len(babel)}, "
                  f"Babel locale data {found['locale_data'] or 'none'}, unwanted {loaded or 'none'} "
                  f"-> {'met' if ok else 'MISSED'}")
    print(f"load average at the start: {load:.2f}; verdict: {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
