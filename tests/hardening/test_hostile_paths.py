"""Files named in a journal or a setting are files: a device, a FIFO, a NUL byte, /etc/passwd, a
5,000-deep TOML file, a million cards or a 10,000-character name is a translated message and a
non-zero exit within 5 s and 400 MB, never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import RulesetError
from companion.games.diamant.rules import MAX_ENTRIES, PRESET_DIR, load_ruleset
from companion.messages import describe_error
from companion.safeio import (
    DATA_LIMIT,
    MAX_DEPTH,
    load_toml_file,
    loads_toml,
    read_data_file,
    read_text_file,
    resolve,
)

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 400 * 1024 * 1024
HEADER = {"journal": "companion", "version": 1, "game": "diamant", "players": ["Ava", "Ben", "Chen"]}
PERSIAN = re.compile("[\u0600-\u06ff]")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# ``python -m companion`` that also writes its peak resident memory (kB, Linux) where RSS_FILE says.
_MEASURED = """
import os, resource, sys
from companion.cli import main
try:
    status = main(sys.argv[1:])
finally:
    with open(os.environ["RSS_FILE"], "w") as fh:
        fh.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
sys.exit(status)
"""
MAX_RSS_KB = 200 * 1024


def companion(*args: str, cwd: Path, lang: str = "en") -> subprocess.CompletedProcess[bytes]:
    """``companion --lang LANG ARGS`` in a child with 400 MB of address space and 5 s; it must stay
    under 5 s of wall time and 200 MB of resident memory."""
    rss_file = cwd.parent / f".rss-{os.getpid()}-{time.monotonic_ns()}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_LANG": lang, "RSS_FILE": str(rss_file)}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", _MEASURED, "--lang", lang, *args], cwd=cwd, env=env,
                          capture_output=True, timeout=5, preexec_fn=_limit_memory)
    assert time.monotonic() - start < 5
    peak = int(rss_file.read_text())
    rss_file.unlink()
    assert peak < MAX_RSS_KB, f"{args}: {peak // 1024} MB resident at the peak"
    return proc


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder``: kind, and the bytes of regular files (FIFOs are never opened)."""
    found: dict[str, tuple] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            found[str(path)] = ("link", os.readlink(path))
        elif path.is_file():
            found[str(path)] = ("file", info.st_mtime_ns, path.read_bytes())
        else:
            found[str(path)] = ("other", info.st_mode)
    return found


