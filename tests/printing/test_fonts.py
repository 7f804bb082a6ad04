"""The shipped fonts cover every character our Chinese and Persian texts use, and carry their licence."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

from companion.paths import data_dir
from companion.printing import ASSETS_DIR

FONTS = ASSETS_DIR / "fonts"
FACES = {"zh_Hant": ["NotoSansTC", "NotoSans"], "zh_Hans": ["NotoSansSC", "NotoSans"],
         "fa": ["Vazirmatn", "NotoSans", "NotoSansSC"],
         "en": ["NotoSans", "NotoSansSC"]}  # arrows and math signs come from the Chinese face


def _texts(locale: str) -> str:
    paths = list(data_dir("rules_content").glob(f"*/*.{locale}.md"))
    paths.append(data_dir("locales") / locale / "LC_MESSAGES" / "companion.po")
    return "".join(p.read_text(encoding="utf-8") for p in paths if p.exists())


@pytest.mark.parametrize("locale", list(FACES))
def test_every_character_of_the_texts_has_a_glyph(locale):
    covered: set[int] = set()
    for family in FACES[locale]:
        for weight in ("Regular", "Bold"):
            covered |= set(TTFont(FONTS / family / f"{family}-{weight}.ttf", lazy=True).getBestCmap())
    text = _texts(locale)
    missing = sorted({c for c in text if ord(c) not in covered and c.isprintable() and not c.isspace()
                      and ord(c) not in (0x200C, 0x200D, 0x200E, 0x200F, 0xFEFF)})
    assert missing == [], f"rebuild the subsets: python tools/fontsubset.py SOURCE ({''.join(missing)})"


def test_each_family_ships_its_licence():
    for family in ("NotoSans", "NotoSansTC", "NotoSansSC", "Vazirmatn"):
        text = (FONTS / family / "OFL.txt").read_text(encoding="utf-8")
        assert "SIL Open Font License" in text and "Copyright" in text
