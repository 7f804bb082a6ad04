"""``companion rules GAME [--lang L] [--search TEXT | --section ID] [--json]``: read and search the rules.

Without options: the list of sections (id and title).  ``--section ID``: that section's Markdown (its
subsections included) in the language.  ``--search TEXT``: the sections matching a question in any of
the four languages, best first (title, id, score and a stretch of text with the matched words in
brackets).  ``--json``: ``[{"section": ID, "title": ..., "score": ...}]`` for a search, ``[{"section",
"title", "level"}]`` for the list, ``{"section", "title", "markdown"}`` for a section.

An unknown game is bad usage (exit 2); an unknown section exit 1.  A search reads the index from the
user cache (see :mod:`companion.rules_search`), so it parses no Markdown once the index is built.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from companion.i18n import _, current

if TYPE_CHECKING:
    from companion.rules_search import Index


def run(args: argparse.Namespace) -> int:
    from companion.rules_search import index_for

    tr = current()
    index = index_for(args.game)
    if args.section is not None:
        return _section(args, index)
    if args.search is not None:
        return _search(args, index)
    from companion.rules_search import title

    if args.json:
        print(json.dumps([{"section": sid, "title": title(index, sid, tr.locale), "level": level}
                          for sid, level in zip(index.ids, index.levels)], ensure_ascii=False))
        return 0
    from companion.safetext import clean

    for sid, level in zip(index.ids, index.levels):
        line = _("{section}: {title}", section=sid, title=clean(title(index, sid, tr.locale)))
        print("  " * max(0, level - 1) + line)
    return 0


def _search(args: argparse.Namespace, index: Index) -> int:
    from companion.rules_search import run_query, snippet
    from companion.safetext import clean

    tr = current()
    matches = run_query(index, args.search, tr.locale)
    if args.json:
        print(json.dumps([{"section": m.section, "title": m.title, "score": m.score} for m in matches],
                         ensure_ascii=False))
        return 0
    if not matches:
        print(_("No section of the rules matches “{query}”.", query=clean(args.search)))
        return 0
    for rank, match in enumerate(matches, 1):
        score = tr.digits(f"{match.score:.1f}")
        print(_("{rank}. {title} ({section}), score {score}", rank=rank, title=clean(match.title),
                section=match.section, score=score))
        _locale, pieces = snippet(index, match.section, match.terms, tr.locale)
        text = "".join(f"[{piece}]" if marked else piece for piece, marked in pieces)
        if text:
            print("   " + clean(text))
    return 0


def _section(args: argparse.Namespace, index: Index) -> int:
    import sys

    from companion.content import load_document
    from companion.rules_search import section_markdown, title
    from companion.safetext import clean

    tr = current()
    doc = load_document(args.game, tr.locale, "rules")
    markdown = section_markdown(doc.markdown, doc.sections, args.section)
    if markdown is None:
        print(_("The rules of {game} have no section “{section}”; the sections are: {choices}.",
                game=args.game, section=clean(args.section), choices=", ".join(index.ids)), file=sys.stderr)
        return 1
    if doc.fallback:
        print(doc.note, file=sys.stderr)
    if args.json:
        print(json.dumps({"section": args.section, "title": title(index, args.section, tr.locale),
                          "markdown": markdown}, ensure_ascii=False))
        return 0
    print(markdown, end="")
    return 0
