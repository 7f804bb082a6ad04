"""Sentences for outcomes, warnings, errors and the replay report, in all four languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import companion.games.death_valley as dv
from companion.errors import RuleError
from companion.games.death_valley import messages
from companion.games.death_valley.explain import (
    card_name,
    describe_outcome,
    describe_risk,
    describe_robot,
    error_text,
    report,
)
from companion.games.death_valley.risk import bust_risk
from companion.games.death_valley.robot import decide
from companion.i18n import LOCALES, translator
from companion.messages import describe
from tests.death_valley.helpers import fresh, move, play, rest, reveal, travel

EN = translator("en")
PACKAGE = Path(dv.__file__).parent


def flood_bust():
    state = fresh(faceup="land-1")
    state, outs = play(state, travel("flood-1", "deck"), travel("heat-1", "deck"),
                       travel("land-2", "deck"), travel("heat-2", "deck"),
                       travel("flood-2", "deck"), travel("animal-1", "deck"),
                       rest("land-2"), travel("animal-2", "deck"),
                       travel("flood-3", "deck"))
    return state, outs[-1]


def test_a_bust_tells_the_host_what_to_do():
    state, out = flood_bust()
    lines = describe_outcome(out, state, EN)
    assert lines == [
        "Ava adds Flood 3 from the top of the deck to their journey.",
        "Ava has three or more visible flood cards and busts.",
        "Put Flood 3 from Ava's journey face down on the discard pile.",
        "Shuffle Ava's other 2 journey cards into the deck: Flood 1 and Flood 2.",
        "Ava has busted 1 time so far.",
        "Ben's turn.",
    ]


def test_persian_and_chinese_use_their_names_and_digits():
    state, out = flood_bust()
    fa = "\n".join(describe_outcome(out, state, translator("fa")))
    assert "سیلاب ۳" in fa and "۲" in fa and "3" not in fa
    hant = "\n".join(describe_outcome(out, state, translator("zh_Hant")))
    assert "洪水 3" in hant and "棄牌堆" in hant
    hans = "\n".join(describe_outcome(out, state, translator("zh_Hans")))
    assert "洪水 3" in hans and "弃牌堆" in hans


def test_catalog_names_win_over_generic_names(tmp_path):
    from companion.games.death_valley.catalog import shipped_catalog

    catalog = shipped_catalog().with_card("flood-3", names={"en": "Badwater", "fa": "آب شور"})
    assert card_name(catalog, "flood-3", translator("fa")) == "آب شور"
    assert card_name(catalog, "flood-3", translator("zh_Hant")) == "Badwater"
    assert card_name(catalog, "flood-1", translator("zh_Hans")) == "洪水 1"


def test_flip_and_game_over_lines():
    state = fresh(faceup="heat-1")
    state, (out,) = play(state, travel("heat-1"))
    assert describe_outcome(out, state, EN)[-1] == "Flip the top deck card face up and record which card it is."
    from companion.games.death_valley.engine import CARD_IDS

    state = fresh(faceup="heat-1", stars={"heat-1": 2})
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS if c not in ("heat-1", "heat-2")])
    state, (out,) = play(state, travel("heat-1"))
    lines = describe_outcome(out, state, EN)
    assert lines[-3:] == ["The desert has 1 card left: the game is over.", "Winner: Ava.",
                          "Ava wins on points: 2 against 0."]


def test_robot_sentences_name_the_rule_and_the_reason():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"))
    assert describe_robot(decide(state), state, EN).startswith("Robot, rule 2:")
    state, _ = play(state, {"event": "robot"}, reveal("heat-2"), travel("flood-2", "deck"))
    state, (out,) = play(state, {"event": "robot", "card": "land-1"})
    lines = describe_outcome(out, state, EN)
    assert lines[0] == ("Robot, rule 3: the robot already has a card with the same hazard as the face-up card "
                        "Heat 2, so it takes the top deck card: Land 1.")
    assert lines[1] == "Put Land 1 at the right end of Robot's journey."
    assert "Draw it" in describe_robot(decide(fresh_rule3()), fresh_rule3(), EN)


def fresh_rule3():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"), {"event": "robot"}, reveal("heat-2"),
                    travel("flood-2", "deck"))
    return state


def test_warning_sentences_give_the_exact_chance():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"), travel("heat-2", "deck"),
                    travel("flood-2", "deck"))
    lines = describe_risk(bust_risk(state), state, EN)
    assert lines == ["Ava is one card away from a bust in: heat.",
                     "Chance that the top deck card busts Ava: 4/13 (30.8%)."]
    fa = describe_risk(bust_risk(state), state, translator("fa"))
    assert "۴/۱۳" in fa[-1] and "گرما" in fa[0]
    assert describe_risk(bust_risk(fresh()), fresh(), EN) == ["Ava is not one card away from a bust."]


def test_error_text_uses_card_names():
    state = fresh(faceup="heat-1")
    with pytest.raises(RuleError) as info:
        dv.apply(state, travel("heat-2"))
    assert error_text(info.value, state, EN) == "Heat 2 is in the deck, not where this event says."
    assert error_text(info.value, state, translator("zh_Hant")) == "高溫 2 在牌堆中，不在這個事件所說的位置。"


def _codes_in_source() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py") if p.name != "messages.py")
    codes = set(re.findall(r'"(valley\.[a-z_]+)"', text))
    zones = ("desert", "deck", "discard", "journey", "album", "hidden")
    return codes | {f"valley.card_in_{z}" for z in zones}


def test_every_error_code_has_a_message_and_every_message_is_used():
    used = _codes_in_source()
    assert used <= set(messages.MESSAGES), used - set(messages.MESSAGES)
    assert set(messages.MESSAGES) <= used, set(messages.MESSAGES) - used


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_formats_in_every_language(locale):
    tr = translator(locale)
    params = dict(card="heat-1", player="Ava", active="Ben", faceup="heat-2", zone="x", field="tuck",
                  event="travel", mode="m", option="o", choices="a, b", count=3, key="k", value="v",
                  source="s", most=20, rule=1, path="p.toml", hazard="heat", expected=18, example="heat-1 2",
                  name="n", other="flood-2", reason="r")
    for code, template in messages.MESSAGES.items():
        text = describe(code, params, tr)
        assert "{" not in text and "Unexpected problem" not in text, (code, text)
        if locale != "en":
            assert text != template.format(**params), (locale, code)  # translated


@pytest.mark.parametrize("locale", LOCALES)
def test_report_of_a_game_in_progress(locale):
    state, _ = flood_bust()
    lines = report(state, translator(locale))
    assert len(lines) >= 8
    if locale == "en":
        assert lines[0] == "Death Valley, standard game."
        assert "Ava: score 0, busts 1." in lines
        assert "Album of Ava: Land 2." in lines
        assert "Ben's turn." in lines
        assert any(line.startswith("Stars not known yet") for line in lines)
