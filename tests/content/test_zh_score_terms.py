"""Both Chinese locales (issue 16): scoring a Shifting Stones card is 得分 ("to earn points with it") in
the catalog, the rules and the card, as the glossary's ``score_card`` says; 計分 / 计分 ("to keep the
score") is left for the score pad (計分表), the scoring section's headings and Death Valley's "stars
that count". Face down is 面朝下 and face up 面朝上 everywhere; a kind of card is a ...卡 compound.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po

from companion import content
from companion.i18n import catalog_path, translator

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("zh_Hant", "zh_Hans")
KEEP_SCORE = {"zh_Hant": "計分", "zh_Hans": "计分"}
STONES_SOURCES = ["companion/games/shifting_stones", "companion/tui/screens/shifting_stones.py"]
# an English message that speaks of scoring a card (not of the score, a score pad or a score sheet)
SCORES_A_CARD = re.compile(r"\bscor(?:e|es|ed|ing)\b(?! (?:pads?|sheets?|\{))", re.I)
# kinds of card named as ...牌 where the rules and the glossary say ...卡
CARD_KINDS = {
    "zh_Hant": re.compile(r"(?:得分|圖案|危險|寶藏|旅程|決定|可見|動物|洪水|高溫|地形|\{hazard\})牌"),
    "zh_Hans": re.compile(r"(?:得分|图案|危险|宝藏|旅程|决定|可见|动物|洪水|高温|地形|\{hazard\})牌|\} 分(?:的)?牌"),
}


def catalog(locale: str) -> dict[str, list[str]]:
    with catalog_path(locale).open("rb") as fh:
        messages = read_po(fh, locale=locale)
    return {(m.id if isinstance(m.id, str) else m.id[0]):
            [s for s in ([m.string] if isinstance(m.string, str) else (m.string or [])) if s]
            for m in messages if m.id}


def stones_msgids() -> set[str]:
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "N_plural": (1, 2)}
    ids = set()
    for where in STONES_SOURCES:
        path = ROOT / where
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for _line, message, _comments, _context in extract_from_file("python", file, keywords=keywords):
                ids.add(message if isinstance(message, str) else message[0])
    return ids


def documents(locale: str) -> dict[str, str]:
    return {str(path.relative_to(ROOT / "rules_content")): path.read_text(encoding="utf-8").split("---\n", 2)[2]
            for path in sorted((ROOT / "rules_content").glob(f"*/*.{locale}.md"))}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_glossary_says_score_a_card_is_defen(locale):
    assert content.glossary("shifting_stones", locale)["score_card"] == "得分"
    assert content.glossary("shifting_stones", "en")["score_card"] == "score"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_stones_message_about_scoring_a_card_says_defen(locale):
    texts = catalog(locale)
    # "{score}" is a total (得 {score} 分, 同為 {score} 分), not the act
    ids = [msgid for msgid in stones_msgids() if SCORES_A_CARD.search(msgid) and "{score}" not in msgid]
    assert len(ids) >= 20, ids  # the extraction found the game's messages
    keep = KEEP_SCORE[locale]
    earns = re.compile(r"得分|得 \{[a-z]+\} 分")  # 用它得 {n} 分: "earn n points with it" is the same verb
    wrong = [(msgid, text) for msgid in ids for text in texts.get(msgid, [])
             if not earns.search(text) or re.search(keep + "(?!表)", text)]
    # "Scoring a player" is the final tally, kept as 計分: the only score-word message that is not a card's
    wrong = [(msgid, text) for msgid, text in wrong if msgid != "Scoring a player: an example"]
    assert not wrong, wrong[:8]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_screens_say_defen_for_the_act(locale):
    tr = translator(locale)
    for text in (tr.gettext("Score the chosen card"),
                 tr.ngettext("{player} scored {n} card for {points} points: {patterns}.",
                             "{player} scored {n} cards for {points} points: {patterns}.", 2,
                             player="A", n=2, points=5, patterns="x"),
                 tr.gettext("Choose a card on the right: type the faces it shows, then Enter scores it."),
                 tr.gettext("Cards scored")):
        assert "得分" in text and KEEP_SCORE[locale] not in text, text
    assert KEEP_SCORE[locale] + "表" in tr.gettext("{game}: score pad", game="G")


@pytest.mark.parametrize("locale", LOCALES)
def test_keeping_the_score_is_the_only_jifen_in_the_catalog(locale):
    """計分 outside 計分表 only where a message is about counting points, never next to a card count."""
    keep = KEEP_SCORE[locale]
    card_count = re.compile(rf"{keep}[了過过]?\s*(?:第|\{{n\}}|\d|滿|满|達|达)|[已都為为沒没]{keep}|{keep}的[牌卡]")
    found = [text for texts in catalog(locale).values() for text in texts if card_count.search(text)]
    assert not found, found[:8]


@pytest.mark.parametrize("locale", LOCALES)
def test_stones_rules_and_card_say_defen_and_keep_jifen_for_headings(locale):
    keep = KEEP_SCORE[locale]
    for name, body in documents(locale).items():
        if not name.startswith("shifting_stones/"):
            continue
        assert "得分" in body, name
        stray = [line for line in body.splitlines() if keep in line and not line.startswith("#")]
        assert not stray, (name, stray[:3])


@pytest.mark.parametrize("locale", LOCALES)
def test_face_down_is_mian_chao_xia_everywhere(locale):
    texts = {"catalog": "\n".join(t for texts in catalog(locale).values() for t in texts), **documents(locale)}
    wrong = [(where, word) for where, text in texts.items() for word in ("背面朝上", "正面朝上", "背面向上")
             if word in text]
    assert not wrong, wrong
    assert "面朝下" in texts["catalog"] and "面朝上" in texts["catalog"]
    games = ("diamant", "death_valley", "shifting_stones")
    assert all("面朝下" in texts[f"{game}/rules.{locale}.md"] for game in games)


@pytest.mark.parametrize("locale", LOCALES)
def test_kinds_of_card_are_ka_compounds(locale):
    texts = {"catalog": "\n".join(t for texts in catalog(locale).values() for t in texts), **documents(locale)}
    kinds = CARD_KINDS[locale]
    found = {where: kinds.findall(text) for where, text in texts.items() if kinds.search(text)}
    assert not found, found
