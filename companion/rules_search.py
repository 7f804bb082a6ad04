"""Search the rules of a game in any of the four languages (pure: no printing, no Textual).

>>> from companion.rules_search import search
>>> [m.section for m in search(GAME_ID, "snake", "fa")][:1]     # doctest: +SKIP
['draw']

(``GAME_ID``: any game of the registry.)

Every section of ``rules.<locale>.md`` (the same section id in each language) is one document made of
its text in all four locales, so a question in any language finds the section whichever language it is
shown in.  Terms:

* **Chinese** (no spaces): character bigrams, and single characters (a one-character query such as
  «蛇» looks for the character);
* **Persian and English**: words, case-folded; in Persian ي/ی and ك/ک unified, ZWNJ, tatweel and
  harakat dropped, Persian digits read as ASCII.  A query word also matches a word it starts with
  (``reli`` → ``relics``) and a word that starts it, a few letters shorter (``snakes`` → ``snake``,
  «مارها» → «مار»), both weighing a little less than the word itself;
* **glossary terms** (``rules_content/<game>/glossary.toml``): a query word or phrase that is a game
  term in any language also looks for that term in the other three (``snake`` ↔ «مار» ↔ 蛇).

Ranking is BM25 over sections, title words counting :data:`TITLE_WEIGHT` times.  Each query word (or
glossary concept) is one group whose best alternative counts, so a word does not weigh more for having
more spellings.

The index is built once per game and kept: in memory for the process, and as JSON in the user cache
(``…/companion/rules-index/``), keyed by the size and time of the content files, so a fresh
``companion rules --search`` reads it without parsing any Markdown.  A cache that cannot be read or
written only costs the build.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

LOCALES_INDEXED: tuple[str, ...] = ("en", "fa", "zh_Hant", "zh_Hans")
INDEX_VERSION = 2
TITLE_WEIGHT = 3
TITLE_BONUS = 2.0          # a term of the section's title adds this times its idf on top of BM25
K1, B = 1.2, 0.75
PREFIX_WEIGHT = 0.8        # the query word starts a longer word of the text
STEM_WEIGHT = 0.7          # a word of the text starts the query word (a plural, a suffix)
MIN_PREFIX = 3             # the shorter word of a prefix match has at least this many letters
MAX_SUFFIX = 4             # ... and a text word that starts the query word lacks at most this many
MAX_QUERY = 200            # characters of a query looked at
MAX_RESULTS = 20

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff"
_MARKS = "\u200c\u200d\u0640\u064b-\u065f\u0670"
_TOKEN = re.compile(f"(?P<han>[{_HAN}]+)|(?P<word>(?:(?![{_HAN}_])[\\w{_MARKS}])+)")
_PERSIAN = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک", "ۀ": "ه", "ة": "ه", "أ": "ا", "إ": "ا", "ٱ": "ا",
                          **{chr(0x06F0 + d): str(d) for d in range(10)},
                          **{chr(0x0660 + d): str(d) for d in range(10)}})
# Question words and particles a query may hold that say nothing of a section (kept when alone).
STOPWORDS = frozenset(
    "a an the of to in on at is are was be it its and or not no what when where why how who which do does did "
    "happen happens can could should if then for with this that these there my our we i you".split()
    + "و در به از که را با این آن است یک برای هر تا یا چه چی چطور چگونه کی کجا وقتی اگر می آیا".split()
    + ["什么", "怎么", "怎样", "什麼", "怎麼", "怎樣", "如果", "的时", "的時"])
_DROP = re.compile(f"[{_MARKS}]")
_ATTRS_LINE = re.compile(r"^\{[.#][^{}]*\}$")  # a block attribute line ({.grid}): not text


# -- terms -----------------------------------------------------------------------------------------
def normalize_word(word: str) -> str:
    """A word as the index keeps it: NFKC, case-folded, Persian letters unified, ZWNJ and marks dropped."""
    word = unicodedata.normalize("NFKC", word).casefold().translate(_PERSIAN)
    return _DROP.sub("", word)


def _han_terms(run: str, single: bool) -> list[str]:
    if len(run) == 1:
        return [run]
    grams = [run[i:i + 2] for i in range(len(run) - 1)]
    return grams + list(run) if single else grams


def tokens(text: str) -> list[tuple[str, int, int, str]]:
    """``(kind, start, end, normalized)`` for every word and Chinese run of ``text`` (kind ``word``/``han``)."""
    out = []
    for match in _TOKEN.finditer(text):
        kind = "han" if match.group("han") else "word"
        norm = match.group(0) if kind == "han" else normalize_word(match.group(0))
        if norm:
            out.append((kind, match.start(), match.end(), norm))
    return out


def terms(text: str, *, single: bool = True) -> list[str]:
    """The index terms of ``text``: words, and Chinese bigrams (and single characters when ``single``)."""
    out: list[str] = []
    for kind, _start, _end, norm in tokens(text):
        out.extend(_han_terms(norm, single) if kind == "han" else [norm])
    return out


def query_terms(text: str) -> list[str]:
    """The terms a query looks for: words; Chinese as bigrams (a one-character run as itself)."""
    seen: dict[str, None] = {}
    for term in terms(text[:MAX_QUERY], single=False):
        seen.setdefault(term, None)
    return list(seen)


# -- the index -------------------------------------------------------------------------------------
class SectionText(NamedTuple):
    id: str
    level: int
    title: str
    text: str          # the section's own text, plain (no Markdown marks), its subsections excluded


class Index:
    """The terms of a game's rules, section by section (a plain class: ``dataclasses`` costs a fresh
    ``companion rules`` call more than reading the whole index)."""

    def __init__(self, game: str, ids: list[str], levels: list[int], titles: dict[str, dict[str, str]],
                 texts: dict[str, dict[str, str]], postings: dict[str, dict[int, float]], lengths: list[float],
                 glossary: list[list[str]], in_titles: dict[str, list[int]] | None = None) -> None:
        self.game = game
        self.ids = ids                  # section ids, in the English order
        self.levels = levels
        self.titles = titles            # locale -> id -> title
        self.texts = texts              # locale -> id -> plain text (for snippets)
        self.postings = postings        # term -> section number -> weighted frequency
        self.lengths = lengths
        self.glossary = glossary        # one list of phrases (normalized) per concept
        self.in_titles = in_titles or {}  # term -> sections with it in a title
        self.vocabulary = sorted(postings)  # (prefix look-ups)
        self.average = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0

    def to_json(self) -> dict[str, Any]:
        return {"version": INDEX_VERSION, "game": self.game, "ids": self.ids, "levels": self.levels,
                "titles": self.titles, "texts": self.texts, "lengths": self.lengths, "glossary": self.glossary,
                "in_titles": self.in_titles,
                "postings": {t: [[n, f] for n, f in p.items()] for t, p in self.postings.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Index:
        if data.get("version") != INDEX_VERSION:
            raise ValueError("index version")
        postings = {str(t): {int(n): float(f) for n, f in p} for t, p in data["postings"].items()}
        return cls(str(data["game"]), [str(i) for i in data["ids"]], [int(n) for n in data["levels"]],
                   data["titles"], data["texts"], postings, [float(n) for n in data["lengths"]],
                   [[str(p) for p in c] for c in data["glossary"]],
                   {str(t): [int(n) for n in ns] for t, ns in data["in_titles"].items()})


def build_index(game: str, documents: Mapping[str, Sequence[SectionText]],
                concepts: Iterable[Iterable[object]] = ()) -> Index:
    """An index of ``documents`` (``{locale: [SectionText, ...]}``); ``concepts``: each glossary
    concept's terms in every language.  Section ids missing from a language are still found in the others."""
    ids: list[str] = []
    levels: dict[str, int] = {}
    for locale in sorted(documents, key=lambda loc: LOCALES_INDEXED.index(loc) if loc in LOCALES_INDEXED else 9):
        for section in documents[locale]:
            if section.id not in levels:
                ids.append(section.id)
                levels[section.id] = section.level
    number = {sid: n for n, sid in enumerate(ids)}
    postings: dict[str, dict[int, float]] = {}
    lengths = [0.0] * len(ids)
    titles: dict[str, dict[str, str]] = {}
    texts: dict[str, dict[str, str]] = {}
    for locale, sections in documents.items():
        titles[locale] = {s.id: s.title for s in sections}
        texts[locale] = {s.id: s.text for s in sections}
        for section in sections:
            n = number[section.id]
            for weight, text in ((TITLE_WEIGHT, section.title), (1, section.text)):
                for term in terms(text):
                    slot = postings.setdefault(term, {})
                    slot[n] = slot.get(n, 0.0) + weight
                    lengths[n] += weight
    in_titles: dict[str, list[int]] = {}
    for sections in documents.values():
        for section in sections:
            for term in set(terms(section.title)):
                if number[section.id] not in in_titles.setdefault(term, []):
                    in_titles[term].append(number[section.id])
    glossary = []
    for concept in concepts:
        phrases = sorted({" ".join(query_terms(term)) for term in concept if isinstance(term, str)} - {""})
        if phrases:
            glossary.append(phrases)
    return Index(game, ids, [levels[i] for i in ids], titles, texts, postings, lengths, glossary, in_titles)


