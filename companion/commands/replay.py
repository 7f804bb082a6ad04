"""``companion replay FILE [--json]``: the state a journal reaches."""

from __future__ import annotations

import argparse
import json
import sys

from companion.games import get
from companion.i18n import current
from companion.journal import read_journal
from companion.messages import describe
from companion.session import replay


def run(args: argparse.Namespace) -> int:
    journal = read_journal(args.file)
    for warning in journal.warnings:
        print(describe(warning.code, warning.params), file=sys.stderr)
    state, _ = replay(journal)
    game = get(journal.header.game)
    if args.json:
        print(json.dumps(game.summary(state), ensure_ascii=False))
        return 0
    for line in game.report(state, current()):
        print(line)
    return 0
