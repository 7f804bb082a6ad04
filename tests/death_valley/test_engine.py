"""Every rule of spec/death-valley.md and every rejected event (with the state unchanged)."""

from __future__ import annotations

import pytest

import companion.games.death_valley as dv
from companion.errors import RuleError
from companion.games.death_valley.engine import CARD_IDS, Task
from tests.death_valley.helpers import fresh, header, move, play, rejected, rest, reveal, travel, zones_ok


# -- setup ------------------------------------------------------------------------------------------
def test_a_new_game_has_every_card_in_the_deck_and_waits_for_the_first_reveal():
    state = dv.start(header())
    assert state.deck == frozenset(CARD_IDS) and state.faceup is None and state.needs_reveal
    rejected(state, travel("heat-1", "deck"), "valley.reveal_first")
    state, (outcome,) = play(state, reveal("flood-2"))
    assert state.faceup == "flood-2" and "flood-2" not in state.deck and not state.needs_reveal
    assert outcome.next_player == "Ava" and state.active == "Ava"


@pytest.mark.parametrize("extra, code", [
    ({"mode": "tournament"}, "valley.bad_mode"),
    ({"options": {"robot_speed": True}}, "valley.unknown_option"),
    ({"options": {"robot_bust_rule": "yes"}}, "valley.bad_option"),
    ({"stars": {"heat-9": 1}}, "valley.unknown_card"),
    ({"stars": {"heat-1": -1}}, "valley.bad_header_value"),
    ({"stars": {"heat-1": True}}, "valley.bad_header_value"),
    ({"stars": [1, 2]}, "valley.bad_header_map"),
    ({"ability": {"heat-1": 1000}}, "valley.bad_header_value"),
])
def test_bad_headers_are_refused(extra, code):
    mode = extra.pop("mode", "standard")
    with pytest.raises(RuleError) as info:
        dv.start(header(mode, **extra))
    assert info.value.code == code


@pytest.mark.parametrize("mode, players, code", [
    ("standard", ("Ava",), "valley.two_players"),
    ("backseat", ("Ava", "Ben", "Chen"), "valley.two_players"),
    ("solo", ("Ava", "Ben"), "valley.solo_players"),
    ("solo", ("robot",), "valley.robot_name_taken"),
    ("standard", ("Ava", "robot"), "valley.robot_name_taken"),  # the name would act as the robot
    ("backseat", ("robot", "Ben"), "valley.robot_name_taken"),
])
def test_player_counts(mode, players, code):
    with pytest.raises(RuleError) as info:
        dv.start(header(mode, players))
    assert info.value.code == code


def test_unknown_ruleset_is_refused():
    from companion.journal import new_header

    with pytest.raises(RuleError) as info:
        dv.start(new_header("death_valley", "death_valley_deluxe", ["A", "B"]))
    assert info.value.code == "ruleset_unknown"


def test_inline_stars_and_ability_override_the_catalog():
    state = fresh(stars={"heat-1": 4}, ability={"heat-1": -2})
    assert state.catalog["heat-1"].stars == 4 and state.catalog["heat-1"].ability == -2


# -- travel -----------------------------------------------------------------------------------------
def test_travel_adds_to_the_right_end_and_asks_for_a_refresh():
    state = fresh(faceup="heat-1")
    state, (out,) = play(state, travel("flood-1", "deck"))
    assert state.journeys["Ava"] == ("flood-1",) and state.faceup == "heat-1"
    assert out.turn_ended and out.next_player == "Ben" and not state.needs_reveal
    assert out.tasks == ()
    state, (out,) = play(state, travel("heat-1"))
    assert state.journeys["Ben"] == ("heat-1",) and state.faceup is None and state.needs_reveal
    assert out.tasks == (Task("flip"),)
    rejected(state, travel("land-1", "deck"), "valley.reveal_first")
    state, _ = play(state, reveal("land-1"), travel("land-2", "deck"))
    assert state.journeys["Ava"] == ("flood-1", "land-2")
    zones_ok(state)


