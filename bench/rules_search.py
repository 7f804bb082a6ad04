"""``companion rules diamant --search ...`` answers in a fresh process in under ``GOAL_MS`` (issue 19).

Each run is a new interpreter (``companion rules`` is a command-line call), with the index already in
the user cache (a first run builds it, as a person's first search does; that build is timed and shown
too, but is not the goal).  Several questions in each language -- English, Persian, Traditional and
Simplified Chinese (no spaces) -- run interleaved, so a busy machine slows them all alike; the figure
per language is the median of its runs.  ``python -c pass`` is timed alongside for scale.

Prints the figures, the goal and a verdict; exits 1 on a miss.  ``--runs N`` (default 7 per question).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MS = 150.0  # measured 80-90 ms at load 2 (python -c pass ~15 ms); a first search, building the index, ~320 ms
QUESTIONS = {
    "en": ["second hazard of the same kind", "how are gems shared when leaving", "relic", "house rules"],
    "fa": ["سوختن", "قسمت کردن گوهرها", "عتیقه‌ها", "مارها"],
    "zh_Hant": ["陣亡", "撤退時怎麼分寶石", "神器", "家規"],
    "zh_Hans": ["遇到两张相同的危险卡会怎样", "阵亡", "神器", "房规"],
}


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "COMPANION_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / "cache"), XDG_CONFIG_HOME=str(home / "config"),
               PYTHONPATH=str(ROOT), COMPANION_LANG=lang, LANG="C.UTF-8")
    return env


def wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0 or not result.stdout.strip():
        raise SystemExit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return elapsed


def command(question: str) -> list[str]:
    return [sys.executable, "-m", "companion", "rules", "diamant", "--search", question]


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 7
    load = os.getloadavg()[0]
    print(f"companion rules diamant --search QUESTION, fresh process, index in the cache: goal < {GOAL_MS:.0f} ms "
          f"(median per language of {runs} interleaved runs of each of {len(QUESTIONS['en'])} questions)")
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        first = wall(command("relic"), _env(home, "en"))  # builds and caches the index
        times: dict[str, list[float]] = {lang: [] for lang in QUESTIONS}
        bare: list[float] = []
        for _ in range(runs):
            for index in range(len(QUESTIONS["en"])):
                for lang, questions in QUESTIONS.items():
                    times[lang].append(wall(command(questions[index]), _env(home, lang)))
            bare.append(wall([sys.executable, "-c", "print(1)"], _env(home, "en")))
    failed = False
    for lang, values in times.items():
        median = statistics.median(values) * 1000
        ok = median < GOAL_MS
        failed |= not ok
        verdict = "met" if ok else "MISSED"
        print(f"  {lang:8} median {median:6.1f} ms, slowest {max(values) * 1000:6.1f} ms -> {verdict}")
    print(f"  first search (builds the index): {first * 1000:.1f} ms; python -c pass: "
          f"{statistics.median(bare) * 1000:.1f} ms")
    print(f"load average at the start: {load:.2f}; verdict: {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