def assert_refused(proc: subprocess.CompletedProcess[bytes], lang: str) -> str:
    out, err = proc.stdout, proc.stderr
    assert proc.returncode == 1, (proc.returncode, out, err)
    assert b"Traceback" not in out + err and b"Error:" not in err
    assert b"\x1b" not in out + err and "\x9b" not in (out + err).decode("utf-8", "replace")
    message = err.decode()
    assert message.strip() and len(message.splitlines()) <= 3
    if lang == "fa":
        assert PERSIAN.search(message), message  # the translated sentence, not the English one
    return message


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A folder of hostile ruleset files, each named by a journal ``<name>.jsonl`` beside it."""
    base = (PRESET_DIR / "diamant.toml").read_text()
    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    (tmp_path / "passwd.toml").symlink_to("/etc/passwd")
    (tmp_path / "dir.toml").mkdir()
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    million = re.sub(r"(?m)^treasures = .*$", "treasures = [" + ", ".join(["1"] * 1_000_000) + "]", base)
    (tmp_path / "million.toml").write_text(million.replace('id = "diamant"', 'id = "million"'))
    thousand = re.sub(r"(?m)^treasures = .*$", "treasures = [" + ", ".join(["1"] * 1000) + "]", base)
    (tmp_path / "thousand.toml").write_text(thousand.replace('id = "diamant"', 'id = "thousand"'))
    every = dict(load_ruleset("diamant").__dict__)
    options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in every.items() if k not in ("id", "source")}
    options["denominations"] = [{"id": c, "value": v} for c, v in every["denominations"]]
    many = {**options, "treasures": [1] * (MAX_ENTRIES["treasures"] + 1)}
    options["treasures"] = [1] * 1_000_000
    journals = {"devzero": {"ruleset": "/dev/zero"}, "zero": {"ruleset": "zero.toml"},
                "fifo": {"ruleset": "fifo.toml"}, "nul": {"ruleset": "a\0b.toml"},
                "passwd": {"ruleset": "/etc/passwd"}, "passwd_link": {"ruleset": "passwd.toml"},
                "dir": {"ruleset": "dir.toml"}, "deep": {"ruleset": "deep.toml"},
                "million": {"ruleset": "million.toml"}, "thousand": {"ruleset": "thousand.toml"},
                "million_options": {"ruleset": "travelling", "options": options},
                "many_options": {"ruleset": "travelling", "options": many}}
    for name, fields in journals.items():
        (tmp_path / f"{name}.jsonl").write_text(json.dumps({**HEADER, **fields}) + "\n")
    return tmp_path


HOSTILE = ["devzero", "zero", "fifo", "nul", "passwd", "passwd_link", "dir", "deep", "million", "thousand",
           "million_options", "many_options"]


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("name", HOSTILE)
def test_replay_refuses_every_hostile_ruleset(hostile, name, lang):
    before = snapshot(hostile)
    assert_refused(companion("replay", f"{name}.jsonl", cwd=hostile, lang=lang), lang)
    assert_refused(companion("replay", "--json", f"{name}.jsonl", cwd=hostile, lang=lang), lang)
    assert snapshot(hostile) == before


@pytest.mark.parametrize("name", HOSTILE)
def test_export_refuses_every_hostile_ruleset(hostile, name):
    before = snapshot(hostile)
    assert_refused(companion("export", "--journal", f"{name}.jsonl", "--out", "pdfs", cwd=hostile, lang="fa"), "fa")
    assert snapshot(hostile) == before and not (hostile / "pdfs").exists()


def test_the_messages_say_what_is_wrong(hostile):
    said = {name: assert_refused(companion("replay", f"{name}.jsonl", cwd=hostile), "en") for name in HOSTILE}
    assert "not an ordinary file" in said["fifo"] and "fifo.toml" in said["fifo"]
    assert "not an ordinary file" in said["zero"] and "not an ordinary file" in said["dir"]
    assert "NUL" in said["nul"]
    assert "There is no ruleset “/etc/passwd”" in said["passwd"] and "/dev/zero" in said["devzero"]
    assert "not valid TOML" in said["passwd_link"] and "root:" not in said["passwd_link"]
    assert "nested too deeply (at most 32 levels" in said["deep"]
    assert "too large (2,931 KB; at most 256 KB)" in said["million"]
    assert "“treasures” is not valid: a list of at most 500 entries" in said["thousand"]
    assert "“treasures” is not valid: a list of at most 500 entries" in said["many_options"]


def test_relative_paths_come_from_the_journal_folder(tmp_path):
    games, elsewhere = tmp_path / "games", tmp_path / "elsewhere"
    games.mkdir()
    elsewhere.mkdir()
    text = (PRESET_DIR / "diamant.toml").read_text().replace('id = "diamant"', 'id = "picnic"')
    (games / "picnic.toml").write_text(text)
    assert load_ruleset("picnic.toml", base=games).id == "picnic"
    with pytest.raises(RulesetError) as err:
        load_ruleset("picnic.toml", base=elsewhere)
    assert err.value.code == "ruleset_unreadable" and err.value.params["path"] == str(elsewhere / "picnic.toml")
    assert resolve("/abs/x.toml", games) == Path("/abs/x.toml") and resolve("x.toml", games) == games / "x.toml"
    assert resolve("x.toml") == Path("x.toml")


# -- safeio ----------------------------------------------------------------------------------------
@pytest.fixture
def alarm():
    """Fail (rather than hang the suite) when a read blocks for more than 5 s."""
    def timeout(*_):
        raise TimeoutError("blocked")
    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(5)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _reason(exc: RulesetError) -> str:
    return describe_error(exc)


def test_read_data_file_refuses_what_is_not_a_small_regular_file(tmp_path, alarm):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link").symlink_to("/dev/zero")
    (tmp_path / "big").write_bytes(b"x" * (DATA_LIMIT + 1))
    cases = {"/dev/zero": "not an ordinary file", str(tmp_path / "pipe"): "not an ordinary file",
             str(tmp_path / "link"): "not an ordinary file", str(tmp_path): "not an ordinary file",
             str(tmp_path / "a\0b"): "NUL character", str(tmp_path / "none"): "does not exist",
             str(tmp_path / "big"): "too large (257 KB; at most 256 KB)"}
    for path, reason in cases.items():
        with pytest.raises(RulesetError) as err:
            read_data_file(path, what="stones.library_unreadable")
        assert err.value.code == "stones.library_unreadable" and err.value.params["path"] == path
        assert reason in _reason(err.value)
    (tmp_path / "ok").write_bytes(b"x" * DATA_LIMIT)
    assert read_data_file(tmp_path / "ok") == b"x" * DATA_LIMIT  # the limit itself is fine
    with pytest.raises(RulesetError, match="ruleset_unreadable"):
        read_data_file(tmp_path / "ok", limit=10)


def test_a_file_swapped_for_a_fifo_after_the_check_does_not_block(tmp_path, alarm, monkeypatch):
    """stat said regular, then a FIFO took its place: O_NONBLOCK and fstat still refuse it."""
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "plain").write_text("a = 1\n")
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, *a, **k: real_stat(tmp_path / "plain"))
    with pytest.raises(RulesetError) as err:
        read_data_file(tmp_path / "pipe")
    assert "not an ordinary file" in _reason(err.value)


def test_text_files_accept_a_bom_and_refuse_bad_utf8(tmp_path):
    (tmp_path / "bom.toml").write_bytes(b"\xef\xbb\xbfa = 1\n")
    assert load_toml_file(tmp_path / "bom.toml") == {"a": 1}
    (tmp_path / "latin.toml").write_bytes(b"a = '\xe9'\n")
    with pytest.raises(RulesetError) as err:
        read_text_file(tmp_path / "latin.toml", bad="ruleset_bad_toml")
    assert err.value.code == "ruleset_bad_toml" and "not valid UTF-8" in _reason(err.value)


@pytest.mark.parametrize("text", [
    "x = " + "[" * 5000 + "]" * 5000,
    "x = " + "{a = " * 5000 + "1" + "}" * 5000,
    "k" + ".k" * 5000 + " = 1",                        # dotted keys nest without a bracket
    "[" + ".".join(["t"] * 5000) + "]\n",
    "x = " + "[" * 33 + "]" * 33,                      # one past the limit
])
def test_deep_toml_is_refused_without_recursion(text):
    with pytest.raises(RulesetError) as err:
        loads_toml(text, shown="deep.toml")
    assert err.value.code == "ruleset_bad_toml" and err.value.params["most_depth"] == MAX_DEPTH
    assert "nested too deeply" in _reason(err.value)


def test_toml_within_the_limit_and_brackets_in_strings_and_comments_load():
    assert loads_toml("x = " + "[" * 31 + "]" * 31, shown="f")["x"]  # 31 + the top table = 32
    text = ('a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\nb = \'{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\'\n'
            'c = """\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ "" \\""" """\n'
            "d = '''[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['''\n# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n"
            '[[e]]\nf = [[1], [2]]\n')
    data = loads_toml(text, shown="f")
    assert data["a"].startswith("[[[") and data["b"].startswith("{{{") and data["e"] == [{"f": [[1], [2]]}]


