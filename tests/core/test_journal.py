"""The journal format: header checks, named invalid lines, undo/redo folding, durable append, salvage."""

from __future__ import annotations

import json

import pytest

from companion.errors import JournalError
from companion.journal import Entry, JournalWriter, fold, new_header, parse_journal, read_journal

HEADER = {"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant",
          "players": ["Ava", "Ben", "Chen"]}


def lines(*objs) -> bytes:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs).encode()


def code_and_line(data: bytes):
    with pytest.raises(JournalError) as err:
        parse_journal(data)
    return err.value.code, err.value.params.get("line")


@pytest.mark.parametrize("header,code", [
    ({**HEADER, "journal": "other"}, "journal_header_not_a_journal"),
    ({**HEADER, "version": 2}, "journal_header_newer_version"),
    ({**HEADER, "version": "1"}, "journal_header_bad_version"),
    ({**HEADER, "game": "chess"}, "journal_header_unknown_game"),
    ({**HEADER, "players": []}, "journal_header_no_players"),
    ({**HEADER, "players": ["Ava", "Ava"]}, "journal_duplicate_player"),
    ({**HEADER, "players": ["Ava", ""]}, "journal_rejected_event"),
    ({**HEADER, "players": ["Ava", "B\x07n"]}, "journal_rejected_event"),
    ({**HEADER, "players": ["Ava", 3]}, "journal_rejected_event"),
    ({**HEADER, "options": [1]}, "journal_header_bad_options"),
    ({**HEADER, "ruleset": ""}, "journal_header_bad_ruleset"),
    ([1, 2], "journal_header_not_a_journal"),
])
def test_bad_headers_are_named(header, code):
    assert code_and_line(lines(header)) == (code, 1)


def test_unknown_header_keys_are_kept_and_ignored():
    journal = parse_journal(lines({**HEADER, "table": "kitchen", "mode": "x"}))
    assert journal.header.get("table") == "kitchen" and journal.header.players == ("Ava", "Ben", "Chen")


@pytest.mark.parametrize("bad,code", [
    (b"not json\n", "journal_bad_json"),
    (b"[1, 2]\n", "journal_not_object"),
    (b'{"card": "relic"}\n', "journal_no_event"),
    (json.dumps(HEADER).encode() + b"\n", "journal_second_header"),
    (b'\xff\xfe{"event": "draw"}\n', "journal_not_utf8"),
])
def test_invalid_middle_line_names_line_and_reason(bad, code):
    data = lines(HEADER, {"event": "draw", "card": "treasure", "value": 3}) + bad + lines({"event": "undo"})
    assert code_and_line(data) == (code, 3)


def test_empty_file_and_blank_lines():
    assert code_and_line(b"")[0] == "journal_empty"
    journal = parse_journal(lines(HEADER) + b"\n\n" + lines({"event": "draw", "card": "relic"}))
    assert [e.line for e in journal.entries] == [4]


def test_truncated_last_line_is_dropped_with_a_warning():
    data = lines(HEADER, {"event": "draw", "card": "relic"}) + b'{"event": "dr'
    journal = parse_journal(data)
    assert len(journal.entries) == 1
    assert journal.warnings[0].code == "journal_truncated" and journal.warnings[0].params["line"] == 3


def test_complete_last_line_without_newline_is_kept():
    data = lines(HEADER) + b'{"event": "draw", "card": "relic"}'
    journal = parse_journal(data)
    assert len(journal.entries) == 1 and not journal.warnings


def test_cut_header_is_an_error_not_a_warning():
    assert code_and_line(b'{"journal": "comp')[0] == "journal_bad_json"


def E(n, kind="draw"):
    return Entry(n, {"event": kind})


def test_fold_undo_redo():
    entries = [E(2), E(3), E(4, "undo"), E(5, "undo"), E(6, "redo"), E(7)]
    assert [e.line for e in fold(entries)] == [2, 7]
    entries = [E(2), E(3), E(4, "undo"), E(5, "redo")]
    assert [e.line for e in fold(entries)] == [2, 3]


