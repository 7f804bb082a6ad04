"""Locale negotiation, catalogs, numerals and plural forms."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction

import pytest

from companion import i18n
from companion.errors import UsageError
from companion.i18n import LOCALES, catalog_path, catalog_problems, negotiate, normalize_locale, translator


@pytest.mark.parametrize("given,expected", [
    ("zh-TW", "zh_Hant"), ("zh_TW", "zh_Hant"), ("zh_HK", "zh_Hant"), ("zh-Hant", "zh_Hant"),
    ("zh-CN", "zh_Hans"), ("zh_CN.UTF-8", "zh_Hans"), ("zh_Hans_SG", "zh_Hans"), ("zh", "zh_Hans"),
    ("fa_IR", "fa"), ("fa-IR", "fa"), ("fa", "fa"), ("en_US.UTF-8", "en"), ("en_US_POSIX", "en"), ("C", "en"),
    ("de_DE", None), ("", None), ("xx", None),
])
def test_aliases(given, expected):
    assert normalize_locale(given) == expected


def test_negotiation_order():
    env = {"COMPANION_LANG": "fa", "LANG": "zh_TW.UTF-8"}
    assert negotiate("zh-CN", env) == "zh_Hans"
    assert negotiate(None, env) == "fa"
    assert negotiate(None, {"LANG": "zh_TW.UTF-8"}) == "zh_Hant"
    assert negotiate(None, {"LC_ALL": "fa_IR.UTF-8", "LANG": "en_US"}) == "fa"
    assert negotiate(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert negotiate(None, {}) == "en"


@pytest.mark.parametrize("bad", ["klingon", "de", "zz_ZZ"])
def test_explicit_unknown_language_is_an_error(bad):
    with pytest.raises(UsageError) as err:
        negotiate(bad, {})
    assert err.value.code == "unknown_language"
    with pytest.raises(UsageError):
        negotiate(None, {"COMPANION_LANG": bad})


def test_persian_digits_and_separators():
    fa = translator("fa")
    assert fa.num(1234567) == "۱٬۲۳۴٬۵۶۷"
    assert fa.num(15) == "۱۵"
    assert fa.fraction(Fraction(3, 29)) == "۳/۲۹"
    assert fa.percent(Fraction(1, 4)) == "۲۵٫۰٪"
    assert translator("en").num(1234567) == "1,234,567"
    assert translator("zh_Hant").num(15) == "15"


def test_params_are_localized_in_messages():
    assert translator("fa").gettext("{total} = {among} × {each} + {left}", total=15, among=4, each=3, left=3) \
        == "۱۵ = ۴ × ۳ + ۳"


def test_plural_forms_per_locale():
    from babel.messages.pofile import read_po

    expected = {"fa": "nplurals=2; plural=(n > 1);", "zh_Hant": "nplurals=1; plural=0;",
                "zh_Hans": "nplurals=1; plural=0;"}
    for locale, forms in expected.items():
        with catalog_path(locale).open("rb") as fh:
            assert read_po(fh, locale=locale).plural_forms == forms
    en = translator("en")
    assert en.ngettext("{n} gem", "{n} gems", 1) == "1 gem" and en.ngettext("{n} gem", "{n} gems", 2) == "2 gems"


def test_every_catalog_is_complete_and_consistent():
    """No untranslated or fuzzy message; every {placeholder} kept."""
    problems = catalog_problems()
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} problems"


def test_catalogs_match_the_code(tmp_path):
    """The .pot holds exactly the messages the code marks (re-run `make catalogs` after changing text)."""
    import sys

    from babel.messages.pofile import read_po

    out = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "pyproject.toml",
                    "-k", "N_plural:1,2", "--no-location", "-o", str(out), "companion/"], check=True,
                   cwd=catalog_path("en").parents[3])
    fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(out.open("rb")) if m.id}
    for locale in LOCALES:
        with catalog_path(locale).open("rb") as fh:
            have = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}
        assert fresh <= have, f"{locale} lacks {sorted(fresh - have)[:10]}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
@pytest.mark.parametrize("locale", LOCALES)
def test_msgfmt_check(locale, tmp_path):
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(catalog_path(locale))],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_a_language_holds_for_its_scope_only():
    assert i18n.current().locale == "en"  # outside any scope (and any app): English
    with i18n.use_language("zh_Hant") as tr:
        assert tr.locale == i18n.current().locale == "zh_Hant"
        with i18n.use_language("fa"):
            assert i18n.current().locale == "fa"
        assert i18n.current().locale == "zh_Hant"
    assert i18n._("Nobody leaves: just draw the next card.") == "Nobody leaves: just draw the next card."
    with pytest.raises(RuntimeError), i18n.use_language("fa"):
        raise RuntimeError  # an error inside the block still restores the language
    assert i18n.current().locale == "en"
    with pytest.raises(UsageError), i18n.use_language("klingon"):
        pass
    assert i18n.current().locale == "en"


def test_no_module_level_language():
    assert not hasattr(i18n, "set_language") and not hasattr(i18n, "_current")


AMBIGUOUS = "…—°·○●★→←↑↓※“”‘’×"  # curly quotes are ambiguous-width too: zh_Hant strings use 「」
# Mainland usage quotes with “” ‘’, elides with …… and multiplies with ×.  Measured (issue 16) with
# ../shared/tools/term-shot: in xterm as set up there (DejaVu Sans Mono, Noto Sans Mono CJK SC for
# wide glyphs, cjkWidth off, the default) a Rich table with “继续” ‘单’ 等待…… 3×3 in its cells keeps
# every border in line, so each of “ ” ‘ ’ … × is drawn one cell wide, and rich.cells.cell_len gives
# 1 for each of them too.  A terminal set to draw ambiguous-width characters wide (xterm -cjk_width,
# GNOME Terminal's "ambiguous-width: wide") would shift such a line by a cell; that is not the default.
ALLOWED_AMBIGUOUS = {"zh_Hant": "", "zh_Hans": "“”‘’…×"}


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_no_ambiguous_width_symbols_in_chinese(locale):
    """Symbols that are one cell to Rich but two in Chinese-configured terminals break alignment
    (zh_Hans may use the few that the default terminal was measured to draw one cell wide)."""
    from babel.messages.pofile import read_po
    from rich.cells import cell_len

    assert all(cell_len(ch) == 1 for ch in ALLOWED_AMBIGUOUS[locale])
    forbidden = [ch for ch in AMBIGUOUS if ch not in ALLOWED_AMBIGUOUS[locale]]

    with catalog_path(locale).open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    bad = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            if any(ch in text for ch in forbidden):
                bad.append(text)
    assert not bad, bad[:10]


def test_zh_hans_quotes_the_mainland_way():
    """Simplified Chinese uses “” (not 「」) and …… (not ...) in every message, as its rules texts do."""
    from babel.messages.pofile import read_po

    with catalog_path("zh_Hans").open("rb") as fh:
        catalog = read_po(fh, locale="zh_Hans")
    bad = [text for message in catalog if message.id
           for text in ([message.string] if isinstance(message.string, str) else message.string)
           if any(mark in text for mark in ("「", "」", "『", "』", "..."))]
    assert not bad, bad[:10]


# Characters of the other script: traces of machine conversion between zh_Hant and zh_Hans.
HANT_ONLY = "這們個與會張輪點為從說對時開關體錄檔裡寶險數戲變選擇鍵畫換問題應該樣讓設計動戰勝獲滿請輸處發現記讀寫錯誤無"
HANS_ONLY = "这们个与会张轮点为从说对时开关体录档宝险数戏变选择键画换问题应该样让设计动战胜获满请输处发现记读写错误无"


@pytest.mark.parametrize("locale,foreign", [("zh_Hant", HANS_ONLY), ("zh_Hans", HANT_ONLY)])
def test_chinese_catalogs_keep_to_their_own_script(locale, foreign):
    from babel.messages.pofile import read_po

    assert not set(HANT_ONLY) & set(HANS_ONLY)
    with catalog_path(locale).open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    bad = [text for message in catalog if message.id
           for text in ([message.string] if isinstance(message.string, str) else message.string)
           if any(ch in text for ch in foreign)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_fixed_player_count_reads_right_even_for_one(locale):
    """An edition for exactly one player (or two) has its own sentence: no "1 to 1 players"."""
    from companion.errors import CompanionError
    from companion.tui.messages import MESSAGES, describe

    assert "{high}" not in MESSAGES["tui.player_count_exact"]
    with i18n.use_language(locale) as tr:
        text = describe(CompanionError("tui.player_count_exact", game="death_valley", low=1, high=1, count=3))
        assert tr.num(1) in text and tr.num(3) in text and "{" not in text
        assert "Death Valley" not in text or locale == "en"


def test_lists_in_each_language():
    assert translator("fa").join(["آوا", "بهرام", "چنگیز"]) == "آوا، بهرام و چنگیز"  # no comma before «و»
    assert translator("fa").join(["آوا", "بهرام"]) == "آوا و بهرام"
    assert translator("en").join(["Ava", "Ben", "Chen"]) == "Ava, Ben, and Chen"
    assert translator("zh_Hant").join(["甲", "乙", "丙"]) == "甲、乙和丙"
    assert translator("fa").join([]) == "" and translator("fa").join(["آوا"]) == "آوا"


def test_huge_numbers_are_written_exactly():
    assert translator("en").num(30_000_000_000_000_000_000) == "30,000,000,000,000,000,000"
    assert translator("fa").num(10**20) == "۱۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰"
    assert translator("en").num(10**5000).startswith("10^")  # past Python's digit limit: a size, not a crash


# -- isolating inserted values -----------------------------------------------------------------------
def test_inserted_values_are_isolated_only_where_asked_and_where_something_can_reorder():
    from companion.i18n import FSI, PDI, isolating, use_isolation

    fa, en = translator("fa"), translator("en")
    assert not isolating()  # the CLI's default: plain logical text
    assert FSI not in fa.gettext("Players: {players}", players=fa.join(["Ava", "Ben"]))
    with use_isolation():
        assert isolating()
        text = fa.gettext("Players: {players}", players=fa.join(["Ava", "Ben", "Chen"]))
        # Each name, and the list as a whole.
        assert text.count(FSI) == text.count(PDI) == 4
        assert f"{FSI}Ava{PDI}، {FSI}Ben{PDI} و {FSI}Chen{PDI}" in text
        # Numbers alone are not isolated: an FSI with no letter in it would read left to right and turn
        # a Persian list of numbers around; they cannot pull their neighbours round anyway.
        assert FSI not in fa.gettext("Round {n}", n=3)
        listed = fa.gettext("Players: {players}", players=fa.join(["۵", "۵", "۱۰"]))
        assert f"{FSI}۵{PDI}" not in listed and "۵، ۵ و ۱۰" in listed  # the list itself takes «و»'s direction
        assert FSI in fa.gettext("Players: {players}", players="\u202e۱۲")  # an override is still contained
        assert en.gettext("Round {n}", n=3) == "Round 3"      # nothing right-to-left: nothing to isolate
        assert FSI in en.gettext("Players: {players}", players="علی")
        assert FSI in en.gettext("Players: {players}", players="Ava\u202e")  # an override is contained
    assert not isolating()


def test_isolate_balances_what_it_wraps_and_wraps_once():
    from companion.i18n import FSI, PDI, isolate

    assert isolate("Ava") == f"{FSI}Ava{PDI}"
    assert isolate(isolate("Ava")) == f"{FSI}Ava{PDI}"
    assert isolate(f"a{PDI}b") == f"{FSI}ab{PDI}"            # a stray PDI cannot end ours early
    assert isolate(f"a{FSI}b") == f"{FSI}a{FSI}b{PDI}{PDI}"  # an open one is closed inside


# -- what a language loads: numbers without Babel, English without a catalog ----------------------------
_WHOLE_NUMBERS = [0, 1, 7, 9, 10, 15, 99, 100, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567,
                  2**31, 2**59, 10**18 + 7, -1, -9, -10, -999, -1000, -1_234_567, -(10**15)]


@pytest.mark.parametrize("locale", LOCALES)
def test_whole_numbers_are_written_as_babel_writes_them(locale):
    """Whole numbers skip Babel (its locale data costs a command more than its work); this is what makes
    that safe: for every locale of ours the plain grouping is Babel's own, digit for digit."""
    from babel.numbers import format_decimal

    tr = translator(locale)
    for value in _WHOLE_NUMBERS:
        expected = tr.digits(format_decimal(value, locale=tr.babel_locale, numbering_system="default"))
        assert tr.num(value) == expected, (locale, value)
        assert tr.integer(value) == expected
        assert tr.num(Fraction(value)) == expected  # a whole Fraction is a whole number
        assert tr.gettext("{n}", n=value) == expected  # params go the same way


