"""The command line exactly as spec/interfaces.md says: JSON shapes, localized text, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

JOURNALS = Path(__file__).parent.parent / "diamant" / "journals"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_split_json_per_card(capsys):
    code, out, _ = run(capsys, "split", "15", "--among", "4", "--json")
    assert code == 0
    assert json.loads(out) == {"mode": "per_card", "among": 4, "piles": [15], "each": 3, "left": [3], "left_total": 3}
    code, out, _ = run(capsys, "split", "4", "8", "--among", "3", "--json")
    assert json.loads(out) == {"mode": "per_card", "among": 3, "piles": [4, 8], "each": 3, "left": [1, 2],
                               "left_total": 3}


def test_split_json_pooled(capsys):
    code, out, _ = run(capsys, "split", "4", "8", "--among", "3", "--pooled", "--json")
    assert json.loads(out) == {"mode": "pooled", "among": 3, "piles": [4, 8], "each": 4, "left_total": 0}


def test_split_text_shows_the_arithmetic(capsys):
    code, out, _ = run(capsys, "split", "15", "--among", "4")
    assert code == 0 and "15 = 4 × 3 + 3" in out


def test_split_in_persian_uses_persian_digits(capsys):
    code, out, _ = run(capsys, "split", "15", "--among", "4", "--lang", "fa")
    assert code == 0 and "۱۵ = ۴ × ۳ + ۳" in out
    assert not any(ch in out for ch in "0123456789")


@pytest.mark.parametrize("lang", ["zh_Hant", "zh-TW", "zh_Hans", "zh-CN", "fa_IR", "en"])
def test_split_in_every_locale(capsys, lang):
    code, out, _ = run(capsys, "split", "4", "8", "--among", "3", "--lang", lang)
    assert code == 0 and out.strip()


def test_persian_digits_are_accepted_as_input(capsys):
    code, out, _ = run(capsys, "split", "۱۵", "--among", "۴", "--json")
    assert code == 0 and json.loads(out)["each"] == 3


@pytest.mark.parametrize("argv", [
    ["split", "15", "--among", "0"],
    ["split", "15", "--among", "-2"],
    ["split", "-1", "--among", "3"],
    ["split", "abc", "--among", "3"],
    ["split", "15"],
    ["split", "--among", "3"],
    ["split", "15", "--among", "4", "--lang", "klingon"],
    ["frobnicate"],
])
def test_bad_usage_exits_2_with_a_message(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.strip() and not out
    assert "Traceback" not in err


def test_unknown_language_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "xx")
    code, _, err = run(capsys, "split", "3", "--among", "2")
    assert code == 2 and "xx" in err


def test_language_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "fa")
    code, out, _ = run(capsys, "split", "15", "--among", "4")
    assert "۱۵" in out


def test_replay_json(capsys):
    code, out, _ = run(capsys, "replay", str(JOURNALS / "diamant.jsonl"), "--json")
    data = json.loads(out)
    assert code == 0
    assert {"game", "ruleset", "finished", "scores", "winners", "events", "round", "in_cave", "carried",
            "chest"} <= set(data)
    assert data["winners"] == ["Chen"] and data["ruleset"] == "diamant"


def test_replay_risk_is_a_reduced_fraction(capsys, tmp_path):
    path = tmp_path / "g.jsonl"
    lines = (JOURNALS / "diamant.jsonl").read_text().splitlines()[:4]  # header, 9, relic, snake
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert data["risk"] == {"bust_next": "1/14"} and data["winners"] == []
    assert data["finished"] is False and data["in_cave"] == ["Ava", "Ben", "Chen"]


@pytest.mark.parametrize("lang", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_replay_text_in_every_locale(capsys, lang):
    code, out, _ = run(capsys, "replay", str(JOURNALS / "house-001.jsonl"), "--lang", lang)
    assert code == 0 and "Chen" in out
    if lang == "fa":
        assert "۲۶" in out


def test_replay_invalid_journal_exits_1_naming_the_line(capsys, tmp_path):
    path = tmp_path / "g.jsonl"
    text = (JOURNALS / "diamant.jsonl").read_text().splitlines()
    text.insert(3, '{"event": "draw", "card": "hazard", "hazard": "dragon"}')
    path.write_text("\n".join(text) + "\n")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and not out and "4" in err and "dragon" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.jsonl"))
    assert code == 1 and "missing.jsonl" in err


def test_replay_truncated_journal_warns_and_succeeds(capsys, tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes((JOURNALS / "diamant.jsonl").read_bytes()[:-10])
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["finished"] is False and err.strip()


def test_module_entry_point_runs():
    result = subprocess.run([sys.executable, "-m", "companion", "split", "15", "--among", "4", "--json"],
                            capture_output=True, text=True, cwd=Path(__file__).parents[2])
    assert result.returncode == 0 and json.loads(result.stdout)["left"] == [3]


def test_help_is_translated(capsys):
    code, out, _ = run(capsys, "--help", "--lang", "zh_Hant")
    assert code == 0
    code_en, out_en, _ = run(capsys, "--help")
    assert out != out_en


def test_split_never_loads_the_ui_or_the_printer():
    code = ("import sys\nfrom companion.cli import main\nmain(['split', '5', '--among', '2'])\n"
            "assert 'textual' not in sys.modules and 'weasyprint' not in sys.modules, sorted(sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parents[2])
    assert result.returncode == 0, result.stderr


def test_split_with_nothing_left_says_so(capsys):
    code, out, _ = run(capsys, "split", "4", "8", "--among", "3", "--pooled")
    assert code == 0 and "nothing is left over" in out and " 0 go back" not in out
    code, out, _ = run(capsys, "split", "6", "9", "--among", "3")
    assert out.count("nothing stays on the card.") == 2 and "nothing stays on the cards." in out


def test_chinese_help_fits_the_terminal_in_cells(capsys, monkeypatch):
    import unicodedata

    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(capsys, "export", "--help", "--lang", "zh_Hant")
    cells = lambda line: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)  # noqa: E731
    assert code == 0 and all(cells(line) <= 60 for line in out.splitlines() if "[" not in line)
    usage = out.splitlines()
    indent = len(usage[1]) - len(usage[1].lstrip())
    assert cells(usage[0][:usage[0].index("[")]) == indent  # continuation lines start under the first option
    assert not any(line.strip().startswith(("，", "。", "）")) for line in out.splitlines())


def test_chinese_help_headings_end_with_a_full_width_colon():
    import subprocess
    import sys

    for lang in ("zh_Hant", "zh_Hans"):
        out = subprocess.run([sys.executable, "-m", "companion", "split", "--help", "--lang", lang],
                             capture_output=True, text=True, check=True).stdout
        headings = [line for line in out.splitlines() if line and not line[0].isspace() and line.endswith(("：", ":"))]
        assert headings and all(line.endswith("：") for line in headings), headings
    english = subprocess.run([sys.executable, "-m", "companion", "split", "--help", "--lang", "en"],
                             capture_output=True, text=True, check=True).stdout
    assert "options:" in english and "：" not in english


@pytest.mark.parametrize("argv", [
    [], ["tui"], ["--lang", "fa"], ["--lang=zh_Hant", "tui", "--resume", "game.jsonl"],
    ["tui", "--follow", "a.jsonl", "--catalog", "c.json"], ["tui", "--resume", "a", "--follow", "b"],
    ["tui", "--bogus"], ["--lang"], ["tui", "extra"], ["tui", "--resume"], ["--resume", "a.jsonl"],
    ["tui", "--help"], ["--help"], ["--version"], ["tiu"], ["split", "5", "--among", "2"],
])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_tui_alone_parser_reads_as_the_whole_one(argv, lang, capsys):
    """``companion tui`` builds the parser of that command alone; it must read every command line that it
    is used for as the whole parser does: the same options, and the same usage errors, word for word."""
    from companion import _argparse_i18n
    from companion.cli import _only_command, build_parser
    from companion.i18n import use_language

    def parse(parser):
        try:
            return vars(parser.parse_args(argv)), None, capsys.readouterr()
        except SystemExit as exc:
            return None, exc.code, capsys.readouterr()

    with use_language(lang):
        _argparse_i18n.install()
        whole = parse(build_parser())
        alone = parse(build_parser(_only_command(argv)))
    assert alone == whole
    if argv in ([], ["tui"], ["--lang", "fa"]):
        assert _only_command(argv) == "tui"  # (the case that matters is really taken)
    if argv in (["--help"], ["tiu"], ["split", "5", "--among", "2"]):
        assert _only_command(argv) is None
