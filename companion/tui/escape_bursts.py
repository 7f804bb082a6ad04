"""Escape followed at once by other keys (one burst) is Escape and those keys, never something else.

A terminal sends Escape as the byte ``ESC``, which also starts every escape sequence; when the next
key arrives in the same read (a quick typist, a loaded machine catching up, tmux ``send-keys``),
Textual's parser reads the pair as one key:

* ``ESC`` + a letter becomes ``alt+letter`` (the letter is typed, the Escape is lost);
* ``ESC`` + a digit, ``-``, ``=`` or ``§`` becomes a macOS Option glyph (``ESC 7`` types ``¶``);
* ``ESC b`` / ``ESC f`` become ``ctrl+left`` / ``ctrl+right`` (the letter is lost).

:func:`untangle` removes the two-byte entries of the last two kinds from the parser's table (once,
before the app reads keys), so those pairs also come as ``alt+key``; :func:`split` turns an
``alt+key`` event with a printable character into the two keys the person pressed.  The app calls
``untangle()`` at start-up and, for each key event, replays ``split(event)`` when it is not ``None``.
Nobody in this program uses an Alt shortcut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual import events

ESC = "\x1b"


def untangle() -> list[str]:
    """Forget the ``ESC`` + one character sequences that stand for other keys; the ones removed."""
    from textual import _ansi_sequences

    table = _ansi_sequences.ANSI_SEQUENCES_KEYS
    removed = [seq for seq in list(table) if len(seq) == 2 and seq[0] == ESC and seq[1].isprintable()]
    for seq in removed:
        del table[seq]  # type: ignore[attr-defined]  # a plain dict at run time
    return removed


def split(event: events.Key) -> list[events.Key] | None:
    """``[escape, key]`` for an ``alt+key`` event that is really Escape then a key; else ``None``."""
    from textual import events as ev
    from textual.keys import _character_to_key

    if not event.key.startswith("alt+"):
        return None
    char = event.character
    if char is None or len(char) != 1 or not char.isprintable():
        return None
    return [ev.Key("escape", ESC), ev.Key(_character_to_key(char), char)]
