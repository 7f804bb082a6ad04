"""Every test runs with its own config/data folders and in English unless it says otherwise."""

from __future__ import annotations

import pytest

from companion import i18n


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                     ("XDG_STATE_HOME", "state")):
        (home / sub).mkdir()
        monkeypatch.setenv(var, str(home / sub))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    assert i18n.current().locale == "en", "a language leaked in from outside the test"
    yield
    # The language is the running app's or a ``use_language()`` block's; neither outlives a test.
    assert i18n.current().locale == "en", "this test left a language in effect"
