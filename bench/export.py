"""Print-shop speed and size: ``python bench/export.py [--out DIR]``.

Prints the time of the full export (every game, kind and locale, all cores), the time of one
Traditional Chinese rule sheet in a warm process and in a fresh one, and each PDF's size.
Goals: everything < 60 s on a 2-core machine; a Chinese rule sheet < 2 s; each PDF < 400 KB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import ids  # noqa: E402
from companion.i18n import LOCALES  # noqa: E402
from companion.printing.export import KINDS, Job, export, plan, run_job  # noqa: E402

LIMIT_KB = 400


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", help="keep the PDFs here (default: a temporary folder)")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="companion-bench-"))

    start = time.perf_counter()
    results = export(plan(ids(), KINDS, LOCALES, "a4"), out)
    total = time.perf_counter() - start
    failed = [r for r in results if r.error]
    print(f"full export: {len(results)} PDFs in {total:.1f} s on {os.cpu_count()} cores "
          f"({len(failed)} failed){'  OVER 60 s' if total > 60 else ''}")
    for r in failed:
        print(f"  failed: {r.job} {r.error}")

    code = ("import time; t=time.perf_counter(); from pathlib import Path; "
            "from companion.printing.export import Job, run_job; "
            f"r=run_job(Job('rules','diamant','zh_Hant','a4'), Path({str(out)!r})); "
            "print(f'{time.perf_counter()-t:.2f} {r.seconds:.2f}')")
    fresh = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout.split()
    warm = run_job(Job("rules", "diamant", "zh_Hant", "a4"), out)  # this process has rendered before
    warm = run_job(Job("rules", "diamant", "zh_Hant", "a4"), out)
    if fresh:
        print(f"Chinese rule sheet (diamant, zh_Hant): fresh process {fresh[0]} s (render {fresh[1]} s), "
              f"warm {warm.seconds:.2f} s")
    else:
        print(f"Chinese rule sheet (diamant, zh_Hant): warm {warm.seconds:.2f} s")

    print(f"{'size KB':>8}  {'s':>5}  file")
    for r in sorted(results, key=lambda r: r.name):
        if r.path:
            kb = r.size / 1024
            print(f"{kb:8.1f}  {r.seconds:5.2f}  {r.name}{'  OVER 400 KB' if kb > LIMIT_KB else ''}")
    biggest = max((r.size for r in results if r.path), default=0) / 1024
    print(f"largest PDF: {biggest:.1f} KB")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
