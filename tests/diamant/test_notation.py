"""Diamant notation: what a host types <-> events, as round trips over random games in every language."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games import diamant
from companion.games.diamant.explain import hazard_name
from companion.games.diamant.notation import (
    LEAVE,
    NotationError,
    format_card,
    format_decision,
    format_entry,
    parse_card,
    parse_decision,
    parse_entry,
)
from companion.i18n import LOCALES, translator
from companion.journal import new_header
from companion.safetext import check_name

from .helpers import H, L, R, T, start
from .test_properties import legal_event

NAMES = ("Ava", "Ben", "Chen", "Dee", "Eli", "Fay", "آوا", "بهرام", "陳", "小明", "Ava Lee", "Jo-Ann", "L", "Lava",
         "2", "relic", "ben")
# Any name a journal accepts: non-empty, no control characters (spaces, digits and commas included).
ANY_NAME = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=8).filter(
    lambda name: check_name(name) is None)


@st.composite
def games(draw):
    """A state somewhere in a random legal game of a random edition, with random player names."""
    ruleset = diamant.load_ruleset(draw(st.sampled_from(diamant.PRESETS), label="ruleset"))
    low, high = ruleset.players
    players = draw(st.lists(st.one_of(st.sampled_from(NAMES), ANY_NAME), min_size=low, max_size=min(high, 6),
                            unique=True), label="players")
    state = diamant.start(new_header("diamant", ruleset.id, players))
    data = draw(st.data())
    for _step in range(draw(st.integers(0, 25), label="length")):
        if state.finished:
            break
        state, _outcome = diamant.apply(state, legal_event(data, state))
    return diamant.engine.round_view(state)


@st.composite
def draws(draw, state):
    """Any draw event the notation can name for this ruleset (in the deck or not: that is the engine's call)."""
    rules = state.rules
    kind = draw(st.sampled_from(["treasure", "hazard", "relic"]))
    if kind == "treasure":
        return T(draw(st.one_of(st.sampled_from(rules.treasures), st.integers(0, 1000))))
    if kind == "hazard":
        return H(draw(st.sampled_from(rules.hazards)))
    return R(draw(st.one_of(st.none(), st.integers(1, 1000))))


@st.composite
def decisions(draw, state):
    seats = draw(st.lists(st.integers(0, len(state.players) - 1), min_size=1, unique=True))
    return L(*(state.players[s] for s in sorted(seats)))


ROUND_TRIP = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@ROUND_TRIP
@given(games(), st.sampled_from(LOCALES), st.data())
def test_cards_round_trip(state, locale, data):
    tr = translator(locale)
    event = data.draw(draws(state), label="event")
    text = format_card(event, state, tr)
    assert parse_card(text, state, tr) == event
    assert parse_entry(text, state, tr) == event  # a card never reads as a decision in the shared field
    assert format_entry(event, state, tr) == text


@ROUND_TRIP
@given(games(), st.sampled_from(LOCALES), st.data())
def test_decisions_round_trip(state, locale, data):
    tr = translator(locale)
    event = data.draw(decisions(state), label="event")
    text = format_decision(event, state, tr)
    assert parse_decision(text, state, tr) == event
    assert parse_entry(text, state, tr) == event
    assert format_entry(event, state, tr) == text


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("ruleset", diamant.PRESETS)
def test_cards_are_written_as_a_host_of_that_language_types_them(locale, ruleset):
    tr = translator(locale)
    state = start(ruleset, ("Ava", "Ben", "Chen"))
    assert format_card(T(15), state, tr) == tr.digits("15")
    for hazard in state.rules.hazards:
        assert format_card(H(hazard), state, tr) == hazard_name(hazard, tr)
    assert format_card(R(), state, tr) == tr.gettext("relic")
    assert format_card(R(1012), state, tr) == f"{tr.gettext('relic')} {tr.digits('1012')}"  # no grouping: ۱۰۱۲


@pytest.mark.parametrize("locale", LOCALES)
def test_decisions_are_written_with_names_in_seat_order(locale):
    tr = translator(locale)
    state = start("diamant", ("Ava", "Ben", "Chen"))
    assert format_decision(L("Ava", "Chen"), state, tr) == f"{tr.gettext(LEAVE)} Ava Chen"


def test_names_that_would_read_back_as_someone_else_are_written_as_seats():
    fa = translator("fa")
    state = start("diamant", ("3", "Ava", "Lee", "Ava Lee"))
    assert format_decision(L("3"), state, fa) == "برگشت ۱"          # "3" would be the third seat
    assert format_decision(L("Ava", "Lee"), state, fa) == "برگشت ۲ ۳"  # "Ava Lee" would be the fourth player
    assert format_decision(L("Ava", "Ava Lee"), state, fa) == "برگشت Ava Ava Lee"  # the longest name first
    assert format_decision(L("Ava Lee"), state, fa) == "برگشت Ava Lee"


def test_what_the_notation_cannot_write_is_a_programming_error():
    state = start("diamant-classic")
    with pytest.raises(ValueError):
        format_card(H("spider"), state, translator("en"))  # not a hazard of this edition
    with pytest.raises(ValueError):
        format_decision(L("Zed"), state, translator("en"))
    with pytest.raises(ValueError):
        format_decision(L(), state, translator("en"))


@pytest.mark.parametrize(("text", "code", "params"), [
    ("", "tui.unknown_card", {"text": ""}),
    ("dragon", "tui.unknown_card", {"text": "dragon"}),
    ("s", "diamant.ambiguous_entry", {"text": "s", "choices": "spider or snake"}),
    ("l", "diamant.ambiguous_entry", {"text": "l", "choices": "leave or lava"}),   # L Enter is not lava
    ("r", "diamant.ambiguous_entry", {"text": "r", "choices": "rockfall, battering ram, or relic"}),
    ("spidr", "diamant.did_you_mean", {"text": "spidr", "word": "spider"}),
    ("snaek", "diamant.did_you_mean", {"text": "snaek", "word": "snake"}),
    ("le", "diamant.no_leavers", {"by_name": "leave Ava Ben", "by_seat": "leave 1 2"}),  # the word begun
    ("relic seven", "tui.unknown_card", {"text": "relic seven"}),
    ("leave", "diamant.no_leavers", {"by_name": "leave Ava Ben", "by_seat": "leave 1 2"}),
    ("L Zed", "tui.unknown_player", {"name": "Zed"}),
    ("L 5", "tui.unknown_player", {"name": "5"}),
    ("L Ava, 0", "tui.unknown_player", {"name": "0"}),
    ("L Zed Ava", "tui.unknown_player", {"name": "Zed"}),
])
def test_text_that_names_nothing_gives_a_clear_error(text, code, params):
    state = start("diamant")
    before = state
    with pytest.raises(NotationError) as info:
        parse_entry(text, state, translator("en"))
    assert isinstance(info.value, CompanionError)
    assert info.value.code == code and info.value.params == params
    assert state == before


def test_examples_in_every_language():
    state = start("incan-gold")
    fa, zh = translator("fa"), translator("zh_Hans")
    assert parse_entry("۷", state, fa) == T(7)
    assert parse_entry("７", state, zh) == T(7)
    assert parse_entry("ریزش سنگ", state, fa) == H("rockfall")
    assert parse_entry("sn", state, fa) == H("snake")
    assert parse_entry("神器", state, zh) == R()
    assert parse_entry("re", state, zh) == R()  # r alone could be rockfall too
    assert parse_entry("برگشت آوا", start("incan-gold", ("آوا", "Ben", "Chen")), fa) == L("آوا")
    assert parse_entry("撤退 2、3", state, zh) == L("Ben", "Chen")
    assert parse_entry("L Dee, ava", state, zh) == L("Ava", "Dee")
    house = start("house-001", ("Ava", "Ben"))
    assert parse_entry("r 7", house, translator("en")) == R(7)


def test_the_notation_loads_no_interface_library():
    code = ("import sys, companion.games.diamant.notation; "
            "print([m for m in ('textual', 'rich', 'weasyprint') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