# -- rulesets in the configuration folder (the new-game form) --------------------------------------
def test_house_rules_folder_with_hostile_files_lists_problems_quickly(tmp_path, alarm):
    from companion.games import get
    from companion.games.diamant.rules import user_ruleset_dir

    folder = user_ruleset_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    (folder / "folder.toml").mkdir()
    base = (PRESET_DIR / "diamant.toml").read_text()
    (folder / "many.toml").write_text(re.sub(r"(?m)^treasures = .*$", "treasures = [" + ", ".join(["2"] * 501)
                                             + "]", base).replace('id = "diamant"', 'id = "many"'))
    (folder / "fine.toml").write_text(base.replace('id = "diamant"', 'id = "fine"'))
    before = snapshot(folder)
    start = time.monotonic()
    game = get("diamant")
    presets = [p.id for p in game.presets()]
    problems = {Path(p.params["path"]).name: describe_error(p) for p in game.setup_problems()}
    assert time.monotonic() - start < 3
    assert presets == ["diamant", "diamant-classic", "incan-gold", "house-001", "fine"]
    assert set(problems) == {"pipe.toml", "zero.toml", "deep.toml", "folder.toml", "many.toml"}
    assert "nested too deeply" in problems["deep.toml"] and "at most 500 entries" in problems["many.toml"]
    assert snapshot(folder) == before


