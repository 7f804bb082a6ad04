"""``companion tui [--lang L] [--resume FILE | --follow FILE] [--catalog FILE]``: the referee assistant.

``--follow FILE`` opens the game read-only (it is shown as another session plays it; nothing is written).

A journal or catalog that cannot be used is one message and status 1, before any screen opens.  An
uncaught error inside the assistant leaves the journal closed and whole, restores the terminal, prints
a short message (the journal to resume, the crash log) and exits with status 70.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.session import Session


def _check_catalog(path: str) -> None:
    """A card catalog must be a regular file of bounded size (never a FIFO, a device or a folder, which
    could hang or flood) and a valid catalog: else a RulesetError, one message and status 1."""
    from companion.games.death_valley.catalog import load_catalog

    load_catalog(path)


def _open(resume: str | None, follow: str | None) -> Session | None:
    """The session of ``--resume`` or ``--follow``, opened before any screen (a journal that cannot be
    used raises, so the command prints one message and exits 1).  ``None`` without either, or when the
    journal is another session's (or not writable here): the app then offers to follow it."""
    path = follow if follow is not None else resume
    if path is None:
        return None  # the home screen: no journal or session module to load
    from pathlib import Path

    from companion.errors import CompanionError
    from companion.session import Session
    from companion.tui.screens.follow import FOLLOW_CODES

    try:
        return Session.follow(Path(path)) if follow is not None else Session.resume(Path(path))
    except CompanionError as exc:
        if follow is None and exc.code in FOLLOW_CODES:
            return None  # the app says who holds it and offers to follow (it reads the journal then)
        raise
    except OSError:  # missing, a folder, refused: the reader says which, as one message
        from companion.journal import read_journal

        read_journal(Path(path))
        raise


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.i18n import negotiate, use_language
    from companion.tui.app import EXIT_CRASH, crash_message, make_app

    language = negotiate(args.lang) if getattr(args, "lang", None) else None
    resume = getattr(args, "resume", None)
    follow = getattr(args, "follow", None)
    catalog = getattr(args, "catalog", None)
    if catalog is not None:
        _check_catalog(catalog)
    session = _open(resume, follow)  # the journal is read once, here; a bad one: one message, exit 1
    options = {"follow": follow} if follow is not None else {}
    app = make_app(language=language, resume=resume, catalog=Path(catalog) if catalog else None,
                   session=session, **options)
    app.run()
    if app.crash is not None:
        with use_language(app.locale):  # the language the host was reading
            print(crash_message(app.crash), file=sys.stderr)
        return EXIT_CRASH
    return app.return_code or 0
