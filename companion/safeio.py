"""Reading a data file that a journal header, a setting or a folder names: a file, small, or a message.

A header's ``"ruleset"`` (or ``"catalog"``) is a path anyone can write.  Read naively, ``/dev/zero``
fills the memory, a FIFO blocks for ever, a NUL byte raises ``ValueError`` and a 5,000-deep TOML
file raises ``RecursionError``.  Here:

* :func:`read_data_file` accepts only a *regular* file (checked with ``stat`` before opening, so no
  device is ever opened, and again with ``fstat`` on what was opened, with ``O_NONBLOCK`` so that a
  FIFO swapped in between cannot block) of at most ``limit`` bytes, and reads at most ``limit + 1``.
  Symbolic links are followed: the checks are made on the file they lead to.
* :func:`load_toml_file` / :func:`loads_toml` also refuse nesting deeper than ``max_depth`` (arrays,
  inline tables and dotted keys), before :mod:`tomllib` parses and after, and accept a UTF-8 BOM.
* :func:`resolve` turns a relative name into a path from a given folder (the journal's folder for
  the paths in a header, the configuration folder for a setting).

Every refusal is a :class:`~companion.errors.RulesetError` with the caller's code (``what``, e.g.
``ruleset_unreadable``: "The rules file {path} cannot be read: {reason}.") naming the file, and a
translated ``reason``; the file is never written.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion import fsutil
from companion.errors import RulesetError
from companion.i18n import N_

KB = 1024
DATA_LIMIT = 256 * KB      # a ruleset, catalog, library or presets file (the shipped ones are ~2 KB)
CONTENT_LIMIT = 1024 * KB  # a rules text (the longest shipped one is ~30 KB)
MAX_DEPTH = 32

NOT_FOUND = N_("the file does not exist")
NUL_IN_NAME = N_("the file name contains a NUL character")
NOT_REGULAR = N_("it is not an ordinary file (it is a folder, a device or a pipe)")
TOO_LARGE = N_("it is too large ({size_kb} KB; at most {most_kb} KB)")
TOO_DEEP = N_("it is nested too deeply (at most {most_depth} levels of lists and tables)")
NOT_UTF8 = N_("the text is not valid UTF-8")


def resolve(name: str | os.PathLike[str], base: str | os.PathLike[str] | None = None) -> Path:
    """``name`` as a path: ``~`` expanded, and a relative one taken from ``base`` (when given)."""
    path = Path(name)
    if "\0" not in os.fspath(path):
        path = path.expanduser()
    if base is not None and not path.is_absolute():
        path = Path(base) / path
    return path


def _refuse(what: str, shown: str, reason: str, **params: Any) -> RulesetError:
    return RulesetError(what, path=shown, reason=reason, **params)


def read_data_file(path: str | os.PathLike[str], *, limit: int = DATA_LIMIT, what: str = "ruleset_unreadable",
                   shown: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), or ``RulesetError(what, path, reason)``.

    ``shown`` is how messages name the file (default: ``path`` as given).
    """
    name = os.fspath(path)
    shown = name if shown is None else shown
    if "\0" in name:
        raise _refuse(what, shown, NUL_IN_NAME)
    try:
        return fsutil.read_regular(name, limit)
    except fsutil.NotRegularFile:
        raise _refuse(what, shown, NOT_REGULAR) from None
    except fsutil.FileTooLarge as exc:
        raise _too_large(what, shown, exc.size, limit) from None
    except FileNotFoundError:
        raise _refuse(what, shown, NOT_FOUND) from None
    except OSError as exc:
        raise _refuse(what, shown, exc.strerror or str(exc)) from None


def _too_large(what: str, shown: str, size: int, limit: int) -> RulesetError:
    return _refuse(what, shown, TOO_LARGE, size_kb=-(-size // KB), most_kb=limit // KB)


def read_text_file(path: str | os.PathLike[str], *, limit: int = DATA_LIMIT, what: str = "ruleset_unreadable",
                   bad: str | None = None, shown: str | None = None) -> str:
    """:func:`read_data_file` decoded as UTF-8 (a BOM is dropped); bad UTF-8 is ``RulesetError(bad or what)``."""
    shown = os.fspath(path) if shown is None else shown
    data = read_data_file(path, limit=limit, what=what, shown=shown)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refuse(bad or what, shown, NOT_UTF8) from None


# -- TOML ------------------------------------------------------------------------------------------
# What can hold a bracket that is not one: strings (four kinds) and comments.  Anything else that
# matches is a bracket or a brace.
_TOML_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'''.*?'''"
    r'|"(?:[^"\\\n]|\\.)*"?'
    r"|'[^'\n]*'?"
    r"|#[^\n]*"
    r"|[\[\]{}]", re.S)


def toml_depth(text: str, stop: int | None = None) -> int:
    """How deeply the lists and inline tables of ``text`` nest (table headers count one or two);
    counting stops as soon as ``stop`` is passed."""
    if text.count("[") + text.count("{") <= (stop or 0):
        return 0
    depth = deepest = 0
    for match in _TOML_TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop is not None and deepest > stop:
                    break
        elif token in ("]", "}"):
            depth = max(0, depth - 1)
    return deepest


def data_depth(value: Any, stop: int | None = None) -> int:
    """How deeply lists and tables nest in parsed data (without recursion)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if stop is not None and deepest > stop:
                return deepest
        todo.extend((child, depth) for child in children)
    return deepest


def loads_toml(text: str, *, shown: str, max_depth: int = MAX_DEPTH, bad: str = "ruleset_bad_toml") -> dict[str, Any]:
    """``tomllib.loads(text)``, refusing nesting deeper than ``max_depth``; errors are ``RulesetError(bad)``."""
    if toml_depth(text, stop=max_depth) > max_depth:
        raise _refuse(bad, shown, TOO_DEEP, most_depth=max_depth)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _refuse(bad, shown, str(exc)) from None
    except RecursionError:
        raise _refuse(bad, shown, TOO_DEEP, most_depth=max_depth) from None
    if data_depth(data, stop=max_depth) > max_depth:  # dotted keys nest without brackets
        raise _refuse(bad, shown, TOO_DEEP, most_depth=max_depth)
    return data


def load_toml_file(path: str | os.PathLike[str], *, limit: int = DATA_LIMIT, max_depth: int = MAX_DEPTH,
                   what: str = "ruleset_unreadable", bad: str = "ruleset_bad_toml",
                   shown: str | None = None) -> dict[str, Any]:
    """The TOML table in the regular file ``path``: at most ``limit`` bytes, ``max_depth`` levels."""
    shown = os.fspath(path) if shown is None else shown
    text = read_text_file(path, limit=limit, what=what, bad=bad, shown=shown)
    return loads_toml(text, shown=shown, max_depth=max_depth, bad=bad)
