"""One vocabulary: the names the screens and PDFs use (catalogs) are the glossary's terms, and the
words the glossary rejects appear in no translated message of that game."""

from __future__ import annotations

import importlib

import pytest

from companion import content
from companion.i18n import LOCALES, translator

NAMES = {  # game -> (module, dict of id -> message): each id is a glossary concept
    "shifting_stones": ("companion.games.shifting_stones.messages", "FACE_NAMES"),
    "death_valley": ("companion.games.death_valley.messages", "HAZARD_NAMES"),
    "diamant": ("companion.games.diamant.messages", "HAZARD_NAMES"),
}


def names(game):
    module, attr = NAMES[game]
    return getattr(importlib.import_module(module), attr)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", sorted(NAMES))
def test_catalog_names_are_glossary_terms(game, locale):
    terms = content.glossary(game, locale)
    tr = translator(locale)
    differ = {key: (tr.gettext(msg), terms.get(key)) for key, msg in names(game).items()
              if tr.gettext(msg).lower() != (terms.get(key) or "").lower()}
    assert not differ, differ


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
@pytest.mark.parametrize("game", sorted(NAMES))
def test_rejected_synonyms_stay_out_of_the_game_messages(game, locale):
    avoid = []
    for entry in content.load_glossary(game).values():
        if isinstance(entry, dict):
            avoid += (entry.get("avoid") or {}).get(locale, [])
    messages = importlib.import_module(NAMES[game][0]).MESSAGES
    tr = translator(locale)
    found = [(word, text) for text in (tr.gettext(m) for m in messages.values()) for word in avoid if word in text]
    assert not found, found


# -- every message of a game, and the words settled for the Persian edition (issue 16) ----------------
GAME_SOURCES = {  # game -> the source files whose messages a player of that game reads
    "diamant": ["companion/games/diamant", "companion/tui/screens/diamant.py"],
    "death_valley": ["companion/games/death_valley", "companion/tui/screens/death_valley.py",
                     "companion/tui/widgets/valley_table.py"],
    "shifting_stones": ["companion/games/shifting_stones", "companion/tui/screens/shifting_stones.py"],
}


def game_msgids(game):
    """Every msgid in the game's own sources (what the extractor finds there)."""
    from pathlib import Path

    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    root = Path(__file__).resolve().parents[2]
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "N_plural": (1, 2)}
    ids = []
    for where in GAME_SOURCES[game]:
        path = root / where
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for _line, message, _comments, _context in extract_from_file("python", file, keywords=keywords):
                ids.append(message if isinstance(message, str) else message[0])
    assert ids, game
    return ids


def fa_texts(msgids):
    tr = translator("fa")
    return [tr.gettext(m) for m in msgids]


@pytest.mark.parametrize("game", sorted(GAME_SOURCES))
def test_rejected_fa_synonyms_stay_out_of_every_message_of_the_game(game):
    avoid = [w for entry in content.load_glossary(game).values() if isinstance(entry, dict)
             for w in (entry.get("avoid") or {}).get("fa", [])]
    found = [(w, text) for text in fa_texts(game_msgids(game)) for w in avoid if w in text]
    assert not found, found


def box_words(game, locale):
    return {concept: entry["box"][locale] for concept, entry in content.load_glossary(game).items()
            if isinstance(entry, dict) and locale in (entry.get("box") or {})}


@pytest.mark.parametrize("game", sorted(GAME_SOURCES))
def test_box_words_are_named_once_in_the_opening_of_the_rules_and_nowhere_else(game):
    """The Persian box's words are said once, near the start of the rules, beside ours; the rules'
    sections, the card and the screens then use only the glossary term."""
    rules = content.load_document(game, "fa", "rules").markdown
    card = content.load_document(game, "fa", "card").markdown
    opening, _sep, body = rules.partition("\n## ")
    terms = content.glossary(game, "fa")
    for concept, word in box_words(game, "fa").items():
        assert word in opening, (concept, word)
        assert terms[concept] in opening, (concept, terms[concept])  # said beside our word
        assert word not in body and word not in card, (concept, word)
        assert not [t for t in fa_texts(game_msgids(game)) if word in t], (concept, word)


SETTLED_FA = {  # game -> concept -> the Persian term (issue 16: as the players of the Iello edition know them)
    "diamant": {"game_diamant": "دیامانت", "camp": "اردوگاه", "leave": "بازگشت", "relic": "عتیقه",
                "chest": "صندوقچه", "gem": "گوهر", "hazard": "تله", "treasure_card": "کارت گنجینه"},
    "death_valley": {"backseat": "رانندهٔ صندلی عقب", "hazard": "خطر", "bust": "سوختن",
                     "discard_pile": "دورریز"},
    "shifting_stones": {"tile": "کاشی", "grid": "شبکه"},
}
SETTLED_BOX = {"diamant": {"game_diamant": "معدن الماس", "camp": "پناهگاه", "leave": "خروج"},
               "death_valley": {"backseat": "راننده کنار"}}


@pytest.mark.parametrize("game", sorted(SETTLED_FA))
def test_the_settled_persian_terms_are_the_glossary(game):
    terms = content.glossary(game, "fa")
    assert {c: terms.get(c) for c in SETTLED_FA[game]} == SETTLED_FA[game]
    assert box_words(game, "fa") == SETTLED_BOX.get(game, {})


