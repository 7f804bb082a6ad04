"""Simplified Chinese says each thing one way, in the catalog, the rules and the cards alike (issue 16).

The words chosen are the glossary's (神器 for a relic, 宝藏卡, 危险卡, 探险家 ...) plus the ones settled
for mainland players: 行动 for a game action (a turn's travel/rest, a shift or flip), 卡牌 (never
卡片) for a card, one set of example names (阿华, 小斌, 陈晨, 丽丽), and text written as Simplified
Chinese rather than converted from Traditional (no 卡塔尔 "Qatar" for 卡達 "reaches").
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion import content
from companion.i18n import catalog_path
from companion.paths import data_dir

GAMES = ("diamant", "death_valley", "shifting_stones")
# wrong word -> the word to use instead
AVOID = {
    "卡片": "卡牌",
    "动作": "行动",
    "宝物卡": "神器",
    "遗物": "神器",
    "探险者": "探险家",
    "卡塔尔": "达到",        # 卡達 ("reaches") converted character by character
    "预设": "规则版本",
    "艾娃": "阿华", "班恩": "小斌", "小爱": "阿华", "小班": "小斌", "达拉": "丽丽",
}


def catalog_texts() -> list[str]:
    with catalog_path("zh_Hans").open("rb") as fh:
        catalog = read_po(fh, locale="zh_Hans")
    return [text for message in catalog if message.id
            for text in ([message.string] if isinstance(message.string, str) else message.string) if text]


def documents() -> dict[str, str]:
    return {str(path.relative_to(data_dir("rules_content"))): path.read_text(encoding="utf-8")
            for path in sorted(data_dir("rules_content").glob("*/*.zh_Hans.md"))}


def test_no_avoided_word_anywhere():
    texts = {"catalog": "\n".join(catalog_texts()), **documents()}
    found = [(where, wrong, AVOID[wrong]) for where, text in texts.items() for wrong in AVOID if wrong in text]
    assert not found, found


@pytest.mark.parametrize("game", GAMES)
def test_rules_and_cards_quote_and_elide_the_mainland_way(game):
    for kind in ("rules", "card"):
        text = content.document_path(game, "zh_Hans", kind).read_text(encoding="utf-8")
        assert not re.search(r"[「」『』]|\.\.\.", text), (game, kind)


def test_the_catalog_elides_with_a_double_ellipsis():
    """Mainland text writes …… (two characters); a lone … or ... is a trace of another locale."""
    bad = [text for text in catalog_texts() if re.search(r"(?<!…)…(?!…)|\.\.\.", text)]
    assert not bad, bad[:10]


def test_example_players_are_the_same_everywhere():
    prose = {where: re.sub(r"\{\{[^}]*\}\}", "", text) for where, text in documents().items()}
    prose["catalog"] = "\n".join(catalog_texts())
    for where, text in prose.items():
        assert not re.search(r"\b(Ava|Ben|Chen)\b", text), where
    assert "阿华" in prose["catalog"] and "小斌" in prose["catalog"]
    for game in ("diamant", "death_valley", "shifting_stones"):
        assert "阿华" in prose[f"{game}/rules.zh_Hans.md"] and "小斌" in prose[f"{game}/rules.zh_Hans.md"]


def test_glossary_relic_and_action_words_reach_the_screens():
    relic = content.glossary("diamant", "zh_Hans")["relic"]
    texts = catalog_texts()
    assert relic == "神器"
    assert sum(relic in text for text in texts) >= 10
    # game actions are 行动; the command palette's actions are 命令
    assert content.glossary("shifting_stones", "zh_Hans")["action"] == "行动"
    assert content.glossary("death_valley", "zh_Hans")["action"] == "行动"
    assert all("行动" in documents()[f"{game}/rules.zh_Hans.md"] for game in ("shifting_stones", "death_valley"))
    assert sum("行动" in text for text in texts) >= 5
    assert not any("操作" in text and ("换位" in text or "翻面" in text) for text in texts)


def test_names_and_words_meet_without_stray_spaces():
    """One rule: a name placeholder ({player}, {card} ...) touches the Chinese beside it; numbers keep a space."""
    name = r"\{(?:player|players|names|winner|winners|active)\}"
    cjk = r"[\u4e00-\u9fff]"
    counted = "(?! [位人张次分颗件轮])"  # {players} 位玩家: there the placeholder is a number
    spaced = [text for text in catalog_texts()
              if re.search(cjk + " " + name + counted + "|" + name + " (?![位人张次分颗件轮])" + cjk, text)]
    assert not spaced, spaced[:10]
