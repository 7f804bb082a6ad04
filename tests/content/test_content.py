"""The rules content of every game: files, front matter, section ids, glossary, safe rendering, fallback."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import content
from companion.errors import RulesetError, UsageError
from companion.games import BUILTIN as GAMES
from companion.i18n import LOCALES, translator

ALL = [(g, loc, k) for g in GAMES for k in content.KINDS for loc in LOCALES]
ALLOWED_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "strong", "em", "code", "pre",
                "blockquote", "table", "thead", "tbody", "tr", "th", "td", "a", "hr", "br", "s"}
ALLOWED_ATTRS = {"id", "class", "href", "style", "start"}  # style: only text-align from tables


class TagAudit(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}>")
        for name, value in attrs:
            if name not in ALLOWED_ATTRS:
                self.problems.append(f"attribute {name}={value!r} on <{tag}>")
            if name == "href" and not (value or "").startswith("#"):
                self.problems.append(f"link {value!r}")
            if name == "style" and not re.fullmatch(r"text-align:(left|right|center)", value or ""):
                self.problems.append(f"style {value!r}")

    def handle_comment(self, data):
        self.problems.append("comment")

    def handle_decl(self, decl):
        self.problems.append("declaration")

    def unknown_decl(self, data):
        self.problems.append("declaration")


def audit(html: str) -> list[str]:
    parser = TagAudit()
    parser.feed(html)
    parser.close()
    return parser.problems


# -- the shipped files -----------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "locale", "kind"), ALL)
def test_every_document_exists_with_valid_front_matter(game, locale, kind):
    path = content.document_path(game, locale, kind)
    assert path.is_file(), f"missing {path}"
    meta, _ = content.parse_front_matter(path.read_text(encoding="utf-8"), path)
    assert (meta["game"], meta["locale"], meta["kind"]) == (game, locale, kind)
    assert meta["title"].strip()
    doc = content.load_document(game, locale, kind)
    assert not doc.fallback
    assert doc.warnings == (), doc.warnings
    assert doc.sections and all(re.fullmatch(r"[a-z0-9][a-z0-9-]*", s.id) for s in doc.sections)
    assert len(set(doc.section_ids)) == len(doc.section_ids), "duplicate section ids"
    assert "{#" not in doc.markdown and "{{" not in doc.markdown


@pytest.mark.parametrize("kind", content.KINDS)
@pytest.mark.parametrize("game", GAMES)
def test_same_sections_and_version_in_every_locale(game, kind):
    docs = {loc: content.load_document(game, loc, kind) for loc in LOCALES}
    english = docs["en"]
    for loc, doc in docs.items():
        assert [(s.id, s.level) for s in doc.sections] == [(s.id, s.level) for s in english.sections], loc
        assert doc.version == english.version, loc


@pytest.mark.parametrize("game", GAMES)
def test_cards_have_front_and_back(game):
    for loc in LOCALES:
        ids = content.load_document(game, loc, "card").section_ids
        assert "front" in ids and "back" in ids, loc


@pytest.mark.parametrize(("game", "locale", "kind"), ALL)
def test_rendering_emits_only_safe_html(game, locale, kind):
    doc = content.load_document(game, locale, kind)
    html = content.render_html(doc)
    assert audit(html) == []
    for section in doc.sections:
        assert f'id="{section.id}"' in html
    # every in-document link points at a section that exists
    for target in re.findall(r'href="#([^"]*)"', html):
        assert target in doc.section_ids, target


# An ordered list is written "1." in the Markdown of every language: markup, numbered in Persian digits where
# it is shown (the print CSS's list-style-type: persian, the app's own list numbers).
LIST_MARKERS = re.compile(r"(?m)^ *[0-9]+\. ")


@pytest.mark.parametrize("locale", ["fa"])
@pytest.mark.parametrize("game", GAMES)
def test_persian_text_has_no_latin_digits(game, locale):
    for kind in content.KINDS:
        doc = content.load_document(game, locale, kind)
        text = re.sub(r"`[^`]*`", "", LIST_MARKERS.sub("", doc.markdown))  # code spans may hold ids
        found = re.findall(r".{0,15}[0-9].{0,15}", text)
        assert not found, found[:5]


# -- glossary --------------------------------------------------------------------------------------
GLOSSARY_CASES = [(g, loc) for g in GAMES for loc in LOCALES]


@pytest.mark.parametrize(("game", "locale"), GLOSSARY_CASES)
def test_rules_use_the_glossary_terms(game, locale):
    entries = content.load_glossary(game)
    assert entries, f"{game} has no glossary.toml"
    rules = content.load_document(game, locale, "rules").markdown
    card = content.load_document(game, locale, "card").markdown
    fold = str.casefold if locale == "en" else (lambda s: s)
    missing, wrong = [], []
    for concept, entry in entries.items():
        term = entry.get(locale)
        assert term, f"{game}: {concept} has no {locale} term"
        if entry.get("in_rules", True) and fold(term) not in fold(rules):
            missing.append(f"{concept}={term}")
        for bad in entry.get("avoid", {}).get(locale, []):
            for name, text in (("rules", rules), ("card", card)):
                if fold(bad) in fold(text):
                    wrong.append(f"{bad} in {name} (use {term})")
    assert not missing, f"glossary terms not used: {missing}"
    assert not wrong, wrong


def test_glossary_helper_and_english_fallback(monkeypatch):
    terms = content.glossary("diamant", "zh_Hans")
    assert terms["explorer"] == "探险家" and terms["collapse"] == "塌方"
    monkeypatch.setattr(content, "load_glossary", lambda game: {"x": {"en": "thing"}})
    assert content.glossary("diamant", "fa") == {"x": "thing"}


# -- the loader: fallback and bad input ------------------------------------------------------------
@pytest.fixture
def fake_root(tmp_path, monkeypatch):
    monkeypatch.setattr(content, "content_root", lambda: tmp_path)
    content.load_examples.cache_clear()
    yield tmp_path
    content.load_examples.cache_clear()


def write(root, game, name, text):
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


FRONT = '---\ntitle = "T"\ngame = "diamant"\nlocale = "{loc}"\nkind = "rules"\nversion = 2\n---\n'


def test_missing_translation_falls_back_to_english_with_a_translated_note(fake_root):
    write(fake_root, "diamant", "rules.en.md", FRONT.format(loc="en") + "# Title {#top}\n\nHello.\n")
    doc = content.load_document("diamant", "fa", "rules")
    assert doc.fallback and doc.locale == "fa" and doc.text_locale == "en"
    assert doc.direction == "ltr" and doc.lang == "en"
    note = translator("fa").gettext(content.FALLBACK_NOTE)
    assert note != content.FALLBACK_NOTE, "the fallback note is not translated into Persian"
    assert doc.note == note
    assert doc.markdown.startswith("> " + note)
    assert note in content.render_html(doc)
    assert doc.section_ids == ("top",) and "Hello." in doc.markdown
    english = content.load_document("diamant", "en", "rules")
    assert not english.fallback and english.note == ""
    assert content.list_documents()[0].locale == "en" and len(content.list_documents()) == 1


def test_unknown_requests_are_usage_errors():
    with pytest.raises(UsageError) as err:
        content.load_document("diamant", "de", "rules")
    assert err.value.code == "unknown_language"
    with pytest.raises(UsageError):
        content.load_document("chess", "en", "rules")
    with pytest.raises(UsageError):
        content.load_document("diamant", "en", "poster")


@pytest.mark.parametrize("text", [
    "# no front matter {#top}\n",
    "---\ntitle = \"T\"\n# not closed\n",
    "---\ntitle = T without quotes\n---\n# x {#top}\n",
    "---\ntitle = \"T\"\ngame = \"diamant\"\nlocale = \"en\"\nkind = \"rules\"\n---\n# no version {#top}\n",
    "---\ntitle = \"T\"\ngame = \"diamant\"\nlocale = \"en\"\nkind = \"rules\"\nversion = \"1\"\n---\n",
])
def test_bad_front_matter_is_a_coded_error_and_changes_nothing(fake_root, text):
    write(fake_root, "diamant", "rules.en.md", text)
    with pytest.raises(RulesetError) as err:
        content.load_document("diamant", "en", "rules")
    assert err.value.code.startswith("content_") and "rules.en.md" in err.value.params["path"]
    assert (fake_root / "diamant" / "rules.en.md").read_text(encoding="utf-8") == text


def test_missing_document_in_every_locale(fake_root):
    with pytest.raises(RulesetError) as err:
        content.load_document("diamant", "fa", "card")
    assert err.value.code == "content_missing"


def test_problems_in_a_document_become_warnings_not_crashes(fake_root):
    body = ("# Title {#top}\n\n## Next\n\n{{ex.nothing.here}} and {{ex.bad}}\n\n"
            "![map](../../etc/passwd) [site](https://example.com) [ok](#top) <https://x.org>\n\n"
            "<script>alert(1)</script>\n")
    write(fake_root, "diamant", "rules.en.md", FRONT.format(loc="en").replace('"diamant"', '"death_valley"') + body)
    doc = content.load_document("diamant", "en", "rules")
    text = " ".join(doc.warnings)
    assert "game" in text and "{{ex.nothing.here}}" in text and "{{ex.bad}}" in text
    assert "image dropped" in text and "example.com" in text and "x.org" in text
    assert "heading without a valid id" in text
    assert "{{ex.nothing.here}}" in doc.markdown  # visible, not silently emptied
    assert "etc/passwd" not in doc.markdown and "example.com" not in doc.markdown
    html = content.render_html(doc)
    assert audit(html) == []
    assert "<script" not in html and "passwd" not in html and 'href="#top"' in html


# -- the parser on any input -----------------------------------------------------------------------
markdownish = st.text(alphabet=st.one_of(st.sampled_from(list("<>/=\"'#[]()!{}:.* \n-|`ahrefsciptmgjv:1")),
                                        st.characters(codec="utf-8")), max_size=300)


@settings(max_examples=300, deadline=None)
@given(markdownish)
def test_safe_markdown_never_emits_unsafe_html(text):
    env: dict = {"warnings": []}
    html = content.safe_markdown().render(text, env)
    assert audit(html) == [], (text, html)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["<img src=x onerror=alert(1)>", "<a href='http://x'>a</a>", "![i](file:///x)",
                                 "[l](javascript:alert(1))", "[r]: http://x\n\n[r]", "{#id onclick=x}", "<!-- c -->",
                                 "## H {#h .c}", "| a |\n|---|\n| <b>x</b> |", "text"]), max_size=8))
def test_safe_markdown_on_known_attacks(parts):
    html = content.safe_markdown().render("\n\n".join(parts), {"warnings": []})
    assert audit(html) == [], html
    assert "<img" not in html and "<!--" not in html


@pytest.mark.parametrize(("game", "locale"), GLOSSARY_CASES)
def test_card_sides_stay_short(game, locale):
    """A side of a 63 x 88 mm card holds about 110 words or 180 Chinese characters (with some slack)."""
    doc = content.load_document(game, locale, "card")
    sides = re.split(r"^## .*$", doc.markdown, flags=re.M)[1:]
    assert len(sides) == 2
    for side in sides:
        if locale.startswith("zh"):
            assert len(re.findall(r"[\u4e00-\u9fff]", side)) <= 220
        else:
            assert len(side.split()) <= 140


@pytest.mark.parametrize("game", GAMES)
def test_persian_numbered_lists_show_persian_numbers(game):
    """Numbered steps are real lists in Persian too (not bullets with a typed number, which printed as
    «• ۱.» and read as ۱۰), and they are numbered in Persian digits on paper and on screen."""
    from companion.i18n import translator
    from companion.tui.widgets.rtl_markdown import layout, parse_blocks

    number = translator("fa").num  # what the rules viewer numbers lists with (RulesScreen)
    for kind in content.KINDS:
        doc = content.load_document(game, "fa", kind)
        assert not re.search(r"(?m)^ *[-*] (\*\*)?[۰-۹]+\.", doc.markdown), kind
        if LIST_MARKERS.search(doc.markdown):
            shown = [line.logical.plain for line in layout(parse_blocks(doc.markdown, number), 80, True)]
            assert any(text.startswith("۱. ") for text in shown) and not any(re.match(r"[0-9]+\. ", t) for t in shown)
    css = (Path(content.__file__).parent / "printing" / "styles" / "base.css").read_text(encoding="utf-8")
    assert re.search(r"html:lang\(fa\) ol \{ list-style-type: persian; \}", css)
