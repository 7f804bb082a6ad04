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


def _face(family: str, weight: str):
    """The printed face: the full Chinese fonts are CFF (.otf); the others, and the Chinese web-view
    subsets beside the .otf files, are TrueType."""
    return next(p for p in (FONTS / family / f"{family}-{weight}{ext}" for ext in (".otf", ".ttf"))
                if p.exists())


def _texts(locale: str) -> str:
    paths = list(data_dir("rules_content").glob(f"*/*.{locale}.md"))
    paths.append(data_dir("locales") / locale / "LC_MESSAGES" / "companion.po")
    return "".join(p.read_text(encoding="utf-8") for p in paths if p.exists())


@pytest.mark.parametrize("locale", list(FACES))
def test_every_character_of_the_texts_has_a_glyph(locale):
    covered: set[int] = set()
    for family in FACES[locale]:
        for weight in ("Regular", "Bold"):
            covered |= set(TTFont(_face(family, weight), lazy=True).getBestCmap())
    text = _texts(locale)
    missing = sorted({c for c in text if ord(c) not in covered and c.isprintable() and not c.isspace()
                      and ord(c) not in (0x200C, 0x200D, 0x200E, 0x200F, 0xFEFF)})
    assert missing == [], f"rebuild the subsets: python tools/fontsubset.py SOURCE ({''.join(missing)})"


def test_each_family_ships_its_licence():
    for family in ("NotoSans", "NotoSansTC", "NotoSansSC", "Vazirmatn"):
        text = (FONTS / family / "OFL.txt").read_text(encoding="utf-8")
        assert "SIL Open Font License" in text and "Copyright" in text


# Rare but real name characters (堃 kūn, 喆 zhé, 龘 dá, 犇, 淼, 昇, 旻, 珺) and ones outside GB 2312 /
# Big5 level 1 that people are named with: a name must print in the face of its own locale.
NAME_CHARS = "王堃李喆龘犇淼昇旻珺玥翀堉炜祎赟"


@pytest.mark.parametrize("family", ["NotoSansSC", "NotoSansTC"])
def test_chinese_fonts_cover_every_ideograph_a_name_may_use(family):
    for weight in ("Regular", "Bold"):
        cmap = set(TTFont(_face(family, weight), lazy=True).getBestCmap())
        assert all(ord(c) in cmap for c in NAME_CHARS), family
        unified = sum(1 for c in range(0x4E00, 0x9FA6) if c in cmap)
        ext_a = sum(1 for c in range(0x3400, 0x4DB6) if c in cmap)
        assert unified == 0x9FA6 - 0x4E00 and ext_a == 0x4DB6 - 0x3400, (family, weight, unified, ext_a)