@pytest.mark.parametrize("entries,code,line", [
    ([E(2, "undo")], "journal_nothing_to_undo", 2),
    ([E(2), E(3, "redo")], "journal_nothing_to_redo", 3),
    ([E(2), E(3, "undo"), E(4), E(5, "redo")], "journal_nothing_to_redo", 5),  # redo only right after undos
])
def test_fold_rejects_impossible_undo_redo(entries, code, line):
    with pytest.raises(JournalError) as err:
        fold(entries)
    assert (err.value.code, err.value.params["line"]) == (code, line)


def test_writer_appends_durably_and_never_overwrites(tmp_path, monkeypatch):
    import os

    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    path = tmp_path / "g.jsonl"
    header = new_header("diamant", "diamant", ["Ava", "Ben", "Chen"])
    with JournalWriter.create(path, header) as writer:
        before = len(synced)
        writer.append({"event": "draw", "card": "treasure", "value": 5})
        assert len(synced) == before + 1  # every event is fsynced before append returns
        # readable right away, by another reader
        assert len(read_journal(path).entries) == 1
    with pytest.raises(FileExistsError):
        JournalWriter.create(path, header)
    assert len(read_journal(path).entries) == 1


def test_resume_moves_a_torn_tail_aside_and_keeps_appending(tmp_path):
    path = tmp_path / "g.jsonl"
    data = lines(HEADER, {"event": "draw", "card": "treasure", "value": 5}) + b'{"event": "le'
    path.write_bytes(data)
    writer, journal = JournalWriter.resume(path)
    writer.append({"event": "leave", "players": ["Ava"]})
    writer.close()
    again = read_journal(path)
    assert [e.event["event"] for e in again.entries] == ["draw", "leave"] and not again.warnings
    assert (tmp_path / "g.jsonl.dropped").read_bytes() == b'{"event": "le\n'


def test_resume_adds_a_missing_final_newline(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(lines(HEADER) + b'{"event": "draw", "card": "relic"}')
    writer, _ = JournalWriter.resume(path)
    writer.append({"event": "undo"})
    writer.close()
    assert [e.kind for e in read_journal(path).entries] == ["draw", "undo"]


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(JournalError) as err:
        read_journal(tmp_path / "none.jsonl")
    assert err.value.code == "journal_missing"
    with pytest.raises(JournalError) as err:
        read_journal(tmp_path)
    assert err.value.code == "journal_is_directory"


# -- what reading tolerates, and what it bounds -----------------------------------------------------
BOM = b"\xef\xbb\xbf"


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path):
    data = lines(HEADER, {"event": "draw", "card": "relic"})
    path = tmp_path / "bom.jsonl"
    path.write_bytes(BOM + data)
    journal = read_journal(path)
    assert journal.header.players == ("Ava", "Ben", "Chen") and [e.line for e in journal.entries] == [2]
    torn = parse_journal(BOM + data + b'{"event": "dr')
    assert torn.warnings[0].code == "journal_truncated" and torn.warnings[0].params["line"] == 3
    writer, _ = JournalWriter.resume(path)  # and the game goes on in it
    writer.append({"event": "undo"})
    writer.close()
    assert path.read_bytes().startswith(BOM) and [e.kind for e in read_journal(path).entries] == ["draw", "undo"]


def test_a_byte_order_mark_anywhere_else_is_not_skipped():
    assert code_and_line(lines(HEADER) + BOM + lines({"event": "draw", "card": "relic"})) == ("journal_bad_json", 2)


def test_many_blank_lines_are_skipped_cheaply_and_counted(tmp_path):
    import time

    path = tmp_path / "blank.jsonl"
    blank = b"\n" * 3_800_000 + b"  \r\n" * 50_000 + b"\t\n" * 50_000  # just under the size bound
    path.write_bytes(lines(HEADER) + blank + lines({"event": "draw", "card": "relic"}) + b"   ")
    started = time.monotonic()
    journal = read_journal(path)
    assert time.monotonic() - started < 0.3  # was a Python loop per line: 0.6 s or more here, 0.03 s now
    assert [e.line for e in journal.entries] == [3_900_002] and not journal.warnings


