"""Rules content: load the rules and quick-reference cards, fill their numbers, render them safely.

The files live in ``rules_content/<game>/`` (format: ``rules_content/README.md``)::

    doc = load_document(game_id, "fa", "rules")     # Document: title, sections, markdown, fallback ...
    html = render_html(doc)                          # an HTML fragment, never raw HTML from the source
    md = safe_markdown()                             # the parser both use (for other renderers)

``doc.markdown`` is plain CommonMark + tables (front matter removed, ``{{ex.*}}`` numbers filled in the
locale's digits, heading ``{#id}`` attributes removed) for any Markdown viewer, e.g. Textual's widget;
it keeps lines of block attributes (``{.grid}`` above a table that pictures the Shifting Stones grid,
which reads left to right in every language), so a viewer parses it with ``attrs_block_plugin``
(:func:`companion.tui.widgets.rtl_markdown.plain_parser` does).  ``doc.source`` is the same text with
the heading ids kept, for ``safe_markdown()``.
A missing translation falls back to English and says so in a translated note at the top.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin, attrs_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from companion.errors import RulesetError, UsageError
from companion.games import ids as game_ids
from companion.i18n import LANG_TAGS, LOCALES, N_, translator
from companion.paths import data_dir
from companion.safeio import CONTENT_LIMIT, loads_toml, read_text_file

KINDS: tuple[str, ...] = ("rules", "card")
FALLBACK_LOCALE = "en"
REQUIRED_KEYS = ("title", "game", "locale", "kind", "version")
_LIST_SEPARATORS = {"fa": "، ", "zh_Hant": "、", "zh_Hans": "、"}

_FRONT = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.S)
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_.\-]+)\s*\}\}")
_HEADING_ATTRS = re.compile(r"\s*\{((?:\s*[#.][A-Za-z0-9_\-]+)+)\s*\}\s*$")
_ID = re.compile(r"^[a-z0-9][a-z0-9\-]*$")

# Source-level clean-up for doc.markdown (the HTML renderer enforces the same on tokens).
_IMAGE_MD = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK_MD = re.compile(r"(?<!!)\[([^\]]*)\]\((?!#)[^)]*\)")
_AUTOLINK_MD = re.compile(r"<((?:[a-zA-Z][a-zA-Z0-9+.\-]{1,31}:|www\.)[^<>\s]*)>")
_REFDEF_MD = re.compile(r"^ {0,3}\[[^\]]+\]:\s*\S.*$", re.M)

FALLBACK_NOTE = N_("This text has not been translated into your language yet, so it is shown in English.")


@dataclass(frozen=True)
class Section:
    id: str
    level: int
    title: str


@dataclass(frozen=True)
class Document:
    game: str
    locale: str            # the locale asked for
    kind: str
    title: str
    version: int
    sections: tuple[Section, ...]
    markdown: str          # clean Markdown for any viewer (no front matter, no heading {#id})
    source: str            # the same with heading {#id} attributes, for safe_markdown()
    fallback: bool = False  # True when the text is the English one standing in for `locale`
    note: str = ""         # the translated fallback note ("" when not a fallback)
    text_locale: str = ""  # the locale the text is written in (``en`` on fallback)
    warnings: tuple[str, ...] = ()
    path: Path | None = field(default=None, compare=False)

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)

    @property
    def direction(self) -> str:
        return "rtl" if self.text_locale == "fa" else "ltr"

    @property
    def lang(self) -> str:
        """The BCP 47 tag of the text (for ``<html lang>``)."""
        return LANG_TAGS[self.text_locale]


@dataclass(frozen=True)
class DocumentRef:
    game: str
    kind: str
    locale: str
    path: Path


# -- files -----------------------------------------------------------------------------------------
def content_root() -> Path:
    return data_dir("rules_content")


def document_path(game: str, locale: str, kind: str) -> Path:
    return content_root() / game / f"{kind}.{locale}.md"


def list_documents() -> list[DocumentRef]:
    """Every rules/card file present, in game, kind, locale order."""
    found = []
    for game in game_ids():
        for kind in KINDS:
            for locale in LOCALES:
                path = document_path(game, locale, kind)
                if path.is_file():
                    found.append(DocumentRef(game, kind, locale, path))
    return found


def _check_request(game: str, locale: str, kind: str) -> None:
    if locale not in LOCALES:
        raise UsageError("unknown_language", language=locale, choices=" ".join(LOCALES))
    if game not in game_ids() or kind not in KINDS:
        raise UsageError("content_unknown_document", game=game, kind=kind,
                         games=" ".join(game_ids()), kinds=" ".join(KINDS))


def parse_front_matter(text: str, path: Path | str = "") -> tuple[dict[str, Any], str]:
    """Split a content file into its TOML front matter and its body."""
    match = _FRONT.match(text)
    if not match:
        raise RulesetError("content_no_front_matter", path=str(path))
    meta = loads_toml(match.group(1), shown=str(path), bad="content_bad_front_matter")
    for key in REQUIRED_KEYS:
        if key not in meta:
            raise RulesetError("content_bad_front_matter", path=str(path), reason=N_("“{key}” is missing"), key=key)
    if not isinstance(meta["version"], int) or isinstance(meta["version"], bool):
        raise RulesetError("content_bad_front_matter", path=str(path), reason=N_("the version must be a whole number"))
    return meta, text[match.end():]


# -- examples and glossary -------------------------------------------------------------------------
@dataclass(frozen=True)
class Expected:
    name: str
    value: Any
    path: str | None = None   # None: a plain given, not checked against the engine
    after: int | None = None  # None: after the last event


@dataclass(frozen=True)
class Example:
    id: str
    journal: str
    values: dict[str, Expected]


@cache
def load_examples(game: str) -> dict[str, Example]:
    """The worked examples of ``game`` (empty when it has no ``examples.toml``)."""
    path = content_root() / game / "examples.toml"
    if not path.is_file():
        return {}
    data = _load_toml(path)
    examples = {}
    for ex_id, table in data.items():
        if not isinstance(table, dict) or not isinstance(table.get("journal"), str):
            raise RulesetError("ruleset_missing_setting", path=str(path), setting=f"{ex_id}.journal")
        values = {}
        for name, spec in table.items():
            if name == "journal" or name == "title":
                continue
            if not isinstance(spec, dict) or "value" not in spec:
                raise RulesetError("ruleset_bad_setting", path=str(path), setting=f"{ex_id}.{name}",
                                   expected="{ value = ..., path = ..., after = ... }")
            values[name] = Expected(name, spec["value"], spec.get("path"), spec.get("after"))
        examples[ex_id] = Example(ex_id, table["journal"], values)
    return examples


@cache
def load_glossary(game: str) -> dict[str, Any]:
    """The raw glossary of ``game``: ``{concept: {"en": ..., "fa": ..., "avoid": {...}, ...}}``."""
    path = content_root() / game / "glossary.toml"
    if not path.is_file():
        return {}
    return _load_toml(path)


def _load_toml(path: Path) -> dict[str, Any]:
    """A content TOML file: regular, bounded in size and nesting (:mod:`companion.safeio`)."""
    text = read_text_file(path, limit=CONTENT_LIMIT, what="ruleset_unreadable", bad="ruleset_bad_toml")
    return loads_toml(text, shown=str(path), bad="ruleset_bad_toml")


def glossary(game: str, locale: str) -> dict[str, str]:
    """``{concept: term}`` in ``locale`` (English where a term lacks a translation)."""
    return {concept: entry.get(locale) or entry.get(FALLBACK_LOCALE, concept)
            for concept, entry in load_glossary(game).items() if isinstance(entry, dict)}


# -- placeholders ----------------------------------------------------------------------------------
def format_value(value: Any, locale: str) -> str:
    """A value from the examples as the locale writes it (Persian digits in ``fa``)."""
    tr = translator(locale)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return tr.num(value)
    if isinstance(value, (list, tuple)):
        return _LIST_SEPARATORS.get(locale, ", ").join(format_value(v, locale) for v in value)
    return tr.digits(str(value))


def resolve(name: str, game: str) -> Any:
    """The value behind a placeholder name such as ``ex.per_card.leave_each`` (KeyError if none)."""
    parts = name.split(".")
    if len(parts) != 3 or parts[0] != "ex":
        raise KeyError(name)
    return load_examples(game)[parts[1]].values[parts[2]].value


def fill_placeholders(text: str, game: str, locale: str) -> tuple[str, list[str]]:
    """Replace every ``{{ex.id.name}}``; unknown ones stay as written and are reported."""
    missing: list[str] = []

    def sub(match: re.Match[str]) -> str:
        try:
            return format_value(resolve(match.group(1), game), locale)
        except KeyError:
            missing.append(match.group(1))
            return match.group(0)

    return _PLACEHOLDER.sub(sub, text), missing


def placeholders(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)


# -- the safe parser -------------------------------------------------------------------------------
def _heading_ids(state: StateCore) -> None:
    """``## Title {#id .class}`` -> ``<h2 id="id" class="class">Title</h2>`` (pandoc style)."""
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or i + 1 >= len(tokens):
            continue
        inline = tokens[i + 1]
        if inline.type != "inline" or not inline.children:
            continue
        last = inline.children[-1]
        if last.type != "text":
            continue
        match = _HEADING_ATTRS.search(last.content)
        if not match:
            continue
        last.content = last.content[: match.start()]
        inline.content = _HEADING_ATTRS.sub("", inline.content)
        classes = []
        for part in match.group(1).split():
            if part.startswith("#"):
                token.attrSet("id", part[1:])
            else:
                classes.append(part[1:])
        if classes:
            token.attrSet("class", " ".join(classes))


