"""Explanation helpers shared by every game and command (light: no engine imports)."""

from __future__ import annotations

from companion.arith import Split
from companion.i18n import Translator


def equation(parts: Split, tr: Translator) -> str:
    """``15 = 4 × 3 + 3`` in the locale's digits."""
    return tr.gettext("{total} = {among} × {each} + {left}", total=parts.total, among=parts.among,
                      each=parts.each, left=parts.left)


def winners_sentence(names: list[str], score: int, tr: Translator) -> str:
    """"The winner: Ava, with 31 points." (or the winners, each with that score)."""
    return tr.ngettext("The winner: {names}, with {score} points.",
                       "The winners: {names}, with {score} points each.", len(names),
                       names=tr.join(names), score=score)