# -- matching --------------------------------------------------------------------------------------
def _variants(index: Index, term: str) -> dict[str, float]:
    """The index terms ``term`` matches, with their weight (1 for the term itself)."""
    found: dict[str, float] = {}
    if term in index.postings:
        found[term] = 1.0
    if _is_han(term) or len(term) < MIN_PREFIX:
        return found
    import bisect

    vocabulary = index.vocabulary
    at = bisect.bisect_left(vocabulary, term)
    while at < len(vocabulary) and vocabulary[at].startswith(term):
        if vocabulary[at] != term:
            found.setdefault(vocabulary[at], PREFIX_WEIGHT)
        at += 1
    for cut in range(max(MIN_PREFIX, len(term) - MAX_SUFFIX), len(term)):
        stem = term[:cut]
        if stem in index.postings:
            found.setdefault(stem, STEM_WEIGHT)
    return found


def _is_han(term: str) -> bool:
    return bool(term) and bool(re.match(f"[{_HAN}]", term))


def _phrase_in(phrase: list[str], words: list[str]) -> bool:
    """Whether the normalized ``phrase`` occurs in the query ``words`` (a word matching as
    :func:`_variants` allows: «مارها» holds «مار»)."""
    if not phrase or len(phrase) > len(words):
        return False
    for start in range(len(words) - len(phrase) + 1):
        if all(_word_matches(p, w) for p, w in zip(phrase, words[start:start + len(phrase)])):
            return True
    return False


