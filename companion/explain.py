"""Explanation helpers shared by every game and command (light: no engine imports)."""

from __future__ import annotations

from companion.arith import Split
from companion.i18n import Translator


def equation(parts: Split, tr: Translator) -> str:
    """``15 = 4 × 3 + 3`` in the locale's digits."""
    return tr.gettext("{total} = {among} × {each} + {left}", total=parts.total, among=parts.among,
                      each=parts.each, left=parts.left)
