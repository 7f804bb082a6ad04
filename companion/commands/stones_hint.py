"""``companion stones hint --grid G (--pattern P | --card P=POINTS ...) [--json]``: ask the solver."""

from __future__ import annotations

import argparse
import json

from companion.errors import EventError, UsageError
from companion.games.shifting_stones import explain
from companion.games.shifting_stones.engine import HAND_MAX, POINTS
from companion.games.shifting_stones.library import Card, load_library
from companion.games.shifting_stones.patterns import Pattern, check_tile_set, parse_grid, parse_pattern
from companion.games.shifting_stones.solver import best_turn, cheapest
from companion.i18n import current

HAND_MIN = 2  # one card is asked with --pattern


def parse_card(text: str, library: dict[str, Card] | None = None) -> tuple[Pattern, int]:
    """``PATTERN=POINTS`` (``sun * fish=3``) or a library id (``ss16``)."""
    if "=" in text:
        pattern_text, _sep, points_text = text.rpartition("=")
        try:
            points = int(points_text.strip())
        except ValueError:
            raise UsageError("stones.bad_card", value=text) from None
        if points not in POINTS:
            raise EventError("stones.bad_points", value=points_text.strip(), low=POINTS[0], high=POINTS[-1])
        return parse_pattern(pattern_text), points
    library = load_library() if library is None else library
    card = library.get(text.strip())
    if card is None:
        raise UsageError("stones.unknown_card" if text.strip() else "stones.bad_card", value=text)
    return card.pattern, card.points


def run(args: argparse.Namespace) -> int:
    grid = parse_grid(args.grid)
    check_tile_set(grid)
    tr = current()
    if args.pattern is not None:
        plan = cheapest(grid, parse_pattern(args.pattern))
        if args.json:
            data = plan.to_json() if plan is not None else {"actions": None, "plan": None, "at": None}
            print(json.dumps(data, ensure_ascii=False))
        else:
            print("\n".join(explain.plan(grid, plan, tr)))
        return 0
    if not HAND_MIN <= len(args.card) <= HAND_MAX:
        raise UsageError("stones.hand_size", count=len(args.card), low=HAND_MIN, high=HAND_MAX)
    library = None
    if any("=" not in c for c in args.card):
        library = load_library()
    cards = [parse_card(c, library) for c in args.card]
    result = best_turn(grid, cards)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print("\n".join(explain.turn(grid, result, cards, tr)))
    return 0