def _word_matches(term: str, word: str) -> bool:
    if term == word:
        return True
    if _is_han(term) or _is_han(word) or len(term) < MIN_PREFIX:
        return False
    return word.startswith(term) and len(word) - len(term) <= MAX_SUFFIX


def _groups(index: Index, query: str) -> list[list[list[str]]]:
    """The query as groups of alternatives, each alternative a phrase (a list of terms)."""
    words = query_terms(query)
    plain = [word for word in words if word not in STOPWORDS] or words
    groups: list[list[list[str]]] = [[[word]] for word in plain]
    han_runs = [norm for kind, _s, _e, norm in tokens(query[:MAX_QUERY]) if kind == "han"]
    for concept in index.glossary:
        hit = False
        for phrase in concept:
            parts = phrase.split()
            if parts and _is_han(parts[0]):
                hit = any(_han_phrase(phrase) in run for run in han_runs)
            else:
                hit = _phrase_in(parts, words)
            if hit:
                break
        if hit:
            groups.append([p.split() for p in concept])
    return groups


def _han_phrase(phrase: str) -> str:
    """A normalized Chinese glossary phrase (its bigrams joined by spaces) back to its characters."""
    parts = phrase.split()
    if len(parts) == 1:
        return parts[0]
    return parts[0] + "".join(p[-1] for p in parts[1:])


class Match(NamedTuple):
    section: str
    title: str               # in the display language (English, or any, when it lacks the section)
    score: float
    terms: tuple[str, ...]   # the index terms that matched in this section (for highlighting)


def _bm25(index: Index, term: str, n: int) -> float:
    posting = index.postings.get(term)
    if not posting or n not in posting:
        return 0.0
    total = len(index.ids)
    df = len(posting)
    idf = math.log(1 + (total - df + 0.5) / (df + 0.5))
    tf = posting[n]
    bonus = TITLE_BONUS * idf if n in index.in_titles.get(term, ()) else 0.0
    return bonus + idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * index.lengths[n] / index.average))