def test_travel_rejections_leave_the_state_alone():
    state = fresh(faceup="heat-1")
    rejected(state, travel("heat-2"), "valley.card_in_deck")             # not the face-up card
    rejected(state, travel("heat-1", "deck"), "valley.card_in_desert")   # the face-up card is not in the deck
    rejected(state, travel("heat-1", "sky"), "valley.bad_source")
    rejected(state, travel("heat-1", to="Zed"), "valley.unknown_player")
    rejected(state, travel("heat-1", to="Ben"), "valley.not_backseat")   # standard: own journey only
    rejected(state, travel("heat-7"), "valley.unknown_card")
    rejected(state, {"event": "travel", "source": "deck"}, "valley.missing_field")
    rejected(state, {"event": "fly"}, "valley.unknown_event")
    rejected(state, {"event": ["x"]}, "no_event")  # not a name: refused, not a TypeError
    rejected(state, reveal("heat-2"), "valley.no_reveal_needed")
    state, _ = play(state, travel("flood-1", "deck"))
    rejected(state, travel("flood-1", "deck"), "valley.card_in_journey")  # a card seen twice
    rejected(state, reveal("flood-1"), "valley.no_reveal_needed")


def test_a_card_seen_twice_on_reveal_is_refused():
    state = fresh(faceup="heat-1")
    state, _ = play(state, travel("heat-1"))
    err = rejected(state, reveal("heat-1"), "valley.card_in_journey")
    assert err.params == {"card": "heat-1", "player": "Ava"}


def test_travel_from_an_empty_deck_is_refused():
    state = fresh(faceup="heat-1")
    # an ability empties the deck into the discard pile (recorded move by move)
    events = [move(c, "deck", "discard") for c in CARD_IDS if c != "heat-1"]
    state, _ = play(state, *events)
    assert not state.deck
    rejected(state, travel("heat-2", "deck"), "valley.deck_empty")


# -- backseat ---------------------------------------------------------------------------------------
def test_backseat_gives_only_the_faceup_card_and_checks_both_players():
    state = fresh("backseat", faceup="heat-1")
    rejected(state, travel("heat-2", "deck", to="Ben"), "valley.backseat_faceup_only")
    state, _ = play(state, travel("heat-1", to="Ben"), reveal("heat-2"),
                    travel("flood-1", "deck"),            # Ben
                    travel("heat-2", to="Ben"), reveal("heat-3"),  # Ava gives Ben a second heat
                    travel("flood-2", "deck"))            # Ben
    assert state.journeys["Ben"] == ("heat-1", "flood-1", "heat-2", "flood-2")
    state, (out,) = play(state, travel("heat-3", to="Ben"))  # Ava's turn; Ben busts
    assert [(b.player, b.discarded, b.shuffled) for b in out.busts] == [
        ("Ben", "heat-3", ("heat-1", "flood-1", "heat-2", "flood-2"))]
    assert state.busts == {"Ava": 0, "Ben": 1} and state.journeys["Ben"] == ()
    assert state.discard == ("heat-3",)
    assert out.tasks == (Task("discard", ("heat-3",), "Ben"),
                         Task("shuffle", ("heat-1", "flood-1", "heat-2", "flood-2"), "Ben"), Task("flip"))
    zones_ok(state)


def test_standard_checks_only_the_active_player():
    state = fresh(faceup="heat-1")
    # Ben gets three heat cards by ability moves during Ava's turn; Ava's travel does not bust Ben
    state, _ = play(state, move("heat-2", "deck", "journey:Ben"), move("heat-3", "deck", "journey:Ben"),
                    move("heat-4", "deck", "journey:Ben"))
    state, (out,) = play(state, travel("flood-1", "deck"))
    assert out.busts == () and state.busts["Ben"] == 0
    state, (out,) = play(state, travel("flood-2", "deck"))  # now Ben's own turn ends: he busts
    assert [b.player for b in out.busts] == ["Ben"] and out.busts[0].discarded == "heat-4"


