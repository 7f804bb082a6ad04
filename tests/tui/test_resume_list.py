"""The resume list tells games apart: game and preset, players, round or turn, last change, winners;
broken journals with their reason; fast with hundreds of journals; never stuck on a FIFO or a huge file."""

from __future__ import annotations

import asyncio
import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path

from companion.i18n import translator, use_language
from companion.journal import JournalWriter, new_header
from companion.tui import recent
from companion.tui.recent import REPLAY_BYTES, games_dir, scan
from companion.tui.screens.resume import entry_text, when_text
from tests.tui.helpers import build_app

HAZARDS = ("spider", "snake", "lava", "rockfall", "ram")


def write_journal(folder: Path, name: str, game: str, ruleset: str, players, events, **extra) -> Path:
    path = games_dir(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = JournalWriter.create(path, new_header(game, ruleset, players, **extra))
    for event in events:
        writer.append(event)
    writer.close()
    return path


def draw(value=None, hazard=None):
    if hazard is not None:
        return {"event": "draw", "card": "hazard", "hazard": hazard}
    return {"event": "draw", "card": "treasure", "value": value}


def diamant_finished(leaver: str) -> list[dict]:
    """Five rounds: ``leaver`` leaves with 3 gems in round 1, every round ends in a bust."""
    events = [draw(7), {"event": "leave", "players": [leaver]}, draw(hazard="spider"), draw(hazard="spider")]
    for hazard in HAZARDS[1:]:
        events += [draw(hazard=hazard), draw(hazard=hazard)]
    return events


def diamant_in_round_3() -> list[dict]:
    return [draw(hazard="spider"), draw(hazard="spider"), draw(hazard="snake"), draw(hazard="snake"), draw(5)]


def by_name(games):
    return {g.path.name: g for g in games}


def test_each_entry_says_game_preset_players_round_and_when(tmp_path):
    write_journal(tmp_path, "a.jsonl", "diamant", "incan-gold", ["Ava", "Ben", "Chen"], diamant_in_round_3())
    write_journal(tmp_path, "b.jsonl", "diamant", "diamant", ["Dara", "Eli", "Fay"], diamant_finished("Dara"))
    write_journal(tmp_path, "c.jsonl", "death_valley", "death_valley", ["Gus", "Hal"], [], mode="backseat")
    found = by_name(scan(tmp_path))
    with use_language("en"):
        a, b, c = (entry_text(found[n]) for n in ("a.jsonl", "b.jsonl", "c.jsonl"))
        mtime = os.stat(games_dir(tmp_path) / "a.jsonl").st_mtime
        assert a == f"Diamant: Incan Gold · Ava, Ben, and Chen · round 3 · last change {when_text(mtime)}"
        assert b.startswith("Diamant · Dara, Eli, and Fay · finished, Dara won · last change ")
        assert c.startswith("Death Valley: ") and "Gus and Hal · turn 1 · " in c
    assert found["a.jsonl"].period == ("round", 3) and found["a.jsonl"].resumable
    assert found["b.jsonl"].finished and found["b.jsonl"].winners == ("Dara",)
    assert found["c.jsonl"].preset is not None and found["c.jsonl"].preset.message != ""


def test_turns_are_counted_where_the_game_says_a_turn_ends(tmp_path):
    source = Path(__file__).parents[1] / "shifting_stones" / "journals" / "two-players.jsonl"
    lines = source.read_bytes().splitlines(keepends=True)[:8]  # ... end_turn, pass: two turns are over
    folder = games_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "s.jsonl").write_bytes(b"".join(lines))
    (folder / "t.jsonl").write_bytes(b"".join(lines[:7]))  # ... end_turn: one turn is over
    found = by_name(scan(tmp_path))
    assert found["s.jsonl"].period == ("turn", 3) and found["t.jsonl"].period == ("turn", 2)
    with use_language("en"):
        assert " · Ava and Ben · turn 3 · last change " in entry_text(found["s.jsonl"])


def test_the_last_change_is_the_last_event_time_when_it_has_one(tmp_path):
    events = [draw(7), {**draw(9), "at": "2026-11-29T20:15:00Z"}]
    write_journal(tmp_path, "t.jsonl", "diamant", "diamant", ["Ava", "Ben", "Chen"], events)
    [entry] = scan(tmp_path)
    assert entry.changed == datetime(2026, 11, 29, 20, 15, tzinfo=UTC).timestamp()
    assert entry.changed != entry.modified