def run_query(index: Index, query: str, locale: str = "en", limit: int = MAX_RESULTS) -> list[Match]:
    """The sections of ``index`` matching ``query``, best first (ties in document order)."""
    if not query.strip():
        return []
    groups = _groups(index, query)
    scores: dict[int, float] = {}
    matched: dict[int, dict[str, None]] = {}
    for group in groups:
        best: dict[int, float] = {}
        for phrase in group:
            per_section: dict[int, float] = {}
            for term in phrase:
                for variant, weight in _variants(index, term).items():
                    for n in index.postings[variant]:
                        per_section[n] = per_section.get(n, 0.0) + weight * _bm25(index, variant, n)
                        matched.setdefault(n, {}).setdefault(variant, None)  # every spelling is marked
            for n, score in per_section.items():
                best[n] = max(best.get(n, 0.0), score)
        for n, score in best.items():
            scores[n] = scores.get(n, 0.0) + score
    ranked = sorted(scores, key=lambda n: (-scores[n], n))[:max(0, limit)]
    return [Match(index.ids[n], title(index, index.ids[n], locale), round(scores[n], 3), tuple(matched[n]))
            for n in ranked if scores[n] > 0]


def expansions(index: Index, query: str) -> list[str]:
    """Every term ``query`` looks for, glossary translations included (for tests and the curious)."""
    return [term for group in _groups(index, query) for phrase in group for term in phrase]


def title(index: Index, section: str, locale: str) -> str:
    for loc in (locale, "en", *LOCALES_INDEXED):
        found = index.titles.get(loc, {}).get(section)
        if found:
            return found
    return section


