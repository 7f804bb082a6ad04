"""Searching the rules in any language (``companion.rules_search``, ``companion rules``, the viewer's search)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import rules_search
from companion.cli import main
from companion.rules_search import SectionText, build_index, expansions, run_query, search, snippet

ROOT = Path(__file__).resolve().parents[2]

# (game, question, the section it is about, the rank it must reach at worst)
QUESTIONS = [
    # English
    ("diamant", "second hazard of the same kind", "bust", 1),
    ("diamant", "relic", "relics", 1),
    ("diamant", "how are gems shared when leaving", "splits", 1),
    ("diamant", "end of the game", "game-end", 1),
    ("diamant", "house rules", "house", 1),
    ("diamant", "setting up", "setup", 1),
    ("diamant", "pooled", "example-pooled", 2),
    ("diamant", "relics", "example-relic", 3),
    ("death_valley", "robot", "solo", 1),
    ("death_valley", "rest", "rest", 1),
    ("shifting_stones", "solo", "solo", 1),
    # Persian (plural suffixes, ZWNJ, Arabic letters for Persian ones)
    ("diamant", "سوختن", "bust", 1),
    ("diamant", "عتیقه‌ها", "relics", 1),
    ("diamant", "عتيقه ها", "relics", 1),  # Arabic yeh, a space for the ZWNJ
    ("diamant", "قسمت کردن گوهرها", "splits", 1),
    ("diamant", "پایان بازی", "game-end", 1),
    ("diamant", "قوانین خانگی", "house", 1),
    ("death_valley", "ربات", "solo", 1),
    ("shifting_stones", "امتیاز", "scoring", 1),
    # Chinese, no spaces
    ("diamant", "神器", "relics", 1),
    ("diamant", "阵亡", "bust", 1),
    ("diamant", "陣亡", "bust", 1),
    ("diamant", "撤退时怎么分宝石", "splits", 1),
    ("diamant", "游戏结束", "game-end", 1),
    ("diamant", "家規", "house", 1),
    ("diamant", "房规", "house", 1),
    ("death_valley", "機器人", "solo", 1),
    ("death_valley", "休息", "rest", 1),
    ("shifting_stones", "单人", "solo", 1),
]


def _rank(matches, section):
    ids = [m.section for m in matches]
    return ids.index(section) + 1 if section in ids else None


@pytest.mark.parametrize("game,question,section,worst", QUESTIONS)
def test_questions_find_their_section(game, question, section, worst):
    matches = search(game, question)
    rank = _rank(matches, section)
    assert rank is not None and rank <= worst, (question, [m.section for m in matches[:5]])
    assert all(a.score >= b.score for a, b in zip(matches, matches[1:]))


@pytest.mark.parametrize("locale,title",
                         [("en", "Relics"), ("fa", "عتیقه‌ها"), ("zh_Hant", "神器"), ("zh_Hans", "神器")])
@pytest.mark.parametrize("question", ["relic", "عتیقه", "神器"])
def test_any_language_finds_the_section_titled_in_the_display_language(question, locale, title):
    """A Persian host may ask in English, a Chinese player in Persian: the same section, titled for the reader."""
    best = search("diamant", question, locale)[0]
    assert best.section == "relics" and best.title == title


def test_chinese_questions_without_spaces_and_a_single_character():
    assert search("diamant", "遇到两张相同的危险卡会怎样")[0].section == "bust"
    single = search("diamant", "蛇", "zh_Hans")
    assert single and "蛇" in single[0].terms


def test_glossary_expansion_snake_mar_she():
    index = rules_search.index_for("diamant")
    for question in ("snake", "مار", "蛇", "snakes", "مارها"):
        looked_for = set(expansions(index, question))
        assert {"snake", "مار", "蛇"} <= looked_for, question
    # each finds the same sections, and marks the word of the display language
    expected = [m.section for m in search("diamant", "snake")][:3]
    for question, locale, word in (("مارها", "en", "snake"), ("蛇", "fa", "مار"), ("snake", "zh_Hant", "蛇")):
        matches = search("diamant", question, locale)
        assert [m.section for m in matches][:3] == expected
        text_locale, pieces = snippet(index, matches[0].section, matches[0].terms, locale)
        assert text_locale == locale
        assert any(marked and rules_search.normalize_word(piece).startswith(word) for piece, marked in pieces)


def test_glossary_finds_a_section_that_says_it_in_another_language_only():
    documents = {"en": [SectionText("a", 2, "Animals", "A snake bites."),
                        SectionText("b", 2, "Other", "Nothing here.")],
                 "fa": [SectionText("a", 2, "جانوران", "نیش"), SectionText("b", 2, "دیگر", "هیچ")],
                 "zh_Hans": [SectionText("c", 2, "毒蛇", "蛇会咬人。")]}
    index = build_index("demo", documents, [["snake", "مار", "蛇", "蛇"]])
    # no Persian text says «مار»: the English and Chinese words for it find both (the title first)
    assert [m.section for m in run_query(index, "مارها", "fa")] == ["c", "a"]
    assert [m.section for m in run_query(index, "snake")] == ["c", "a"]
    assert [m.section for m in run_query(index, "蛇")][0] == "c"
    titles = {m.section: m.title for m in run_query(index, "مار", "fa")}
    assert titles == {"a": "جانوران", "c": "毒蛇"}  # c has no Persian title: the first language that has one


def test_normalization():
    assert rules_search.normalize_word("كارت\u200cها") == rules_search.normalize_word("کارتها") == "کارتها"
    assert rules_search.normalize_word("مارِ") == "مار"
    assert rules_search.normalize_word("ＳＮＡＫＥ") == "snake"
    assert rules_search.terms("遊戲結束") == ["遊戲", "戲結", "結束", "遊", "戲", "結", "束"]
    assert rules_search.query_terms("遊戲結束") == ["遊戲", "戲結", "結束"]


@pytest.mark.parametrize("query", ["", "   ", "!!!", "?؟。", "zzqxv", "\x00\x01", "-- ** __", "ـــ"])
def test_empty_and_garbage_queries_find_nothing(query):
    before = rules_search.index_for("diamant").to_json()
    assert search("diamant", query) == []
    assert rules_search.index_for("diamant").to_json() == before


@pytest.mark.parametrize("query", ["a" * 5000, "的", "the of", "ﷺ", "\u202eمار", "蛇" * 300, "x y z " * 100])
def test_odd_queries_do_not_crash(query):
    before = rules_search.index_for("diamant").to_json()
    matches = search("diamant", query)
    assert len(matches) <= rules_search.MAX_RESULTS
    assert rules_search.index_for("diamant").to_json() == before


def test_unknown_game_is_an_error():
    from companion.games import UnknownGame

    with pytest.raises(UnknownGame):
        search("chess", "pawn")


def test_index_is_cached_on_disk_and_rebuilt_when_damaged(monkeypatch):
    rules_search._MEMORY.clear()  # built by an earlier test, whose cache folder was another
    index = rules_search.index_for("diamant")
    key = rules_search._signature("diamant")
    path = rules_search._cache_path("diamant", key)
    assert path.is_file()
    rules_search._MEMORY.clear()
    with monkeypatch.context() as patched:
        patched.setattr(rules_search, "_build", lambda game: pytest.fail("read from the cache, not rebuilt"))
        assert rules_search.index_for("diamant").to_json() == index.to_json()
    path.write_text("{not json", encoding="utf-8")
    rules_search._MEMORY.clear()
    assert rules_search.index_for("diamant").to_json() == index.to_json()
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == rules_search.INDEX_VERSION


# -- the command -------------------------------------------------------------------------------------
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_search_json_shape(capsys):
    code, out, err = run(capsys, "rules", "diamant", "--search", "relic", "--json", "--lang", "fa")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data[0] == {"section": "relics", "title": "عتیقه‌ها", "score": data[0]["score"]}
    assert all(set(item) == {"section", "title", "score"} for item in data)
    assert all(isinstance(item["score"], float) and item["score"] > 0 for item in data)


def test_cli_search_text_marks_the_words(capsys):
    code, out, _err = run(capsys, "rules", "diamant", "--search", "蛇", "--lang", "zh_Hant")
    assert code == 0
    assert out.startswith("1. ") and "[蛇]" in out
    code, out, _err = run(capsys, "rules", "diamant", "--search", "snake", "--lang", "fa")
    assert "[مار" in out and "۱. " in out


def test_cli_search_without_match(capsys):
    code, out, _err = run(capsys, "rules", "diamant", "--search", "zzqxv")
    assert code == 0 and "No section of the rules matches" in out
    code, out, _err = run(capsys, "rules", "diamant", "--search", "zzqxv", "--json")
    assert code == 0 and json.loads(out) == []


def test_cli_lists_sections(capsys):
    code, out, _err = run(capsys, "rules", "diamant", "--lang", "zh_Hans")
    assert code == 0
    assert "bust：阵亡" in out and out.splitlines()[0].startswith("top：")
    code, out, _err = run(capsys, "rules", "diamant", "--json")
    data = json.loads(out)
    assert {"section": "relics", "title": "Relics", "level": 2} in data


def test_cli_section_prints_markdown(capsys):
    code, out, _err = run(capsys, "rules", "diamant", "--section", "round", "--lang", "fa")
    assert code == 0 and out.startswith("## یک دور بازی")
    assert "### سوختن" in out and "## قسمت کردن" not in out  # its subsections, not the next section
    code, out, _err = run(capsys, "rules", "diamant", "--section", "bust", "--json")
    data = json.loads(out)
    assert data["section"] == "bust" and data["title"] == "The bust" and data["markdown"].startswith("### The bust")


def test_cli_errors(capsys):
    code, out, err = run(capsys, "rules", "chess", "--search", "x")
    assert code == 2 and out == "" and "chess" in err
    code, out, err = run(capsys, "rules", "diamant", "--section", "nope", "--lang", "fa")
    assert code == 1 and out == "" and "nope" in err and "relics" in err
    code, out, err = run(capsys, "rules", "diamant", "--section", "bust", "--search", "x")
    assert code == 2 and out == ""


def test_cli_search_in_a_fresh_process_reads_no_markdown(tmp_path):
    env = {"PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "COMPANION_LANG": "en", "LANG": "C.UTF-8"}
    probe = ("import json, sys\nfrom companion.cli import main\ncode = main(sys.argv[1:])\n"
             "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}), file=sys.stderr)\n")
    argv = [sys.executable, "-c", probe, "rules", "diamant", "--search", "relic", "--json"]
    first = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    second = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout and json.loads(second.stdout)[0]["section"] == "relics"
    loaded = json.loads(second.stderr.strip().splitlines()[-1])["modules"]
    assert not [m for m in loaded if m.startswith(("markdown_it", "textual", "babel", "companion.content"))]


# -- the viewer --------------------------------------------------------------------------------------
@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "data", tmp_path / "config"


@pytest.mark.parametrize("language,bidi_mode", [("en", "app"), ("fa", "app"), ("zh_Hans", "terminal")])
def test_viewer_search_lands_on_the_section(folders, language, bidi_mode):
    import asyncio

    from textual.widgets import OptionList

    from companion.tui.settings import Settings
    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders, language, settings=Settings(bidi=bidi_mode))
        async with app.run_test(size=(100, 30)) as pilot:
            from companion.tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen("diamant"))
            await pilot.pause(0.3)
            screen = app.screen
            scroll = screen.query_one("#rules-scroll")
            assert scroll.scroll_y == 0
            await pilot.press("slash")
            assert screen.searching and screen.focused is screen.query_one("#rules-query")
            for key in "relic":
                await pilot.press(key)
            await pilot.pause()
            results = screen.query_one("#rules-results", OptionList)
            assert results.option_count > 0 and results.get_option_at_index(0).id == "relics"
            prompt = results.get_option_at_index(0).prompt
            assert any(span.style and "reverse" in str(span.style) for span in prompt.spans)  # highlighted
            await pilot.press("down", "enter")
            await pilot.pause(0.3)
            assert not screen.searching
            own = screen.query_one("#rules-rtl")
            index = screen_ids(screen).index("relics")
            if own.display:
                assert scroll.scroll_y == own.virtual_region.y + own.heading_line(index)
            else:
                from textual.widgets._markdown import MarkdownHeader

                header = list(screen.query_one("#rules-md").query(MarkdownHeader))[index]
                assert scroll.scroll_y == header.virtual_region_with_margin.y > 0
            await pilot.press("escape")
            assert not isinstance(app.screen, RulesScreen)

    asyncio.run(go())


def screen_ids(screen):
    from companion.content import load_document

    return load_document(screen.game, screen.app.locale, "rules").section_ids


def test_viewer_search_with_nothing_found_keeps_the_place(folders):
    import asyncio

    from tests.tui.helpers import build_app

    async def go():
        app = build_app(folders, "en")
        async with app.run_test(size=(100, 30)) as pilot:
            from companion.tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen("diamant", search=True))
            await pilot.pause(0.3)
            screen = app.screen
            assert screen.searching
            for key in "zzqxv":
                await pilot.press(key)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.searching and screen.matches == []
            assert screen.query_one("#rules-scroll").scroll_y == 0
            await pilot.press("escape")  # closes the search, not the viewer
            assert app.screen is screen and not screen.searching

    asyncio.run(go())
