"""``companion history [--json] [--game G] [--csv FILE] [--folder DIR]``: the history of a table.

Every journal of the games folder (where the referee assistant saves games; ``--folder`` for
another), finished or not, summed up by :mod:`companion.history`; a journal that does not read is
listed with its reason and skipped.  ``--csv FILE`` also writes one row per player of each game.
Names and file names come from files: what reaches the terminal is cleaned (:mod:`companion.safetext`;
:func:`companion.history.sections` cleans what it puts in its sentences).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.i18n import _, current

EXIT_OK, EXIT_INVALID = 0, 1


def run(args: argparse.Namespace) -> int:
    from companion import history
    from companion.safetext import clean, json_text

    game = args.game
    if game is not None:
        from companion.games import get

        get(game)  # an unknown game: UnknownGame, a usage error (exit 2)
    folder = Path(args.folder) if args.folder else history.default_folder()
    if args.folder and not folder.is_dir():
        print(_("The folder {path} does not exist or is not a folder.", path=clean(args.folder)), file=sys.stderr)
        return EXIT_INVALID
    records = history.collect(folder).records
    found = history.summarize(records, game)
    if args.csv:
        from companion.fsutil import atomic_write

        atomic_write(args.csv, history.csv_text(records, game))
    tr = current()
    if args.json:
        print(json_text(found.to_json(tr)))
        return EXIT_OK
    print(_("Journals in {folder}", folder=clean(str(folder))))
    for title, lines in history.sections(found, tr):
        print()
        print(title)
        for line in lines:
            print("  " + line)  # (names and file names in it are cleaned already)
    if args.csv:
        print()
        print(_("The table was written to {path}.", path=clean(args.csv)))
    return EXIT_OK
