"""The catalogs as gettext reads them, kept beside the compiled ones (issue 15: start-up).

A start in Persian or Chinese reads the messages gettext made of the ``.mo`` last time (marshal)
instead of parsing the ``.mo`` again; what it translates is the same, message by message and plural by
plural, and a damaged file is made again.
"""

from __future__ import annotations

import gettext
import io

import pytest

from companion import i18n


def _fresh(locale: str) -> gettext.GNUTranslations:
    path = i18n.catalog_path(locale)
    return gettext.GNUTranslations(io.BytesIO(i18n._compiled_catalog(path, locale)))


def _same(kept, parsed) -> None:
    assert kept._catalog == parsed._catalog and kept._info == parsed._info
    for n in (0, 1, 2, 3, 11, 101):
        assert kept.plural(n) == parsed.plural(n)
    for key in list(parsed._catalog)[:200]:
        if isinstance(key, tuple):
            assert kept.ngettext(key[0], key[0] + "s", 2) == parsed.ngettext(key[0], key[0] + "s", 2)
        else:
            assert kept.gettext(key) == parsed.gettext(key)


@pytest.mark.parametrize("locale", ["fa", "zh_Hant", "zh_Hans"])
def test_the_second_read_comes_from_the_kept_file_and_translates_the_same(tmp_path, monkeypatch, locale):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = i18n.catalog_path(locale)
    first = i18n._translations(path, locale)
    [kept_file] = (tmp_path / "companion" / "catalogs").glob(f"{locale}-*.marshal")
    parsed = _fresh(locale)
    _same(first, parsed)

    def refuse(*args, **kwargs):
        raise AssertionError("the .mo must not be parsed again")

    monkeypatch.setattr(gettext.GNUTranslations, "_parse", refuse)
    second = i18n._translations(path, locale)
    _same(second, parsed)
    assert kept_file.exists()


def test_a_damaged_kept_file_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = i18n.catalog_path("fa")
    i18n._translations(path, "fa")
    [kept_file] = (tmp_path / "companion" / "catalogs").glob("fa-*.marshal")
    parsed = _fresh("fa")
    import marshal

    for damage in (b"", b"\x00garbage", kept_file.read_bytes()[:50], marshal.dumps(("a", "b", "c")),
                   marshal.dumps([1, 2, 3])):
        kept_file.write_bytes(damage)
        _same(i18n._translations(path, "fa"), parsed)
        assert kept_file.read_bytes() != damage  # rewritten whole
        assert marshal.loads(kept_file.read_bytes())[0] == parsed._catalog


def test_no_cache_folder_costs_only_the_parse(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = i18n.catalog_path("zh_Hant")
    _same(i18n._translations(path, "zh_Hant"), _fresh("zh_Hant"))
    assert blocked.read_text() == "a file where the cache folder would be"
