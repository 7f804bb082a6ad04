"""Building the app in temporary folders and playing Diamant by key presses."""

from __future__ import annotations

import unicodedata

from companion.tui.settings import Settings


def is_form(ch: str) -> bool:
    """An Arabic presentation form (what a terminal draws joined without shaping of its own)."""
    return "\ufb50" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufefc"


def unshaped(text: str) -> str:
    """Display-order presentation forms back to letters in display order (NFKC does that; lam-alef
    becomes its two letters, written right to left like the rest)."""
    return "".join((unicodedata.normalize("NFKC", ch)[::-1] if "\ufef5" <= ch <= "\ufefc"
                    else unicodedata.normalize("NFKC", ch)) if is_form(ch) else ch for ch in text)


def build_app(folders, language="en", **kwargs):
    from companion.tui.app import make_app

    data, config = folders
    return make_app(language, data_dir=data, config_dir=config, settings=kwargs.pop("settings", Settings()), **kwargs)


def record_notices(app) -> list[tuple[str, str]]:
    """Every notice the app shows from now on, as ``(severity, text)`` in logical order.

    Check a notice when it is raised, not on a screenshot: a toast lasts a few seconds of wall time.
    """
    shown: list[tuple[str, str]] = []
    original = app.notice

    def notice(text: str, **kwargs) -> None:
        shown.append((kwargs.get("severity", "information"), text))
        original(text, **kwargs)

    app.notice = notice
    return shown


async def type_text(pilot, text: str) -> None:
    await pilot.press(*list(text))


async def new_game_by_keys(pilot, preset_index: int, players: str) -> None:
    """Home -> N -> (game menu: Diamant) -> preset by arrow keys -> players -> Enter."""
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("tab")  # the preset list
    for _ in range(preset_index):
        await pilot.press("down")
    await pilot.press("tab")  # the players field
    await type_text(pilot, players)
    await pilot.press("enter")
    await pilot.pause()


async def play(pilot, script) -> None:
    """``script``: card codes (str) and decisions (tuples of seat numbers, 1-based)."""
    for step in script:
        if isinstance(step, str):
            await type_text(pilot, step)
            await pilot.press("enter")
        else:
            await pilot.press("ctrl+l")
            await pilot.press(*[str(seat) for seat in step])
            await pilot.press("enter")
        await pilot.pause()
