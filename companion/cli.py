"""The command line: ``companion [tui|split|replay|stones|games|export] ...`` (see ``docs/command-line.md``).

Exit codes: 0 ok, 1 an invalid journal or file (the message names the line and why), 2 bad usage,
70 an unexpected error in the referee assistant (``companion tui`` says where the game and the crash
log are).
Each command's work lives in ``companion/commands/<name>.py``, imported only when it runs, so that
``companion split`` never loads Textual or WeasyPrint.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence

from companion import __version__
from companion.errors import CompanionError, JournalError, RulesetError, UsageError
from companion.i18n import LOCALES, _, negotiate, use_language

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def describe_error(exc: CompanionError) -> str:
    """The error in words (the messages of every game load only when something went wrong)."""
    from companion.messages import describe_error

    return describe_error(exc)


def clean(text: object) -> str:
    """Text from outside made safe to print (see :mod:`companion.safetext`), loaded when first needed."""
    from companion.safetext import clean

    return clean(text)


def _cells(text: str) -> int:
    """Terminal cells: East Asian wide and full-width characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


_SECTION_HEADING = r"(?m)^(\S[^\n]*[\u3400-\u9fff][^\n]*?):$"  # (compiled by re when help is shown, not at start)
_NO_LINE_START = set("，。、；：！？）」』》〉】")  # Chinese punctuation never starts a line


def _wrap_cells(text: str, width: int) -> list[str]:
    """Wrap at spaces, or between any two Chinese characters, so that no line exceeds ``width`` cells."""
    tokens = re.findall(r"\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
                        r"|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+", text)
    lines, line = [], ""
    for token in tokens:
        if token.isspace():
            if line:
                line += " "
            continue
        if line and _cells(line) + _cells(token) > width and token not in _NO_LINE_START:
            lines.append(line.rstrip())
            line = ""
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


