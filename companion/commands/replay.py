"""``companion replay FILE [--json]``: the state a journal reaches.

Nothing from the journal or a file it names reaches the terminal as it is: messages are cleaned by
:func:`companion.messages.describe`, the report lines and the JSON here (:mod:`companion.safetext`).
"""

from __future__ import annotations

import argparse
import sys

from companion.games import get
from companion.i18n import current
from companion.journal import read_journal
from companion.messages import describe
from companion.safetext import clean, json_text
from companion.session import replay


def run(args: argparse.Namespace) -> int:
    journal = read_journal(args.file)
    for warning in journal.warnings:
        print(describe(warning.code, warning.params), file=sys.stderr)
    state, _ = replay(journal)
    game = get(journal.header.game)
    if args.json:  # the same data, with anything a terminal would act on written as \u escapes
        print(json_text(game.summary(state)))
        return 0
    for line in game.report(state, current()):
        print(clean(line, multiline=True))  # names and catalog texts come from files
    return 0