def _warn(state: StateCore, message: str) -> None:
    state.env.setdefault("warnings", []).append(message)


def _sanitize(state: StateCore) -> None:
    """Drop images, links that leave the document, and any raw HTML token; note each in env."""
    for token in state.tokens:
        if token.type in ("html_block", "html_inline"):
            _warn(state, f"raw HTML dropped: {token.content.strip()[:60]!r}")
            token.type, token.content, token.children = "text", "", None
        if token.children:
            token.children = _clean_inline(state, token.children)


def _clean_inline(state: StateCore, children: list[Token]) -> list[Token]:
    out: list[Token] = []
    dropping: list[bool] = []  # per open link: was it dropped?
    for child in children:
        if child.type == "image":
            _warn(state, f"image dropped: {str(child.attrGet('src'))[:80]!r}")
            alt = Token("text", "", 0)
            alt.content = child.content
            out.append(alt)
        elif child.type == "html_inline":
            _warn(state, f"raw HTML dropped: {child.content[:60]!r}")
        elif child.type == "link_open":
            href = str(child.attrGet("href") or "")
            bad = not href.startswith("#") or not _ID.match(href[1:])
            if bad:
                _warn(state, f"link dropped: {href[:80]!r}")
            dropping.append(bad)
            if not bad:
                out.append(child)
        elif child.type == "link_close":
            if not (dropping.pop() if dropping else True):
                out.append(child)
        else:
            out.append(child)
    return out