def test_a_journal_past_the_size_bound_is_refused_before_it_is_read(tmp_path, monkeypatch):
    import os

    from companion import journal as journal_module
    from companion.messages import describe_error

    path = tmp_path / "big.jsonl"
    path.write_bytes(lines(HEADER))
    os.truncate(path, journal_module.MAX_JOURNAL_BYTES + 1)  # sparse: costs no disk
    reads = []
    real = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, at: (reads.append(n), real(fd, n, at))[1])
    with pytest.raises(JournalError) as err:
        read_journal(path)
    assert err.value.code == "journal_too_large" and reads == []
    assert f"than {journal_module.MAX_JOURNAL_BYTES // 2**20} MB" in describe_error(err.value)
    assert str(path) in describe_error(err.value)


@pytest.mark.parametrize("terminated", [True, False])
def test_a_line_past_the_length_bound_is_refused_naming_it(terminated):
    from companion.journal import MAX_LINE_BYTES

    long_line = json.dumps({"event": "draw", "card": "relic", "x": "y" * MAX_LINE_BYTES}).encode()
    data = lines(HEADER, {"event": "draw", "card": "relic"}) + long_line + (b"\n" if terminated else b"")
    assert code_and_line(data) == ("journal_line_too_long", 3)
    ok = json.dumps({"event": "draw", "card": "relic", "x": "y" * (MAX_LINE_BYTES - 60)}).encode()
    assert len(parse_journal(lines(HEADER) + ok + b"\n").entries) == 1


def test_an_event_too_long_for_a_reader_is_refused_before_it_is_written(tmp_path):
    from companion.journal import MAX_LINE_BYTES
    from companion.session import Session

    path = tmp_path / "g.jsonl"
    session = Session.new(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]), path)
    before_state, before_file = session.state, path.read_bytes()
    with pytest.raises(JournalError) as err:
        session.apply({"event": "draw", "card": "relic", "note": "x" * MAX_LINE_BYTES})
    assert err.value.code == "journal_event_too_long"
    assert session.state == before_state and path.read_bytes() == before_file and session.saved


def _read_in_thread(path):
    import threading

    box = {}

    def run():
        try:
            read_journal(path)
        except JournalError as exc:
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=5)
    assert not thread.is_alive(), "reading hangs"
    return box["error"]


def test_a_fifo_a_device_and_a_folder_are_refused_never_waited_on(tmp_path):
    import os

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert _read_in_thread(fifo).code == "journal_not_regular"
    assert _read_in_thread("/dev/zero").code == "journal_not_regular"
    assert _read_in_thread(tmp_path).code == "journal_is_directory"
    assert _read_in_thread(str(tmp_path / "a\0b.jsonl")).code == "journal_missing"
    from companion.session import Session

    for follow in (Session.follow, Session.resume):
        with pytest.raises(JournalError) as err:
            follow(fifo)
        assert err.value.code == "journal_not_regular"


# -- read line by line (issue 15 item 3) --------------------------------------------------------------
def _shape(journal):
    return (journal.header, [(e.line, e.event) for e in journal.entries], journal.warnings,
            [(e.line, e.event) for e in journal.effective()])


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
def test_where_the_file_is_cut_into_chunks_changes_nothing(tmp_path, monkeypatch, chunk):
    from companion import journal as journal_module
    from companion.journal import BOM, MAX_LINE_BYTES

    relic = {"event": "draw", "card": "relic"}
    crlf = lines(relic, {"event": "undo"}, {"event": "redo"}).replace(b"\n", b"\r\n")
    data = (BOM + lines(HEADER) + b"\r\n  \n" + crlf
            + b" " * (MAX_LINE_BYTES + 5) + b"\n\t\n" + lines({"event": "draw", "card": "treasure", "value": 5},
                                                               {"event": "undo"}) + b'{"event": "dr')
    path = tmp_path / "g.jsonl"
    path.write_bytes(data)
    whole = _shape(read_journal(path))
    assert whole[1] == [(4, relic), (5, {"event": "undo"}), (6, {"event": "redo"}),
                        (9, {"event": "draw", "card": "treasure", "value": 5}), (10, {"event": "undo"})]
    assert whole[3] == [(4, relic)] and whole[2][0].code == "journal_truncated" and whole[2][0].params["line"] == 11
    monkeypatch.setattr(journal_module, "READ_CHUNK", chunk)
    assert _shape(read_journal(path)) == whole
    assert _shape(parse_journal(data)) == whole
    assert [(e.line, e.event) for e in read_journal(path).redoable.entries()] == whole[1][3:4]