def test_numbers_that_are_not_whole_still_follow_the_locale():
    assert translator("fa").num(2.5) == "۲٫۵" and translator("en").num(2.5) == "2.5"
    assert translator("en").num(1234.5) == "1,234.5"
    assert translator("fa").num(Fraction(3, 10)) == "۳/۱۰" and translator("en").num(Fraction(-3, 10)) == "-3/10"
    assert translator("en").gettext("{x}", x=True) == "True"  # a bool is not a number to format


def test_the_english_catalog_is_the_source_text_so_english_reads_no_catalog(monkeypatch):
    """English is the source language: tools/catalog.py fills its msgstr with the msgid, so a null
    translation says the same, and English never parses, compiles or reads a catalog."""
    from babel.messages.pofile import read_po

    def refuse(*args, **kwargs):
        raise AssertionError("English must not read a catalog")

    monkeypatch.setattr(i18n, "_compiled_catalog", refuse)
    monkeypatch.setattr(i18n, "catalog_path", refuse)
    en = translator.__wrapped__("en")  # afresh, bypassing the cache, with catalogs refused
    with catalog_path("en").open("rb") as fh:
        catalog = read_po(fh, locale="en")
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, str):
            assert message.string == message.id
            assert en._t.gettext(message.id) == message.string
        else:
            singular, plural = message.id
            assert tuple(message.string) == (singular, plural)
            assert en._t.ngettext(singular, plural, 1) == message.string[0]
            assert all(en._t.ngettext(singular, plural, n) == message.string[1] for n in (0, 2, 5, 21))
        checked += 1
    assert checked > 500
    with pytest.raises(AssertionError):
        translator.__wrapped__("fa")  # the other languages do read theirs