# -- bust -------------------------------------------------------------------------------------------
def test_bust_discards_the_rightmost_card_of_the_type_and_keeps_the_album():
    state = fresh(faceup="land-1")
    state, _ = play(state,
                    travel("heat-1", "deck"), travel("flood-1", "deck"),   # Ava, Ben
                    rest("heat-1"), travel("flood-2", "deck"),             # Ava rests heat-1 into her album
                    travel("heat-2", "deck"), travel("flood-3", "deck"),   # Ben: flood x3 -> bust
                    )
    assert state.busts["Ben"] == 1 and state.discard == ("flood-3",)
    state, outs = play(state, travel("land-2", "deck"), travel("land-3", "deck"),
                       travel("heat-3", "deck"))                           # Ava: heat album+journey = 3
    (bust,) = outs[-1].busts
    assert bust.player == "Ava" and bust.hazards == ("heat",)
    assert bust.discarded == "heat-3" and bust.shuffled == ("heat-2", "land-2")
    assert state.albums["Ava"] == (dv.AlbumEntry("heat-1"),)  # the album is untouched
    assert state.journeys["Ava"] == () and state.busts["Ava"] == 1
    assert {"heat-2", "land-2"} <= state.deck
    zones_ok(state)


def test_bust_with_no_card_of_that_type_in_the_journey_only_shuffles():
    state = fresh(faceup="land-1")
    state, _ = play(state, move("heat-1", "deck", "album:Ava"), move("heat-2", "deck", "album:Ava"),
                    move("heat-3", "deck", "album:Ava"), travel("flood-1", "deck"))
    assert state.busts["Ava"] == 1
    assert state.discard == () and "flood-1" in state.deck and state.journeys["Ava"] == ()


def test_hidden_cards_do_not_count_toward_a_bust():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"),
                    travel("heat-2", "deck"), travel("flood-2", "deck"),
                    rest("heat-1", tuck=["heat-2"]), travel("land-2", "deck"),     # heat-2 is now hidden
                    travel("heat-3", "deck"), travel("land-3", "deck"),
                    )
    assert state.journeys["Ava"] == ("heat-3",) and state.hidden("Ava") == ("heat-2",)
    state, (out,) = play(state, travel("heat-4", "deck"))  # visible heat: heat-1, heat-3, heat-4 -> bust
    assert out.busts and out.busts[0].discarded == "heat-4"


def test_a_tucked_card_would_have_made_the_bust():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"),
                    travel("heat-2", "deck"), travel("flood-2", "deck"),
                    rest("heat-1", tuck=["heat-2"]), travel("land-2", "deck"))
    state, (out,) = play(state, travel("heat-3", "deck"))  # heat-1 visible + heat-3; heat-2 hidden
    assert out.busts == ()
    assert state.hazard_counts("Ava")["heat"] == 2


# -- rest -------------------------------------------------------------------------------------------
def test_rest_moves_tucks_and_returns():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"),
                    travel("animal-1", "deck"), travel("flood-2", "deck"),
                    travel("land-1"), reveal("land-2"), travel("flood-3", "deck"))
    assert state.journeys["Ben"] == ()  # Ben busted on flood
    assert state.journeys["Ava"] == ("heat-1", "animal-1", "land-1")
    state, (out,) = play(state, rest("animal-1", tuck=["land-1"], back=["heat-1"]))
    assert state.albums["Ava"] == (dv.AlbumEntry("animal-1", ("land-1",)),)
    assert state.journeys["Ava"] == () and "heat-1" in state.deck
    assert out.tucked == ("land-1",) and out.returned == ("heat-1",) and out.next_player == "Ben"
    zones_ok(state)


def test_rest_rejections():
    state = fresh("backseat", faceup="land-1")
    state, _ = play(state, travel("land-1", to="Ben"), reveal("land-2"), travel("heat-1", "deck"),
                    travel("flood-1", "deck"), travel("heat-2", "deck"))
    # Ava's turn: journey flood-1; Ben's journey land-1, heat-1, heat-2
    rejected(state, rest("heat-1"), "valley.rest_own_journey")
    rejected(state, rest("flood-1", tuck=["land-1"]), "valley.rest_own_journey")
    rejected(state, rest("flood-2"), "valley.card_in_deck")
    rejected(state, rest("flood-1", tuck=["flood-1"]), "valley.card_twice")
    rejected(state, rest("flood-1", back=["flood-1"]), "valley.card_twice")
    rejected(state, {"event": "rest", "card": "flood-1", "tuck": "heat-1"}, "valley.bad_list")
    rejected(state, {"event": "rest", "card": "flood-1", "tuck": ["x"]}, "valley.unknown_card")


