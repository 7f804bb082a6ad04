"""The print shop: rule sheets, reference cards and score pads as PDF (WeasyPrint).

Only the modules that render (``export``, ``fetcher``) import WeasyPrint, and only this package
imports them: the TUI and the other commands never load it.  ``pages``, ``htmltext``, ``scorepad``
and ``chart`` build plain HTML/SVG text and can be used (and tested) without WeasyPrint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    ASSETS_DIR: Path
    """The root the URL fetcher serves from: only ``fonts/``, ``styles/`` and ``images/`` below it."""


def __getattr__(name: str) -> Any:
    # ASSETS_DIR on first use: the command line imports this package for KINDS alone, and ``split``
    # loads no pathlib (bench/cli_startup.py).
    if name == "ASSETS_DIR":
        from pathlib import Path

        return Path(__file__).resolve().parent
    raise AttributeError(name)


ASSET_FOLDERS = ("fonts", "styles", "images")
KINDS = ("rules", "card", "scorepad", "reference")
"""What ``companion export --kind`` makes (here, not in ``export``, so that the command line's help
can name them without loading the renderer)."""
