"""``companion tui [--lang L] [--resume FILE]``: the referee assistant."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.i18n import negotiate
    from companion.tui.app import make_app

    language = negotiate(args.lang) if getattr(args, "lang", None) else None
    resume = getattr(args, "resume", None)
    if resume is not None:
        from companion.journal import read_journal

        read_journal(Path(resume))  # a missing or invalid file: a clear message and exit 1, no app
    make_app(language=language, resume=resume).run()
    return 0
