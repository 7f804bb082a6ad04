"""``companion export --help`` names every kind the export makes, from the code's own list, in every
language, and the command-line guide describes the same kinds."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.i18n import LOCALES, use_language
from companion.printing import KINDS
from companion.printing import export as export_module

ROOT = Path(__file__).resolve().parents[2]


def kind_help(locale: str) -> str:
    with use_language(locale):
        parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    export = sub.choices["export"]
    return next(a.help for a in export._actions if "--kind" in a.option_strings)


def test_the_export_uses_the_list_the_help_names():
    assert export_module.KINDS is KINDS
    assert set(KINDS) >= {"rules", "card", "scorepad", "reference"}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_help_lists_every_kind_and_bgstats(locale):
    text = kind_help(locale)
    assert all(re.search(rf"(?<![\w-]){kind}(?![\w-])", text) for kind in KINDS), text
    assert "bgstats" in text and "--journal" in text
    assert "{" not in text


def test_the_guide_describes_every_kind():
    guide = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    bullet = guide[guide.index("- `--kind K`"):]
    bullet = bullet[:bullet.index("\n- ")]
    assert all(f"`{kind}`" in bullet for kind in KINDS), bullet
    assert all(f"GAME-{kind}-LANG" in guide for kind in ("rules", "cards", "card", "scorepad", "reference"))
