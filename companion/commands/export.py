"""``companion export [--game G] [--lang L] [--kind K] [--paper a4|letter] [--out DIR] [--journal FILE]``.

``--kind bgstats --journal FILE`` is not a PDF: it writes the finished game as a BG Stats play,
``DIR/NAME.bgstats.json``, and prints the BG Stats import link on stdout (:mod:`companion.bgstats`).

Without ``--lang`` every locale is printed (the interface language still follows the usual
negotiation); without ``--game``/``--kind`` every game and kind.  Progress and warnings go to stderr,
translated; the list of files written goes to stdout.  Exit 0 when every PDF was made, 1 when some
could not be (a bad journal or content file), 2 for bad usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CompanionError, JournalError, RulesetError
from companion.i18n import LOCALES, _, current, ngettext, normalize_locale
from companion.printing.messages import describe
from companion.safetext import clean

if TYPE_CHECKING:
    from companion.printing.export import Result

DEFAULT_OUT = "exports"
BGSTATS = "bgstats"  # --kind bgstats: a played game as a BG Stats play (JSON and import link), no PDF


def _choice(value: str | None, choices: tuple[str, ...], code: str) -> tuple[str, ...]:
    from companion.errors import UsageError

    if value is None:
        return choices
    key = value.strip().lower().replace("-", "_")
    if key not in choices:
        raise UsageError(code, value=value, choices=", ".join(choices))
    return (key,)


def _progress(done: int, total: int, result: Result) -> None:
    name = clean(result.name or f"{result.job.game}-{result.job.kind}-{result.job.locale}")
    if result.error:
        line = _("[{done}/{total}] {name}: not made", done=done, total=total, name=name)
    else:
        line = _("[{done}/{total}] {name} ({size} KB)", done=done, total=total, name=name,
                 size=max(1, round(result.size / 1024)))
    print(line, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    from companion.games import ids
    from companion.printing.export import KINDS, Job, export, plan, two_up

    if args.kind is not None and args.kind.strip().lower() == BGSTATS:
        return _bgstats(args)
    try:
        out_dir = Path(args.out or DEFAULT_OUT)
        locales: tuple[str, ...]
        if args.lang:
            locales = (normalize_locale(args.lang) or current().locale,)
        else:
            locales = LOCALES
        if args.journal:
            if args.kind or args.game or getattr(args, "two_up", False):
                from companion.errors import UsageError

                raise UsageError("print.journal_with_kind")
            locale = locales[0] if args.lang else current().locale
            jobs = [Job("journal", "", locale, args.paper, str(args.journal))]
            _check_journal(args.journal)
        else:
            games = _choice(args.game, ids(), "print.bad_game")
            kinds = _choice(args.kind, KINDS, "print.bad_kind")
            jobs = plan(games, kinds, locales, args.paper)
            if getattr(args, "two_up", False):
                jobs = two_up(jobs)
        print(ngettext("Making {n} PDF file in {path}", "Making {n} PDF files in {path}", len(jobs),
                       path=clean(out_dir)), file=sys.stderr, flush=True)
        results = export(jobs, out_dir, progress=_progress)
    except (JournalError, RulesetError) as exc:
        print(describe(exc.code, exc.params), file=sys.stderr)
        return 1
    except CompanionError as exc:
        print(describe(exc.code, exc.params), file=sys.stderr)
        return 2
    failed = 0
    for result in sorted(results, key=lambda r: r.name):
        for code, params in result.warnings:
            print(_("Warning: {message}", message=describe(code, params)), file=sys.stderr)
        if result.error:
            failed += 1
            code, params = result.error
            print(describe("print.failed", {"document": result.name or result.job.game,
                                            "reason": describe(code, params)}), file=sys.stderr)
        elif result.path:
            print(clean(result.path))  # a folder named by the user may hold anything
    return 1 if failed else 0


def _bgstats(args: argparse.Namespace) -> int:
    """``--kind bgstats --journal FILE``: the file path on stderr's progress line, the link on stdout."""
    from companion import bgstats
    from companion.errors import UsageError
    from companion.i18n import translator
    from companion.journal import read_journal

    try:
        if not args.journal or args.game:
            raise UsageError("bgstats.needs_journal")
        tr = translator(normalize_locale(args.lang) or current().locale) if args.lang else current()
        journal = read_journal(args.journal)
        for warning in journal.warnings:  # a last line cut off in a crash: dropped, said once
            print(_("Warning: {message}", message=describe(warning.code, warning.params)), file=sys.stderr)
        play = bgstats.from_journal(journal, tr)
        path = bgstats.write(play, Path(args.out or DEFAULT_OUT), bgstats.file_name(args.journal))
    except (JournalError, RulesetError, bgstats.ExportRefused) as exc:
        print(describe(exc.code, exc.params), file=sys.stderr)
        return 1
    except CompanionError as exc:
        print(describe(exc.code, exc.params), file=sys.stderr)
        return 2
    print(_("BG Stats play written to {path}; open this link on a device with BG Stats to import it:",
            path=clean(path)), file=sys.stderr)
    print(bgstats.link(play))
    return 0


def _check_journal(path: str) -> None:
    """Read and replay the journal before any worker starts, so that a bad one is one clear message."""
    from companion.journal import read_journal
    from companion.session import replay

    replay(read_journal(path))
