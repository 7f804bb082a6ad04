"""The crash driver through the referee assistant: the same plans and kills as ``crash_driver.py``, played
in a Textual app (``make_app`` + ``run_test``) the way a host plays them.

Usage and output lines as in ``crash_driver.py`` (``python -m tests.hardening.crash_tui_driver FOLDER GAME
PRESET SEED LENGTH MODE [STEP OP PHASE]``).  The game is started by the app (``start_game``, as the new-game
form does, journal in ``FOLDER/games``); then each event goes in by the screen's own ways:

* undo and redo: Ctrl+Z and Ctrl+Y;
* Diamant: the event typed into the card field as notation (``format_entry``), then Enter;
* Shifting Stones: F5 (end turn) and F6 (pass), the rest through the screen's ``send``;
* Death Valley: F5 (take the face-up card), F6 (give it), F9 (end the turn), the rest through ``send``.

After each event the screen's session must hold exactly the state the engine gave when the plan was made
(else ``ERROR`` and exit 3); then ``ACK n``.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.hardening.crash_driver import GAMES_FOLDER, Driver, Planned, Trap, child_args, plan, preset_of  # noqa: E402

TUI = Driver("tui", "tests.hardening.crash_tui_driver", timeout=120.0)
KEYS = {
    ("shifting_stones", "end_turn"): "f5", ("shifting_stones", "pass"): "f6",
    ("death_valley", "end_turn"): "f9",
}


def same_setup(got: Any, want: Any) -> bool:
    """The TUI writes its own header (its language, the time now): the game set up must be the plan's."""
    return ((got.game, got.ruleset, got.players, got.options, got.get("mode"))
            == (want.game, want.ruleset, want.players, want.options, want.get("mode")))


def _key(game: str, event: dict[str, Any], state: Any) -> str | None:
    kind = event["event"]
    if kind in ("undo", "redo"):
        return "ctrl+z" if kind == "undo" else "ctrl+y"
    if game == "death_valley" and kind == "travel" and event["source"] == "faceup":
        return "f6" if "to" in event else "f5"
    return KEYS.get((game, kind))


async def _enter(pilot: Any, screen: Any, game: str, planned: Planned, before: Any) -> None:
    event = planned.event
    key = _key(game, event, before)
    if key is not None:
        await pilot.press(key)
    elif game == "diamant":
        from textual.widgets import Input

        from companion.games.diamant.engine import round_view
        from companion.games.diamant.notation import format_entry
        from companion.i18n import current

        field = screen.query_one("#card", Input)
        field.focus()
        field.value = format_entry(event, round_view(before), current())  # one burst, as a paste
        await pilot.press("enter")
    else:
        screen.send(event)
    await pilot.pause()
    for _attempt in range(3):  # a round's summary (Diamant) opens over the board: close it as a host would
        if screen.app.screen is screen and not getattr(screen, "summary_open", False):
            break
        await pilot.press("escape")


def fail(why: str) -> NoReturn:
    print(f"ERROR {why}", flush=True)
    os._exit(3)  # at once: a Textual app torn down with a modal open may never finish


async def play(argv: list[str]) -> int:
    import textual.app
    import textual.pilot

    from companion.tui.app import make_app
    from companion.tui.screens.game import GameScreen
    from companion.tui.settings import Settings
    from tests.conftest import _quick_wait_for_idle

    for module in (textual.app, textual.pilot):  # the test suite's quick waits (same checks, 2 ms slices)
        module.wait_for_idle = _quick_wait_for_idle  # type: ignore[attr-defined]
    folder, game, preset_id, seed, length, mode, target = child_args(argv)
    header, events = plan(game, preset_id, seed, length)
    preset = preset_of(game, preset_id)
    app = make_app("en", data_dir=folder, config_dir=folder / "config", settings=Settings())
    async with app.run_test(size=(120, 45)) as pilot:
        await pilot.pause()
        trap = Trap(folder / GAMES_FOLDER, trace=mode == "trace", kill=target)
        trap.install()
        if not app.start_game(game, preset.ruleset, header.players, **dict(preset.header)):
            fail("the game did not start")
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            fail(f"no game screen: {type(screen).__name__}")
        print("CREATED", flush=True)
        for n, planned in enumerate(events, 1):
            trap.set_step(n)
            if mode == "lie":
                print(f"ACK {n}", flush=True)
            await _enter(pilot, screen, game, planned, screen.session.state)
            if screen.session.state != planned.state or not screen.session.saved:
                fail(f"event {n} {planned.event} did not go in as planned (screen {type(app.screen).__name__})")
            print(f"ACK {n}", flush=True)
            if screen.session.writer is not None:  # its fsync (in the background) counts in this step
                screen.session.writer.wait_synced(30.0)
        print("DONE", flush=True)
        app.exit()
    return 0


if __name__ == "__main__":
    code = asyncio.run(play(sys.argv[1:]))
    sys.stdout.flush()
    os._exit(code)