# -- ability moves ----------------------------------------------------------------------------------
def test_moves_do_not_end_the_turn_and_end_turn_needs_a_move():
    state = fresh(faceup="heat-1")
    rejected(state, {"event": "end_turn"}, "valley.end_turn_needs_move")
    state, (out,) = play(state, move("heat-1", "desert", "journey:Ben"))
    assert out.source == "desert" and out.to == "journey:Ben" and not out.turn_ended
    assert state.active == "Ava" and state.faceup is None and state.journeys["Ben"] == ("heat-1",)
    rejected(state, travel("heat-1"), "valley.no_faceup")
    state, (out,) = play(state, {"event": "end_turn"})
    assert out.turn_ended and state.needs_reveal and state.active == "Ben" and not state.moved


def test_move_rejections():
    state = fresh(faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"), travel("flood-2", "deck"), rest("flood-1", tuck=[]))
    state, _ = play(state, travel("land-1", "deck"))  # Ben
    state, _ = play(state, travel("land-2", "deck"), rest("flood-2", tuck=["land-1"]))  # Ava, Ben
    # Ava's album: flood-1; Ben's album: flood-2 with land-1 tucked under it
    rejected(state, move("heat-1", "deck", "discard"), "valley.card_in_desert")
    rejected(state, move("heat-2", "deck", "desert"), "valley.desert_occupied")
    rejected(state, move("heat-2", "deck", "deck"), "valley.move_same_zone")
    rejected(state, move("heat-2", "deck", "pocket"), "valley.bad_zone")
    rejected(state, move("heat-2", "deck", "journey:Zed"), "valley.bad_zone")
    rejected(state, move("flood-2", "album:Ben", "deck"), "valley.album_card_covers")
    rejected(state, move("land-1", "album:Ben", "deck"), "valley.card_in_hidden")
    rejected(state, move("flood-1", "journey:Ava", "deck"), "valley.card_in_album")
    state, _ = play(state, move("flood-1", "album:Ava", "discard"), move("flood-1", "discard", "deck"))
    assert "flood-1" in state.deck
    zones_ok(state)


# -- refresh and the end ----------------------------------------------------------------------------
def test_the_game_ends_when_one_card_is_left_in_the_desert():
    state = fresh(faceup="heat-1")
    others = [c for c in CARD_IDS if c not in ("heat-1", "heat-2", "flood-1")]
    state, _ = play(state, *[move(c, "deck", "discard") for c in others])
    assert state.desert_count == 3
    state, (out,) = play(state, travel("flood-1", "deck"))  # 2 left: heat-1 face up, heat-2 in the deck
    assert not out.finished and not state.finished
    state, (out,) = play(state, travel("heat-1"))  # 1 left (face down): over, no flip asked
    assert out.finished and state.finished and Task("flip") not in out.tasks
    assert out.winners == ("Ava", "Ben")  # 0 points each, 0 busts each
    rejected(state, travel("heat-2", "deck"), "valley.game_over")
    rejected(state, reveal("heat-2"), "valley.game_over")
    assert dv.summary(state)["winners"] == ["Ava", "Ben"]


def test_winners_are_empty_until_the_end():
    state = fresh(faceup="heat-1", stars={"heat-1": 3})
    state, _ = play(state, travel("heat-1"))
    assert dv.summary(state)["winners"] == [] and not dv.summary(state)["finished"]
    assert dv.summary(state)["scores"] == {"Ava": 3, "Ben": 0}


# -- scoring ----------------------------------------------------------------------------------------
def test_scoring_counts_journey_stars_and_visible_abilities_only():
    state = fresh(faceup="land-1",
                  stars={"heat-1": 2, "heat-2": 5, "flood-1": 1, "land-1": 4},
                  ability={"heat-1": 3, "heat-2": 7, "flood-1": -1, "land-1": -2})
    state, _ = play(state, travel("heat-1", "deck"), travel("animal-1", "deck"),
                    travel("heat-2", "deck"), travel("flood-2", "deck"),
                    travel("flood-1", "deck"), travel("land-3", "deck"))
    state, _ = play(state, rest("heat-1", tuck=["heat-2"]))  # heat-1 in the album, heat-2 hidden
    sc = dv.score(state, "Ava")
    # journey flood-1: 1 star; abilities: flood-1 -1 (journey) + heat-1 +3 (album); heat-2 hidden
    assert (sc.stars, sc.abilities, sc.total) == (1, 2, 3)
    state, _ = play(state, travel("land-1"))  # Ben: land-1 (4 stars, ability -2) in the journey
    assert dv.scores(state)["Ben"] == 4 - 2


def test_unknown_stars_count_zero_and_are_listed():
    state = fresh(faceup="heat-1", stars={"heat-2": 2})
    state, _ = play(state, travel("heat-1"), reveal("heat-2"), travel("heat-2"))
    s = dv.summary(state)
    assert s["scores"] == {"Ava": 0, "Ben": 2} and s["stars_unknown"] == ["heat-1"]
    state, (out,) = play(state, {"event": "stars", "card": "heat-1", "stars": 3})
    assert out.stars == 3 and out.previous_stars is None
    assert dv.summary(state)["scores"]["Ava"] == 3 and dv.summary(state)["stars_unknown"] == []
    rejected(state, {"event": "stars", "card": "heat-1", "stars": -1}, "valley.bad_stars")
    rejected(state, {"event": "stars", "card": "heat-1", "stars": "3"}, "valley.bad_stars")


def test_tie_on_points_fewer_busts_wins():
    state = fresh(faceup="land-1", stars={"heat-1": 2, "land-1": 2})
    state, _ = play(state, travel("flood-1", "deck"), travel("flood-2", "deck"),
                    travel("flood-3", "deck"), travel("heat-1", "deck"),
                    travel("flood-4", "deck"))  # Ava busts on flood
    assert state.busts == {"Ava": 1, "Ben": 0}
    state, _ = play(state, travel("animal-1", "deck"), travel("land-1"))
    assert dv.scores(state) == {"Ava": 2, "Ben": 2}
    assert dv.winners(state) == ["Ben"]


def test_summary_risk_is_an_exact_reduced_fraction():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"), travel("heat-2", "deck"),
                    travel("flood-2", "deck"))
    # Ava: two heat visible; 4 heat cards among the 13 in the deck
    assert dv.summary(state)["risk"] == {"player": "Ava", "hazards": ["heat"], "bust_next": "4/13",
                                         "faceup_busts": False}


