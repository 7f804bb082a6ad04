"""Traditional Chinese (Taiwan): one word per thing, one set of example names, one spacing rule -- in the
catalog, the rules texts, the quick-reference cards and the glossaries alike.

The words settled for zh_Hant (issue 16): a game action is 行動 (never 動作 or 操作), a card is 卡牌 / 卡 / 牌
(never 卡片), the deck is 牌堆 in every game, the house rules' printed-value cards are 神器 like every
relic, a grid column is 欄 (行 reads as "row" in Taiwan), the example players are 阿華, 小斌, 阿晨, 小達.
Spacing: one half-width space between a Chinese character and a Latin letter, a digit or a placeholder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import content
from companion.i18n import catalog_path, translator

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("diamant", "shifting_stones", "death_valley")
DOCS = sorted((ROOT / "rules_content").glob("*/*.zh_Hant.md"))

# word we decided against -> the word we use
REJECTED = {
    "動作": "行動", "操作": "行動",
    "卡片": "卡牌",
    "牌庫": "牌堆",
    "寶物卡": "神器", "遺物": "神器", "古物": "神器",
    "板塊": "石板",
    "爆掉": "爆牌",
    "後座司機": "後座駕駛",
    "探險者": "探險家", "冒險者": "探險家",
    "艾娃": "阿華", "小愛": "阿華", "班恩": "小斌", "小班": "小斌", "陳晨": "阿晨", "達拉": "小達",
    "...": "，請稍候。 (or ……)",
}
COLUMN_AS_ROW = re.compile(r"列\s*第\s*\S{1,8}?\s*行|列\s*,\s*行")
CJK = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
LATIN = r"(?:\{[^{}]*\}|%\([a-z_]+\)[srd]|%[srd]|[A-Za-z0-9])"
UNSPACED = re.compile(rf"{CJK}{LATIN}|(?:\}}|[A-Za-z0-9]){CJK}")
HALF_WIDTH_PUNCTUATION = re.compile(rf"{CJK}[,;:!?]|[,;:!?]{CJK}")


def catalog_texts() -> list[str]:
    from babel.messages.pofile import read_po

    with catalog_path("zh_Hant").open("rb") as fh:
        catalog = read_po(fh, locale="zh_Hant")
    texts = []
    for message in catalog:
        if message.id:
            texts += [message.string] if isinstance(message.string, str) else [s for s in message.string]
    return [text for text in texts if text]


def doc_body(path: Path) -> str:
    """The text after the front matter, without code blocks and inline code."""
    body = path.read_text(encoding="utf-8").split("---\n", 2)[2]
    body = re.sub(r"```.*?```", "", body, flags=re.S)
    return re.sub(r"`[^`]*`", "", body)


def test_the_documents_are_there():
    assert len(DOCS) == 6, DOCS


@pytest.mark.parametrize("word", sorted(REJECTED))
def test_rejected_words_are_nowhere(word):
    found = [text for text in catalog_texts() if word in text]
    found += [path.name for path in DOCS if word in doc_body(path)]
    assert not found, (word, REJECTED[word], found[:5])


def test_a_column_is_lan_in_the_catalog_and_the_rules():
    tr = translator("zh_Hant")
    assert tr.gettext("row {row}, column {col}", row=2, col=3) == "第 2 列第 3 欄"
    found = [text for text in catalog_texts() if COLUMN_AS_ROW.search(text)]
    found += [path.name for path in DOCS if COLUMN_AS_ROW.search(doc_body(path))]
    assert not found, found


def test_one_set_of_example_names():
    tr = translator("zh_Hant")
    assert tr.gettext("Ava") == "阿華"
    assert tr.gettext("Ava, Ben") == "阿華、小斌"
    assert tr.gettext("Ava, Ben, Chen") == "阿華、小斌、阿晨"
    for game in GAMES:  # every rules text tells its examples with the same players
        body = doc_body(ROOT / "rules_content" / game / "rules.zh_Hant.md")
        assert "阿華" in body and "小斌" in body, game


def test_one_spacing_rule_in_every_message():
    """A space between Chinese and Latin, digits or placeholders ({player} as much as {n})."""
    found = [text for text in catalog_texts() if UNSPACED.search(text)]
    assert not found, found[:10]


def test_one_spacing_rule_in_every_rules_text():
    pattern = re.compile(rf"{CJK}(?:\{{\{{|[A-Za-z0-9])|(?:\}}\}}|[A-Za-z0-9]){CJK}")
    found = {path.name: pattern.findall(doc_body(path))[:5] for path in DOCS if pattern.search(doc_body(path))}
    assert not found, found


def test_chinese_sentences_use_full_width_punctuation():
    """Half-width marks only inside notation a host types or reads as data: [3, 8], (列, 欄)."""
    def prose(text):
        return re.sub(r"\[[^\]]*\]|\([^()]*\)", "", text)

    found = [text for text in catalog_texts() if HALF_WIDTH_PUNCTUATION.search(prose(text))]
    found += [path.name for path in DOCS if HALF_WIDTH_PUNCTUATION.search(prose(doc_body(path)))]
    assert not found, found[:10]


def test_house_rules_cards_are_relics():
    """The house rules' printed-value cards are 神器 on the path, in the explanation and in the rules."""
    tr = translator("zh_Hant")
    assert "神器" in tr.gettext("relic ({value})", value=7)
    body = doc_body(ROOT / "rules_content" / "diamant" / "rules.zh_Hant.md")
    house = body[body.index("{#house}"):body.index("{#companion}")]
    assert "神器" in house and "寶藏卡上不留餘數" in house


def test_the_settled_terms_are_the_glossary_terms():
    assert content.glossary("diamant", "zh_Hant")["deck"] == "牌堆"
    assert content.glossary("shifting_stones", "zh_Hant")["deck"] == "牌堆"
    assert content.glossary("death_valley", "zh_Hant")["deck"] == "牌堆"
    assert content.glossary("diamant", "zh_Hant")["relic"] == "神器"
    # a game action (a turn's travel or rest, a paid shift or flip) is 行動 in both games that have one
    assert content.glossary("shifting_stones", "zh_Hant")["action"] == "行動"
    assert content.glossary("death_valley", "zh_Hant")["action"] == "行動"
    for game in ("shifting_stones", "death_valley"):
        body = doc_body(ROOT / "rules_content" / game / "rules.zh_Hant.md")
        assert "行動" in body, game
    assert sum("行動" in text for text in catalog_texts()) >= 5
