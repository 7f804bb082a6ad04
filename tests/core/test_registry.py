"""The game registry: a game defined only here goes through every shell without touching a shared module.

"Coin race" is a tiny game: each event adds points to a player, the first to the target wins.  It
lives in this file alone; registering it is all that ``replay``, the key moments, the score sheet and
the blank score pad need.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.cli import main
from companion.errors import JournalError, RuleError
from companion.games.base import Game, Label, Moment, Preset, ScorePad, TablePad, Text, player_range, preset_of
from companion.i18n import translator
from companion.journal import new_header, read_journal
from companion.session import Session, replay

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class RaceState:
    players: tuple[str, ...]
    target: int
    scores: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return max(self.scores) >= self.target


@dataclass(frozen=True)
class Added:
    player: str
    points: int
    finished: bool


class CoinRace:
    id = "coin_race"
    name = Text("Coin race")

    def presets(self) -> Sequence[Preset]:
        return (Preset("short", Text("Coin race to 5"), (2, 3), "race", {"target": 5}),
                Preset("long", Text("Coin race to 9"), (2, 6), "race", {"target": 9}))

    def setup_problems(self) -> list:
        return []

    def start(self, header: Any) -> RaceState:
        target = header.get("target")
        if not isinstance(target, int) or target < 1:
            raise RuleError("race.bad_target", value=repr(target))
        return RaceState(tuple(header.players), target, (0,) * len(header.players))

    def apply(self, state: RaceState, event: dict[str, Any]) -> tuple[RaceState, Added]:
        if state.finished:
            raise RuleError("race.over")
        if event.get("event") != "add" or event.get("player") not in state.players:
            raise RuleError("race.bad_event", event=str(event.get("event")))
        seat = state.players.index(event["player"])
        scores = list(state.scores)
        scores[seat] += int(event["points"])
        new = replace(state, scores=tuple(scores))
        return new, Added(event["player"], int(event["points"]), new.finished)

    def summary(self, state: RaceState) -> dict[str, Any]:
        scores = dict(zip(state.players, state.scores))
        best = max(state.scores)
        return {"game": self.id, "finished": state.finished, "scores": scores,
                "winners": [p for p, s in scores.items() if s == best] if state.finished else []}

    def report(self, state: RaceState, tr: Any) -> list[str]:
        return [f"{p}: {tr.num(s)}" for p, s in zip(state.players, state.scores)]

    def player_name(self, player: str, tr: Any) -> str:
        return player.upper()

    def period_end(self, step: Any) -> Label | None:
        return ("turn", 0)  # every event is a turn

    def key_moments(self, steps: Sequence[Any], summary: dict[str, Any], tr: Any) -> list[Moment]:
        return [("", f"{s.outcome.player} +{s.outcome.points}") for s in steps if s.outcome.points >= 3]

    def score_pad(self) -> ScorePad:
        table = TablePad(Text("Player"), (Text("Coins"), Text("Total")), player_range(self)[1], Text("Race note"))
        return ScorePad((table, table))


@pytest.fixture
def race():
    with games.registered(CoinRace()) as game:
        yield game


def _journal(folder: Path) -> Path:
    header = new_header("coin_race", "race", ["ava", "ben"], target=5)
    session = Session.new(header, folder / "race.jsonl")
    for player, points in [("ava", 1), ("ben", 3), ("ava", 4)]:
        session.apply({"event": "add", "player": player, "points": points})
    session.close()
    return folder / "race.jsonl"


def test_the_race_satisfies_the_protocol(race):
    assert isinstance(race, Game)
    assert "coin_race" in games.ids() and games.get("coin_race") is race
    assert player_range(race) == (2, 6)


def test_registration_ends_with_the_block():
    with games.registered(CoinRace()):
        pass
    assert "coin_race" not in games.ids()
    with pytest.raises(games.UnknownGame):
        games.get("coin_race")


def test_a_game_id_cannot_be_registered_twice(race):
    with pytest.raises(ValueError), games.registered(CoinRace()):
        pass


def test_an_unknown_game_is_an_error_never_another_game(tmp_path):
    with pytest.raises(games.UnknownGame) as info:
        games.get("chess")
    assert info.value.params["game"] == "chess" and "diamant" in info.value.params["choices"]
    path = tmp_path / "chess.jsonl"
    path.write_text(json.dumps({"journal": "companion", "version": 1, "game": "chess", "ruleset": "x",
                                "players": ["a", "b"]}) + "\n", encoding="utf-8")
    with pytest.raises(JournalError) as bad:
        read_journal(path)
    assert bad.value.code == "journal_header_unknown_game"


def test_replay_runs_the_registered_game(race, tmp_path, capsys):
    path = _journal(tmp_path)
    state, steps = replay(read_journal(path))
    assert state.scores == (5, 3) and state.finished and len(steps) == 3
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"game": "coin_race", "finished": True, "scores": {"ava": 5, "ben": 3}, "winners": ["ava"]}
    assert main(["--lang", "fa", "replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["ava: ۵", "ben: ۳"]


def test_a_rejected_event_names_its_line(race, tmp_path):
    path = _journal(tmp_path)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"event": "add", "player": "ben", "points": 1}) + "\n")  # after the end
    with pytest.raises(JournalError) as info:
        replay(read_journal(path))
    assert info.value.params["line"] == 5 and info.value.params["cause"] == "race.over"


def test_presets_match_their_headers(race):
    header = new_header("coin_race", "race", ["a", "b"], target=9)
    assert preset_of(race, header).id == "long"
    assert preset_of(race, new_header("coin_race", "race", ["a", "b"], target=7)) is None


def test_key_moments_and_the_filled_score_sheet(race, tmp_path):
    from companion.printing.chart import score_points
    from companion.printing.moments import key_moments
    from companion.printing.scorepad import journal_page

    path = _journal(tmp_path)
    state, steps = replay(read_journal(path))
    summary = race.summary(state)
    assert key_moments(race, steps, summary, translator("en")) == [("", "ben +3"), ("", "ava +4")]
    points = score_points(race, steps, state)
    assert [label for label, _ in points] == [("turn", 1), ("turn", 2), ("turn", 3)]
    assert points[-1][1] == {"ava": 5, "ben": 3}
    page = journal_page(path, "en", "a4")
    assert "Coin race to 5: score sheet" in page.html  # the edition played (its preset), not only the game
    assert "AVA" in page.html and "ben +3" in page.html  # the game's own names and moments


def test_the_blank_score_pad_comes_from_the_description(race):
    from companion.printing.scorepad import scorepad_page

    page = scorepad_page("coin_race", "en", "a4")
    assert page.name == "coin_race-scorepad-en-a4.pdf"
    assert page.html.count("Race note") == 2 and page.html.count("<th>Coins") + page.html.count(">Coins<") >= 2
    assert page.html.count("<tr><td></td>") == 2 * 6  # six rows (the most players of any preset), two pads


@pytest.mark.parametrize("game_id", games.BUILTIN)
def test_every_builtin_game_satisfies_the_protocol(game_id):
    game = games.get(game_id)
    assert isinstance(game, Game) and game.id == game_id
    presets = game.presets()
    assert presets and len({p.id for p in presets}) == len(presets)
    for preset in presets:
        assert preset.name(translator("en"))
        header = new_header(game_id, preset.ruleset, [f"p{i}" for i in range(preset.players[0])], **preset.header)
        game.start(header)  # every preset sets up a game
        assert preset_of(game, header) is not None
    assert game.score_pad().pads


def test_importing_every_engine_loads_no_shell_library():
    code = ("import sys\n"
            "import companion.games as g\n"
            "for game in g.BUILTIN:\n"
            "    g.get(game)\n"
            "    __import__(f'companion.games.{game}.engine')\n"
            "import companion.session, companion.journal\n"
            "print(sorted(m for m in ('textual', 'rich', 'babel', 'weasyprint') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_no_game_id_outside_the_games_their_content_and_the_screens_registry():
    """Shells ask the registry: a game id written in a shell is a rule in the wrong room."""
    allowed = {ROOT / "companion" / "tui" / "screens" / "__init__.py"}
    found = []
    for path in (ROOT / "companion").rglob("*.py"):
        if (ROOT / "companion" / "games") in path.parents or path in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        for game_id in games.BUILTIN:
            for quote in ('"', "'"):
                if f"{quote}{game_id}{quote}" in text or f"{quote}{game_id}:" in text:
                    found.append(f"{path.relative_to(ROOT)}: {game_id}")
    assert found == []
