"""The BG Stats export (issue 20): ``companion export --kind bgstats --journal FILE`` and :mod:`companion.bgstats`.

Every finished journal the game tests keep (each game and edition: the four Diamant rulesets, Shifting
Stones with two players and solo won and lost, Death Valley standard, backseat, solo and the harder
solo) goes through the command: the file has the shape BG Stats documents, its scores and winners are
those of ``companion replay --json``, ranks follow them, the printed link carries the same JSON.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from companion import bgstats
from companion.cli import main
from companion.i18n import translator
from companion.messages import describe

ROOT = Path(__file__).resolve().parents[2]
JOURNALS = sorted(p for area in ("diamant", "shifting_stones", "death_valley", "printing")
                  for p in (ROOT / "tests" / area / "journals").glob("*.jsonl"))
FINISHED = [p for p in JOURNALS if json.loads(p.read_text().splitlines()[0]).get("game")]
DIAMANT = ROOT / "tests" / "diamant" / "journals" / "diamant.jsonl"
INCAN = ROOT / "tests" / "diamant" / "journals" / "incan-gold.jsonl"
VALLEY = ROOT / "tests" / "death_valley" / "journals"
STONES = ROOT / "tests" / "shifting_stones" / "journals"

PLAY_KEYS = {"sourceName": str, "sourcePlayId": str, "playDate": str, "game": dict, "players": list}
GAME_KEYS = {"name": str, "highestWins": bool, "noPoints": bool, "sourceGameId": str}
PLAYER_KEYS = {"name": str, "score": int, "rank": int, "winner": bool, "startPlayer": bool, "sourcePlayerId": str}


@pytest.fixture(autouse=True)
def _utc(monkeypatch):
    """playDate is the local time of ``started``: the tests run in UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def export(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", "export", *args])
    out, err = capsys.readouterr()
    return code, out, err


def replay_json(capsys, path: Path) -> dict:
    assert main(["replay", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_journals_cover_every_game_and_edition():
    headers = [json.loads(p.read_text().splitlines()[0]) for p in FINISHED]
    seen = {(h["game"], h["ruleset"], h.get("mode"), bool((h.get("options") or {}).get("robot_bust_rule")))
            for h in headers}
    assert {r for g, r, _m, _o in seen if g == "diamant"} == {"diamant", "diamant-classic", "incan-gold", "house-001"}
    assert {m for g, _r, m, _o in seen if g == "shifting_stones"} == {"multi", "solo"}
    assert {m for g, _r, m, _o in seen if g == "death_valley"} == {"standard", "backseat", "solo"}


@pytest.mark.parametrize("journal", FINISHED, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_each_finished_game_exports_the_documented_shape_with_the_engines_scores(journal, tmp_path, capsys):
    summary = replay_json(capsys, journal)
    code, out, err = export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path))
    assert code == 0, err
    path = tmp_path / f"{journal.stem}.bgstats.json"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert str(path) in err
    play = json.loads(path.read_text(encoding="utf-8"))

    # The shape: the documented keys, each of its type; durationMin only when the journal says times.
    assert set(play) - {"durationMin"} == set(PLAY_KEYS)
    for key, kind in PLAY_KEYS.items():
        assert isinstance(play[key], kind), key
    assert set(play["game"]) - {"bggId"} == set(GAME_KEYS)
    for key, kind in GAME_KEYS.items():
        assert isinstance(play["game"][key], kind), key
    for player in play["players"]:
        assert set(player) == set(PLAYER_KEYS)
        for key, kind in PLAYER_KEYS.items():
            assert isinstance(player[key], kind) and not (kind is int and isinstance(player[key], bool)), key
    assert play["sourceName"] == "companion"
    header = json.loads(journal.read_text().splitlines()[0])
    assert play["game"]["sourceGameId"] == f"{header['game']}/{header['ruleset']}"
    assert play["playDate"] == header["started"].replace("T", " ").removesuffix("Z")

    # Scores and winners are the engine's (replay --json), seat by seat, in seat order.
    assert [p["sourcePlayerId"] for p in play["players"]] == list(summary["scores"])
    assert {p["sourcePlayerId"]: p["score"] for p in play["players"]} == summary["scores"]
    assert sorted(p["sourcePlayerId"] for p in play["players"] if p["winner"]) == sorted(summary["winners"])
    # Ranks: winners first, then by score; a player's rank is 1 + how many are strictly ahead.
    for p in play["players"]:
        ahead = [q for q in play["players"] if (q["winner"], q["score"]) > (p["winner"], p["score"])]
        assert p["rank"] == 1 + len(ahead)
    assert all(p["rank"] == 1 for p in play["players"] if p["winner"])
    # At most one start player: the first seat in games with turns, nobody in Diamant.
    starts = [p["sourcePlayerId"] for p in play["players"] if p["startPlayer"]]
    assert starts == ([] if header["game"] == "diamant" else [list(summary["scores"])[0]])

    # The link on stdout is the only line there, and carries the same JSON.
    assert out.count("\n") == 1 and out.startswith(bgstats.LINK_PREFIX)
    assert out.strip().isascii() and " " not in out.strip()
    assert bgstats.decode(out.strip()) == play


def test_game_names_and_boardgamegeek_ids(tmp_path, capsys):
    def game_of(journal: Path) -> dict:
        assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path))[0] == 0
        return json.loads((tmp_path / f"{journal.stem}.bgstats.json").read_text())["game"]

    assert game_of(DIAMANT) == {"name": "Diamant", "bggId": 15512, "highestWins": True, "noPoints": False,
                                "sourceGameId": "diamant/diamant"}
    assert game_of(INCAN)["name"] == "Incan Gold" and game_of(INCAN)["bggId"] == 15512
    assert game_of(VALLEY / "standard.jsonl")["bggId"] == 322703
    stones = game_of(STONES / "two-players.jsonl")
    assert stones["name"] == "Shifting Stones" and "bggId" not in stones  # not confirmed: the name only


