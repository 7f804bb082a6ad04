"""Explanation helpers shared by every game and command (light: no engine imports)."""

from __future__ import annotations

from companion.arith import Split
from companion.i18n import Translator


def equation(parts: Split, tr: Translator) -> str:
    """``15 = 4 × 3 + 3`` in the locale's digits."""
    return tr.gettext("{total} = {among} × {each} + {left}", total=parts.total, among=parts.among,
                      each=parts.each, left=parts.left)


def winners_sentence(names: list[str], score: int, tr: Translator) -> str:
    """"The winner: Ava, with 31 points." (or the winners, each with that score); the noun fits the score."""
    if len(names) == 1:
        return tr.ngettext("The winner: {names}, with {n} point.", "The winner: {names}, with {n} points.",
                           score, names=tr.join(names))
    return tr.ngettext("The winners: {names}, with {n} point each.", "The winners: {names}, with {n} points each.",
                       score, names=tr.join(names))
