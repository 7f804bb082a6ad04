"""The reference pages in ``docs/`` are tested: their examples run, and the code has nothing they omit.

How the pages mark their examples (see ``docs/README.md``):

* a ```` ```console ```` block: each ``$ companion ...`` line is run in-process through
  :func:`companion.cli.main` in a scratch folder; the lines after it, up to the next ``$``, are what it
  must print (stdout and stderr together, in order).  Output that is JSON is compared as data, so a
  page may pretty-print it.  ``$ echo $?`` shows the exit status of the command before it.
  ``NAME=value`` words before ``companion`` set environment variables for that command.
* a ```` ```json file=NAME ```` block: an example journal, written to ``NAME`` in the scratch folder and
  replayed; it must load cleanly, unless marked ``broken`` (it must be refused) or ``torn`` (it is
  written without its final newline and must load with the torn-line warning).
* a ```` ```toml file=NAME kind=K ```` (scratch folder) or ```` ```toml config=PATH kind=K ```` (the
  companion's configuration folder) block: a data file of kind ``ruleset``, ``catalog``, ``library``
  or ``presets``, loaded with the companion's own loader; ``broken`` ones must be refused.

Besides running the examples, the tests fail when the code gains an event, a Diamant ruleset setting,
a command, an option or a ``replay --json`` key that the pages do not mention.
"""

from __future__ import annotations

