"""Death Valley notation (``death_valley.notation``): typed cards, zones, rests, ability moves and stars.

Every reader round-trips with its writer -- ``parse(format(x)) == x`` -- in ids and in the words of each
language; bad entries give clear errors and change nothing.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.games.death_valley as dv
from companion.errors import CompanionError, EventError, RuleError
from companion.games.death_valley.catalog import CARD_IDS, MAX_STARS
from companion.games.death_valley.engine import ROBOT
from companion.games.death_valley.explain import card_name
from companion.games.death_valley.notation import (
    format_card,
    format_move,
    format_rest,
    format_stars,
    format_zone,
    parse_card,
    parse_move,
    parse_rest,
    parse_stars,
    parse_zone,
    suggest,
)
from companion.i18n import translator
from tests.death_valley.helpers import fresh, move, play, rest

LOCALES = ("en", "fa", "zh_Hant", "zh_Hans")
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EN = translator("en")


def tr_of(locale: str):
    return translator(locale)


# -- cards ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_round_trips_by_id_and_by_name(locale):
    tr, state = tr_of(locale), fresh()
    for card in CARD_IDS:
        assert parse_card(format_card(card), state, tr) == card
        named = format_card(card, state, tr)
        assert named == card_name(state.catalog, card, tr) and named != card
        assert parse_card(named, state, tr) == card
        assert parse_card(named.replace(" ", ""), state, tr) == card     # without spaces
        assert parse_card(f"  {named.upper()}  ", state, tr) == card     # case and spaces do not matter


@pytest.mark.parametrize(("text", "locale", "card"), [
    ("f2", "fa", "flood-2"), ("H6", "zh_Hant", "heat-6"), ("Flood 2", "en", "flood-2"), ("flood2", "en", "flood-2"),
    ("سیلاب ۲", "fa", "flood-2"), ("سیلاب2", "fa", "flood-2"), ("洪水2", "zh_Hant", "flood-2"),
    ("洪水 ٢", "zh_Hans", "flood-2"), ("ｆｌｏｏｄ－２", "en", "flood-2"),   # other digits, full-width forms
])
def test_short_ids_names_and_other_digits(text, locale, card):
    assert parse_card(text, fresh(), tr_of(locale)) == card


def test_a_catalog_name_is_read_in_its_language_and_the_allowed_cards_win():
    state = fresh()
    named = state.catalog.with_card("land-3", names={"en": "Old Tree", "fa": "درخت کهن"})
    state = replace(state, catalog=named)
    assert parse_card("old tree", state, EN) == "land-3"
    assert parse_card("درخت کهن", state, tr_of("fa")) == "land-3"
    assert format_card("land-3", state, tr_of("zh_Hans")) == "Old Tree"          # English as the fallback
    # two cards with the same name: the one allowed now is meant
    twice = named.with_card("land-4", names={"en": "Old Tree"})
    state = replace(state, catalog=twice)
    assert parse_card("Old Tree", state, EN, allowed=["land-4"]) == "land-4"
    assert parse_card("Old Tree", state, EN, allowed=["land-3"]) == "land-3"


@pytest.mark.parametrize("text", ["xyz", "", "   ", "heat-7", "flood 9"])
def test_an_unknown_card_is_refused_with_what_was_typed(text):
    state = fresh()
    before = dv.summary(state)
    with pytest.raises(EventError) as info:
        parse_card(text, state, EN)
    assert info.value.code == "valley.unknown_card" and info.value.params == {"card": text.strip()}
    assert dv.summary(state) == before


def test_suggest_completes_the_last_word():
    assert suggest("heat-1 + fl", ["flood-3", "flood-1"]) == "heat-1 + flood-3"
    assert suggest("he", ["heat-2"]) == "heat-2"
    assert suggest("heat-2", ["heat-2"]) is None and suggest("", ["heat-2"]) is None


# -- zones ------------------------------------------------------------------------------------------
NAME_CHARS = st.sampled_from(list("AbcdeLmnoZ") + ["é", "ß", "ö", "آ", "ن", "李", "小", " "])
NAMES = st.text(NAME_CHARS, min_size=1, max_size=8).map(lambda s: " ".join(s.split())).filter(
    lambda s: s and s.casefold() != ROBOT)


def _two_names(data):
    first = data.draw(NAMES)
    second = data.draw(NAMES.filter(lambda s: s.casefold() != first.casefold()))
    return first, second


def _state(data, mode: str):
    if mode == "solo":
        return fresh("solo", players=(data.draw(NAMES),))
    return fresh(mode, players=_two_names(data))


def _zones(state: dv.State) -> list[str]:
    zones = ["desert", "deck", "discard"] + [f"journey:{p}" for p in state.players]
    return zones + [f"album:{p}" for p in state.players if p != ROBOT]


@SETTINGS
@given(st.data(), st.sampled_from(["standard", "backseat", "solo"]), st.sampled_from((None,) + LOCALES))
def test_zones_round_trip(data, mode, locale):
    state = _state(data, mode)
    zone = data.draw(st.sampled_from(_zones(state)))
    tr = tr_of(locale or "en")
    text = format_zone(zone, state, tr) if locale else format_zone(zone)
    assert parse_zone(text, state, tr) == zone, text


@pytest.mark.parametrize(("text", "zone"), [
    ("deck", "deck"), ("Discard pile", "discard"), ("discard", "discard"), ("DESERT", "desert"),
    ("journey", "journey:Ava"), ("album ann lee", "album:Ann Lee"), ("journey:Ava", "journey:Ava"),
    ("journey Ann  Lee", "journey:Ann Lee"), ("album:Ann Lee", "album:Ann Lee"),
])
def test_zone_words(text, zone):
    assert parse_zone(text, fresh(players=("Ava", "Ann Lee")), EN) == zone


def test_zone_words_of_each_language_and_the_robot():
    state = fresh("solo", players=("Eve",))
    assert parse_zone("سفر ربات", state, tr_of("fa")) == "journey:robot"
    assert parse_zone("棄牌堆", state, tr_of("zh_Hant")) == "discard"
    assert parse_zone("相册", state, tr_of("zh_Hans")) == "album:Eve"
    assert parse_zone("journey Robot", state, EN) == "journey:robot"
    # a player who is called Robot in a two-player game is that player, not the solo robot
    two = fresh(players=("Robot", "Ben"))
    assert parse_zone("journey Robot", two, EN) == "journey:Robot"


@pytest.mark.parametrize(("text", "code", "params"), [
    ("", "valley.bad_zone", {"zone": ""}),
    ("pocket", "valley.bad_zone", {"zone": "pocket"}),
    ("journey Zed", "valley.unknown_player", {"player": "Zed"}),
    ("album:", "valley.bad_zone", {"zone": "album:"}),
])
def test_bad_zones(text, code, params):
    state = fresh()
    with pytest.raises(EventError) as info:
        parse_zone(text, state, EN)
    assert (info.value.code, info.value.params) == (code, params)


# -- rests ------------------------------------------------------------------------------------------
def _with_journey(data, mode: str):
    """A game where the active player has a few journey cards (laid there by ability moves)."""
    state = _state(data, mode)
    cards = data.draw(st.lists(st.sampled_from(sorted(state.deck)), min_size=1, max_size=6, unique=True))
    state, _ = play(state, *[move(c, "deck", f"journey:{state.active}") for c in cards])
    return state


@SETTINGS
@given(st.data(), st.sampled_from(["standard", "backseat", "solo"]), st.sampled_from((None,) + LOCALES))
def test_rests_round_trip(data, mode, locale):
    state = _with_journey(data, mode)
    journey = list(state.journeys[state.active])
    card = data.draw(st.sampled_from(journey))
    others = [c for c in journey if c != card]
    fate = data.draw(st.lists(st.sampled_from(["keep", "tuck", "return"]), min_size=len(others),
                              max_size=len(others)))
    event = rest(card, [c for c, f in zip(others, fate) if f == "tuck"],
                 [c for c, f in zip(others, fate) if f == "return"])
    tr = tr_of(locale or "en")
    text = format_rest(event, state, tr) if locale else format_rest(event)
    assert parse_rest(text, state, tr) == event, text
    dv.apply(state, event)  # and the engine takes it


@pytest.mark.parametrize(("text", "tuck", "back"), [
    ("heat-1 + flood-1 - land-1", ["flood-1"], ["land-1"]),
    ("heat-1 +flood-1 -land-1", ["flood-1"], ["land-1"]),
    ("heat-1 -- land-1", [], ["land-1"]),
    ("h1 - l1 + f1", ["flood-1"], ["land-1"]),
    ("Heat 1 + Flood 1 - Land 1", ["flood-1"], ["land-1"]),       # names of two words
    ("heat-1", [], []),
])
def test_rest_entries(text, tuck, back):
    state = fresh(faceup="animal-1")
    state, _ = play(state, *[move(c, "deck", "journey:Ava") for c in ("heat-1", "flood-1", "land-1")])
    assert parse_rest(text, state, EN) == rest("heat-1", tuck, back)


@pytest.mark.parametrize(("text", "card"), [("", ""), ("+ flood-1", "+ flood-1"), ("heat-1 flood-1", "heat-1 flood-1"),
                                            ("heat-1 + zzz", "zzz")])
def test_bad_rests(text, card):
    state = fresh(faceup="animal-1")
    state, _ = play(state, move("heat-1", "deck", "journey:Ava"), move("flood-1", "deck", "journey:Ava"))
    before = dv.summary(state)
    with pytest.raises(EventError) as info:
        parse_rest(text, state, EN)
    assert info.value.code == "valley.unknown_card" and info.value.params == {"card": card}
    assert dv.summary(state) == before


# -- ability moves ----------------------------------------------------------------------------------
def _places(state: dv.State) -> list[tuple[str, str]]:
    places = [(c, "deck") for c in sorted(state.deck)] + [(c, "discard") for c in state.discard]
    if state.faceup:
        places.append((state.faceup, "desert"))
    for p in state.players:
        places += [(c, f"journey:{p}") for c in state.journeys[p]]
        places += [(e.card, f"album:{p}") for e in state.albums[p]]
    return places


@SETTINGS
@given(st.data(), st.sampled_from(["standard", "backseat", "solo"]), st.sampled_from((None,) + LOCALES))
def test_moves_round_trip(data, mode, locale):
    state = _with_journey(data, mode)
    if data.draw(st.booleans()):
        state, _ = play(state, {"event": "rest", "card": state.journeys[state.active][0], "tuck": [],
                                "return": []})
    card, src = data.draw(st.sampled_from(_places(state)))
    dst = data.draw(st.sampled_from([z for z in _zones(state) if z != src]))
    event = move(card, src, dst)
    tr = tr_of(locale or "en")
    text = format_move(event, state, tr) if locale else format_move(event)
    assert parse_move(text, state, tr) == event, text


def test_move_entries():
    state = fresh(faceup="heat-1")
    assert parse_move("heat-1 journey", state, EN) == move("heat-1", "desert", "journey:Ava")
    assert parse_move("Flood 2 album Ben", state, EN) == move("flood-2", "deck", "album:Ben")
    assert parse_move("گرما ۱ دسته", state, tr_of("fa")) == move("heat-1", "desert", "deck")


@pytest.mark.parametrize(("text", "error", "code", "params"), [
    ("", EventError, "valley.unknown_card", {"card": ""}),
    ("zzz deck", EventError, "valley.unknown_card", {"card": "zzz"}),
    ("heat-2 nowhere", EventError, "valley.bad_zone", {"zone": "nowhere"}),
    ("heat-2", EventError, "valley.bad_zone", {"zone": ""}),
    ("flood-1 deck", RuleError, "valley.card_in_hidden", {"card": "flood-1", "player": "Ava"}),
])
def test_bad_moves(text, error, code, params):
    state = fresh(faceup="animal-1")
    state, _ = play(state, move("heat-1", "deck", "journey:Ava"), move("flood-1", "deck", "journey:Ava"),
                    rest("heat-1", ["flood-1"]))
    before = dv.summary(state)
    with pytest.raises(error) as info:
        parse_move(text, state, EN)
    assert (info.value.code, info.value.params) == (code, params)
    assert dv.summary(state) == before


# -- stars ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", (None,) + LOCALES)
def test_stars_round_trip(locale):
    for stars in range(MAX_STARS + 1):
        text = format_stars(stars, tr_of(locale)) if locale else format_stars(stars)
        assert parse_stars(text) == stars
    assert format_stars(3, tr_of("fa")) == "۳"


@pytest.mark.parametrize("text", ["many", "", "3.5", "٣x"])
def test_bad_stars(text):
    with pytest.raises(CompanionError) as info:
        parse_stars(text)
    assert info.value.code == "valley.bad_stars" and info.value.params == {"value": text.strip(), "most": MAX_STARS}


# -- purity -----------------------------------------------------------------------------------------
def test_the_notation_loads_no_terminal_library():
    code = ("import sys, companion.games.death_valley.notation; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)