class HelpFormatter(argparse.HelpFormatter):
    """argparse measures text with ``len()``; Chinese needs terminal cells (two per character)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return _wrap_cells(self._whitespace_matcher.sub(" ", text).strip(), width)

    def format_help(self) -> str:
        # argparse ends each section heading with its own ASCII colon; a Chinese heading takes the
        # full-width one («選項：»), as Chinese punctuation does.
        return re.sub(_SECTION_HEADING, "\\1：", super().format_help())

    def _format_usage(self, usage, actions, groups, prefix):
        text = super()._format_usage(usage, actions, groups, prefix)
        shown = prefix if prefix is not None else argparse._("usage: ")  # type: ignore[attr-defined]
        extra = _cells(shown) - len(shown)
        if extra <= 0:
            return text
        lines = text.split("\n")
        return "\n".join([lines[0]] + [(" " * extra + line) if line.startswith(" ") else line for line in lines[1:]])


class Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # argparse's own errors: exit 2 with a translated message
        self.print_usage(sys.stderr)
        # The message quotes the arguments as typed: cleaned, like every text from outside.
        self.exit(EXIT_USAGE, _("{prog}: error: {message}", prog=self.prog, message=clean(message)) + "\n")


def _lang_from_argv(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _add_tui(sub, common: Parser) -> None:
    tui = sub.add_parser("tui", parents=[common], help=_("start the referee assistant (the default)"))
    opening = tui.add_mutually_exclusive_group()
    opening.add_argument("--resume", metavar=_("FILE"), help=_("continue the game in this journal"))
    opening.add_argument("--follow", metavar=_("FILE"),
                         help=_("follow the game in this journal read-only, as another session plays it"))
    tui.add_argument("--catalog", metavar=_("FILE"),
                     help=_("the Death Valley card catalog to use (default: yours, in the configuration folder)"))


def _add_split(sub, common: Parser) -> None:
    split = sub.add_parser("split", parents=[common], help=_("check how gems are shared"),
                           description=_("Share piles of gems among players, card by card (the default) or pooled."))
    split.add_argument("piles", nargs="+", metavar="N", help=_("the gems on each card"))
    split.add_argument("--among", required=True, metavar="K", help=_("how many players share"))
    split.add_argument("--pooled", action="store_true", help=_("add the piles together before sharing"))
    split.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))


def _add_replay(sub, common: Parser) -> None:
    replay = sub.add_parser("replay", parents=[common], help=_("replay a journal and show where the game stands"))
    replay.add_argument("file", metavar=_("FILE"), help=_("the journal (JSON Lines)"))
    replay.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))


def _add_stones(sub, common: Parser) -> None:
    stones = sub.add_parser("stones", parents=[common], help=_("Shifting Stones tools"))
    stones_sub = stones.add_subparsers(dest="stones_command", metavar=_("COMMAND"), parser_class=Parser, required=True)
    hint = stones_sub.add_parser("hint", parents=[common], help=_("the cheapest way to score a card or a hand"))
    hint.add_argument("--grid", required=True, metavar="G",
                      help=_("the grid: three rows of three faces, rows separated by /"))
    group = hint.add_mutually_exclusive_group(required=True)
    group.add_argument("--pattern", metavar="P", help=_("one pattern to make match"))
    group.add_argument("--card", action="append", metavar=_("P=POINTS"),
                       help=_("a card in hand (repeat for 2 to 6 cards)"))
    hint.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))


def _add_games(sub, common: Parser) -> None:
    games = sub.add_parser("games", parents=[common], help=_("list the games and their presets"),
                           description=_("Every game and its presets: names, players, "
                                         "and what a journal header records."))
    games.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))


def _add_export(sub, common: Parser) -> None:
    from companion.games import ids as game_ids
    from companion.printing import KINDS as EXPORT_KINDS

    export = sub.add_parser("export", parents=[common],
                            help=_("print rule sheets, reference cards and score pads as PDF"))
    export.add_argument("--game", metavar="G", help=_("one game: {games}", games=" | ".join(game_ids())))
    export.add_argument("--kind", metavar="K", help=_("one kind: {kinds}; with --journal, bgstats",
                                                      kinds=" | ".join(EXPORT_KINDS)))
    export.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("paper size"))
    export.add_argument("--two-up", action="store_true",
                        help=_("with --kind scorepad: two A5 pads on each sheet, with cut marks between them"))
    export.add_argument("--out", metavar=_("DIR"), help=_("the folder for the PDFs (default: exports/)"))
    export.add_argument("--journal", metavar=_("FILE"),
                        help=_("the filled score sheet of this game's journal (with --kind bgstats: a BG Stats play)"))


def _add_rules(sub, common: Parser) -> None:
    from companion.games import ids as game_ids

    rules = sub.add_parser("rules", parents=[common], help=_("read or search the rules of a game"),
                           description=_("The sections of a game's rules, one section's text, or the sections "
                                         "matching a question written in any of the four languages."))
    rules.add_argument("game", metavar=_("GAME"), help=_("the game: {games}", games=" | ".join(game_ids())))
    shown = rules.add_mutually_exclusive_group()
    shown.add_argument("--search", metavar=_("TEXT"), help=_("the sections matching these words, best first"))
    shown.add_argument("--section", metavar="ID", help=_("print this section's text"))
    rules.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))


def _add_share(sub, common: Parser) -> None:
    share = sub.add_parser("share", parents=[common], help=_("show a game read-only on the players' phones"),
                           description=_("Serve a read-only live view of the game in FILE to web browsers. The "
                                         "first line printed is the address to open; stop with Ctrl+C."))
    share.add_argument("file", metavar=_("FILE"), help=_("the journal (JSON Lines)"))
    share.add_argument("--lan", action="store_true",
                       help=_("listen on this computer's local network address (default: this computer only)"))
    share.add_argument("--port", type=int, default=0, metavar="P", help=_("the port (default: any free port)"))


def _add_history(sub, common: Parser) -> None:
    from companion.games import ids as game_ids

    history = sub.add_parser("history", parents=[common], help=_("the history of the table: plays, wins, best games"),
                             description=_("Every saved game, finished or not: plays per game and edition, wins "
                                           "and average score per player, the best and the closest games, and "
                                           "how long games took. Journals that cannot be read are listed."))
    history.add_argument("--json", action="store_true", help=_("print JSON instead of sentences"))
    history.add_argument("--game", metavar="G", help=_("one game: {games}", games=" | ".join(game_ids())))
    history.add_argument("--csv", metavar=_("FILE"),
                         help=_("also write one row per player of each game to this CSV file"))
    history.add_argument("--folder", metavar=_("DIR"),
                         help=_("the folder of journals (default: where the referee assistant saves games)"))


# The commands, in the order the help lists them.
_COMMANDS = {"tui": _add_tui, "split": _add_split, "replay": _add_replay, "stones": _add_stones, "games": _add_games,
             "export": _add_export, "rules": _add_rules, "share": _add_share, "history": _add_history}


def _only_command(argv: Sequence[str]) -> str | None:
    """``"tui"`` when ``argv`` starts the referee assistant (``tui`` or no command, after any ``--lang``):
    its parser alone then reads it exactly as the whole one would.  ``None`` otherwise (the whole
    parser: another command, the help that lists them all, the version, a command misspelt)."""
    words = list(argv)
    while words and (words[0] == "--lang" or words[0].startswith("--lang=")):
        del words[:2 if words[0] == "--lang" else 1]
    return "tui" if not words or words[0] == "tui" else None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, a parser that knows that one command alone (the same
    options, help and errors for it): ``companion tui`` does not build, nor import what describes, the
    nine others at each start (see :func:`_run`)."""
    lang_help = _("language: {choices} (default: COMPANION_LANG, then the system's)", choices=", ".join(LOCALES))
    common = Parser(add_help=False)
    common.add_argument("--lang", metavar="L", help=lang_help)

    parser = Parser(prog="companion", parents=[common],
                    description=_("A referee assistant, rules companion and print shop for Diamant, Shifting Stones "
                                  "and Death Valley."))
    parser.add_argument("--version", action="version", version=f"companion {__version__}",
                        help=_("show the version and exit"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser)
    for name, add in _COMMANDS.items():
        if only in (None, name):
            add(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its language holds for this call only (a later call or test starts afresh)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        locale = negotiate(_lang_from_argv(argv))
    except UsageError as exc:
        with use_language("en"):
            print(describe_error(exc), file=sys.stderr)
        return EXIT_USAGE
    with use_language(locale):
        return _run(argv)


def _run(argv: list[str]) -> int:
    from companion import _argparse_i18n

    _argparse_i18n.install()
    parser = build_parser(_only_command(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits on --help, --version and usage errors
        return int(exc.code or 0)
    command = args.command or "tui"
    if command == "stones":
        command = f"stones_{args.stones_command}"
    try:
        module = importlib.import_module(f"companion.commands.{command}")
        return module.run(args)
    except (JournalError, RulesetError) as exc:
        print(describe_error(exc), file=sys.stderr)
        return EXIT_INVALID
    except CompanionError as exc:
        print(describe_error(exc), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # a file the command needed (the path is cleaned: it may come from a journal)
        if isinstance(exc, BrokenPipeError):
            return _broken_pipe()
        reason = clean(exc.strerror or str(exc))
        if exc.filename is not None:
            print(_("The file {path} cannot be used: {reason}.", path=clean(exc.filename), reason=reason),
                  file=sys.stderr)
        else:
            print(_("A file cannot be used: {reason}.", reason=reason), file=sys.stderr)
        return EXIT_INVALID
    except (RecursionError, MemoryError):  # a last fence: the loaders bound sizes and nesting themselves
        print(_("A file is too large or nested too deeply to be read; nothing was changed."), file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130


def _broken_pipe() -> int:
    """The reader of our output went away (``companion replay x | head``): not an error."""
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass
    return EXIT_OK
