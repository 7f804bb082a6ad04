"""Players' names print in the bundled fonts of their locale, rare characters included.

A score sheet filled from a journal whose players are named 王堃, 李喆 and 龘 (Simplified) or 堃喆 (Traditional)
renders, shows the names, and embeds only fonts that ship in companion/printing/fonts: no system font
(Noto CJK JP, DejaVu, Droid, IPA ...) stands in for a glyph the bundled subset lacks.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.printing import ASSETS_DIR
from companion.printing.export import Job, export

JOURNAL = Path(__file__).parent / "journals" / "diamant-finished.jsonl"
NAMES = {"zh_Hans": {"Ava": "王堃", "Ben": "李喆", "Chen": "龘"},
         "zh_Hant": {"Ava": "堃喆", "Ben": "李喆", "Chen": "王堃"}}


def bundled_families() -> set[str]:
    """The @font-face families of base.css: our own names (cmp-...), each bound to a shipped file."""
    css = (ASSETS_DIR / "styles" / "base.css").read_text(encoding="utf-8")
    faces = re.findall(r'@font-face \{ font-family: "([^"]+)";[^}]*src: url\(\.\./fonts/([^)]+)\)', css)
    assert faces and all((ASSETS_DIR / "fonts" / path).is_file() for _, path in faces), faces
    return {family for family, _ in faces}


def renamed_journal(tmp_path: Path, names: dict[str, str]) -> Path:
    lines = []
    for line in JOURNAL.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        for key in ("players",):
            if key in record:
                record[key] = [names.get(p, p) for p in record[key]]
        lines.append(json.dumps(record, ensure_ascii=False))
    out = tmp_path / "names.jsonl"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler-utils (pdffonts)")
@pytest.mark.parametrize("locale", sorted(NAMES))
def test_rare_name_characters_print_in_bundled_fonts_only(tmp_path, locale):
    journal = renamed_journal(tmp_path, NAMES[locale])
    [result] = export([Job("journal", "", locale, "a4", str(journal))], tmp_path / "out", workers=1)
    assert result.error is None, result.error
    assert result.path is not None and result.path.stat().st_size < 400_000
    text = "".join(page.extract_text() or "" for page in PdfReader(result.path).pages)
    for name in NAMES[locale].values():
        assert name in text, (name, locale)

    listing = subprocess.run(["pdffonts", str(result.path)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:] if line.strip()]
    assert rows
    families = bundled_families()
    embedded = set()
    for row in rows:
        name = row[0].split("+", 1)[-1]                # ABCDEF+cmp-sc-Bold; a fallback: NotoSansCJKjp-Regular
        family = name.removesuffix("-Bold")
        assert family in families, (name, sorted(families))
        assert row[-5] == "yes", row                   # the emb column
        embedded.add(family)
    assert ("cmp-sc" if locale == "zh_Hans" else "cmp-tc") in embedded, rows
