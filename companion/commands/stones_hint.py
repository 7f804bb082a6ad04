"""``companion stones hint --grid G (--pattern P | --card P=POINTS ...) [--json]``: ask the solver."""

from __future__ import annotations

import argparse
import json
import unicodedata

from companion.errors import UsageError
from companion.games.shifting_stones import explain
from companion.games.shifting_stones.engine import HAND_MAX
from companion.games.shifting_stones.library import Card, load_library
from companion.games.shifting_stones.notation import grid_notation, read_card, to_notation
from companion.games.shifting_stones.patterns import Pattern, check_tile_set, parse_grid, parse_pattern
from companion.games.shifting_stones.solver import best_turn, cheapest
from companion.i18n import current

HAND_MIN = 2  # one card is asked with --pattern


def parse_card(text: str, library: dict[str, Card] | None = None) -> tuple[Pattern, int]:
    """``PATTERN=POINTS`` (``sun * fish=3``, face names in any language) or a library id in any case
    (``ss16``, ``SS16``): read as the TUI's card picker reads them."""
    if library is None and "=" not in unicodedata.normalize("NFKC", text):
        library = load_library()
    return read_card(text, library or {}, current())


def run(args: argparse.Namespace) -> int:
    tr = current()
    grid = parse_grid(grid_notation(args.grid, tr))  # face names in any language; nine faces without "/"
    check_tile_set(grid)
    if args.pattern is not None:
        pattern = parse_pattern(to_notation(args.pattern, tr))
        plan = cheapest(grid, pattern)
        if args.json:
            data = plan.to_json() if plan is not None else {"actions": None, "plan": None, "at": None}
            print(json.dumps(data, ensure_ascii=False))
        else:  # the answer, then the pattern as read: a small grid, left to right in every language
            print("\n".join([*explain.plan(grid, plan, tr), "", *explain.pattern_block(pattern, tr)]))
        return 0
    if not HAND_MIN <= len(args.card) <= HAND_MAX:
        raise UsageError("stones.hand_size", count=len(args.card), low=HAND_MIN, high=HAND_MAX)
    library = None
    if any("=" not in unicodedata.normalize("NFKC", c) for c in args.card):
        library = load_library()
    cards = [parse_card(c, library) for c in args.card]
    result = best_turn(grid, cards)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print("\n".join([*explain.turn(grid, result, cards, tr), "", *explain.hand_block(cards, tr)]))
    return 0
