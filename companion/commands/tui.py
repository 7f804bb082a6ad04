"""``companion tui [--lang L] [--resume FILE | --follow FILE] [--catalog FILE]``: the referee assistant.

``--follow FILE`` opens the game read-only (it is shown as another session plays it; nothing is written).

A journal or catalog that cannot be used is one message and status 1, before any screen opens.  An
uncaught error inside the assistant leaves the journal closed and whole, restores the terminal, prints
a short message (the journal to resume, the crash log) and exits with status 70.
"""

from __future__ import annotations

import argparse
import sys


def _check_catalog(path: str) -> None:
    """A card catalog must be a regular file of bounded size (never a FIFO, a device or a folder, which
    could hang or flood) and a valid catalog: else a RulesetError, one message and status 1."""
    from companion.games.death_valley.catalog import load_catalog

    load_catalog(path)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.i18n import negotiate, use_language
    from companion.tui.app import EXIT_CRASH, crash_message, make_app

    language = negotiate(args.lang) if getattr(args, "lang", None) else None
    resume = getattr(args, "resume", None)
    follow = getattr(args, "follow", None)
    for path in (resume, follow):
        if path is not None:
            from companion.journal import read_journal

            read_journal(Path(path))  # a missing or invalid file: a clear message and exit 1, no app
    catalog = getattr(args, "catalog", None)
    if catalog is not None:
        _check_catalog(catalog)
    options = {"follow": follow} if follow is not None else {}
    app = make_app(language=language, resume=resume, catalog=Path(catalog) if catalog else None, **options)
    app.run()
    if app.crash is not None:
        with use_language(app.locale):  # the language the host was reading
            print(crash_message(app.crash), file=sys.stderr)
        return EXIT_CRASH
    return app.return_code or 0