def test_no_translated_call_hides_inside_another():
    """Babel's extractor takes the strings of the outer call only: a ``gettext`` inside another's
    arguments is never extracted, so it would stay English in every language."""
    import ast
    from pathlib import Path

    names = {"_", "gettext", "ngettext", "N_", "N_plural"}

    def is_translation(node: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        return name in names and bool(node.args) and isinstance(node.args[0], ast.Constant)

    hidden = []
    for path in sorted(Path(__file__).resolve().parents[2].joinpath("companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if is_translation(node):
                inner = [n for arg in [*node.args[1:], *(k.value for k in node.keywords)]
                         for n in ast.walk(arg) if is_translation(n)]
                hidden += [f"{path.name}:{n.lineno}: {n.args[0].value!r}" for n in inner]
    assert not hidden, hidden


def test_chinese_lists_space_and_from_latin_names_and_numbers():
    for locale in ("zh_Hant", "zh_Hans"):
        tr = translator(locale)
        assert tr.join(["Ava", "Ben"]) == "Ava 和 Ben"
        assert tr.join(["阿華", "小斌"]) == "阿華和小斌"  # no space between Chinese characters
        assert tr.join(["Ava", "阿華", "Chen"]) == "Ava、阿華和 Chen"
        assert tr.join(["洪水 2", "高溫 3"]) == "洪水 2 和高溫 3"
        assert tr.join(["Ava"]) == "Ava" and tr.join([]) == ""


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_a_chinese_value_takes_no_space_beside_chinese(locale):
    """The catalogs space every placeholder (right beside Latin names and digits); a Chinese name or word
    put in its place joins the Chinese around it, as a Chinese writer would write it."""
    tr = translator(locale)
    assert tr._format("輪到 {player} 了。", {"player": "阿華"}) == "輪到阿華了。"
    assert tr._format("輪到 {player} 了。", {"player": "Ava"}) == "輪到 Ava 了。"
    assert tr._format("{player} 的旅程", {"player": "小斌"}) == "小斌的旅程"
    assert tr._format("第 {n} 輪", {"n": 3}) == "第 3 輪"  # digits keep their space
    assert tr._format("{a} {b}", {"a": "阿華", "b": "小斌"}) == "阿華 小斌"  # a space between two values stays
    assert tr._format("（{player}）", {"player": "阿華"}) == "（阿華）"
    # a catalog that writes a name placeholder unspaced (the Simplified rule) still spaces a Latin name
    assert tr._format("{player}因高温爆牌", {"player": "Ben"}) == "Ben 因高温爆牌"
    assert tr._format("{player}因高温爆牌", {"player": "阿华"}) == "阿华因高温爆牌"
    assert tr._format("{card}进了旅程", {"card": "高温 3"}) == "高温 3 进了旅程"
    assert tr._format("：{player}。", {"player": "Ben"}) == "：Ben。"  # none beside full-width punctuation
    if locale != "zh_Hant":
        return  # (the Simplified catalog writes name placeholders unspaced: its test_zh_hans_terms rule)
    # a real message through the catalog: a Chinese name joins, a Latin one keeps its space
    message = "{player} adds the face-up card {card} to their journey."
    assert tr.gettext(message, player="阿華", card="x").startswith("阿華") and " x " in tr.gettext(
        message, player="阿華", card="x")
    assert not tr.gettext(message, player="阿華", card="x").startswith("阿華 ")
    assert tr.gettext(message, player="Ava", card="x").startswith("Ava ")


def test_other_languages_keep_their_spaces():
    assert translator("en")._format("{player} leaves", {"player": "阿華"}) == "阿華 leaves"
    assert translator("fa")._format("{player} می‌رود", {"player": "阿華"}).endswith(" می‌رود")
