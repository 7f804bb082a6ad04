"""``companion replay FILE [--json]``: the state a journal reaches."""

from __future__ import annotations

import importlib
import json
import sys

from companion.games import PACKAGES, game_module
from companion.i18n import current
from companion.journal import read_journal
from companion.messages import describe
from companion.session import replay


def run(args) -> int:
    journal = read_journal(args.file)
    for warning in journal.warnings:
        print(describe(warning.code, warning.params), file=sys.stderr)
    state, _ = replay(journal)
    game = game_module(journal.header.game)
    if args.json:
        print(json.dumps(game.summary(state), ensure_ascii=False))
        return 0
    explain = importlib.import_module(PACKAGES[journal.header.game] + ".explain")
    for line in explain.report(state, current()):
        print(line)
    return 0
