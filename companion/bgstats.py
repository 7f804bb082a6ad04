"""A finished game as a BG Stats play: the JSON BG Stats imports from other apps, and its import link.

BG Stats documents the format on its support page "Push plays to BG Stats from other apps or
websites" (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
a link ``bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` opens the app's import
dialog; the JSON has ``sourceName``, ``sourcePlayId`` (a second push with the same id updates the play),
``playDate``, ``durationMin``, ``game`` (``name``, ``bggId``, ``highestWins``, ``noPoints``,
``sourceGameId``) and ``players`` (``name``, ``score``, ``rank``, ``winner``, ``startPlayer``,
``sourcePlayerId``).  What each game is called there, and its BoardGameGeek id, is game knowledge:
``companion/games/bgg.toml`` holds it, with its sources.

Everything here is pure but :func:`write` (one file, written atomically) and the one read of
``bgg.toml``.  Scores and winners are the engine's own summary (what ``companion replay --json``
prints); this module only orders them into ranks.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, urlsplit

from companion.errors import CompanionError
from companion.i18n import N_

if TYPE_CHECKING:
    from companion.i18n import Translator
    from companion.journal import Header

SOURCE_NAME = "companion"
LINK_PREFIX = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SUFFIX = ".bgstats.json"
DATA_FILE = Path(__file__).parent / "games" / "bgg.toml"

MESSAGES = {
    "bgstats.unfinished": N_("This game is not over yet: BG Stats records a play once it has ended. "
                             "Finish the game, then export it."),
    "bgstats.needs_journal": N_("--kind bgstats exports one played game: give its journal with --journal FILE."),
    "bgstats.write_failed": N_("The BG Stats file cannot be written in {path}: {reason}. Nothing was written."),
}


class ExportRefused(CompanionError):
    """The game cannot be exported as a play (it is not finished, or the file cannot be written)."""


@cache
def _entries() -> dict[str, Any]:
    with DATA_FILE.open("rb") as fh:
        return tomllib.load(fh)


def game_entry(game: str, ruleset: str) -> dict[str, Any]:
    """What BG Stats is told about ``game`` set up with ``ruleset`` (``name``, maybe ``bgg_id``, ...)."""
    entry = dict(_entries().get(game, {}))
    rulesets = entry.pop("rulesets", {})
    entry.update(rulesets.get(ruleset, {}))
    return entry


def play_id(header: Header) -> str:
    """The same id for every export of one journal: a digest of its header, which never changes."""
    text = json.dumps(header.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "companion-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def duration_min(started: datetime | None, events: Iterable[Mapping[str, Any]]) -> int | None:
    """Minutes from ``started`` to the last event that records its time (``at``); ``None`` if unknown."""
    if started is None:
        return None
    from companion.journal import parse_time

    last = None
    for event in events:
        when = parse_time(event.get("at"))
        if when is not None:
            last = when
    if last is None or last < started:
        return None
    return round((last - started).total_seconds() / 60)


def ranks(scores: Mapping[str, float], winners: Iterable[str], highest_wins: bool = True) -> dict[str, int]:
    """Competition ranks (1, 1, 3): the winners first, then by score; equal places share a rank.

    The winners come from the engine, so a tie it broke (Incan Gold's artifacts, Death Valley's busts)
    puts its winner above a player with the same score.
    """
    won = set(winners)
    sign = 1 if highest_wins else -1
    key = {p: (p in won, sign * s) for p, s in scores.items()}
    return {p: 1 + sum(1 for q in scores if key[q] > key[p]) for p in scores}


def build(header: Header, game: Any, summary: Mapping[str, Any], events: Iterable[Mapping[str, Any]],
          tr: Translator) -> dict[str, Any]:
    """The play as BG Stats reads it.  ``summary`` is ``game.summary(state)``; ``events`` the events
    in force (for the duration).  :class:`ExportRefused` ``bgstats.unfinished`` for a game not over."""
    if not summary.get("finished"):
        raise ExportRefused("bgstats.unfinished")
    entry = game_entry(header.game, header.ruleset)
    highest = bool(entry.get("highest_wins", True))
    scores: dict[str, Any] = dict(summary.get("scores") or {})
    winners = list(summary.get("winners") or [])
    placed = ranks(scores, winners, highest)
    seats = list(scores)
    first = seats[0] if entry.get("turns") and seats else None
    players = [{
        "name": game.player_name(seat, tr),
        "score": scores[seat],
        "rank": placed[seat],
        "winner": seat in winners,
        "startPlayer": seat == first,
        "sourcePlayerId": seat,
    } for seat in seats]
    game_data: dict[str, Any] = {"name": entry.get("name") or game.name(tr)}
    if entry.get("bgg_id"):
        game_data["bggId"] = int(entry["bgg_id"])
    game_data.update(highestWins=highest, noPoints=bool(entry.get("no_points", False)),
                     sourceGameId=f"{header.game}/{header.ruleset}")
    play: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id(header)}
    from companion.journal import parse_time

    started = parse_time(header.started)
    if started is not None:  # BG Stats shows the play at this time of day, so in the local time zone
        play["playDate"] = started.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    minutes = duration_min(started, events)
    if minutes is not None:
        play["durationMin"] = minutes
    play["game"] = game_data
    play["players"] = players
    return play


def from_session(session: Any, tr: Translator) -> dict[str, Any]:
    """:func:`build` for a :class:`~companion.session.Session` (the game on screen)."""
    return build(session.header, session.game, session.game.summary(session.state),
                 (step.event for step in session.steps), tr)


def from_journal(journal: Any, tr: Translator) -> dict[str, Any]:
    """:func:`build` for a journal read with :func:`~companion.journal.read_journal` (replayed here)."""
    from companion.games import get
    from companion.session import replay

    state, steps = replay(journal)
    game = get(journal.header.game)
    return build(journal.header, game, game.summary(state), (step.event for step in steps), tr)


def to_json(play: Mapping[str, Any]) -> str:
    """The file's text: the same data as the link, indented for people."""
    return json.dumps(play, ensure_ascii=False, indent=2) + "\n"


def link(play: Mapping[str, Any]) -> str:
    """The import link: the compact JSON, URL-encoded (plain ASCII, safe to print anywhere)."""
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(text, safe="")


def decode(url: str) -> dict[str, Any]:
    """The play a link carries (the inverse of :func:`link`)."""
    data = parse_qs(urlsplit(url).query, keep_blank_values=True).get("data", [""])[0]
    value = json.loads(data)
    if not isinstance(value, dict):
        raise ValueError("not a play")
    return value


def file_name(journal_path: str | Path) -> str:
    """``20261129-200000-diamant.bgstats.json`` for the journal ``20261129-200000-diamant.jsonl``."""
    name = Path(journal_path).name
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else Path(name).stem or "game"
    return stem + SUFFIX


def write(play: Mapping[str, Any], out_dir: str | Path, name: str) -> Path:
    """Write the play as ``out_dir/name`` (the folder made if needed), whole or not at all."""
    from companion.fsutil import atomic_write

    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return atomic_write(folder / Path(name).name, to_json(play))
    except OSError as exc:
        raise ExportRefused("bgstats.write_failed", path=str(folder), reason=exc.strerror or str(exc)) from None


__all__ = ["LINK_PREFIX", "SOURCE_NAME", "ExportRefused", "build", "decode", "duration_min", "file_name",
           "from_journal", "from_session", "game_entry", "link", "play_id", "ranks", "to_json", "write"]
