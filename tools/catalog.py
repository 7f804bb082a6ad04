"""Keep the message catalogs in step with the code.

    python tools/catalog.py sync            extract locales/companion.pot, update the four .po files
    python tools/catalog.py missing [-o F]  JSON of messages lacking a translation, per locale
    python tools/catalog.py fill FILE.json  sync, then write translations from FILE into the .po files
    python tools/catalog.py check           list untranslated, fuzzy and placeholder problems (exit 1)

FILE.json maps a msgid to its translations::

    {"Each gets {each}.": {"fa": "...", "zh_Hant": "...", "zh_Hans": "..."},
     "{n} gem": {"plural": "{n} gems", "fa": ["...", "..."], "zh_Hant": ["..."], "zh_Hans": ["..."]}}

Every command holds ``.catalog.lock`` so that several people (or agents) can run it at once.
English ``msgstr`` are filled with the source text by ``sync``.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po, write_po  # noqa: E402

from companion.fsutil import atomic_write  # noqa: E402
from companion.i18n import DOMAIN, LOCALES  # noqa: E402

LOCALE_DIR = ROOT / "locales"
POT = LOCALE_DIR / f"{DOMAIN}.pot"


@contextmanager
def locked():
    LOCALE_DIR.mkdir(exist_ok=True)
    with open(ROOT / ".catalog.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path, locale: str | None = None):
    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def _write(path: Path, catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    import io

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True, include_previous=False)
    data = buffer.getvalue()
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(data):
        return  # unchanged: keep the file (and its modification time) as it is
    atomic_write(path, data)


def _without_dates(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def _sync() -> None:
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "pyproject.toml",
         "-k", "N_plural:1,2", "--no-location", "--sort-output", "--omit-header", "--project", "companion",
         "-o", str(POT), "companion/"],
        cwd=ROOT, check=True)
    from babel.messages.catalog import Catalog

    for locale in LOCALES:
        template = _read(POT)  # afresh each time: Catalog.update shares Message objects with it
        path = po_path(locale)
        if path.exists():
            catalog = _read(path, locale)
        else:
            catalog = Catalog(locale=locale, domain=DOMAIN, project="companion", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        if locale == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                    message.flags.discard("fuzzy")
        _write(path, catalog)


def cmd_sync() -> int:
    with locked():
        _sync()
    return 0


def missing() -> dict[str, list]:
    result: dict[str, list] = {}
    for locale in LOCALES:
        catalog = _read(po_path(locale), locale)
        todo = []
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy or not all(strings):
                todo.append(message.id if isinstance(message.id, str) else list(message.id))
        result[locale] = todo
    return result


def cmd_missing(argv: list[str]) -> int:
    with locked():
        _sync()
        data = missing()
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if argv[:1] == ["-o"]:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_fill(argv: list[str]) -> int:
    data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    with locked():
        _sync()
        unknown = []
        for locale in LOCALES:
            if locale == "en":
                continue
            path = po_path(locale)
            catalog = _read(path, locale)
            for msgid, entry in data.items():
                key = (msgid, entry["plural"]) if "plural" in entry else msgid
                message = catalog.get(key)
                if message is None:
                    if locale == "fa":
                        unknown.append(msgid)
                    continue
                if locale in entry:
                    value = entry[locale]
                    message.string = tuple(value) if isinstance(value, list) else value
                    message.flags.discard("fuzzy")
            _write(path, catalog)
    for msgid in unknown:
        print(f"not in the code (skipped): {msgid!r}", file=sys.stderr)
    return 0


def cmd_check() -> int:
    from companion.i18n import catalog_problems

    problems = catalog_problems()
    for line in problems:
        print(line)
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "sync":
        return cmd_sync()
    if command == "missing":
        return cmd_missing(rest)
    if command == "fill":
        return cmd_fill(rest)
    if command == "check":
        return cmd_check()
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
