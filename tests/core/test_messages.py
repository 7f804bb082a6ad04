"""Every error code the code can raise has a sentence, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.i18n import LOCALES, translator
from companion.messages import describe, message_for

ROOT = Path(__file__).resolve().parents[2] / "companion"
RAISED = re.compile(r"(?:RuleError|EventError|JournalError|RulesetError|UsageError|CompanionError)\(\s*\"([a-z_.]+)\"")
HEADER = re.compile(r"JournalError\(f\"journal_header_\{reason\}\"")


def raised_codes() -> set[str]:
    codes = set()
    for path in ROOT.rglob("*.py"):
        codes |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def test_codes_are_found():
    codes = raised_codes()
    assert "diamant.hazard_not_in_deck" in codes and "journal_bad_json" in codes


@pytest.mark.parametrize("code", sorted(raised_codes()))
def test_every_raised_code_has_a_message(code):
    assert message_for(code) is not None, f"no message for {code}"


@pytest.mark.parametrize("locale", LOCALES)
def test_describe_fills_params_in_each_language(locale):
    text = describe("journal_rejected_event", {"line": 12, "cause": "diamant.not_in_cave", "player": "Ava"},
                    translator(locale))
    assert "Ava" in text and ("۱۲" if locale == "fa" else "12") in text


def test_unknown_code_and_missing_params_do_not_crash():
    assert "mystery" in describe("mystery.code", {"x": 1})
    assert describe("diamant.not_in_cave", {})  # a missing param still gives a sentence