def test_ties_share_a_rank_and_a_broken_tie_does_not(tmp_path, capsys):
    def players(journal: Path) -> dict:
        assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path))[0] == 0
        data = json.loads((tmp_path / f"{journal.stem}.bgstats.json").read_text())
        return {p["sourcePlayerId"]: (p["score"], p["rank"], p["winner"]) for p in data["players"]}

    assert players(STONES / "two-players.jsonl") == {"Ava": (18, 1, True), "Ben": (18, 1, True)}
    assert players(VALLEY / "standard.jsonl") == {"Ava": (7, 1, True), "Ben": (7, 1, True)}
    # Backseat: 2 all, settled by busts for Cy -- the engine's winner ranks above the equal score.
    assert players(VALLEY / "backseat.jsonl") == {"Cy": (2, 1, True), "Di": (2, 2, False)}
    # The harder solo: the robot wins on busts with fewer points.
    assert players(VALLEY / "solo_bust_rule.jsonl") == {"Eve": (12, 2, False), "robot": (11, 1, True)}
    # A lost solo game: one player, rank 1, no winner.
    assert players(ROOT / "tests" / "printing" / "journals" / "stones-solo-lost.jsonl") == {"Mina": (5, 1, False)}


def test_ranks_are_competition_ranks():
    assert bgstats.ranks({"a": 5, "b": 5, "c": 3}, ["a", "b"]) == {"a": 1, "b": 1, "c": 3}
    assert bgstats.ranks({"a": 9, "b": 4, "c": 4, "d": 1}, ["a"]) == {"a": 1, "b": 2, "c": 2, "d": 4}
    assert bgstats.ranks({"a": 5, "b": 5, "c": 3}, ["b"]) == {"a": 2, "b": 1, "c": 3}
    assert bgstats.ranks({"a": 2, "b": 7}, [], highest_wins=False) == {"a": 1, "b": 2}


def test_the_robot_is_named_as_the_game_names_it_in_the_chosen_language(tmp_path, capsys):
    journal = VALLEY / "solo.jsonl"
    for lang in ("en", "fa", "zh_Hant"):
        code = main(["export", "--lang", lang, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path)])
        capsys.readouterr()
        assert code == 0
        players = json.loads((tmp_path / "solo.bgstats.json").read_text(encoding="utf-8"))["players"]
        robot = next(p for p in players if p["sourcePlayerId"] == "robot")
        assert robot["name"] == translator(lang).gettext("Robot")
    assert robot["name"] != "Robot"


def test_a_second_export_is_the_same_play(tmp_path, capsys):
    ids = set()
    for out in ("one", "two"):
        assert export(capsys, "--kind", "bgstats", "--journal", str(DIAMANT), "--out", str(tmp_path / out))[0] == 0
        ids.add(json.loads((tmp_path / out / "diamant.bgstats.json").read_text())["sourcePlayId"])
    assert len(ids) == 1
    others = set()
    for journal in FINISHED:
        assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path / "all"))[0] == 0
        others.add(json.loads((tmp_path / "all" / f"{journal.stem}.bgstats.json").read_text())["sourcePlayId"])
    headers = {journal.read_text().splitlines()[0] for journal in FINISHED}
    assert len(others) == len(headers)  # one id per game (two test folders keep the same Incan Gold game)


def _with_times(tmp_path: Path, started: str | None, times: dict[int, object]) -> Path:
    """DIAMANT with ``started`` replaced (None: removed) and ``at`` put on the given event lines (1-based)."""
    lines = DIAMANT.read_text().splitlines()
    header = json.loads(lines[0])
    if started is None:
        header.pop("started")
    else:
        header["started"] = started
    out = [json.dumps(header)]
    for n, line in enumerate(lines[1:], start=1):
        event = json.loads(line)
        if n in times:
            event["at"] = times[n]
        out.append(json.dumps(event))
    path = tmp_path / "timed.jsonl"
    path.write_text("\n".join(out) + "\n")
    return path


def test_duration_comes_from_the_last_event_time(tmp_path, capsys):
    journal = _with_times(tmp_path, "2026-11-29T20:00:00Z",
                          {1: "2026-11-29T20:01:00Z", 10: "2026-11-29T20:20:00Z", 20: "2026-11-29T20:42:20Z"})
    assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path / "o"))[0] == 0
    play = json.loads((tmp_path / "o" / "timed.bgstats.json").read_text())
    assert play["durationMin"] == 42
    assert play["playDate"] == "2026-11-29 20:00:00"


