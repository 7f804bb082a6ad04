"""The history of a table (issue 20): counts, wins, averages, name matching, best and closest games,
durations; journals that do not read are listed with their reason and never stop the others; the cache
answers for unchanged journals (no replay), misses a journal that grew, and a corrupt one is rebuilt."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from companion import history, journal
from companion.cli import main
from companion.history import Record, cache_path, collect, player_key, summarize
from companion.i18n import translator, use_language

ROOT = Path(__file__).resolve().parents[2]
HAZARDS = ("spider", "snake", "lava", "rockfall", "ram")
INCAN = ("spider", "snake", "mummy", "fire", "rockfall")


def header(game="diamant", ruleset="diamant", players=("Ava", "Ben", "Chen"), **extra) -> dict:
    return {"journal": "companion", "version": 1, "game": game, "ruleset": ruleset, "players": list(players),
            "started": "2026-11-29T20:00:00Z", **extra}


def draw(value=None, hazard=None) -> dict:
    if hazard is not None:
        return {"event": "draw", "card": "hazard", "hazard": hazard}
    return {"event": "draw", "card": "treasure", "value": value}


def finished(leaver: str, value: int, hazards=HAZARDS) -> list[dict]:
    """Five rounds of three players: ``leaver`` leaves round 1 with ``value // 3 + value % 3`` gems, every
    round ends in a bust (nobody else banks anything)."""
    events = [draw(value), {"event": "leave", "players": [leaver]}, draw(hazard="spider"), draw(hazard="spider")]
    for hazard in hazards[1:]:
        events += [draw(hazard=hazard), draw(hazard=hazard)]
    return events


def in_round_3() -> list[dict]:
    return [draw(hazard="spider"), draw(hazard="spider"), draw(hazard="snake"), draw(hazard="snake"), draw(5)]


def write(folder: Path, name: str, head: dict, events: list[dict]) -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(obj) + "\n" for obj in [head, *events]), encoding="utf-8")
    return path


@pytest.fixture
def table(tmp_path, monkeypatch) -> Path:
    """Four journals that read (three Diamant, one Death Valley solo) and five that do not."""
    folder = tmp_path / "games"
    folder.mkdir()
    timed = [dict(e, at=f"2026-11-29T20:{3 * i:02d}:00Z") for i, e in enumerate(finished("Ava", 7))]
    timed[-1]["at"] = "2026-11-29T20:45:00Z"
    write(folder, "a.jsonl", header(), timed)  # Ava 3, Ben 0, Chen 0; 45 minutes
    write(folder, "b.jsonl", header(ruleset="incan-gold", players=("ava ", "Ben", "Dara")),
          finished("Ben", 11, INCAN))  # Ben 5
    write(folder, "c.jsonl", header(players=("Ava", "Ben", "Chen")), in_round_3())  # not finished
    shutil.copy(ROOT / "tests/death_valley/journals/solo.jsonl", folder / "d.jsonl")  # Eve 12, robot 11
    (folder / "e-bad-json.jsonl").write_text(json.dumps(header()) + "\n{oops\n" + json.dumps(draw(5)) + "\n")
    write(folder, "f-rejected.jsonl", header(), [draw(hazard="dragon")])
    (folder / "g-folder.jsonl").mkdir()
    os.mkfifo(folder / "h-fifo.jsonl")
    big = write(folder, "i-big.jsonl", header(), [draw(5)])
    with big.open("a") as fh:
        fh.write("\n" * 5000)
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", 4096)
    (folder / "notes.txt").write_text("not a journal: not read")
    return folder


def fingerprint(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir() if p.is_file()}


def by_name(records) -> dict[str, Record]:
    return {Path(r.path).name: r for r in records}


def test_counts_wins_averages_and_names_matched_across_spellings(table, tmp_path):
    found = summarize(collect(table, cache=tmp_path / "cache").records)
    assert {g: (c.plays, c.finished, c.editions) for g, c in found.games.items()} == {
        "diamant": (3, 2, {"diamant": 2, "incan-gold": 1}), "death_valley": (1, 1, {"death_valley": 1})}
    assert found.games["diamant"].presets == {"diamant": 2, "incan-gold": 1}
    players = {p.name: (p.plays, p.wins, p.average, p.unfinished) for p in found.players}
    # "ava " (b) is Ava (a, c): one player, shown as written twice of three times.
    assert players == {"Ava": (2, 1, 1.5, 1), "Ben": (2, 1, 2.5, 1), "Chen": (1, 0, 0.0, 1),
                       "Dara": (1, 0, 0.0, 0), "Eve": (1, 1, 12.0, 0)}
    assert "robot" not in players  # the robot is no player of the table
    assert [p.name for p in found.players][:3] == ["Ben", "Ava", "Eve"]  # wins, then plays, then average


def test_best_and_closest_game_of_each_game_and_how_long_games_took(table, tmp_path):
    found = summarize(collect(table, cache=tmp_path / "cache").records)
    best = {n.record.game: (Path(n.record.path).name, n.record.winners, n.score) for n in found.best}
    assert best == {"diamant": ("b.jsonl", ("Ben",), 5), "death_valley": ("d.jsonl", ("Eve",), 12)}
    closest = {n.record.game: (Path(n.record.path).name, n.margin) for n in found.closest}
    assert closest == {"diamant": ("a.jsonl", 3), "death_valley": ("d.jsonl", 1)}
    # Only a.jsonl has "at" times: 20:00 to 20:45.
    assert found.games["diamant"].durations == (2700,)
    assert found.games["death_valley"].durations == ()


def test_journals_that_do_not_read_are_listed_with_their_reason_and_left_unchanged(table, tmp_path):
    before = fingerprint(table)
    records = collect(table, cache=tmp_path / "cache").records
    codes = {Path(r.path).name: r.error[0] for r in records if r.error is not None}
    assert codes == {"e-bad-json.jsonl": "journal_bad_json", "f-rejected.jsonl": "journal_rejected_event",
                     "g-folder.jsonl": "journal_is_directory", "h-fifo.jsonl": "journal_not_regular",
                     "i-big.jsonl": "journal_too_large"}
    assert "notes.txt" not in by_name(records)
    data = summarize(records).to_json(translator("en"))
    reasons = {Path(u["path"]).name: u["reason"] for u in data["unreadable"]}
    assert "not valid JSON" in reasons["e-bad-json.jsonl"] and "Line 2" in reasons["e-bad-json.jsonl"]
    assert "dragon" in reasons["f-rejected.jsonl"]
    assert "pipe" in reasons["h-fifo.jsonl"]
    fa = summarize(records).to_json(translator("fa"))
    assert [u["path"] for u in fa["unreadable"]] == [u["path"] for u in data["unreadable"]]
    assert all(f["reason"] != e["reason"] for f, e in zip(fa["unreadable"], data["unreadable"]))  # translated
    assert fingerprint(table) == before  # nothing was written into the games folder


def test_a_cache_hit_does_not_replay(table, tmp_path, monkeypatch):
    from companion import session

    calls: list[str] = []
    real = session.replay

    def counting(journal_):
        calls.append(journal_.path.name)
        return real(journal_)

    monkeypatch.setattr(session, "replay", counting)
    first = collect(table, cache=tmp_path / "cache")
    assert sorted(calls) == ["a.jsonl", "b.jsonl", "c.jsonl", "d.jsonl", "f-rejected.jsonl"]
    assert (first.replayed, first.cached) == (6, 0)  # (e is refused before its replay; g, h, i by stat)
    calls.clear()
    second = collect(table, cache=tmp_path / "cache")
    assert calls == [] and (second.replayed, second.cached) == (0, 6)
    assert summarize(second.records) == summarize(first.records)


def test_a_journal_that_grew_is_read_again(table, tmp_path):
    cache = tmp_path / "cache"
    before = by_name(collect(table, cache=cache).records)["c.jsonl"]
    assert not before.finished
    with (table / "c.jsonl").open("a") as fh:  # round 3 goes on: Ava and Ben leave, Chen busts ... the game ends
        for event in [{"event": "leave", "players": ["Ava", "Ben"]}, draw(hazard="lava"), draw(hazard="lava"),
                      draw(hazard="rockfall"), draw(hazard="rockfall"), draw(hazard="ram"), draw(hazard="ram")]:
            fh.write(json.dumps(event) + "\n")
    again = collect(table, cache=cache)
    assert again.replayed == 1
    after = by_name(again.records)["c.jsonl"]
    assert after.finished and after.scores == {"Ava": 2, "Ben": 2, "Chen": 0}
    assert summarize(again.records).games["diamant"].finished == 3


def test_a_corrupt_cache_is_ignored_and_rebuilt(table, tmp_path):
    cache = tmp_path / "cache"
    good = summarize(collect(table, cache=cache).records)
    where = cache_path(table, cache)
    for junk in (b"\x00garbage{", b"[1, 2, 3]", json.dumps({"version": "0:old", "entries": []}).encode(),
                 b"{" * 100_000):
        where.write_bytes(junk)
        again = collect(table, cache=cache)
        assert again.replayed == 6 and summarize(again.records) == good
        assert json.loads(where.read_text())["entries"]  # written anew, whole
    # One entry that does not make sense: that journal alone is read again.
    data = json.loads(where.read_text())
    for item in data["entries"]:
        if item["record"]["path"].endswith("a.jsonl"):
            item["record"]["scores"] = {"Ava": "three"}
    where.write_text(json.dumps(data))
    again = collect(table, cache=cache)
    assert (again.replayed, again.cached) == (1, 5) and summarize(again.records) == good


def test_a_cache_that_cannot_be_written_changes_nothing(table, tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder would go")
    found = collect(table, cache=blocker)
    assert found.replayed == 6 and blocker.read_text().startswith("a file")


def test_the_default_cache_lives_in_the_user_cache_folder(table):
    collect(table)
    assert cache_path(table).is_file()
    assert str(cache_path(table)).startswith(os.environ["XDG_CACHE_HOME"])


def test_names_match_whatever_the_case_and_the_spaces():
    assert player_key("ava ") == player_key("Ava") == player_key(" A va") == "ava"
    assert player_key("Ava") != player_key("Ava B")  # (another name)
    one_table = [Record("x.jsonl", "diamant", "diamant", None, ("Ava", "ava"), True, {"Ava": 3, "ava": 1},
                        ("Ava",))]
    [player] = summarize(one_table).players  # two spellings at one table: counted once
    assert (player.plays, player.wins, player.total) == (1, 1, 3)


# -- the command --------------------------------------------------------------------------------------
def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["history", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_history_json_is_the_documented_object(table, capsys):
    code, out, err = run(capsys, "--json", "--folder", str(table))
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"games", "players", "best", "closest", "unreadable"}
    assert data["games"]["diamant"]["plays"] == 3 and data["games"]["diamant"]["editions"] == {
        "diamant": 2, "incan-gold": 1}
    assert data["games"]["diamant"]["duration"] == {"games": 1, "average_seconds": 2700, "shortest_seconds": 2700,
                                                    "longest_seconds": 2700}
    assert {"name": "Ava", "plays": 2, "wins": 1, "average": 1.5, "unfinished": 1} in data["players"]
    assert data["best"][0]["path"].endswith("b.jsonl") and data["best"][0]["winners"] == ["Ben"]
    assert data["closest"][1]["margin"] == 1 and data["closest"][1]["scores"] == {"Eve": 12, "robot": 11}
    assert len(data["unreadable"]) == 5 and all(set(u) == {"path", "reason"} for u in data["unreadable"])


def test_history_game_filter_and_csv_export(table, tmp_path, capsys):
    out_file = tmp_path / "table.csv"
    code, out, err = run(capsys, "--json", "--game", "death_valley", "--csv", str(out_file), "--folder", str(table))
    assert code == 0, err
    assert list(json.loads(out)["games"]) == ["death_valley"]
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert [(r["player"], r["score"], r["won"]) for r in rows] == [("Eve", "12", "1"), ("robot", "11", "0")]
    code, out, err = run(capsys, "--csv", str(out_file), "--folder", str(table))
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert {r["file"] for r in rows} == {"a.jsonl", "b.jsonl", "c.jsonl", "d.jsonl"}
    c_rows = [r for r in rows if r["file"] == "c.jsonl"]
    assert [r["finished"] for r in c_rows] == ["0"] * 3 and all(r["won"] == "" for r in c_rows)
    assert [r["seconds"] for r in rows if r["file"] == "a.jsonl"] == ["2700"] * 3


def test_csv_cells_never_read_as_formulas(tmp_path):
    record = Record(str(tmp_path / "=x.jsonl"), "diamant", "diamant", None, ("=SUM(A1)", "@me", "Ben"), True,
                    {"=SUM(A1)": 3, "@me": 1, "Ben": 0}, ("=SUM(A1)",))
    rows = list(csv.reader(io.StringIO(history.csv_text([record]))))
    assert [row[7] for row in rows[1:]] == ["'=SUM(A1)", "'@me", "Ben"] and rows[1][0] == "'=x.jsonl"


def test_history_in_words_in_persian_and_chinese(table, capsys):
    fa = translator("fa")
    code, out, err = run(capsys, "--lang", "fa", "--folder", str(table))
    assert code == 0, err
    assert fa.num(12) in out and "Eve" in out
    english = ("Journals in", "Games played", "finished", "Players", "won", "average", "Best games", "score of",
               "Closest games", "cannot be read")
    assert not [word for word in english if word in out]
    for lang in ("zh_Hant", "zh_Hans"):
        code, out, err = run(capsys, "--lang", lang, "--folder", str(table))
        assert code == 0 and not [word for word in english if word in out]


def test_bad_options_change_nothing(table, tmp_path, capsys):
    out_file = tmp_path / "table.csv"
    before = fingerprint(table)
    code, out, err = run(capsys, "--game", "chess", "--csv", str(out_file), "--folder", str(table))
    assert code == 2 and "chess" in err and not out_file.exists()
    code, out, err = run(capsys, "--folder", str(tmp_path / "nowhere"), "--csv", str(out_file))
    assert code == 1 and "nowhere" in err and not out_file.exists()
    code, out, err = run(capsys, "--csv", str(tmp_path / "no-such-folder" / "t.csv"), "--folder", str(table))
    assert code == 1 and "t.csv" in err
    assert fingerprint(table) == before


def test_an_empty_or_missing_games_folder_is_an_empty_history(tmp_path, capsys):
    code, out, err = run(capsys, "--json")  # the default games folder (XDG_DATA_HOME) does not exist yet
    assert code == 0 and json.loads(out) == {"games": {}, "players": [], "best": [], "closest": [],
                                             "unreadable": []}
    with use_language("en"):
        assert history.sections(summarize([]), translator("en"))[0][1] == ["No game has been played yet."]
