"""What the shared view shows: the public part of a game's state, in one language, as plain text.

Everything here is built from the registry (:func:`companion.games.get`): the game's ``summary`` with
its ``secret_keys`` removed until the game ends, its ``public_report`` (or ``report``) lines and its
``event_line`` for the running log -- the same explainers as the CLI and the TUI.  Every string from
the journal or a catalog is passed through :func:`companion.safetext.clean`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.i18n import LOCALES, N_, RTL_LOCALES, Translator, translator, use_isolation, use_language
from companion.safetext import clean

HTML_LANG = {"en": "en", "fa": "fa", "zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}

# The labels the page needs, by key (translated per request).
UI = {
    "path": N_("Path"),
    "players": N_("Players"),
    "log": N_("Log"),
    "rules": N_("Rules"),
    "card": N_("Reference card"),
    "language": N_("Language"),
    "winners": N_("Winners"),
    "waiting": N_("Waiting for the game…"),
    "reconnecting": N_("Connection lost; reconnecting…"),
    "close": N_("Close"),
    "state": N_("The table"),
    "readonly": N_("A read-only view of the host's game: it follows the journal and cannot change it."),
}
# Each language's name in itself (not translated: a reader finds their own language by its own name).
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی", "zh_Hant": "繁體中文", "zh_Hans": "简体中文"}


def negotiate_lang(asked: str | None, accept_language: str | None) -> str:
    """``asked`` when it is one of our locales, else the best match for Accept-Language, else ``en``."""
    if asked in LOCALES:
        return asked
    if accept_language:
        from babel import Locale, negotiate_locale

        preferred: list[str] = []
        for part in accept_language.split(",")[:20]:
            tag = part.split(";")[0].strip()
            if not tag or tag == "*" or len(tag) > 35:
                continue
            preferred.append(_script_tag(tag))
        found = negotiate_locale(preferred, list(LOCALES), sep="_")
        if found in LOCALES:
            return found
        for tag in preferred:  # a tag Babel has no alias for (fa-IR, en-GB ...): its language alone
            try:
                language = Locale.parse(tag, sep="_").language
            except (ValueError, TypeError):
                continue
            if language in LOCALES:
                return language
    return "en"


def _script_tag(tag: str) -> str:
    """A browser's tag in our locale names: zh-TW/zh-HK/zh-MO -> zh_Hant, zh/zh-CN/zh-SG -> zh_Hans."""
    parts = tag.replace("-", "_").split("_")
    if parts[0].lower() == "zh":
        rest = [p.lower() for p in parts[1:]]
        if "hant" in rest or any(r in ("tw", "hk", "mo") for r in rest):
            return "zh_Hant"
        return "zh_Hans"
    return "_".join([parts[0].lower(), *parts[1:]])


def _clean_data(value: Any) -> Any:
    """``value`` (a summary) with every string, key and value, made plain text."""
    if isinstance(value, str):
        return str(clean(value))
    if isinstance(value, dict):
        return {str(clean(k)): _clean_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean_data(v) for v in value]
    return value


def _lines(lines: Iterable[str]) -> list[str]:
    return [str(clean(line, multiline=True)) for line in lines]


def public_summary(game: Any, state: Any) -> dict[str, Any]:
    """The ``replay --json`` object without what the players may not see before the end."""
    data = dict(game.summary(state))
    if not data.get("finished"):
        for key in getattr(game, "secret_keys", ()):
            data.pop(key, None)
    return _clean_data(data)


def log_steps(session: Any) -> Any:
    """The steps of the round or turn in play (as the game screen's running log shows them)."""
    return session.steps[session.steps.period_start():]


def state_json(session: Any, lang: str) -> dict[str, Any]:
    """The whole state.json object for ``session`` in ``lang`` (one of :data:`LOCALES`)."""
    tr: Translator = translator(lang)
    game = session.game
    state = session.state
    with use_language(lang), use_isolation(False):
        public = public_summary(game, state)
        report = getattr(game, "public_report", None) or game.report
        lines = _lines(report(state, tr))
        event_line = getattr(game, "event_line", None)
        log = _lines(event_line(step, tr) if event_line else tr.gettext("An event was recorded.")
                     for step in log_steps(session))
        ui: dict[str, Any] = {key: tr.gettext(text) for key, text in UI.items()}
        ui["languages"] = dict(LANGUAGE_NAMES)
        face_names = getattr(game, "face_names", None)  # a game with named faces (a grid of tiles)
        if face_names is not None:
            ui["faces"] = face_names(tr)
        title = str(clean(game.name(tr)))
    finished = bool(public.get("finished"))
    return {
        "game": game.id,
        "ruleset": str(clean(session.header.ruleset)),
        "lang": lang,
        "dir": "rtl" if lang in RTL_LOCALES else "ltr",
        "finished": finished,
        "events": len(session.steps),
        "title": title,
        "ui": ui,
        "public": public,
        "lines": lines,
        "log": log,
        "winners": [str(clean(w)) for w in public.get("winners", [])] if finished else [],
    }
