"""The screens and the rules use the same words: catalog names of hazards agree with the glossary."""

from __future__ import annotations

import pytest

from companion import content
from companion.games.diamant.messages import HAZARD_NAMES
from companion.games.diamant.rules import PRESETS, load_ruleset
from companion.i18n import LOCALES, translator


@pytest.mark.parametrize("locale", LOCALES)
def test_hazard_names_in_catalogs_match_the_glossary(locale):
    terms = content.glossary("diamant", locale)
    tr = translator(locale)
    differ = {h: (tr.gettext(msg), terms[h]) for h, msg in HAZARD_NAMES.items() if tr.gettext(msg) != terms[h]}
    assert not differ, differ


def test_every_preset_hazard_and_coin_is_in_the_glossary():
    entries = content.load_glossary("diamant")
    for preset in PRESETS:
        rules = load_ruleset(preset)
        for hazard in rules.hazards:
            assert hazard in entries, (preset, hazard)
        for coin, _ in rules.denominations:
            assert coin in entries, (preset, coin)