# -- snippets --------------------------------------------------------------------------------------
def snippet(index: Index, section: str, matched: Iterable[str], locale: str,
            width: int = 90) -> tuple[str, list[tuple[str, bool]]]:
    """``(text locale, [(piece, marked), ...])``: a stretch of the section's text around the first
    matched word, in ``locale`` when a matched word is in it, else in the first language that has one."""
    wanted = set(matched)
    order = [locale] + [loc for loc in LOCALES_INDEXED if loc != locale]
    first_text = None
    for loc in order:
        text = index.texts.get(loc, {}).get(section)
        if text is None:
            continue
        if first_text is None:
            first_text = (loc, text)
        spans = _marked_spans(text, wanted)
        if spans:  # (Chinese characters take two cells each)
            return loc, _cut(text, spans, width // 2 if loc.startswith("zh") else width)
    if first_text is None:
        return locale, []
    loc, text = first_text
    return loc, [(_shorten(text, width), False)] if text else []


def _marked_spans(text: str, wanted: set[str]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for kind, start, end, norm in tokens(text):
        if kind == "word":
            if norm in wanted:
                spans.append((start, end))
            continue
        for i in range(len(norm)):
            if norm[i:i + 2] in wanted and i + 1 < len(norm):
                spans.append((start + i, start + i + 2))
            elif norm[i] in wanted:
                spans.append((start + i, start + i + 1))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _cut(text: str, spans: list[tuple[int, int]], width: int) -> list[tuple[str, bool]]:
    first = spans[0][0]
    begin = max(0, first - width // 3)
    if begin:
        space = text.rfind(" ", 0, begin + 1)
        begin = space + 1 if space >= 0 and first - space < width // 2 else begin
    end = min(len(text), begin + width)
    if end < len(text):
        space = text.find(" ", end)
        end = space if 0 <= space - end < 12 else end
    pieces: list[tuple[str, bool]] = []
    at = begin
    for start, stop in spans:
        if stop <= begin or start >= end:
            continue
        start, stop = max(start, begin), min(stop, end)
        if start > at:
            pieces.append((text[at:start], False))
        pieces.append((text[start:stop], True))
        at = stop
    if at < end:
        pieces.append((text[at:end], False))
    if begin > 0:
        pieces.insert(0, ("…", False))
    if end < len(text):
        pieces.append(("…", False))
    return pieces


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width].rstrip() + "…"


# -- loading the rules -----------------------------------------------------------------------------
def _plain(children: Sequence[Any]) -> str:
    return "".join(c.content if c.type in ("text", "code_inline") else " " if c.type in ("softbreak", "hardbreak")
                   else "" for c in children)


def sections_of(markdown: str, sections: Sequence[Any]) -> list[SectionText]:
    """The plain text of each section of ``markdown`` (the n-th heading is ``sections[n]``)."""
    from markdown_it import MarkdownIt

    tokens_ = MarkdownIt("commonmark", {"html": False}).enable("table").parse(markdown)
    out: list[SectionText] = []
    parts: list[str] = []
    current: Any = None
    heading = -1
    in_heading = False
    for token in tokens_:
        if token.type == "heading_open":
            if current is not None:
                out.append(SectionText(current.id, current.level, current.title, " ".join(parts)))
            heading += 1
            current = sections[heading] if heading < len(sections) else None
            parts = []
            in_heading = True
        elif token.type == "heading_close":
            in_heading = False
        elif token.type == "inline" and not in_heading and current is not None:
            text = _plain(token.children or [])
            if text.strip() and not _ATTRS_LINE.match(text.strip()):
                parts.append(text.strip())
    if current is not None:
        out.append(SectionText(current.id, current.level, current.title, " ".join(parts)))
    return [s for s in out if s.id]


def section_markdown(markdown: str, sections: Sequence[Any], section: str) -> str | None:
    """The Markdown of ``section`` and its subsections (up to the next heading of its level or higher)."""
    from markdown_it import MarkdownIt

    heads = [t for t in MarkdownIt("commonmark", {"html": False}).enable("table").parse(markdown)
             if t.type == "heading_open" and t.map]
    lines = markdown.split("\n")
    for n, token in enumerate(heads):
        if n < len(sections) and sections[n].id == section and token.map:
            level = int(token.tag[1:])
            end = len(lines)
            for later in heads[n + 1:]:
                if int(later.tag[1:]) <= level and later.map:
                    end = later.map[0]
                    break
            return "\n".join(lines[token.map[0]:end]).strip() + "\n"
    return None


def _files(game: str) -> list[Any]:
    from companion.paths import data_dir

    root = data_dir("rules_content") / game
    return [root / f"rules.{loc}.md" for loc in LOCALES_INDEXED] + [root / "glossary.toml", root / "examples.toml"]


def _signature(game: str) -> str:
    from companion.paths import files_key

    return files_key(_files(game), str(INDEX_VERSION), game)


def _build(game: str) -> Index:
    from companion.content import glossary, load_document

    documents: dict[str, list[SectionText]] = {}
    for locale in LOCALES_INDEXED:
        doc = load_document(game, locale, "rules")
        if doc.fallback:
            continue  # the English text standing in: indexed once, as English
        documents[locale] = sections_of(doc.markdown, doc.sections)
    terms_by_concept: dict[str, list[str]] = {}
    for locale in LOCALES_INDEXED:
        for concept, term in glossary(game, locale).items():
            terms_by_concept.setdefault(concept, []).append(term)
    return build_index(game, documents, terms_by_concept.values())


def _cache_path(game: str, key: str) -> Any:
    from companion.paths import user_cache_dir

    return user_cache_dir() / "rules-index" / f"{game}-{key}.json"


_MEMORY: dict[tuple[str, str], Index] = {}


def index_for(game: str) -> Index:
    """The index of ``game`` (an unknown game: :class:`companion.games.UnknownGame`)."""
    from companion.games import get, known

    if not known(game):
        get(game)  # raises UnknownGame with the list of games
    key = _signature(game)
    found = _MEMORY.get((game, key))
    if found is not None:
        return found
    path = None
    try:
        path = _cache_path(game, key)
        found = Index.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        found = None
    if found is None or found.game != game:
        found = _build(game)
        if path is not None:
            from companion.fsutil import write_cache

            data = json.dumps(found.to_json(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            write_cache(path, data, replaces=f"{game}-*.json")
    if len(_MEMORY) > 8:
        _MEMORY.clear()
    _MEMORY[(game, key)] = found
    return found


def search(game: str, query: str, locale: str = "en", limit: int = MAX_RESULTS) -> list[Match]:
    """The sections of ``game``'s rules matching ``query`` (any language), titles in ``locale``."""
    return run_query(index_for(game), query, locale, limit)
