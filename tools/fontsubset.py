"""Build the shipped font subsets (a maintainer's tool, not in the wheel; the package only reads the results).

    python tools/fontsubset.py SOURCE_DIR

``SOURCE_DIR`` holds the unpacked npm packages (``npm pack @expo-google-fonts/noto-sans-tc`` ...).
Noto Sans TC/SC are cut down to the common characters of their region (Big5 level 1 for Traditional,
GB 2312 for Simplified), plus every character our rules texts and catalogs use, so the repository
stays small; Noto Sans keeps Latin, Greek and the punctuation and symbols we print; Vazirmatn ships
whole.  Each family's OFL text is copied beside the fonts.

    python tools/fontsubset.py --noto-cjk /usr/share/fonts/opentype/noto

rebuilds only NotoSansSC and NotoSansTC, with every CJK ideograph (Unified, Extensions A to F,
compatibility), from the SC and TC faces of the Debian ``fonts-noto-cjk`` collections
(NotoSansCJK-Regular.ttc, NotoSansCJK-Bold.ttc; OFL 1.1).  Names need rare characters (堃, 喆, 龘)
that no "common characters" list has, so the Chinese fonts are no longer cut to GB 2312 / Big5;
the PDFs stay small because WeasyPrint embeds only the glyphs a document uses.  The full fonts are
written as NotoSansSC-*.otf / NotoSansTC-*.otf (CFF outlines, as Noto CJK ships them) for printing;
the common-character .ttf subsets stay beside them for the web view, whose phones download the font.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.paths import data_dir  # noqa: E402

FONTS_DIR = ROOT / "companion" / "printing" / "fonts"

# family folder in the fonts dir -> (npm package folder, file prefix)
FAMILIES = {
    "NotoSans": ("expo-google-fonts-noto-sans", "NotoSans"),
    "NotoSansTC": ("expo-google-fonts-noto-sans-tc", "NotoSansTC"),
    "NotoSansSC": ("expo-google-fonts-noto-sans-sc", "NotoSansSC"),
    "Vazirmatn": ("expo-google-fonts-vazirmatn", "Vazirmatn"),
}
WEIGHTS = {"Regular": "400Regular", "Bold": "700Bold"}

# Always kept: ASCII, Latin-1, general punctuation, arrows, math, box/geometric shapes, CJK symbols
# and punctuation, full-width forms.
BASE_RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x20A0, 0x20BF), (0x2100, 0x214F),
               (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x25A0, 0x25FF), (0x2600, 0x26FF),
               (0x3000, 0x303F), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF)]


def _codec_chars(codec: str, first: range, second: range) -> set[str]:
    out = set()
    for hi in first:
        for lo in second:
            try:
                ch = bytes((hi, lo)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                out.add(ch)
    return out


def common_hanzi(region: str) -> set[str]:
    if region == "TC":  # Big5 level 1: the frequently used characters (0xA440-0xC67E)
        chars = _codec_chars("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
        return {c for c in chars if "\u4e00" <= c <= "\u9fff"}
    # GB 2312: both levels (6763 hanzi)
    chars = _codec_chars("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))
    return {c for c in chars if "\u4e00" <= c <= "\u9fff"}


def used_text(locale: str) -> set[str]:
    """Every character in our rules texts and the catalog of ``locale``."""
    chars: set[str] = set()
    for path in list(data_dir("rules_content").glob(f"*/*.{locale}.md")) + \
            [data_dir("locales") / locale / "LC_MESSAGES" / "companion.po"]:
        if path.exists():
            chars |= set(path.read_text(encoding="utf-8"))
    return chars


def base_chars() -> set[str]:
    return {chr(c) for lo, hi in BASE_RANGES for c in range(lo, hi + 1)}


def build(source: Path) -> None:
    from fontTools import subset

    for family, (package, prefix) in FAMILIES.items():
        out_dir = FONTS_DIR / family
        out_dir.mkdir(parents=True, exist_ok=True)
        pkg = next(p for p in sorted(source.glob(package + "-[0-9]*")) if p.is_dir()) / "package"
        shutil.copyfile(pkg / "LICENSE_FONT", out_dir / "OFL.txt")
        if family == "NotoSansTC":
            chars = base_chars() | common_hanzi("TC") | used_text("zh_Hant")
        elif family == "NotoSansSC":
            chars = base_chars() | common_hanzi("SC") | used_text("zh_Hans")
        elif family == "NotoSans":
            chars = base_chars() | {chr(c) for c in range(0x370, 0x3FF)}
        else:
            chars = None
        for weight, folder in WEIGHTS.items():
            src = pkg / folder / f"{prefix}_{folder}.ttf"
            dst = out_dir / f"{family}-{weight}.ttf"
            if chars is None:
                shutil.copyfile(src, dst)
                continue
            options = subset.Options()
            options.layout_features = ["*"]
            options.name_IDs = ["*"]
            options.notdef_outline = True
            options.hinting = False
            font = subset.load_font(str(src), options)
            subsetter = subset.Subsetter(options)
            subsetter.populate(text="".join(sorted(chars)))
            subsetter.subset(font)
            subset.save_font(font, str(dst), options)
            print(f"{dst.relative_to(FONTS_DIR)}: {dst.stat().st_size // 1024} KB")


# Kept in the full Chinese fonts: the base ranges plus box drawing, CJK radicals, Bopomofo, enclosed
# CJK, every ideograph block and the compatibility ideographs.
CJK_RANGES = BASE_RANGES + [(0x2500, 0x257F), (0x2E80, 0x2FDF), (0x3100, 0x312F), (0x31A0, 0x31EF),
                            (0x31C0, 0x31EF), (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
                            (0xF900, 0xFAFF), (0x20000, 0x2FA1F)]
# family folder -> face index in NotoSansCJK-*.ttc (0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
CJK_FACES = {"NotoSansSC": 2, "NotoSansTC": 3}
COPYRIGHT = "/usr/share/doc/fonts-noto-cjk/copyright"


def build_noto_cjk(source: Path) -> None:
    from fontTools import subset

    unicodes = [c for lo, hi in CJK_RANGES for c in range(lo, hi + 1)]
    for family, index in CJK_FACES.items():
        out_dir = FONTS_DIR / family
        out_dir.mkdir(parents=True, exist_ok=True)
        for weight in WEIGHTS:
            options = subset.Options()
            options.layout_features = ["*"]
            options.name_IDs = ["*"]
            options.notdef_outline = True
            options.hinting = False
            options.font_number = index
            font = subset.load_font(str(source / f"NotoSansCJK-{weight}.ttc"), options)
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=unicodes)
            subsetter.subset(font)
            dst = out_dir / f"{family}-{weight}.otf"
            subset.save_font(font, str(dst), options)
            print(f"{dst.relative_to(FONTS_DIR)}: {dst.stat().st_size // 1024} KB")


if __name__ == "__main__":
    if sys.argv[1] == "--noto-cjk":
        build_noto_cjk(Path(sys.argv[2]))
    else:
        build(Path(sys.argv[1]))
