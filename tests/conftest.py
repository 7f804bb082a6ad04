"""Every test runs with its own config/data folders and in English unless it says otherwise."""

from __future__ import annotations

import asyncio
import os
import time

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


# -- Quick, still careful, waits in Textual's pilot ------------------------------------------------
# Each key of ``pilot.press`` and each ``pilot.pause()`` ends in Textual's ``wait_for_idle``, which sleeps in
# 20 ms slices until one passes with (almost) no CPU used: 40 ms or more per key, most of a TUI test's wall
# time.  The wait below sleeps 2 ms slices instead, and it also goes on while the running app still has
# work it would do by itself (a queued message, a short Textual timer such as the 1/120 s resize, the
# screen's next update), so a shorter slice does not end a wait while such work is still queued.  Thread
# workers are waited for as before (by the CPU they use) or by the test (``app.workers.wait_for_complete``).
# With it a key costs about a third of the time; the TUI tests take half the wall time they took.
# ``COMPANION_TEXTUAL_WAITS=1`` keeps Textual's own waits, to rule these out when a TUI test fails.
_SLICE = 0.002


def _app_settled() -> bool:
    """True when the running app has nothing left that it would do by itself within a few milliseconds."""
    from textual._context import active_app

    app = active_app.get(None)
    if app is None or not app.is_running:
        return True
    if app._batch_count:
        return False
    for node in (app, *app.screen_stack, *list(app._registry)):
        if node._closing or node._closed:
            continue
        queue = node.__dict__.get("_message_queue")  # made on first use
        if (queue is not None and not queue.empty()) or node._next_callbacks:
            return False
        for timer in list(node._timers):
            if (timer._repeat == 0 and timer._interval <= 0.05 and timer._task is not None
                    and not timer._task.done() and timer._active.is_set()):
                return False
    try:
        screen = app.screen
    except Exception:  # no screen yet, or none any more
        return True
    return not (screen._layout_required or screen._scroll_required or screen._repaint_required
                or screen._recompose_required or screen._dirty_widgets or screen._callbacks)


async def _quick_wait_for_idle(min_sleep: float = 1 / 50, max_sleep: float = 1) -> None:
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(_SLICE)
        idle = time.process_time() - cpu < _SLICE / 20  # Textual's measure: under 5 % of the slice
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep or (elapsed > min_sleep and idle and _app_settled()):
            return


@pytest.fixture(autouse=True, scope="session")
def _quick_textual_waits():
    if os.environ.get("COMPANION_TEXTUAL_WAITS") == "1":
        yield
        return
    import textual.app
    import textual.pilot

    with pytest.MonkeyPatch.context() as patch:
        for module in (textual.app, textual.pilot):
            patch.setattr(module, "wait_for_idle", _quick_wait_for_idle)
        yield