@pytest.mark.parametrize("chunk", [5, 1 << 20])
def test_a_blank_run_longer_than_a_line_is_skipped_unless_content_follows(monkeypatch, chunk):
    from companion import journal as journal_module
    from companion.journal import MAX_LINE_BYTES

    monkeypatch.setattr(journal_module, "READ_CHUNK", chunk)
    relic = lines({"event": "draw", "card": "relic"})
    blank = b" \t" * MAX_LINE_BYTES
    assert [e.line for e in parse_journal(lines(HEADER) + blank + b"\n" + relic).entries] == [3]
    assert [e.line for e in parse_journal(lines(HEADER) + relic + blank).entries] == [2]
    assert code_and_line(lines(HEADER) + blank + relic) == ("journal_line_too_long", 2)


def test_undo_padding_is_folded_as_it_is_read_in_little_memory(tmp_path):
    import time
    import tracemalloc

    path = tmp_path / "padded.jsonl"
    pair = lines({"event": "undo"}, {"event": "redo"})
    path.write_bytes(lines(HEADER, {"event": "draw", "card": "relic"}) + pair * 150_000)  # 300,000 lines, 6 MB
    started = time.process_time()
    journal = read_journal(path)
    assert time.process_time() - started < 3
    tracemalloc.start()
    journal = read_journal(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [e.line for e in journal.effective()] == [2] and len(journal.redoable) == 0
    assert peak < 4 * 2**20, peak  # the lines are not kept: read 1 MB at a time and folded


def test_a_hundred_megabytes_of_blank_lines_are_quick_and_small(tmp_path):
    import time
    import tracemalloc

    path = tmp_path / "blank.jsonl"
    with path.open("wb") as fh:
        fh.write(lines(HEADER))
        for _ in range(100):
            fh.write(b"\n" * 2**20)
        fh.write(lines({"event": "draw", "card": "relic"}))
    started = time.process_time()
    journal = read_journal(path)
    assert time.process_time() - started < 2  # 52 s once, when every line was a Python loop turn
    tracemalloc.start()
    journal = read_journal(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(journal.effective()) == 1 and peak < 8 * 2**20, peak


def test_the_size_bound_leaves_room_for_a_million_events():
    from companion.journal import MAX_JOURNAL_BYTES

    assert 64 * 2**20 <= MAX_JOURNAL_BYTES <= 256 * 2**20  # 1,000,000 events are ~50 MB


def test_too_little_memory_to_read_is_a_message(tmp_path, monkeypatch):
    from companion import journal as journal_module
    from companion.i18n import translator
    from companion.messages import describe_error

    path = tmp_path / "g.jsonl"
    path.write_bytes(lines(HEADER, {"event": "draw", "card": "relic"}))
    before = path.read_bytes()

    def no_memory(self, text, line=0):
        raise MemoryError

    monkeypatch.setattr(journal_module.EventLog, "push", no_memory)
    with pytest.raises(JournalError) as err:
        read_journal(path)
    assert err.value.code == "journal_unreadable" and str(path) in describe_error(err.value)
    assert "not enough memory" in describe_error(err.value, translator("en"))
    assert "记忆" not in describe_error(err.value, translator("zh_Hans"))  # (Simplified says 内存)
    assert "内存" in describe_error(err.value, translator("zh_Hans"))
    assert path.read_bytes() == before
