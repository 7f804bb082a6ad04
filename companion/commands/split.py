"""``companion split N... --among K [--pooled] [--json]``."""

from __future__ import annotations

import argparse

from companion.arith import PileSplit, split_piles
from companion.errors import UsageError
from companion.explain import equation
from companion.i18n import _, current, ngettext


def _count(text: str, code: str) -> int:
    """A whole number >= 0; Persian and other Unicode digits are welcome (``۱۵``)."""
    try:
        value = int(text)
    except ValueError:
        raise UsageError(code, value=text) from None
    if value < 0:
        raise UsageError(code, value=text)
    return value


def run(args: argparse.Namespace) -> int:
    piles = [_count(p, "bad_number") for p in args.piles]
    among = _count(args.among, "bad_among")
    if among < 1:
        raise UsageError("bad_among", value=args.among)
    result = split_piles(piles, among, pooled=args.pooled)
    if args.json:
        import json

        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        for line in describe(result):
            print(line)
    return 0


def describe(result: PileSplit) -> list[str]:
    """The split in sentences, with the arithmetic (``15 = 4 × 3 + 3``) in the locale's digits."""
    tr = current()
    lines = []
    if result.mode == "pooled":
        part = result.parts[0]
        if len(result.piles) > 1:
            lines.append(_("Pooled: {sum} = {total}", sum=" + ".join(tr.num(p) for p in result.piles),
                           total=part.total))
        lines.append(equation(part, tr))
        if part.left:
            lines.append(ngettext("Each of the {among} players gets {each}; {left} goes back onto one card.",
                                  "Each of the {among} players gets {each}; {left} go back onto one card.",
                                  part.left, among=part.among, each=part.each, left=part.left))
        else:
            lines.append(_("Each of the {among} players gets {each}; nothing is left over.",
                           among=part.among, each=part.each))
        return lines
    several = len(result.parts) > 1
    for index, part in enumerate(result.parts, 1):
        eq = equation(part, tr)
        if several and part.left:
            lines.append(ngettext("Card {index}: {equation}: each gets {each}, {left} stays on the card.",
                                  "Card {index}: {equation}: each gets {each}, {left} stay on the card.",
                                  part.left, index=index, equation=eq, each=part.each, left=part.left))
        elif several:
            lines.append(_("Card {index}: {equation}: each gets {each}, nothing stays on the card.",
                           index=index, equation=eq, each=part.each))
        elif part.left:
            lines.append(ngettext("{equation}: each gets {each}, {left} stays on the card.",
                                  "{equation}: each gets {each}, {left} stay on the card.",
                                  part.left, equation=eq, each=part.each, left=part.left))
        else:
            lines.append(_("{equation}: each gets {each}, nothing stays on the card.", equation=eq, each=part.each))
    if several and result.left_total:
        lines.append(ngettext("In all, each of the {among} players gets {each}; {left} stays on the cards.",
                              "In all, each of the {among} players gets {each}; {left} stay on the cards.",
                              result.left_total, among=result.among, each=result.each, left=result.left_total))
    elif several:
        lines.append(_("In all, each of the {among} players gets {each}; nothing stays on the cards.",
                       among=result.among, each=result.each))
    return lines