def safe_markdown() -> MarkdownIt:
    """The parser for all rules content: HTML off, tables, TOML front matter, ``{#id}``/``{.class}``
    attributes only (inline, and on a line of their own above a block), heading ids, and no image, raw
    HTML or link leaving the document (dropped, with a message appended to ``env["warnings"]``)."""
    md = MarkdownIt("js-default", {"html": False, "linkify": False, "typographer": False})
    md.use(front_matter_plugin)
    md.use(attrs_plugin, allowed=("id", "class"))
    md.use(attrs_block_plugin, allowed=("id", "class"))
    md.enable("table")
    md.core.ruler.push("heading_ids", _heading_ids)
    md.core.ruler.push("sanitize", _sanitize)
    return md


@cache
def _parser() -> MarkdownIt:
    return safe_markdown()


def render_html(doc: Document) -> str:
    """``doc`` as an HTML fragment (headings carry their ids).  Never emits raw HTML from the text."""
    return _parser().render(doc.source, {"warnings": []})


# -- loading ---------------------------------------------------------------------------------------
# Chinese: Markdown joins the lines of a paragraph with a space, right between English words and
# wrong between Chinese characters («完全相同。 Diamant», «家族， 彼此»).  The loader joins such lines
# itself, so every renderer (Textual's Markdown widget, the right-to-left layout, the HTML of the PDFs)
# gets the same text: no space where a line ends or the next begins with a CJK character or mark of
# punctuation on both sides; after full-width punctuation, none before Latin text either.
_CJK_CHARS = ("\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
              "\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff")
