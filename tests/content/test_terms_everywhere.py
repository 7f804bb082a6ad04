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
