"""``companion games [--json]``: every game and its presets, as the registry describes them.

The same list the new-game form of the referee assistant offers: each preset's name, its players and
the journal header it writes (``ruleset`` and the extra keys such as ``mode`` and ``options``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.games import all_games
from companion.i18n import current


def listing() -> list[dict[str, Any]]:
    tr = current()
    out = []
    for game in all_games():
        presets = [{"id": p.id, "name": p.name(tr), "players": list(p.players), "ruleset": p.ruleset,
                    "header": dict(p.header)} for p in game.presets()]
        out.append({"id": game.id, "name": game.name(tr), "presets": presets})
    return out


def run(args: argparse.Namespace) -> int:
    from companion.messages import describe_error

    tr = current()
    data = listing()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    for game in data:
        print(tr.gettext("{game} ({id})", game=game["name"], id=game["id"]))
        for preset in game["presets"]:
            low, high = preset["players"]
            players = (tr.ngettext("{n} player", "{n} players", low) if low == high
                       else tr.gettext("{low} to {high} players", low=low, high=high))
            print("  " + tr.gettext("{preset}: {players} (preset {id})", preset=preset["name"], players=players,
                                    id=preset["id"]))
    for registered in all_games():
        for problem in registered.setup_problems():
            print(describe_error(problem), file=sys.stderr)
    return 0
