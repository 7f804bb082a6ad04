"""The parsed CSS kept between starts (companion.tui.css_cache, issue 15: start-up).

A second start takes the home screen's parsed rules from the cache instead of parsing them, draws the
same screen, and writes nothing; a damaged file, a changed source or another theme is parsed as Textual
always does.
"""

from __future__ import annotations

import asyncio

from companion.tui import css_cache
from tests.tui.helpers import build_app


def _start(folders, language="en"):
    """Start the app to its home screen; (what it showed, the CSS texts it parsed, the cache file)."""
    import textual.css.stylesheet as stylesheet_module

    parsed: list[str] = []
    original = stylesheet_module.parse

    def counting(scope, css, *args, **kwargs):
        parsed.append(css)
        return original(scope, css, *args, **kwargs)

    async def go():
        app = build_app(folders, language)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.pause()
            shown = app.export_screenshot()
            path = css_cache.cache_path(app.stylesheet)
        return shown, path

    stylesheet_module.parse = counting
    try:
        shown, path = asyncio.run(go())
    finally:
        stylesheet_module.parse = original
    return shown, parsed, path


def test_a_second_start_parses_no_css_and_shows_the_same_home_screen(tmp_path):
    folders = (tmp_path / "data", tmp_path / "config")
    first_text, first_parsed, path = _start(folders)
    assert first_parsed, "the first start parses the CSS"
    assert path is not None and path.is_file()
    kept = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    second_text, second_parsed, second_path = _start(folders)
    assert second_path == path
    assert second_parsed == []  # every rule of the home screen came from the cache
    assert second_text == first_text and "New" in second_text
    assert path.read_bytes() == kept and path.stat().st_mtime_ns == mtime  # nothing was missing: not written


def test_a_damaged_cache_file_is_parsed_again_and_replaced(tmp_path):
    folders = (tmp_path / "data", tmp_path / "config")
    good_text, _parsed, path = _start(folders)
    for damage in (b"", b"not a pickle", path.read_bytes()[:100]):
        path.write_bytes(damage)
        text, parsed, _path = _start(folders)
        assert parsed and text == good_text
        assert path.read_bytes() != damage  # the next start finds it whole again
        _text, parsed_again, _path = _start(folders)
        assert parsed_again == []


def test_a_changed_source_is_parsed_not_taken_from_the_cache(tmp_path):
    from textual.css.stylesheet import Stylesheet

    from companion.tui.app import CompanionApp

    folders = (tmp_path / "data", tmp_path / "config")
    _start(folders)
    sheet = Stylesheet(variables=CompanionApp().get_css_variables())
    loaded = css_cache.load(sheet)
    assert loaded
    app_css = next(key for key in loaded if str(key[1][0]).endswith("app.tcss"))  # (css, (path, ""), ...)
    sheet.add_source(app_css[0] + "\n#home { padding: 3 5; }", read_from=app_css[1])
    sheet.parse()
    padded = [rule for rule in sheet.rules if "#home" in rule.selectors and rule.styles.padding.top == 3]
    assert padded, "the edited app.tcss was parsed, not the kept one used"


def test_another_theme_keeps_its_own_file(tmp_path):
    from textual.css.stylesheet import Stylesheet

    from companion.tui.app import CompanionApp

    variables = CompanionApp().get_css_variables()
    other = dict(variables, accent="#123456")
    path = css_cache.cache_path(Stylesheet(variables=variables))
    assert path is not None
    assert css_cache.cache_path(Stylesheet(variables=other)) != path
    assert css_cache.load(Stylesheet(variables=other)) == frozenset()  # nothing kept for it yet


def test_an_unwritable_cache_folder_costs_only_the_parse(tmp_path, monkeypatch):
    folders = (tmp_path / "data", tmp_path / "config")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    text, parsed, path = _start(folders)
    assert parsed and "New" in text
    assert path is not None and not path.exists()