def test_choices_follow_the_state():
    from companion.games.death_valley.engine import choices

    state = dv.start(header("backseat"))
    assert choices(state).reveal == CARD_IDS and choices(state).player is None
    state, _ = play(state, reveal("heat-1"))
    c = choices(state)
    assert (c.player, c.faceup, c.deck, c.give_to, c.rest, c.end_turn) == ("Ava", "heat-1", True, "Ben", (), False)
    state, _ = play(state, move("heat-2", "deck", "journey:Ava"))
    assert choices(state).rest == ("heat-2",) and choices(state).end_turn
    assert choices(fresh()).give_to is None
    solo = fresh("solo", faceup="heat-1")
    solo, _ = play(solo, travel("flood-1", "deck"))
    assert choices(solo).robot.rule == 2 and choices(solo).player == "robot"


def test_the_journey_closes_up_when_cards_leave():
    state = fresh(faceup="land-1")
    state, _ = play(state, travel("heat-1", "deck"), travel("flood-1", "deck"),
                    travel("animal-1", "deck"), travel("flood-2", "deck"),
                    travel("land-2", "deck"), travel("animal-2", "deck"),
                    travel("heat-2", "deck"), travel("land-3", "deck"))
    assert state.journeys["Ava"] == ("heat-1", "animal-1", "land-2", "heat-2")
    state, _ = play(state, rest("animal-1", back=["land-2"]))
    assert state.journeys["Ava"] == ("heat-1", "heat-2")
    state, _ = play(state, move("flood-1", "journey:Ben", "deck"))
    assert state.journeys["Ben"] == ("flood-2", "animal-2", "land-3")
