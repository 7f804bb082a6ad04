"""The history of a table: every journal of a folder, finished or not, summed up.

The journals are the truth; nothing here is stored twice.  :func:`collect` reads each ``*.jsonl`` of
the folder into a :class:`Record` (what :func:`companion.session.replay` and the game's ``summary``
say: game, ruleset, preset, players, scores, winners, start and last event time) or, for a journal
that does not read, the error that says why (code and parameters, translated where it is shown).
:func:`summarize` turns the records into a :class:`History`: plays per game and edition, wins and
average score per player, the best and the closest game of each game, and how long games took.

Records are kept in a cache under the user cache folder (``platformdirs``), one file per folder of
journals, keyed by each journal's path, size and modification time (and inode): a journal is
replayed again only when it changed.  The cache may be deleted at any time; one that does not read
(or was written by another version) is ignored and rebuilt.

Players are matched case- and space-insensitively (``"ava "``, ``"Ava"`` and ``"A va"`` are one
player, shown with the spelling used most).  Wins, scores, best and closest games and durations count
finished games only; ``plays`` of a game counts every journal of it that reads.  A player's ``plays``
are the finished games they took part in (``unfinished``: the others).

Nothing in this module prints or translates, except :func:`sections`, which puts a history in words
for the command line and the referee assistant alike.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.i18n import N_
from companion.paths import user_cache_dir

if TYPE_CHECKING:
    from companion.i18n import Translator

CACHE_VERSION = 1
CACHE_LIMIT = 64 * 1024 * 1024  # a cache larger than this is not read (ignored and rebuilt)
UNEXPECTED = N_("the companion met a problem it did not expect while replaying it")


# -- one journal ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """One journal as read: its game, or the error that stops it from reading (``error``)."""

    path: str
    game: str = ""
    ruleset: str = ""
    preset: str | None = None  # the id of the preset the header matches, if one does
    players: tuple[str, ...] = ()
    finished: bool = False
    scores: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    started: float | None = None  # the header's ``started`` (seconds since the epoch)
    ended: float | None = None  # the last event's ``at``
    error: tuple[str, dict[str, Any]] | None = None  # (code, params)

    @property
    def seconds(self) -> int | None:
        """How long the game took: from ``started`` to the last event's ``at`` (``None``: unknown)."""
        if self.started is None or self.ended is None or self.ended < self.started:
            return None
        return round(self.ended - self.started)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.path}
        if self.error is not None:
            data["error"] = [self.error[0], self.error[1]]
            return data
        data.update(game=self.game, ruleset=self.ruleset, preset=self.preset, players=list(self.players),
                    finished=self.finished, scores=self.scores, winners=list(self.winners),
                    started=self.started, ended=self.ended)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from the cache; :class:`ValueError` when it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("path"), str):
            raise ValueError("not a record")
        if "error" in data:
            code, params = data["error"]
            if not isinstance(code, str) or not isinstance(params, dict):
                raise ValueError("not an error")
            return cls(data["path"], error=(code, params))
        players, winners, scores = data["players"], data["winners"], data["scores"]
        if not (isinstance(players, list) and all(isinstance(p, str) for p in players)
                and isinstance(winners, list) and all(isinstance(w, str) for w in winners)
                and isinstance(scores, dict) and all(_is_int(v) for v in scores.values())
                and isinstance(data["game"], str) and isinstance(data["ruleset"], str)
                and isinstance(data["finished"], bool) and _time_or_none(data["started"])
                and _time_or_none(data["ended"]) and (data["preset"] is None or isinstance(data["preset"], str))):
            raise ValueError("not a record")
        return cls(data["path"], data["game"], data["ruleset"], data["preset"], tuple(players),
                   data["finished"], dict(scores), tuple(winners), data["started"], data["ended"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _time_or_none(value: Any) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def iso_time(value: Any) -> float | None:
    """An ISO time (``2026-11-29T20:00:00Z``) as seconds since the epoch; ``None`` for anything else
    (``at`` is also a grid cell in Shifting Stones)."""
    from companion.journal import parse_time

    when = parse_time(value)
    if when is None:
        return None
    try:
        return when.timestamp()
    except (OverflowError, OSError, ValueError):
        return None


def _failed(where: Path, code: str, **params: Any) -> Record:
    return Record(str(where), error=(code, params))


def read_record(path: Path) -> Record:
    """Read and replay one journal (never writes to it); a journal that does not read gives its error."""
    from companion.games import get
    from companion.journal import read_journal
    from companion.session import replay

    try:
        journal = read_journal(path)
        header = journal.header
        state, _steps = replay(journal)
        game = get(header.game)
        summary = game.summary(state)
        preset = next((p.id for p in game.presets() if p.matches(header)), None)
        events = journal.in_force
        ended = None
        for i in range(len(events) - 1, -1, -1):  # the last event in force that says when it happened
            if b'"at"' not in events.text(i):  # (most events say nothing of the time: not parsed again)
                continue
            ended = iso_time(events.event(i).get("at"))
            if ended is not None:
                break
    except CompanionError as exc:
        return _failed(path, exc.code, **exc.params)
    except ImportError as exc:  # a game whose engine is not installed
        return _failed(path, "journal_header_unknown_game", line=1, value=str(exc.name))
    except (MemoryError, RecursionError):
        from companion.journal import OUT_OF_MEMORY

        return _failed(path, "journal_unreadable", path=str(path), reason=OUT_OF_MEMORY)
    except Exception:  # a last fence: one journal never stops the history of the others
        return _failed(path, "journal_unreadable", path=str(path), reason=UNEXPECTED)
    finished = bool(summary.get("finished"))
    scores = {str(k): v for k, v in dict(summary.get("scores") or {}).items() if _is_int(v)}
    winners = tuple(str(w) for w in summary.get("winners") or ()) if finished else ()
    return Record(str(path), header.game, header.ruleset, preset, tuple(header.players), finished, scores,
                  winners, iso_time(header.started), ended)


# -- the folder and its cache -----------------------------------------------------------------------
def default_folder() -> Path:
    """The folder where the referee assistant saves games."""
    from companion.tui.recent import games_dir

    return games_dir()


def cache_path(folder: Path, base: Path | None = None) -> Path:
    """The cache file of one folder of journals (a name made from the folder's absolute path)."""
    name = hashlib.sha256(os.fsencode(os.path.abspath(folder))).hexdigest()[:24]
    return (base if base is not None else user_cache_dir()) / "history" / f"{name}.json"


Key = tuple[int, int, int]  # size, modification time (ns), inode


def _version() -> str:
    from companion import __version__

    return f"{CACHE_VERSION}:{__version__}"


def load_cache(path: Path) -> dict[str, tuple[Key, Record]]:
    """The records kept in ``path`` by journal path; empty when the file is absent or does not read."""
    from companion.fsutil import read_regular

    try:
        data = json.loads(read_regular(path, CACHE_LIMIT))
    except (OSError, ValueError, RecursionError, MemoryError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _version() or not isinstance(data.get("entries"), list):
        return {}
    kept: dict[str, tuple[Key, Record]] = {}
    for item in data["entries"]:
        try:
            size, mtime, inode = item["key"]
            if not all(_is_int(v) for v in (size, mtime, inode)):
                continue
            record = Record.from_json(item["record"])
        except (KeyError, TypeError, ValueError):
            continue  # one bad entry: that journal is read again
        kept[record.path] = ((size, mtime, inode), record)
    return kept


def save_cache(path: Path, entries: dict[str, tuple[Key, Record]]) -> bool:
    """Write the cache (never half written: :func:`companion.fsutil.atomic_write`); ``False`` if it cannot be."""
    from companion.fsutil import atomic_write

    items = [{"key": list(key), "record": record.to_json()} for key, record in entries.values()]
    try:
        text = json.dumps({"version": _version(), "entries": items}, ensure_ascii=False, default=str)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text, durable=False)
    except (OSError, ValueError, TypeError):
        return False
    return True


def journal_files(folder: Path) -> Iterator[tuple[Path, os.stat_result | OSError]]:
    """Each ``*.jsonl`` entry of ``folder`` (sorted by name) with what ``stat`` says of it (symbolic
    links followed), or the error ``stat`` raised."""
    try:
        with os.scandir(folder) as found:
            names = sorted(entry.name for entry in found if entry.name.endswith(".jsonl"))
    except (FileNotFoundError, NotADirectoryError):
        return
    for name in names:
        path = folder / name
        try:
            yield path, path.stat()
        except OSError as exc:
            yield path, exc


def _stat_failure(path: Path, info: os.stat_result | OSError) -> Record | None:
    """The record of a journal that cannot be opened, judged from ``stat`` alone (``None``: read it)."""
    from companion.journal import MAX_JOURNAL_BYTES

    if isinstance(info, FileNotFoundError):  # a symbolic link to nothing
        return _failed(path, "journal_missing", path=str(path))
    if isinstance(info, OSError):
        return _failed(path, "journal_unreadable", path=str(path), reason=info.strerror or str(info))
    if stat.S_ISDIR(info.st_mode):
        return _failed(path, "journal_is_directory", path=str(path))
    if not stat.S_ISREG(info.st_mode):  # never opened: a FIFO would wait
        return _failed(path, "journal_not_regular", path=str(path))
    if info.st_size > MAX_JOURNAL_BYTES:
        return _failed(path, "journal_too_large", path=str(path), limit=MAX_JOURNAL_BYTES // (1024 * 1024))
    return None


@dataclass
class Collected:
    records: list[Record]
    replayed: int = 0  # journals read this time (not found in the cache)
    cached: int = 0  # journals taken from the cache


def collect(folder: Path | None = None, *, cache: Path | None | bool = True) -> Collected:
    """Every journal of ``folder`` (default: the games folder) as a :class:`Record`, by file name.

    ``cache``: ``True`` for the user cache folder, a folder to keep the cache in, or ``False`` for none.
    """
    folder = Path(folder) if folder is not None else default_folder()
    use_cache = cache is not False
    where = cache_path(folder, cache if isinstance(cache, Path) else None) if use_cache else None
    old = load_cache(where) if where is not None else {}
    new: dict[str, tuple[Key, Record]] = {}
    out = Collected([])
    for path, info in journal_files(folder):
        failure = _stat_failure(path, info)
        if failure is not None:
            out.records.append(failure)
            continue
        assert isinstance(info, os.stat_result)
        key = (info.st_size, info.st_mtime_ns, info.st_ino)
        kept = old.get(str(path))
        if kept is not None and kept[0] == key:
            record = kept[1]
            out.cached += 1
        else:
            record = read_record(path)
            out.replayed += 1
        new[str(path)] = (key, record)
        out.records.append(record)
    if where is not None and (out.replayed or len(new) != len(old)):
        save_cache(where, new)
    return out


# -- the summary ------------------------------------------------------------------------------------
def player_key(name: str) -> str:
    """The same player whatever the case and the spaces: ``"ava "``, ``"Ava"`` -> ``"ava"``."""
    return "".join(unicodedata.normalize("NFKC", name).split()).casefold()


def spelling(name: str) -> str:
    """A spelling as counted for "the most used": spaces around dropped, runs of spaces made one."""
    return " ".join(name.split())


@dataclass(frozen=True)
class GameCount:
    plays: int = 0
    finished: int = 0
    editions: dict[str, int] = field(default_factory=dict)  # ruleset -> plays
    presets: dict[str, int] = field(default_factory=dict)  # preset id ("" when none matches) -> plays
    durations: tuple[int, ...] = ()  # seconds, finished games whose start and end are known


@dataclass(frozen=True)
class Player:
    name: str  # the spelling used most
    plays: int  # finished games
    wins: int
    total: int  # the sum of the scores of those games
    unfinished: int = 0
    spellings: tuple[str, ...] = ()

    @property
    def average(self) -> float | None:
        return round(self.total / self.plays, 2) if self.plays else None


@dataclass(frozen=True)
class Notable:
    """A finished game worth naming: the best (highest winning score) or the closest (smallest margin)."""

    record: Record
    score: int  # the winners' score (best) or the top score (closest)
    margin: int  # the top score minus the second one

    def to_json(self) -> dict[str, Any]:
        return {"game": self.record.game, "ruleset": self.record.ruleset, "preset": self.record.preset,
                "path": self.record.path, "winners": list(self.record.winners), "score": self.score,
                "margin": self.margin, "scores": dict(self.record.scores), "seconds": self.record.seconds}


@dataclass(frozen=True)
class History:
    games: dict[str, GameCount]
    players: list[Player]
    best: list[Notable]
    closest: list[Notable]
    unreadable: list[Record]

    def to_json(self, tr: Translator | None = None) -> dict[str, Any]:
        """The ``companion history --json`` object (``unreadable`` reasons in ``tr``'s language)."""
        from companion.messages import describe

        games = {}
        for game, count in self.games.items():
            entry: dict[str, Any] = {"plays": count.plays, "finished": count.finished,
                                     "editions": dict(count.editions), "presets": dict(count.presets)}
            entry["duration"] = None if not count.durations else {
                "games": len(count.durations), "average_seconds": round(sum(count.durations) / len(count.durations)),
                "shortest_seconds": min(count.durations), "longest_seconds": max(count.durations)}
            games[game] = entry
        return {
            "games": games,
            "players": [{"name": p.name, "plays": p.plays, "wins": p.wins, "average": p.average,
                         "unfinished": p.unfinished} for p in self.players],
            "best": [n.to_json() for n in self.best],
            "closest": [n.to_json() for n in self.closest],
            "unreadable": [{"path": r.path, "reason": describe(r.error[0], r.error[1], tr)}
                           for r in self.unreadable if r.error is not None],
        }


def _game_order(game: str) -> tuple[int, str]:
    from companion.games import BUILTIN

    return (BUILTIN.index(game) if game in BUILTIN else len(BUILTIN), game)


def _margin(record: Record) -> int | None:
    top = sorted(record.scores.values(), reverse=True)
    return top[0] - top[1] if len(top) >= 2 else None


def summarize(records: Iterable[Record], game: str | None = None) -> History:
    """The history of ``records`` (only those of ``game`` when given; unreadable ones are all kept)."""
    counts: dict[str, dict[str, Any]] = {}
    seen: dict[str, dict[str, Any]] = {}  # player key -> spellings, plays, wins, total, unfinished
    best: dict[str, Notable] = {}
    closest: dict[str, Notable] = {}
    unreadable: list[Record] = []
    for record in records:
        if record.error is not None:
            unreadable.append(record)
            continue
        if game is not None and record.game != game:
            continue
        count = counts.setdefault(record.game, {"plays": 0, "finished": 0, "editions": Counter(),
                                                "presets": Counter(), "durations": []})
        count["plays"] += 1
        count["editions"][record.ruleset] += 1
        count["presets"][record.preset or ""] += 1
        counted: set[str] = set()
        for name in record.players:
            key = player_key(name)
            if key in counted:  # "Ava" and "ava" at one table: one player of the history, counted once
                continue
            counted.add(key)
            person = seen.setdefault(key, {"spellings": Counter(), "plays": 0, "wins": 0, "total": 0,
                                           "unfinished": 0})
            person["spellings"][spelling(name)] += 1
            if not record.finished:
                person["unfinished"] += 1
                continue
            person["plays"] += 1
            person["wins"] += name in record.winners
            person["total"] += record.scores.get(name, 0)
        if not record.finished:
            continue
        count["finished"] += 1
        if record.seconds is not None:
            count["durations"].append(record.seconds)
        margin = _margin(record)
        won = [record.scores[w] for w in record.winners if w in record.scores]
        if won:
            score = max(won)
            notable = Notable(record, score, margin if margin is not None else 0)
            if record.game not in best or score > best[record.game].score:
                best[record.game] = notable
        if margin is not None:
            top = max(record.scores.values())
            if record.game not in closest or margin < closest[record.game].margin:
                closest[record.game] = Notable(record, top, margin)
    games = {g: GameCount(c["plays"], c["finished"], dict(sorted(c["editions"].items())),
                          dict(sorted(c["presets"].items())), tuple(c["durations"]))
             for g, c in sorted(counts.items(), key=lambda item: _game_order(item[0]))}
    players = []
    for person in seen.values():
        spellings = person["spellings"]
        name = min(spellings, key=lambda s: (-spellings[s], s))
        players.append(Player(name, person["plays"], person["wins"], person["total"], person["unfinished"],
                              tuple(sorted(spellings))))
    players.sort(key=lambda p: (-p.wins, -p.plays, -(p.average or 0), player_key(p.name)))
    order = [g for g in games]
    return History(games, players, [best[g] for g in order if g in best],
                   [closest[g] for g in order if g in closest], unreadable)


def history(folder: Path | None = None, game: str | None = None, *, cache: Path | None | bool = True) -> History:
    return summarize(collect(folder, cache=cache).records, game)


# -- CSV --------------------------------------------------------------------------------------------
CSV_COLUMNS = ("file", "game", "ruleset", "preset", "started", "seconds", "finished", "player", "score", "won")


def _cell(value: Any) -> str:
    """A cell a spreadsheet shows as text: one starting with ``= + - @`` would be read as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(records: Iterable[Record], game: str | None = None) -> str:
    """One row per player of each game that reads (columns :data:`CSV_COLUMNS`; ids, not names)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        if record.error is not None or (game is not None and record.game != game):
            continue
        started = (datetime.fromtimestamp(record.started, UTC).isoformat().replace("+00:00", "Z")
                   if record.started is not None else "")
        for name in list(record.players) + [p for p in record.scores if p not in record.players]:
            score = record.scores.get(name)
            writer.writerow([_cell(Path(record.path).name), record.game, record.ruleset, record.preset or "",
                             started, "" if record.seconds is None else record.seconds,
                             int(record.finished), _cell(name), "" if score is None else score,
                             int(name in record.winners) if record.finished else ""])
    return out.getvalue()


# -- in words ---------------------------------------------------------------------------------------
def duration_text(seconds: int, tr: Translator) -> str:
    minutes = max(0, round(seconds / 60))
    if minutes < 60:
        return tr.ngettext("{n} minute", "{n} minutes", minutes)
    return tr.gettext("{hours} h {minutes} min", hours=minutes // 60, minutes=minutes % 60)


def _preset_names(game: str, tr: Translator) -> dict[str, str]:
    from companion.games import UnknownGame, get

    try:
        return {p.id: p.name(tr) for p in get(game).presets()}
    except (UnknownGame, CompanionError, ImportError):
        return {}


def _game_name(game: str, tr: Translator) -> str:
    from companion.games import UnknownGame, get

    try:
        return get(game).name(tr)
    except (UnknownGame, ImportError):
        return game


def _player(game: str, player: str, tr: Translator) -> str:
    from companion.games import UnknownGame, get
    from companion.safetext import clean

    try:
        return clean(get(game).player_name(player, tr))
    except (UnknownGame, ImportError):
        return clean(player)


def _edition(record: Record, tr: Translator) -> str:
    from companion.safetext import clean

    names = _preset_names(record.game, tr)
    return clean(names.get(record.preset or "", record.ruleset))


def _file(record: Record) -> str:
    from companion.safetext import clean

    return clean(Path(record.path).name)


def sections(found: History, tr: Translator) -> list[tuple[str, list[str]]]:
    """The history in sentences: (title, lines) for games, players, best and closest games, and the
    journals that do not read.  Names and file names, which come from files, are cleaned
    (:func:`companion.safetext.clean`) before they go into a sentence."""
    from companion.messages import describe
    from companion.safetext import clean

    out: list[tuple[str, list[str]]] = []
    lines = []
    for game, count in found.games.items():
        name = _game_name(game, tr)
        lines.append(tr.ngettext("{game}: {n} game, {finished} finished", "{game}: {n} games, {finished} finished",
                                 count.plays, game=name, finished=count.finished))
        presets = _preset_names(game, tr)
        for preset, n in count.presets.items():
            edition = clean(presets[preset]) if preset in presets else tr.gettext("other rules")
            lines.append("  " + tr.ngettext("{edition}: {n} game", "{edition}: {n} games", n, edition=edition))
        if count.durations and min(count.durations) == max(count.durations):
            lines.append("  " + tr.ngettext("Length: {length} ({n} timed game)", "Length: {length} ({n} timed games)",
                                            len(count.durations), length=duration_text(count.durations[0], tr)))
        elif count.durations:
            average = round(sum(count.durations) / len(count.durations))
            lines.append("  " + tr.ngettext(
                "Length: {average} on average, {shortest} to {longest} ({n} timed game)",
                "Length: {average} on average, {shortest} to {longest} ({n} timed games)",
                len(count.durations), average=duration_text(average, tr),
                shortest=duration_text(min(count.durations), tr), longest=duration_text(max(count.durations), tr)))
    out.append((tr.gettext("Games played"), lines or [tr.gettext("No game has been played yet.")]))

    lines = []
    for player in found.players:
        if player.plays:
            lines.append(tr.ngettext("{name}: won {wins} of {n} finished game, average score {average}",
                                     "{name}: won {wins} of {n} finished games, average score {average}",
                                     player.plays, name=clean(player.name), wins=player.wins,
                                     average=tr.num(round(player.average or 0, 1))))
        else:
            lines.append(tr.ngettext("{name}: no finished game yet ({n} in progress)",
                                     "{name}: no finished game yet ({n} in progress)",
                                     player.unfinished, name=clean(player.name)))
    if lines:
        out.append((tr.gettext("Players"), lines))

    lines = []
    for notable in found.best:
        record = notable.record
        winners = tr.join(_player(record.game, w, tr) for w in record.winners)
        lines.append(tr.ngettext("{game}: {winners} won with a score of {score} ({edition} · {file})",
                                 "{game}: {winners} shared the win with a score of {score} ({edition} · {file})",
                                 len(record.winners), game=_game_name(record.game, tr), edition=_edition(record, tr),
                                 winners=winners, score=notable.score, file=_file(record)))
    if lines:
        out.append((tr.gettext("Best games"), lines))

    lines = []
    for notable in found.closest:
        record = notable.record
        ranked = sorted(record.scores.items(), key=lambda item: -item[1])
        scores = tr.join(tr.gettext("{name} {score}", name=_player(record.game, p, tr), score=s) for p, s in ranked)
        lines.append(tr.ngettext("{game}: ahead by {n} point: {scores} ({edition} · {file})",
                                 "{game}: ahead by {n} points: {scores} ({edition} · {file})",
                                 notable.margin, game=_game_name(record.game, tr), edition=_edition(record, tr),
                                 scores=scores, file=_file(record)) if notable.margin else
                     tr.gettext("{game}: a tie at the top: {scores} ({edition} · {file})",
                                game=_game_name(record.game, tr), edition=_edition(record, tr), scores=scores,
                                file=_file(record)))
    if lines:
        out.append((tr.gettext("Closest games"), lines))

    lines = [tr.gettext("{file}: {reason}", file=_file(r), reason=describe(r.error[0], r.error[1], tr))
             for r in found.unreadable if r.error is not None]
    if lines:
        out.append((tr.ngettext("{n} journal cannot be read (skipped)", "{n} journals cannot be read (skipped)",
                                len(lines)), lines))
    return out