def test_list_settings_are_bounded_before_they_are_read(tmp_path):
    for key, most in MAX_ENTRIES.items():
        rules = load_ruleset("diamant")
        data = {k: (list(v) if isinstance(v, tuple) else v) for k, v in rules.__dict__.items() if k != "source"}
        data["denominations"] = [{"id": c, "value": v} for c, v in rules.denominations]
        data[key] = [data[key][0]] * (most + 1) if data[key] else [1] * (most + 1)
        data.pop("id")
        with pytest.raises(RulesetError) as err:
            load_ruleset("carried", data)
        assert err.value.params["setting"] == key and err.value.params["most"] == most


@pytest.mark.parametrize("bad", ["\x1b]0;PWNED\x07", "a\u202eb", "x" * 65])
def test_ids_shown_in_menus_are_clean_and_short(tmp_path, bad):
    text = (PRESET_DIR / "diamant.toml").read_text().replace('id = "diamant"', f"id = {json.dumps(bad)}")
    path = tmp_path / "x.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert err.value.params["setting"] == "id"


# -- names, and the Death Valley catalog (wired by its owner) ----------------------------------------
def test_a_ten_thousand_character_name_is_refused(tmp_path):
    journal = tmp_path / "long.jsonl"
    journal.write_text(json.dumps({**HEADER, "ruleset": "diamant", "players": ["x" * 10_000, "Ben", "Chen"]}) + "\n")
    before = snapshot(tmp_path)
    for args in (("replay", "long.jsonl"), ("export", "--journal", "long.jsonl", "--out", "pdfs")):
        message = assert_refused(companion(*args, cwd=tmp_path, lang="fa"), "fa")
        assert "x" * 100 not in message  # the name is quoted shortened
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("path", ["/dev/zero", "fifo.toml", "a\0b.toml", "/etc/passwd", "deep.toml", "big.toml"])
def test_replay_refuses_every_hostile_catalog(tmp_path, path):
    """A catalog named by a header is read through safeio: no device, FIFO, NUL path, deep or huge file."""
    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    (tmp_path / "big.toml").write_bytes(b"#" * (10 * 1024 * 1024) + b"\n")
    header = {"journal": "companion", "version": 1, "game": "death_valley", "ruleset": "death_valley",
              "players": ["Cy", "Di"], "catalog": path}
    (tmp_path / "g.jsonl").write_text(json.dumps(header) + "\n")
    before = snapshot(tmp_path)
    assert_refused(companion("replay", "g.jsonl", cwd=tmp_path, lang="fa"), "fa")
    assert snapshot(tmp_path) == before
