"""The asset fetcher serves only the package's fonts/styles/images; output names stay in their folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import UsageError
from companion.printing import ASSETS_DIR
from companion.printing.export import prepare_out_dir, safe_target
from companion.printing.fetcher import AssetFetcher, RefusedURL

FONT = ASSETS_DIR / "fonts" / "Vazirmatn" / "Vazirmatn-Regular.ttf"


def test_serves_a_shipped_font_and_stylesheet():
    fetcher = AssetFetcher()
    response = fetcher.fetch(FONT.as_uri())
    assert response.read()[:4] == b"\x00\x01\x00\x00"
    css = fetcher.fetch((ASSETS_DIR / "styles" / "base.css").as_uri())
    assert b"@font-face" in css.read() and css.content_type == "text/css"
    assert fetcher.refused == []


@pytest.mark.parametrize("url", [
    "file:///etc/passwd",
    (ASSETS_DIR / "styles").as_uri() + "/../../../../../etc/passwd",
    (ASSETS_DIR / "styles").as_uri() + "/../pages.py",          # inside the package, not an asset
    (ASSETS_DIR / "styles").as_uri() + "/%2e%2e/export.py",
    "http://127.0.0.1:9/font.ttf",
    "https://example.com/x.css",
    "data:text/css,body{}",
    "file://otherhost/etc/passwd",
    (ASSETS_DIR / "fonts").as_uri() + "/missing.ttf",
])
def test_refuses_everything_else_and_remembers_it(url):
    fetcher = AssetFetcher()
    with pytest.raises(RefusedURL):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_a_symbolic_link_out_of_the_assets_is_refused(tmp_path):
    root = tmp_path / "assets"
    (root / "fonts").mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    (root / "fonts" / "link.ttf").symlink_to(secret)
    fetcher = AssetFetcher(root=root)
    with pytest.raises(RefusedURL):
        fetcher.fetch((root / "fonts" / "link.ttf").as_uri())


@pytest.mark.parametrize("name", ["../x.pdf", "a/b.pdf", "", ".", "..", "/etc/passwd", "..\\x.pdf", "x\0.pdf"])
def test_output_names_cannot_leave_the_folder(tmp_path, name):
    before = sorted(tmp_path.parent.iterdir())
    with pytest.raises(UsageError) as info:
        safe_target(tmp_path, name)
    assert info.value.code == "print.bad_name"
    assert sorted(tmp_path.parent.iterdir()) == before


def test_a_plain_name_stays_in_the_folder(tmp_path):
    assert safe_target(tmp_path, "diamant-rules-fa-a4.pdf") == tmp_path.resolve() / "diamant-rules-fa-a4.pdf"


def test_a_link_with_the_output_name_is_replaced_not_written_through(tmp_path):
    from companion.printing import scorepad
    from companion.printing.export import Renderer

    page = scorepad.scorepad_page("death_valley", "en", "a4")
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(b"keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / page.name).symlink_to(outside)
    target = safe_target(out, page.name)
    Renderer().render(page, target)
    assert not target.is_symlink() and target.read_bytes()[:5] == b"%PDF-"
    assert outside.read_bytes() == b"keep me"


def test_out_folder_is_created_and_a_file_is_refused(tmp_path):
    made = prepare_out_dir(tmp_path / "new" / "deeper")
    assert made.is_dir()
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me")
    with pytest.raises(UsageError) as info:
        prepare_out_dir(blocker)
    assert info.value.code == "print.bad_out"
    assert blocker.read_text() == "keep me"


def test_building_pages_never_imports_weasyprint():
    code = ("import sys, companion.printing.pages, companion.printing.scorepad, companion.printing.chart, "
            "companion.commands.export; assert 'weasyprint' not in sys.modules, 'weasyprint loaded'")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_weasyprint_is_imported_only_inside_the_printing_package():
    package = Path(__file__).resolve().parents[2] / "companion"
    offenders = [str(p.relative_to(package)) for p in package.rglob("*.py")
                 if "printing" not in p.relative_to(package).parts
                 and any(line.strip().startswith(("import weasyprint", "from weasyprint"))
                         for line in p.read_text(encoding="utf-8").splitlines())]
    assert offenders == []