def test_broken_journals_are_listed_with_their_reason_and_left_as_they_are(tmp_path):
    folder = games_dir(tmp_path)
    good = write_journal(tmp_path, "good.jsonl", "diamant", "diamant", ["Ava", "Ben", "Chen"], [draw(7)])
    bad = folder / "bad.jsonl"
    bad.write_bytes(good.read_bytes() + b'{"event": "draw", "card": "treasure", "value": -4}\n')
    garbage = folder / "garbage.jsonl"
    garbage.write_bytes(b"not json at all\n")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    found = by_name(scan(tmp_path))
    with use_language("en"):
        assert "cannot be opened: Line 3" in entry_text(found["bad.jsonl"])
        assert entry_text(found["garbage.jsonl"]).startswith("garbage.jsonl cannot be opened: Line 1")
    assert not found["bad.jsonl"].resumable and found["good.jsonl"].resumable
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_fifos_and_folders_are_skipped_and_a_huge_file_is_read_only_from_its_header(tmp_path):
    folder = games_dir(tmp_path)
    write_journal(tmp_path, "ok.jsonl", "diamant", "diamant", ["Ava", "Ben", "Chen"], [draw(7)])
    os.mkfifo(folder / "pipe.jsonl")  # opening it for reading would wait for a writer forever
    (folder / "dir.jsonl").mkdir()
    os.symlink(folder / "pipe.jsonl", folder / "link.jsonl")
    huge = folder / "huge.jsonl"
    header = json.dumps(new_header("diamant", "incan-gold", ["Ivy", "Jo", "Kim"]).to_json()).encode()
    with huge.open("wb") as fh:
        fh.write(header + b"\n")
        line = json.dumps(draw(7)).encode() + b"\n"
        fh.write(line * (REPLAY_BYTES // len(line) + 10))
    start = time.monotonic()
    found = by_name(scan(tmp_path))
    assert time.monotonic() - start < 5
    assert set(found) == {"ok.jsonl", "huge.jsonl"}
    big = found["huge.jsonl"]
    assert big.error is None and big.players == ("Ivy", "Jo", "Kim") and big.partial and big.period is None
    with use_language("en"):
        assert entry_text(big).startswith("Diamant: Incan Gold · Ivy, Jo, and Kim · last change ")


def test_hundreds_of_journals_are_described_once_and_then_from_the_cache(tmp_path, monkeypatch):
    for i in range(300):
        write_journal(tmp_path, f"g{i:03}.jsonl", "diamant", "diamant", ["Ava", "Ben", "Chen"], diamant_in_round_3())
    recent._CACHE.clear()
    calls = []
    real = recent.describe_one
    monkeypatch.setattr(recent, "describe_one", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    first = scan(tmp_path, limit=300)
    assert len(first) == 300 and len(calls) == 300
    assert all(g.period == ("round", 3) for g in first)
    calls.clear()
    start = time.monotonic()
    again = scan(tmp_path, limit=300)
    assert calls == [] and time.monotonic() - start < 2
    assert [g.path for g in again] == [g.path for g in first]
    # A journal that grows is described again; the others come from the cache.
    changed = games_dir(tmp_path) / "g007.jsonl"
    with changed.open("ab") as fh:
        fh.write(json.dumps(draw(9)).encode() + b"\n")
    scan(tmp_path, limit=300)
    assert calls == [changed]


def test_persian_entries_use_persian_digits_and_a_persian_date(tmp_path):
    write_journal(tmp_path, "a.jsonl", "diamant", "incan-gold", ["آوا", "بهرام", "چکاوک"], diamant_in_round_3())
    [entry] = scan(tmp_path)
    with use_language("fa"):
        text = entry_text(entry)
    fa = translator("fa")
    assert fa.num(3) in text and "3" not in text.replace(fa.num(3), "")
    assert not any(ch.isascii() and ch.isdigit() for ch in text)
    assert "round" not in text and "آوا" in text


def test_the_resume_screen_lists_finished_games_last_and_opens_the_chosen_one(folders, tmp_path):
    data, _ = folders
    write_journal(data, "done.jsonl", "diamant", "diamant", ["Dara", "Eli", "Fay"], diamant_finished("Dara"))
    write_journal(data, "open.jsonl", "diamant", "incan-gold", ["Ava", "Ben", "Chen"], diamant_in_round_3())

    async def go():
        app = build_app(folders)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert [g.path.name for g in screen.games] == ["open.jsonl", "done.jsonl"]
            menu = screen.query_one("#recent")
            assert menu.option_count == 2
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.session.header.ruleset == "incan-gold"

    asyncio.run(go())
