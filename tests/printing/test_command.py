"""``companion export`` from the command line: what it writes, what it refuses."""

from __future__ import annotations

from pathlib import Path

from companion.cli import main

HERE = Path(__file__).resolve().parent


def test_one_kind_one_game_one_language(tmp_path, capsys):
    out = tmp_path / "pdf"
    assert main(["export", "--game", "diamant", "--kind", "scorepad", "--lang", "fa", "--paper", "letter",
                 "--out", str(out)]) == 0
    assert [p.name for p in out.iterdir()] == ["diamant-scorepad-fa-letter.pdf"]
    captured = capsys.readouterr()
    assert str(out / "diamant-scorepad-fa-letter.pdf") in captured.out
    assert "[۱/۱]" in captured.err  # progress, in the interface language (Persian digits)


def test_without_lang_every_locale_is_printed(tmp_path):
    out = tmp_path / "pdf"
    assert main(["export", "--game", "death_valley", "--kind", "scorepad", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        f"death_valley-scorepad-{loc}-a4.pdf" for loc in ("en", "fa", "zh_Hant", "zh_Hans"))


def test_unknown_kind_or_game_is_usage_error_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "pdf"
    assert main(["export", "--kind", "poster", "--out", str(out)]) == 2
    assert "poster" in capsys.readouterr().err
    assert main(["export", "--game", "chess", "--out", str(out)]) == 2
    assert not out.exists()


def test_out_must_be_a_folder(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("keep")
    assert main(["export", "--game", "diamant", "--kind", "scorepad", "--lang", "en", "--out", str(blocker)]) == 2
    assert blocker.read_text() == "keep"
    assert str(blocker) in capsys.readouterr().err


def test_journal_sheet_and_bad_journal(tmp_path, capsys):
    out = tmp_path / "pdf"
    assert main(["export", "--journal", str(HERE / "journals" / "diamant-finished.jsonl"), "--lang", "zh_Hant",
                 "--out", str(out)]) == 0
    assert [p.name for p in out.iterdir()] == ["diamant-finished-sheet-zh_Hant-a4.pdf"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant", '
                   '"players": ["A", "B", "C"]}\n{"event": "draw", "card": "treasure", "value": 999}\n')
    capsys.readouterr()
    assert main(["export", "--journal", str(bad), "--out", str(out)]) == 1
    assert "2" in capsys.readouterr().err  # names the line
    assert [p.name for p in out.iterdir()] == ["diamant-finished-sheet-zh_Hant-a4.pdf"]
    assert main(["export", "--journal", str(bad), "--kind", "rules", "--out", str(out)]) == 2


def test_without_harfbuzz_one_translated_notice_for_the_whole_export(tmp_path, capsys, monkeypatch):
    from companion.i18n import translator
    from companion.printing.messages import describe
    from companion.printing.render import SLOW_SUBSETTER, harfbuzz_subsetting, subsetter

    monkeypatch.setenv("COMPANION_LANG", "fa")
    notice = describe(SLOW_SUBSETTER, {}, translator("fa"))
    assert notice != describe(SLOW_SUBSETTER, {}, translator("en"))
    with subsetter(False):  # as on a machine without libharfbuzz-subset0 (the workers are forked from here)
        assert main(["export", "--kind", "scorepad", "--out", str(tmp_path / "ft")]) == 0
    err = capsys.readouterr().err
    assert len(list((tmp_path / "ft").iterdir())) == 12  # three games, four languages (two Chinese)
    assert err.count(notice) == 1
    warning = translator("fa").gettext("Warning: {message}", message="").strip()
    assert err.count(warning) == 1  # and no other warning: none of WeasyPrint's English ones
    assert "HarfBuzz-Subset" not in err and "fontTools instead" not in err
    if harfbuzz_subsetting():
        assert main(["export", "--kind", "scorepad", "--out", str(tmp_path / "hb")]) == 0
        err = capsys.readouterr().err
        assert notice not in err and "HarfBuzz" not in err
