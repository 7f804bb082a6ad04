"""The wheel holds everything the program reads at run time and nothing only a maintainer needs, and an
unpacked wheel finds its data without the repository around it."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion.i18n import LOCALES

ROOT = Path(__file__).resolve().parents[2]
JOURNAL = ROOT / "tests" / "diamant" / "journals" / "diamant.jsonl"

pytestmark = pytest.mark.slow


def _shipped(folder: Path, prefix: str, skip: tuple[str, ...] = ()) -> set[str]:
    """The files under ``folder`` as the wheel should name them (build litter left out)."""
    names = set()
    for path in folder.rglob("*"):
        rel = path.relative_to(folder).as_posix()
        if (path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".mo", ".tmp")
                and rel not in skip):
            names.add(f"{prefix}/{rel}")
    return names


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
                          check=False, capture_output=True, text=True)
    if proc.returncode != 0 and "hatchling" in proc.stderr and "No matching distribution" in proc.stderr:
        pytest.skip("the build backend (hatchling) cannot be fetched here")
    assert proc.returncode == 0, proc.stderr
    [built] = out.glob("companion-*.whl")
    return built


@pytest.fixture(scope="module")
def names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return {n for n in zf.namelist() if not n.endswith("/")}


def test_everything_needed_at_run_time_is_in_the_wheel_and_nothing_else(names):
    expected = (_shipped(ROOT / "companion", "companion")
                | _shipped(ROOT / "rules_content", "companion/_data/rules_content", skip=("README.md",))
                | {f"companion/_data/locales/{loc}/LC_MESSAGES/companion.po" for loc in LOCALES})
    package = {n for n in names if ".dist-info/" not in n}
    assert sorted(expected - package) == [], "missing from the wheel"
    assert sorted(package - expected) == [], "in the wheel but not needed at run time"


def test_the_data_the_program_reads_is_there(names):
    for needed in ("companion/tui/app.tcss", "companion/printing/templates/page.html",
                   "companion/printing/styles/base.css", "companion/printing/fonts/Vazirmatn/Vazirmatn-Regular.ttf",
                   "companion/printing/fonts/NotoSansTC/OFL.txt", "companion/games/diamant/rulesets/diamant.toml",
                   "companion/games/shifting_stones/presets.toml", "companion/games/death_valley/presets.toml",
                   "companion/games/death_valley/catalog.toml", "companion/games/shifting_stones/patterns.toml",
                   "companion/_data/rules_content/diamant/rules.fa.md",
                   "companion/_data/rules_content/death_valley/examples.toml",
                   "companion/_data/locales/zh_Hant/LC_MESSAGES/companion.po"):
        assert needed in names, needed
    for game in ("diamant", "shifting_stones", "death_valley"):
        for loc in LOCALES:
            for kind in ("rules", "card"):
                assert f"companion/_data/rules_content/{game}/{kind}.{loc}.md" in names


def test_maintainer_tools_tests_and_benchmarks_stay_out(names):
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"companion"}, tops  # no tools/, tests/, bench/
    unwanted = [n for n in names
                if n.endswith((".pot", ".mo", ".pyc", ".tmp", "rules_content/README.md")) or "__pycache__" in n
                or "fontsubset" in n or "/tests/" in n or "/bench/" in n or "/tools/" in n]
    assert unwanted == []


def test_the_entry_point_is_declared(wheel):
    with zipfile.ZipFile(wheel) as zf:
        [info] = [n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt")]
        entry = zf.read(info).decode()
    assert "companion = companion.cli:main" in entry


def test_an_unpacked_wheel_finds_its_catalogs_and_rules_outside_the_repository(wheel, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "game.jsonl").write_bytes(JOURNAL.read_bytes())
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION")}
    env["PYTHONPATH"] = str(site)  # before the checkout the test venv may point to

    def run(*args: str) -> str:
        proc = subprocess.run([sys.executable, *args], cwd=work, env=env, check=False, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    where = run("-c", "import companion, companion.paths as p; "
                      "print(companion.__file__); print(p.data_dir('locales')); print(p.data_dir('rules_content'))")
    assert all(line.startswith(str(site)) for line in where.split()), where
    assert run("-m", "companion", "--lang", "en", "split", "15", "--among", "4").strip() == \
        "15 = 4 × 3 + 3: each gets 3, 3 stay on the card."
    persian = run("-m", "companion", "--lang", "fa", "replay", "game.jsonl")
    assert "دیامانت" in persian and "۳۳" in persian
    assert run("-c", "from companion import content; "
                     "print(content.load_document('diamant', 'zh_Hant', 'rules').fallback)"
               ).strip() == "False"
