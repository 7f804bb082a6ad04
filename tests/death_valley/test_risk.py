"""Warnings before a bust: the dangerous hazard types and the exact chance from the known deck."""

from __future__ import annotations

from fractions import Fraction

from companion.games.death_valley.engine import ROBOT
from companion.games.death_valley.risk import bust_risk, risks
from tests.death_valley.helpers import fresh, move, play, rest, reveal, travel


def test_no_danger_at_the_start():
    risk = bust_risk(fresh())
    assert risk.player == "Ava" and risk.hazards == () and risk.chance == 0 and not risk.faceup_busts
    assert risk.deck_size == 17


def test_two_visible_cards_of_a_type_make_it_dangerous():
    state = fresh(faceup="heat-3")
    state, _ = play(state, travel("flood-1", "deck"), travel("land-1", "deck"),
                    travel("flood-2", "deck"), travel("land-2", "deck"))
    risk = bust_risk(state)
    # Ava: flood-1, flood-2.  Deck: 18 - 4 taken - heat-3 face up = 13 cards, flood-3 and flood-4 among them
    assert risk.hazards == ("flood",) and risk.in_deck == {"flood": 2} and risk.deck_size == 13
    assert risk.chance == Fraction(2, 13) and not risk.faceup_busts
    # Ben is in the same position with land: 3 land cards left in the deck
    assert bust_risk(state, "Ben").chance == Fraction(3, 13)


def test_two_dangerous_types_add_up_and_the_faceup_card_is_flagged():
    state = fresh(faceup="heat-3")
    state, _ = play(state, travel("flood-1", "deck"), travel("animal-1", "deck"),
                    travel("heat-1", "deck"), travel("animal-2", "deck"),
                    rest("flood-1"), travel("land-1", "deck"),
                    travel("heat-2", "deck"), travel("land-2", "deck"),
                    travel("flood-2", "deck"), travel("land-3", "deck"))
    assert state.busts["Ben"] == 1  # Ben busted on land; Ava has flood (album + journey) and heat
    risk = bust_risk(state)
    assert risk.hazards == ("flood", "heat")
    # deck: flood-3, flood-4 and heat-4, heat-5, heat-6 (heat-3 is face up) of 10 cards
    assert risk.in_deck == {"flood": 2, "heat": 3} and risk.deck_size == len(state.deck)
    assert risk.chance == Fraction(5, len(state.deck))
    assert risk.faceup_busts  # heat-3 face up


def test_hidden_cards_never_make_a_type_dangerous():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"),
                    travel("heat-2", "deck"), travel("flood-2", "deck"),
                    rest("heat-1", tuck=["heat-2"]), travel("land-2", "deck"))
    assert bust_risk(state, "Ava").hazards == ()


def test_empty_deck_has_no_chance():
    state = fresh(faceup="heat-1")
    state, _ = play(state, *[move(c, "deck", "discard") for c in sorted(state.deck)])
    assert bust_risk(state).chance is None


def test_backseat_and_solo_warn_about_both_journeys():
    assert len(risks(fresh())) == 1
    both = risks(fresh("backseat"))
    assert [r.player for r in both] == ["Ava", "Ben"]
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("heat-1", to=ROBOT), reveal("heat-2"))
    state, _ = play(state, {"event": "robot", "card": "flood-1"})  # rule 3: robot draws flood-1
    state, _ = play(state, travel("heat-2", to=ROBOT), reveal("land-1"))
    robot_risk = [r for r in risks(state) if r.player == ROBOT][0]
    assert robot_risk.hazards == ("heat",) and robot_risk.chance == Fraction(4, len(state.deck))
