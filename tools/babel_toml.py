"""A Babel extractor for the ``name`` of each preset in ``companion/games/*/presets.toml``.

Preset names are catalog messages kept with their data; ``pybabel extract`` finds them through the
mapping in ``pyproject.toml`` (``method = "tools.babel_toml:extract"``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import Any, BinaryIO


def extract(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()
    for preset in data.get("preset", []):
        name = preset.get("name")
        if not isinstance(name, str):
            continue
        line = next((i + 1 for i, row in enumerate(lines) if row.strip().startswith("name") and name in row), 0)
        yield line, "N_", name, [f"preset {preset.get('id', '')}"]