_CJK = re.compile(f"[{_CJK_CHARS}]")
_CJK_PUNCT = re.compile("[\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]")
_EMPHASIS = "*_~`"
_CONTINUATION_PREFIX = re.compile(r"^(?:[ \t]*>)*[ \t]*")


def _joins_without_space(before: str, after: str) -> bool:
    """Whether a line ending in ``before`` and the next starting with ``after`` join with no space."""
    bare_before, bare_after = before.rstrip(_EMPHASIS), after.lstrip(_EMPHASIS)
    last, first = bare_before[-1:], bare_after[:1]
    if not last or not first:
        return False
    # Emphasis closed right after punctuation (or opened right before it) needs the space to stay
    # emphasis (CommonMark's flanking rules): «**明牌：**» at a line end keeps its break.
    if (len(bare_before) < len(before) and _CJK_PUNCT.match(last)) or \
            (len(bare_after) < len(after) and _CJK_PUNCT.match(first)):
        return False
    if _CJK.match(last) and _CJK.match(first):
        return True
    return bool(_CJK_PUNCT.match(last) or _CJK_PUNCT.match(first)) and not (last.isspace() or first.isspace())


# «**明牌：** 高溫»: the space after the bold label is there because CommonMark closes emphasis after
# punctuation only before a space or punctuation; moving the mark of punctuation out of the emphasis
# lets the space go («**明牌**：高溫»).
_LABEL_SPACE = re.compile(r"(\*\*|__|\*)([^*_\n]*?[^\s*_])([\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f])\1[ \t]+(?=\S)")


def join_cjk_lines(body: str, tokens: Iterable[Token] | None = None) -> str:
    """``body`` with the soft line breaks of its paragraphs removed between CJK text (see above).

    Only lines inside one paragraph are joined (from the parser's line map), never across a hard
    break (two trailing spaces or a backslash), a list item, a heading or a table row."""
    if not _CJK.search(body):
        return body
    body = _LABEL_SPACE.sub(r"\1\2\1\3", body)
    if tokens is None:
        tokens = _parser().parse(body, {"warnings": []})
    lines = body.split("\n")
    join_after: set[int] = set()
    for token in tokens:
        if token.type != "paragraph_open" or not token.map:
            continue
        start, end = token.map
        for i in range(start, min(end, len(lines)) - 1):
            line, following = lines[i], lines[i + 1]
            if line.endswith(("  ", "\\", "\t")):
                continue
            rest = _CONTINUATION_PREFIX.sub("", following, count=1)
            if _joins_without_space(line.rstrip(), rest):
                join_after.add(i)
    if not join_after:
        return body
    out: list[str] = []
    joining = False
    for i, line in enumerate(lines):
        if joining:
            line = _CONTINUATION_PREFIX.sub("", line, count=1)
            out[-1] += line
        else:
            out.append(line)
        if i in join_after:
            out[-1] = out[-1].rstrip()
        joining = i in join_after
    return "\n".join(out)


def _strip_heading_attrs(body: str, tokens: Iterable[Token]) -> str:
    lines = body.split("\n")
    for token in tokens:
        if token.type == "heading_open" and token.map:
            start, _ = token.map
            lines[start] = _HEADING_ATTRS.sub("", lines[start])
    return "\n".join(lines)


def _clean_source(body: str) -> str:
    body = _IMAGE_MD.sub(r"\1", body)
    body = _LINK_MD.sub(r"\1", body)
    body = _AUTOLINK_MD.sub(r"\1", body)
    return _REFDEF_MD.sub("", body)


