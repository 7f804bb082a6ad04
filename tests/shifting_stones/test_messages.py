"""Every Shifting Stones error code has a sentence, in every language, with nothing left unfilled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.shifting_stones.messages import FACE_NAMES, MESSAGES
from companion.games.shifting_stones.patterns import FACES
from companion.i18n import LOCALES, translator
from companion.messages import describe

SOURCES = Path(__file__).resolve().parents[2] / "companion" / "games" / "shifting_stones"
COMMAND = Path(__file__).resolve().parents[2] / "companion" / "commands" / "stones_hint.py"


def raised_codes() -> set[str]:
    text = "".join(p.read_text(encoding="utf-8") for p in [*SOURCES.glob("*.py"), COMMAND])
    codes = set(re.findall(r'"(stones\.[a-z_]+)"', text))
    codes |= {f"stones.layout_{a}_{b}" for a, b in re.findall(r"\(\"(\w+)\", \"(\w+)\", \d\)", text)}
    return codes


def test_every_raised_code_has_a_message():
    codes = raised_codes()
    assert {"stones.no_match", "stones.pass_twice", "stones.layout_seed_tree"} <= codes
    assert codes - {"stones.layout_"} <= set(MESSAGES)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_reads_in_every_language(locale):
    tr = translator(locale)
    for code, template in MESSAGES.items():
        params = {name: 7 if name in ("count", "row", "entry", "points", "want", "got", "low", "high") else f"<{name}>"
                  for name in re.findall(r"\{(\w+)\}", template)}
        text = describe(code, params, tr)
        assert "Unexpected problem" not in text and "{" not in text, (code, text)
        if locale != "en":
            assert text != template.format(**params), (locale, code)
        if locale == "fa":
            # literal digits are Persian, except inside names and typed examples (UTF-8, fish=3)
            assert not re.search(r"[0-9]", text.replace("UTF-8", "").replace("fish=3", "")), (code, text)


def test_face_names_are_translated():
    assert set(FACE_NAMES) == set(FACES)
    for locale in ("fa", "zh_Hant", "zh_Hans"):
        tr = translator(locale)
        names = {tr.gettext(FACE_NAMES[f]) for f in FACES}
        assert len(names) == 8 and not names & set(FACES)


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_chinese_messages_avoid_ambiguous_width_symbols(locale):
    tr = translator(locale)
    for code, template in MESSAGES.items():
        params = {name: "x" for name in re.findall(r"\{(\w+)\}", template)}
        from tests.core.test_i18n import ALLOWED_AMBIGUOUS  # zh_Hans uses “” and …, measured one cell wide

        banned = set("…—°·○●★→※“”") - set(ALLOWED_AMBIGUOUS[locale])
        assert not set(describe(code, params, tr)) & banned, code