import ast
import inspect
import io
import json
import re
import shlex
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.errors import JournalError, RulesetError
from companion.journal import read_journal
from companion.session import replay

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
FENCE = re.compile(r"^```(?P<info>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
ENV_WORD = re.compile(r"^[A-Z][A-Z0-9_]*=")
KINDS = ("ruleset", "catalog", "library", "presets")
GAME_SECTIONS = {  # the heading of each game's events in docs/journal.md
    "diamant": "Diamant events",
    "shifting_stones": "Shifting Stones events",
    "death_valley": "Death Valley events",
}


# -- reading the pages ------------------------------------------------------------------------------
@dataclass
class Block:
    page: str
    line: int
    lang: str
    attrs: dict[str, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    body: str = ""

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"


def read_blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        words = match.group("info").split()
        block = Block(path.name, text.count("\n", 0, match.start()) + 1, words[0] if words else "",
                      body=match.group("body"))
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if sep:
                block.attrs[key] = value
            else:
                block.flags.add(word)
        found.append(block)
    return found


BLOCKS = [b for page in PAGES for b in read_blocks(page)]
CONSOLE = [b for b in BLOCKS if b.lang == "console"]
FILES = [b for b in BLOCKS if "file" in b.attrs or "config" in b.attrs]
JOURNALS = [b for b in FILES if b.lang == "json"]
DATA_FILES = [b for b in FILES if b.lang == "toml"]


def page_text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The part of a page under the ``##`` heading ``heading`` (up to the next ``##`` heading)."""
    match = re.search(rf"^##\s+{re.escape(heading)}\s*$(?P<body>.*?)(?=^##\s|\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"no section “## {heading}”"
    return match.group("body")


def write_examples(scratch: Path) -> None:
    """Every example file of every page, where its block says (the config folder for ``config=``)."""
    from companion.paths import user_config_dir

    for block in FILES:
        if "file" in block.attrs:
            target = scratch / block.attrs["file"]
        else:
            target = user_config_dir() / block.attrs["config"]
        target.parent.mkdir(parents=True, exist_ok=True)
        body = block.body.rstrip("\n") if "torn" in block.flags else block.body.rstrip("\n") + "\n"
        target.write_bytes(body.encode("utf-8"))


def complete_journals() -> list[Block]:
    return [b for b in JOURNALS if not ({"broken", "torn"} & b.flags)]


def journal_game(block: Block) -> str:
    return json.loads(block.body.splitlines()[0])["game"]


def journal_kinds(block: Block) -> set[str]:
    return {json.loads(line)["event"] for line in block.body.splitlines()[1:] if line.strip()}


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # English, a fixed width for argparse's usage lines, no language from the environment
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    write_examples(tmp_path)
    return tmp_path


# -- the pages exist and hold examples ---------------------------------------------------------------
def test_the_pages_are_there_and_hold_examples():
    names = {p.name for p in PAGES}
    assert {"README.md", "command-line.md", "journal.md", "house-rules.md", "catalog-files.md"} <= names
    assert len(CONSOLE) >= 10 and len(complete_journals()) >= 4
    assert {b.attrs["kind"] for b in DATA_FILES} == set(KINDS)


def test_example_files_have_unique_names_and_known_kinds():
    targets = [b.attrs.get("file") or "config:" + b.attrs["config"] for b in FILES]
    assert len(targets) == len(set(targets)), "two examples write the same file"
    for block in DATA_FILES:
        assert block.attrs.get("kind") in KINDS, f"{block.where}: kind= must be one of {KINDS}"
    for block in FILES:
        assert block.lang in ("json", "toml"), f"{block.where}: an example file is json (journal) or toml"


def test_the_readme_points_into_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "spec/interfaces.md" not in readme
    for page in ("docs/command-line.md", "docs/journal.md", "docs/house-rules.md"):
        assert f"({page}" in readme, f"README.md does not link {page}"


# -- links ------------------------------------------------------------------------------------------
def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.*?)\s*$", text, re.MULTILINE)}


@pytest.mark.parametrize("page", PAGES + [ROOT / "README.md"], ids=lambda p: p.name)
def test_links_lead_somewhere(page):
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        path = (page.parent / name).resolve() if name else page
        assert path.exists(), f"{page.name}: the link {target} leads nowhere"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{page.name}: no heading for #{anchor} in {path.name}"


# -- the examples run -------------------------------------------------------------------------------
def commands(block: Block) -> list[tuple[int, str, list[str]]]:
    """``(line, command, expected output lines)`` for each ``$`` line of a console block."""
    out: list[tuple[int, str, list[str]]] = []
    for offset, line in enumerate(block.body.splitlines(), 1):
        if line.startswith("$ "):
            out.append((block.line + offset, line[2:], []))
        else:
            assert out, f"{block.where}: a console block starts with a $ line"
            out[-1][2].append(line)
    return out


def run(command: str, monkeypatch) -> tuple[int, str]:
    words = shlex.split(command)
    env = {}
    while words and ENV_WORD.match(words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    assert words and words[0] == "companion", f"only companion commands run in a console block: {command}"
    buffer = io.StringIO()
    with monkeypatch.context() as patch:
        for key, value in env.items():
            patch.setenv(key, value)
        with redirect_stdout(buffer), redirect_stderr(buffer):
            code = main(words[1:])
    return code, buffer.getvalue()


def same_output(expected: list[str], actual: str) -> bool:
    want = "\n".join(line.rstrip() for line in expected).strip("\n")
    got = "\n".join(line.rstrip() for line in actual.splitlines()).strip("\n")
    if want.startswith(("{", "[")):
        try:
            return json.loads(want) == json.loads(got)
        except ValueError:
            pass
    return want == got


@pytest.mark.parametrize("block", CONSOLE, ids=lambda b: b.where)
def test_console_examples_print_what_the_page_says(block, scratch, monkeypatch):
    code: int | None = None
    for line, command, expected in commands(block):
        if command.strip() == "echo $?":
            assert code is not None, f"docs/{block.page}:{line}: echo $? before any command"
            assert expected == [str(code)], f"docs/{block.page}:{line}: the exit status is {code}"
            continue
        code, actual = run(command, monkeypatch)
        assert same_output(expected, actual), (
            f"docs/{block.page}:{line}: `{command}` printed\n{actual}\nbut the page says\n" + "\n".join(expected))


@pytest.mark.parametrize("block", JOURNALS, ids=lambda b: b.where)
def test_example_journals_replay(block, scratch):
    path = scratch / block.attrs["file"]
    if "broken" in block.flags:
        with pytest.raises((JournalError, RulesetError)):
            replay(read_journal(path))
        return
    journal = read_journal(path)
    _state, steps = replay(journal)
    if "torn" in block.flags:
        assert [w.code for w in journal.warnings] == ["journal_truncated"]
    else:
        assert journal.warnings == []
        assert len(steps) == len(journal.effective()) > 0


@pytest.mark.parametrize("block", DATA_FILES, ids=lambda b: b.where)
def test_example_data_files_load(block, scratch):
    from companion.games.death_valley.catalog import load_catalog
    from companion.games.diamant.rules import load_ruleset
    from companion.games.presets import load_presets
    from companion.games.shifting_stones.library import read_cards
    from companion.paths import user_config_dir

    if "file" in block.attrs:
        path = scratch / block.attrs["file"]
    else:
        path = user_config_dir() / block.attrs["config"]
    kind = block.attrs["kind"]

    def load():
        if kind == "ruleset":  # a house file by its id (the id must match the file), else by path
            return load_ruleset(path.stem if "config" in block.attrs else str(path))
        if kind == "catalog":
            return load_catalog(path)
        if kind == "library":
            return read_cards(path, "user")
        return load_presets(path)

    if "broken" in block.flags:
        with pytest.raises(RulesetError):
            load()
    else:
        assert load()


def test_one_line_event_examples_are_json_objects():
    for block in BLOCKS:
        if block.lang != "json" or block in FILES:
            continue
        for line in block.body.splitlines():
            if line.strip().startswith('{"event"'):
                assert isinstance(json.loads(line), dict), f"{block.where}: {line}"


# -- nothing in the code goes undocumented ----------------------------------------------------------
def event_kinds(module) -> set[str]:
    """The event names an engine accepts: its dispatch table, else the names ``apply`` compares with."""
    kinds: set[str] = set()
    for name in ("HANDLERS", "_HANDLERS", "EVENTS"):
        table = getattr(module, name, None)
        if table:
            kinds |= set(table)
    if not kinds:
        tree = ast.parse(inspect.getsource(module.apply).strip())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "kind"
                    and isinstance(node.ops[0], ast.Eq) and isinstance(node.comparators[0], ast.Constant)):
                kinds.add(node.comparators[0].value)
    assert kinds, f"no event names found in {module.__name__}"
    return kinds


def engine_modules():
    from companion.games.death_valley import engine as valley
    from companion.games.diamant import engine as diamant
    from companion.games.shifting_stones import engine as stones

    return {"diamant": diamant, "shifting_stones": stones, "death_valley": valley}


def test_the_event_tables_are_where_the_test_looks():
    """Guard for the introspection above: it finds exactly the events the engines really take."""
    kinds = {game: event_kinds(module) for game, module in engine_modules().items()}
    assert {"draw", "leave"} <= kinds["diamant"]
    assert {"layout", "score", "end_turn", "pass"} <= kinds["shifting_stones"]
    assert {"reveal", "travel", "rest", "move", "robot"} <= kinds["death_valley"]


@pytest.mark.parametrize("game", sorted(GAME_SECTIONS))
def test_every_event_of_every_game_is_documented_and_shown(game):
    kinds = event_kinds(engine_modules()[game])
    text = section(page_text("journal.md"), GAME_SECTIONS[game])
    missing = sorted(k for k in kinds if f'{{"event": "{k}"' not in text)
    assert not missing, f"docs/journal.md, “{GAME_SECTIONS[game]}”, has no example of: {missing}"
    shown = set().union(*(journal_kinds(b) for b in complete_journals() if journal_game(b) == game))
    assert kinds <= shown, f"no complete example journal of {game} uses: {sorted(kinds - shown)}"


def test_undo_and_redo_are_documented_and_shown():
    text = page_text("journal.md")
    assert '{"event": "undo"}' in text and '{"event": "redo"}' in text
    shown = set().union(*(journal_kinds(b) for b in complete_journals()))
    assert {"undo", "redo"} <= shown


def test_every_header_option_and_mode_is_documented():
    from companion.games.death_valley import engine as valley
    from companion.games.shifting_stones import engine as stones

    text = page_text("journal.md")
    for word in (*stones.OPTIONS, *stones.MODES, *valley.OPTIONS, *valley.MODES, "catalog", "stars", "ability",
                 "journal", "version", "game", "ruleset", "players", "started", "options"):
        assert f"`{word}`" in text, f"docs/journal.md does not mention `{word}`"


def test_every_ruleset_setting_is_documented():
    from companion.games.diamant import rules

    text = page_text("house-rules.md")
    rows = set(re.findall(r"^\|\s*`([a-z_]+)`\s*\|", text, re.MULTILINE))
    missing = [s for s in rules.SETTINGS if s not in rows]
    assert not missing, f"docs/house-rules.md has no table row for the settings {missing}"
    for value in (*rules.LEAVING_SPLITS, *rules.RELIC_CLAIMS, *rules.REMAINDERS, *rules.TIEBREAKS, "all", "printed"):
        assert f"`{value}`" in text or f'`"{value}"`' in text, f"docs/house-rules.md does not mention `{value}`"
    for ruleset in rules.PRESETS:
        assert f"`{ruleset}`" in text


def _cell_value(cell: str):
    code = re.fullmatch(r"`(.*)`", cell.strip())
    assert code, f"a cell of a checked table must be one TOML value in backticks, not {cell!r}"
    return tomllib.loads(f"v = {code.group(1)}")["v"]


def test_the_edition_tables_match_the_shipped_files():
    """Tables headed ``| setting | `diamant` | ...`` (or ``| setting | every edition |``) hold real values."""
    from companion.games.diamant.rules import PRESET_DIR, PRESETS

    files = {rid: tomllib.loads((PRESET_DIR / f"{rid}.toml").read_text(encoding="utf-8")) for rid in PRESETS}
    checked = 0
    lines = page_text("house-rules.md").splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[0] != "setting" or len(cells) < 2:
            continue
        columns = [c.strip("`") for c in cells[1:]]
        if columns != ["every edition"]:
            assert set(columns) <= set(PRESETS), f"docs/house-rules.md:{i + 1}: unknown edition in {columns}"
        for row in lines[i + 2:]:
            if not row.startswith("|"):
                break
            values = [c.strip() for c in row.strip().strip("|").split("|")]
            setting = values[0].strip("`")
            for column, cell in zip(columns, values[1:]):
                for rid in (PRESETS if column == "every edition" else [column]):
                    assert _cell_value(cell) == files[rid][setting], (
                        f"docs/house-rules.md: {setting} of {rid} is {files[rid][setting]!r}, not {cell}")
                    checked += 1
    assert checked > 20


def test_every_shipped_preset_is_listed():
    from companion.games import get

    text = page_text("house-rules.md")
    for game in ("shifting_stones", "death_valley"):
        for preset in get(game).presets():
            assert f"`{preset.id}`" in text, f"docs/house-rules.md does not list the {game} preset {preset.id}"
    from companion.games.presets import _REQUIRED

    for key in _REQUIRED:
        assert f"`{key}`" in text


def test_catalog_and_library_keys_are_documented():
    from companion.games.death_valley.catalog import CARD_KEYS
    from companion.games.death_valley.catalog import USER_FILE as VALLEY_FILE
    from companion.games.shifting_stones.library import KEYS
    from companion.games.shifting_stones.library import USER_FILE as STONES_FILE
    from companion.games.shifting_stones.patterns import FACES

    text = page_text("catalog-files.md")
    for word in (*CARD_KEYS, *KEYS, *FACES, VALLEY_FILE, STONES_FILE):
        assert f"`{word}`" in text, f"docs/catalog-files.md does not mention `{word}`"


def _subcommands(parser, prefix="companion"):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix} {name}", sub
                yield from _subcommands(sub, f"{prefix} {name}")


def test_every_command_and_option_is_documented():
    text = page_text("command-line.md")
    headings = [h for h in re.findall(r"^#{2,4}\s+(.*)$", text, re.MULTILINE)]
    parser = build_parser()
    for name, sub in _subcommands(parser):
        has_subcommands = any(a.__class__.__name__ == "_SubParsersAction" for a in sub._actions)
        if not has_subcommands:
            assert any(f"`{name}" in h for h in headings), f"docs/command-line.md has no heading for `{name}`"
        for action in sub._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert f"`{option}" in text, f"docs/command-line.md does not mention {option} of {name}"
    for option in ("--version", "--lang", "--help"):
        assert f"`{option}" in text


def test_every_replay_json_key_is_documented(scratch):
    from companion.games import get

    text = page_text("command-line.md")
    seen = set()
    for block in complete_journals():
        journal = read_journal(scratch / block.attrs["file"])
        state, _ = replay(journal)
        data = get(journal.header.game).summary(state)
        seen.add(journal.header.game)
        keys = set(data) | {f"risk.{k}" for k in data.get("risk", {})}
        for key in keys:
            name = key.split(".")[-1]
            assert f"`{name}`" in text or f'"{name}"' in text, (
                f"docs/command-line.md does not explain the replay --json key `{key}`")
    assert seen == set(GAME_SECTIONS)