def test_death_valley_says_hamnoo_for_cards_of_one_hazard():
    rules = content.load_document("death_valley", "fa", "rules").markdown
    ids = game_msgids("death_valley")
    robot = [t for m, t in zip(ids, fa_texts(ids)) if "same hazard" in m
             or "shares the hazard" in m or "whose hazard" in m]
    assert "هم‌نوع" in rules and robot and all("هم‌نوع" in t for t in robot), robot
    assert "راننده‌ی" not in rules and all("راننده‌ی" not in t for t in fa_texts(ids))


ALL_FA = None


def all_fa_messages():
    global ALL_FA
    if ALL_FA is None:
        from babel.messages.pofile import read_po

        from companion.i18n import catalog_path
        with open(catalog_path("fa"), "rb") as handle:
            catalog = read_po(handle)
        ALL_FA = [(m.id, s) for m in catalog if m.id
                  for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
    return ALL_FA


def test_fa_catalog_register_and_punctuation():
    import re

    bad = {
        "الان (the catalog says اکنون)": re.compile(r"(?<![\u0600-\u06ff])الان(?![\u0600-\u06ff])"),
        "جستجو (write جست‌وجو)": re.compile("جستجو"),
        "ه‌ی (write هٔ)": re.compile("ه\u200cی(?=\\s)"),
        "... (write …)": re.compile(r"\.\.\."),
        "Latin comma between Persian digits": re.compile("[۰-۹],[۰-۹]"),
        "یادگار (relic is عتیقه)": re.compile("یادگار"),
        "هم‌خطر (write هم‌نوع)": re.compile("هم‌خطر"),
        "کنار گذاشته شده for a reserved name": re.compile("کنار گذاشته شده است؛ نام دیگری"),
        "a Death Valley card id": re.compile(r"(animal|flood|land|heat)-\d"),
    }
    found = [(why, text) for msgid, text in all_fa_messages() for why, rx in bad.items()
             if rx.search(text) and not (why.startswith("a Death Valley") and "ids are" in str(msgid))]
    assert not found, found[:5]


def test_fa_keys_screen_labels_are_not_informal_commands():
    """The keys screen lists noun phrases («پاک کردن …»), never a familiar «… کن» beside them."""
    import re

    informal = re.compile(r"(?<![\u0600-\u06ff])(کن|بِبُر|بنویس|نگه دار|یاد بده|چاپ کن)$")
    found = [(msgid, text) for msgid, text in all_fa_messages()
             if isinstance(msgid, str) and informal.search(text.strip())]
    assert not found, found


def test_fa_signed_number_shows_its_sign_before_the_digits():
    """«+۲» as a Persian reader sees it: the sign comes after the digits in logical order, so that in
    right-to-left text it is drawn on their left."""
    from bidi import get_display

    tr = translator("fa")
    text = tr.gettext("{player} +{n}", player="آوا", n=2)
    assert text.endswith("۲+")
    assert get_display(text, base_dir="R").startswith("+۲")


@pytest.mark.parametrize("game", sorted(GAME_SOURCES))
def test_fa_rules_write_signed_numbers_to_show_the_sign_on_the_left(game):
    """In right-to-left text «+۲» typed sign first is drawn «۲+»; the texts type the sign after the
    digits so that readers see +۲ (and never a config key such as `robot_bust_rule`)."""
    import re

    for kind in content.KINDS:
        text = content.load_document(game, "fa", kind).markdown
        assert not re.findall(r"(?<![۰-۹])[+−][۰-۹]", text), (game, kind)
        assert not re.findall(r"`[a-z]+_[a-z_]+`", text), (game, kind)


# -- a game action (issue 16: the Chinese catalogs had 行動, 動作 and 操作 side by side) -----------------
ACTION_GAMES = ("shifting_stones", "death_valley")  # Diamant's turn is a decision, not an action
SETTLED_ACTION = {"shifting_stones": {"en": "action", "fa": "حرکت", "zh_Hant": "行動", "zh_Hans": "行动"},
                  # Death Valley's Persian says «کار» (نوبت): «حرکت» is there an ability's or the robot's move
                  "death_valley": {"en": "action", "fa": "کار", "zh_Hant": "行動", "zh_Hans": "行动"}}


def has_word(text, word):
    """``word`` as a word: Persian «کار» is not the start of «کارت» (Chinese has no spaces: any place)."""
    import re

    if re.fullmatch(r"[\u4e00-\u9fff]+", word):
        return word in text
    return re.search(rf"(?<![\w\u0600-\u06ff]){re.escape(word)}(?![a-z\u0600-\u06ff])", text, re.I) is not None


@pytest.mark.parametrize("game", ACTION_GAMES)
def test_the_action_word_is_the_glossary_term(game):
    assert {loc: content.glossary(game, loc).get("action") for loc in LOCALES} == SETTLED_ACTION[game]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", ACTION_GAMES)
def test_every_message_and_text_about_the_action_says_the_glossary_word(game, locale):
    """Each message of the game whose English says "action" says the glossary's word, the rules and the
    card say it too, and the words the glossary rejects for it appear in none of them."""
    import re

    word = content.glossary(game, locale)["action"]
    avoid = (content.load_glossary(game)["action"].get("avoid") or {}).get(locale, [])
    tr = translator(locale)
    texts = [(m, tr.gettext(m)) for m in game_msgids(game) if re.search(r"\bact(?:ion|ed)?\b", m, re.I)]
    assert texts, game
    assert not [(m, t) for m, t in texts if "action" in m.lower() and not has_word(t, word)], word
    documents = {kind: content.load_document(game, locale, kind).markdown for kind in content.KINDS}
    assert all(has_word(text, word) for text in documents.values()), (game, locale, word)
    found = [(w, t) for w in avoid for t in [t for _m, t in texts] + list(documents.values()) if w in t]
    assert not found, found
