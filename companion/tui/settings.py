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


def load(folder: Path | None = None) -> Settings:
    """The saved settings; a missing or damaged file gives the defaults (never an exception)."""
    import tomllib

    from companion.i18n import normalize_locale

    path = settings_path(folder)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
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