def _sections(tokens: list[Token]) -> tuple[Section, ...]:
    sections = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            sections.append(Section(str(token.attrGet("id") or ""), int(token.tag[1]), tokens[i + 1].content))
    return tuple(sections)


def load_document(game: str, locale: str, kind: str) -> Document:
    """The document ``kind`` (``rules`` or ``card``) of ``game`` in ``locale``, English if untranslated."""
    _check_request(game, locale, kind)
    path = document_path(game, locale, kind)
    text_locale = locale
    if not path.is_file():
        text_locale = FALLBACK_LOCALE
        path = document_path(game, FALLBACK_LOCALE, kind)
        if not path.is_file():
            raise RulesetError("content_missing", path=str(path))
    text = read_text_file(path, limit=CONTENT_LIMIT, what="ruleset_unreadable")
    meta, body = parse_front_matter(text, path)
    warnings: list[str] = []
    for key, want in (("game", game), ("kind", kind), ("locale", text_locale)):
        if meta[key] != want:
            warnings.append(f"front matter says {key} = {meta[key]!r}, expected {want!r}")
    body, missing = fill_placeholders(body, game, text_locale)
    warnings += [f"unresolved placeholder {{{{{name}}}}}" for name in missing]
    body = join_cjk_lines(body)
    env: dict[str, Any] = {"warnings": []}
    tokens = _parser().parse(body, env)
    warnings += env["warnings"]
    sections = _sections(tokens)
    for section in sections:
        if not _ID.match(section.id):
            warnings.append(f"heading without a valid id: {section.title!r}")
    markdown = _clean_source(_strip_heading_attrs(body, tokens))
    note = ""
    fallback = text_locale != locale
    if fallback:
        note = translator(locale).gettext(FALLBACK_NOTE)
        notice = f"> {note}\n\n"
        markdown, body = notice + markdown.lstrip("\n"), notice + body.lstrip("\n")
    return Document(game=game, locale=locale, kind=kind, title=str(meta["title"]), version=meta["version"],
                    sections=sections, markdown=markdown, source=body, fallback=fallback, note=note,
                    text_locale=text_locale, warnings=tuple(warnings), path=path)


# -- worked examples checked against the engines ---------------------------------------------------
def follow(root: Any, path: str) -> Any:
    """Follow ``a.b.0.c`` through mappings (keys), sequences (indexes) and objects (attributes)."""
    value = root
    for part in path.split("."):
        if isinstance(value, dict):
            value = value[part]
        elif isinstance(value, (list, tuple)):
            value = value[int(part)]
        elif hasattr(value, "__dataclass_fields__") or part in getattr(type(value), "__slots__", ()):
            value = getattr(value, part)  # a dataclass field, or a slot of a small value class (Split)
        else:
            raise KeyError(f"{part!r} in {path!r}")
    return value


def example_steps(game: str, example_id: str) -> Sequence[Any]:
    """The steps (event, state, outcome) of an example's journal, replayed through the engine."""
    from companion.journal import parse_journal
    from companion.session import replay

    journal = parse_journal(load_examples(game)[example_id].journal.strip().encode("utf-8") + b"\n")
    return replay(journal)[1]


def example_value(game: str, example_id: str, expected: Expected) -> Any:
    """What the engine says for ``expected.path`` after event ``expected.after`` (default: the last)."""
    from companion.games import get

    steps = example_steps(game, example_id)
    after = len(steps) if expected.after is None else expected.after
    if not 1 <= after <= len(steps):
        raise KeyError(f"{example_id}.{expected.name}: no event {after}")
    if expected.path is None:
        raise KeyError(f"{example_id}.{expected.name}: a plain given, not a value the engine computes")
    step = steps[after - 1]
    root, _, rest = expected.path.partition(".")
    base = {"event": step.event, "outcome": step.outcome, "summary": get(game).summary(step.state)}[root]
    value = follow(base, rest)
    return list(value) if isinstance(value, tuple) else value