def test_no_duration_without_times_and_no_date_without_a_start(tmp_path, capsys):
    # "at" as a grid cell (Shifting Stones' flips) is no time.
    assert export(capsys, "--kind", "bgstats", "--journal", str(STONES / "two-players.jsonl"),
                  "--out", str(tmp_path))[0] == 0
    assert '"at": [' in (STONES / "two-players.jsonl").read_text().replace('"at":[', '"at": [')
    assert "durationMin" not in json.loads((tmp_path / "two-players.bgstats.json").read_text())
    journal = _with_times(tmp_path, None, {5: "2026-11-29T20:30:00Z"})
    assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path / "o"))[0] == 0
    play = json.loads((tmp_path / "o" / "timed.bgstats.json").read_text())
    assert "playDate" not in play and "durationMin" not in play
    # A time before the start (a clock set wrong) says nothing either.
    journal = _with_times(tmp_path, "2026-11-29T20:00:00Z", {5: "2026-11-29T19:00:00Z"})
    assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(tmp_path / "p"))[0] == 0
    assert "durationMin" not in json.loads((tmp_path / "p" / "timed.bgstats.json").read_text())


def test_play_date_is_in_the_local_time_zone(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tehran")  # UTC+3:30 all year since 2022
    time.tzset()
    assert export(capsys, "--kind", "bgstats", "--journal", str(DIAMANT), "--out", str(tmp_path))[0] == 0
    assert json.loads((tmp_path / "diamant.bgstats.json").read_text())["playDate"] == "2026-11-29 23:30:00"


@pytest.mark.parametrize("lang", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_an_unfinished_game_is_refused_and_nothing_is_written(tmp_path, capsys, lang):
    journal = tmp_path / "half.jsonl"
    journal.write_text("\n".join(DIAMANT.read_text().splitlines()[:6]) + "\n")
    out = tmp_path / "out"
    code = main(["--lang", lang, "export", "--kind", "bgstats", "--journal", str(journal), "--out", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 1 and stdout == ""
    assert err.strip() == describe("bgstats.unfinished", {}, translator(lang))
    assert not out.exists()
    if lang != "en":
        assert err.strip() != describe("bgstats.unfinished", {}, translator("en"))


def test_a_broken_journal_is_refused_and_an_earlier_export_stays(tmp_path, capsys):
    out = tmp_path / "out"
    journal = tmp_path / "diamant.jsonl"
    shutil.copy(DIAMANT, journal)
    assert export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(out))[0] == 0
    before = (out / "diamant.bgstats.json").read_bytes()
    lines = DIAMANT.read_text().splitlines()
    journal.write_text("\n".join(lines[:3] + ["{not json"] + lines[3:]) + "\n")
    code, stdout, err = export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(out))
    assert code == 1 and stdout == "" and "Line 4" in err
    assert (out / "diamant.bgstats.json").read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == ["diamant.bgstats.json"]
    # An event the rules refuse (a second "leave" by nobody) is refused the same way.
    journal.write_text("\n".join(lines[:3] + ['{"event": "leave", "players": ["Nobody"]}'] + lines[3:]) + "\n")
    code, stdout, err = export(capsys, "--kind", "bgstats", "--journal", str(journal), "--out", str(out))
    assert code == 1 and stdout == "" and "Line 4" in err
    assert (out / "diamant.bgstats.json").read_bytes() == before
    code, stdout, err = export(capsys, "--kind", "bgstats", "--journal", str(tmp_path / "missing.jsonl"),
                               "--out", str(out))
    assert code == 1 and stdout == "" and "does not exist" in err


def test_bad_usage_is_status_2_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    for args in (["--kind", "bgstats"], ["--kind", "bgstats", "--journal", str(DIAMANT), "--game", "diamant"]):
        code, stdout, err = export(capsys, *args, "--out", str(out))
        assert code == 2 and stdout == ""
        assert err.strip() == describe("bgstats.needs_journal", {}, translator("en"))
    assert not out.exists()
    # The kind is read like the others: case does not matter.
    assert export(capsys, "--kind", "BGStats", "--journal", str(DIAMANT), "--out", str(out))[0] == 0


def test_a_folder_that_cannot_be_written_is_status_1(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, stdout, err = export(capsys, "--kind", "bgstats", "--journal", str(DIAMANT), "--out", str(blocker))
    assert code == 1 and stdout == "" and "Nothing was written" in err
    assert blocker.read_text() == "not a folder"


def test_file_names_and_links():
    assert bgstats.file_name("/x/20261129-200000-diamant.jsonl") == "20261129-200000-diamant.bgstats.json"
    assert bgstats.file_name("game.txt") == "game.bgstats.json"
    play = {"sourceName": "companion", "players": [{"name": "Zoë & «Ава» 玩家 بازیکن"}]}
    url = bgstats.link(play)
    assert url.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=") and url.isascii()
    assert "&" not in url.split("?", 1)[1] and " " not in url
    assert bgstats.decode(url) == play
