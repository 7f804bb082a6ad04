"""The long crash loop (issue 14 item 8): SIGKILL every game, through the session and through the TUI,
inside its writes -- the journal's creation, ordinary events, round (turn) ends, undo and redo -- and
check every journal after the crash (``tests/hardening/crash_driver.py`` does the aiming and checking).

Prints per game and surface: kills, kills that landed mid-write (the child stopped inside the write it
announced when SIGKILL came), acknowledged events, events lost, events never applied, journals
unreadable (torn headers among them) and games that went on after a resume; then a verdict.  Exit 1
when any row misses: fewer than ``--min-landed`` of the kills landed mid-write, an event was lost, a
journal was unreadable or any other check failed.

    python bench/crash_loop.py                      # 300 kills per game (session), 30 per game (TUI)
    python bench/crash_loop.py --kills 60 --tui-kills 6 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=300, help="kills per game through the session API")
    parser.add_argument("--tui-kills", type=int, default=30, help="kills per game through the TUI")
    parser.add_argument("--length", type=int, default=120, help="events per game at most (session)")
    parser.add_argument("--tui-length", type=int, default=32, help="events per game at most (TUI)")
    parser.add_argument("--jobs", type=int, default=2, help="children run at once")
    parser.add_argument("--seed", type=int, default=1000, help="first seed of each game")
    parser.add_argument("--min-landed", type=float, default=0.9, help="share of kills that must land mid-write")
    parser.add_argument("--keep", action="store_true", help="keep the journals (the folder is printed)")
    args = parser.parse_args(argv)

    base = Path(tempfile.mkdtemp(prefix="crash-loop-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (base / var).mkdir()
        os.environ[var] = str(base / var)  # no user rulesets or settings of this machine in the games
    from tests.hardening.crash_driver import CATEGORIES, GAMES, SESSION, Tally, campaign
    from tests.hardening.crash_tui_driver import TUI, same_setup

    rows: list[tuple[str, str, Tally, float]] = []
    runs = [(SESSION, args.kills, args.length, None), (TUI, args.tui_kills, args.tui_length, same_setup)]
    try:
        for driver, kills, length, check in runs:
            if kills <= 0:
                continue
            for game in GAMES:
                start = time.monotonic()
                tally = campaign(driver, base / "runs", game, kills, length, CATEGORIES, jobs=args.jobs,
                                 first_seed=args.seed, check_header=check)
                rows.append((driver.name, game, tally, time.monotonic() - start))
                print(f"  {driver.name:7} {game:16} {tally.kills} kills in {rows[-1][3]:.0f} s", file=sys.stderr,
                      flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)

    head = (f"{'surface':8}{'game':17}{'kills':>6}{'mid-write':>10}{'share':>7}{'acked':>8}{'lost':>6}"
            f"{'unapplied':>10}{'unreadable':>11}{'torn hdr':>9}{'went on':>8}{'absent':>7}")
    print(head)
    print("-" * len(head))
    total = Tally()
    misses: list[str] = []
    for surface, game, tally, _seconds in rows:
        total.add(tally)
        print(f"{surface:8}{game:17}{tally.kills:>6}{tally.landed:>10}{tally.landed_share:>7.1%}{tally.acked:>8}"
              f"{tally.lost:>6}{tally.unapplied:>10}{tally.unreadable:>11}{tally.torn_headers:>9}"
              f"{tally.continued:>8}{tally.absent:>7}")
        if tally.landed_share < args.min_landed:
            misses.append(f"{surface} {game}: {tally.landed_share:.1%} of the kills landed mid-write "
                          f"(at least {args.min_landed:.0%} must)")
        if tally.lost or tally.unreadable or tally.unapplied:
            misses.append(f"{surface} {game}: {tally.lost} lost, {tally.unreadable} unreadable "
                          f"({tally.torn_headers} torn headers), {tally.unapplied} never applied")
    print("-" * len(head))
    print(f"{'all':25}{total.kills:>6}{total.landed:>10}{total.landed_share:>7.1%}{total.acked:>8}{total.lost:>6}"
          f"{total.unapplied:>10}{total.unreadable:>11}{total.torn_headers:>9}{total.continued:>8}{total.absent:>7}")
    print()
    print("kills by kind of step: " + ", ".join(f"{c} {total.by_category.get(c, 0)}" for c in CATEGORIES))
    print("kills by operation:    " + ", ".join(f"{op} {n}" for op, n in sorted(total.by_op.items())))
    if total.failures:
        print(f"\n{len(total.failures)} check(s) failed; the first ones:")
        for failure in total.failures[:15]:
            print(f"  {failure}")
        misses.append(f"{len(total.failures)} check(s) failed")
    print()
    if misses:
        print("VERDICT: MISS")
        for miss in misses:
            print(f"  {miss}")
        return 1
    print(f"VERDICT: PASS -- {total.kills} kills, {total.landed_share:.1%} mid-write, {total.acked} acknowledged "
          "events, none lost, every journal readable and every game went on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
