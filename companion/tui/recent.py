"""The recent-games list: every journal in the user data folder, newest first, with its status.

A game that was not finished (quit, crashed, killed) is resumable; a journal that cannot be read is
listed with its error so that the host sees why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError


@dataclass(frozen=True)
class RecentGame:
    path: Path
    modified: float
    game: str = ""
    ruleset: str = ""
    players: tuple[str, ...] = ()
    started: str | None = None
    finished: bool = False
    events: int = 0
    scores: dict[str, Any] = field(default_factory=dict)
    error: CompanionError | None = None

    @property
    def resumable(self) -> bool:
        return self.error is None and not self.finished


def games_dir(folder: Path | None = None) -> Path:
    if folder is None:
        from companion.paths import user_data_dir

        folder = user_data_dir()
    return Path(folder) / "games"


def new_journal_path(game: str, folder: Path | None = None, now: datetime | None = None) -> Path:
    """A fresh file name in the games folder: ``20261129-200000-diamant.jsonl`` (never an existing one)."""
    base = games_dir(folder)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    path = base / f"{stamp}-{game}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = base / f"{stamp}-{game}-{n}.jsonl"
    return path


def describe_one(path: Path) -> RecentGame:
    from companion.games import get
    from companion.journal import read_journal
    from companion.session import replay

    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        journal = read_journal(path)
        header = journal.header
        state, steps = replay(journal)
        summary = get(header.game).summary(state)
    except CompanionError as exc:
        return RecentGame(path, modified, error=exc)
    except ImportError as exc:  # a game whose engine is not installed
        return RecentGame(path, modified,
                          error=CompanionError("journal_header_unknown_game", line=1, value=str(exc.name)))
    return RecentGame(path, modified, header.game, header.ruleset, header.players, header.started,
                      bool(summary.get("finished")), len(steps), dict(summary.get("scores", {})))


def scan(folder: Path | None = None, limit: int = 30) -> list[RecentGame]:
    """The newest ``limit`` journals of the games folder, newest first."""
    base = games_dir(folder)
    try:
        paths = [p for p in base.iterdir() if p.suffix == ".jsonl" and p.is_file()]
    except OSError:
        return []
    paths.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe_one(p) for p in paths[:limit]]
