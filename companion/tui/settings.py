"""The referee assistant's settings: a small typed model saved as TOML in the user config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from companion.tui.bidi import MODES as BIDI_MODES

FILE_NAME = "tui.toml"


@dataclass(frozen=True)
class Settings:
    bidi: str = "app"
    """Who reorders right-to-left text: ``app`` (this program, for terminals that do no bidi: xterm,
    tmux, kitty, Alacritty, iTerm2, Windows Terminal) or ``terminal`` (GNOME Terminal, Konsole with
    bidi on, mlterm: the terminal reorders, so the program must not)."""

    language: str = ""
    """The language chosen last in the app (empty: negotiate from ``--lang``/environment)."""

    def with_(self, **changes: str) -> Settings:
        return replace(self, **changes)


def settings_path(folder: Path | None = None) -> Path:
    if folder is None:
        from companion.paths import user_config_dir

        folder = user_config_dir()
    return Path(folder) / FILE_NAME


def _read_own(text: str) -> dict[str, str] | None:
    """The file as :func:`save` writes it (``key = "JSON string"`` lines, which are TOML too), read
    without loading :mod:`tomllib` at start-up; ``None`` for anything else, which TOML then reads."""
    import json

    data: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(" = ")
        # JSON and TOML strings differ in "\/" (JSON only) and in raw DEL (JSON only): leave those to TOML.
        if (not sep or not key.isascii() or not key.isidentifier() or key in data or len(value) < 2
                or value[0] != '"' or "\\/" in value or "\x7f" in value):
            return None
        try:
            found = json.loads(value)
        except ValueError:
            return None
        if not isinstance(found, str) or any("\ud800" <= ch <= "\udfff" for ch in found):
            return None
        data[key] = found
    return data


def load(folder: Path | None = None) -> Settings:
    """The saved settings; a missing or damaged file gives the defaults (never an exception)."""
    from companion.i18n import normalize_locale

    path = settings_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Settings()
    data: dict | None = _read_own(text)
    if data is None:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return Settings()
    known = {f.name for f in fields(Settings)}
    values = {k: v for k, v in data.items() if k in known and isinstance(v, str)}
    if values.get("bidi") not in BIDI_MODES:
        values.pop("bidi", None)
    if "language" in values and normalize_locale(values["language"]) is None:
        values.pop("language")
    return Settings(**values)


def save(settings: Settings, folder: Path | None = None) -> Path:
    """Write the settings atomically (a crash never leaves half a file)."""
    import json

    from companion.fsutil import atomic_write

    path = settings_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in asdict(settings).items()]
    return atomic_write(path, "\n".join(lines) + "\n")
