"""The solo robot: its three rules, its scoring, both harder settings, and its rejected events."""

from __future__ import annotations

import companion.games.death_valley as dv
from companion.games.death_valley.engine import ROBOT, Task
from companion.games.death_valley.robot import decide
from tests.death_valley.helpers import fresh, move, play, rejected, rest, reveal, travel, zones_ok

ROB = {"event": "robot"}


def robot(card: str | None = None) -> dict:
    return {"event": "robot", "card": card} if card else dict(ROB)


def test_solo_players_are_the_human_then_the_robot():
    state = fresh("solo")
    assert state.players == ("Eve", ROBOT) and state.active == "Eve"
    assert dv.summary(state)["scores"] == {"Eve": 0, "robot": 0}


def test_rule_2_the_robot_takes_a_card_of_a_new_hazard():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"))
    assert decide(state).rule == 2
    state, (out,) = play(state, ROB)
    assert out.robot.rule == 2 and out.card == "heat-1" and out.to == ROBOT
    assert state.journeys[ROBOT] == ("heat-1",) and state.needs_reveal
    assert out.tasks == (Task("place", ("heat-1",), ROBOT), Task("flip"))


def test_rule_3_the_robot_takes_the_top_deck_card_when_the_hazard_matches():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"), ROB, reveal("heat-2"), travel("flood-2", "deck"))
    d = decide(state)
    assert (d.rule, d.takes_deck, d.to) == (3, True, ROBOT)
    rejected(state, ROB, "valley.missing_field")
    rejected(state, robot("heat-2"), "valley.robot_needs_deck_card")
    rejected(state, robot("flood-1"), "valley.card_in_journey")
    state, (out,) = play(state, robot("land-1"))
    assert out.robot.rule == 3 and state.journeys[ROBOT] == ("heat-1", "land-1")
    assert state.faceup == "heat-2" and not state.needs_reveal


def test_rule_1_a_card_that_would_bust_the_robot_goes_to_the_human():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("heat-1", to=ROBOT), reveal("heat-2"), robot("land-1"))
    # Eve gave the robot heat-1; at heat-2 rule 1 did not apply (1 heat each), rule 3 did (heat matches)
    assert state.journeys[ROBOT] == ("heat-1", "land-1") and state.faceup == "heat-2"
    state, _ = play(state, travel("heat-2", to=ROBOT), reveal("heat-4"))  # the robot has two heat cards
    d = decide(state)
    assert (d.rule, d.to, d.would_bust) == (1, "Eve", (ROBOT,))
    rejected(state, robot("land-2"), "valley.robot_takes_faceup")
    state, (out,) = play(state, robot("heat-4"))
    assert state.journeys["Eve"] == ("heat-4",) and out.busts == ()


def test_rule_1_a_card_that_would_bust_the_human_goes_to_the_human_and_busts_them():
    state = fresh("solo", faceup="flood-1")
    state, _ = play(state, travel("flood-1"), reveal("land-1"), ROB, reveal("flood-2"),
                    travel("flood-2"), reveal("flood-3"))
    assert state.journeys["Eve"] == ("flood-1", "flood-2")
    d = decide(state)
    assert (d.rule, d.to, d.would_bust) == (1, "Eve", ("Eve",))
    state, (out,) = play(state, ROB)
    assert [(b.player, b.discarded, b.shuffled) for b in out.busts] == [("Eve", "flood-3", ("flood-1", "flood-2"))]
    assert state.busts == {"Eve": 1, ROBOT: 0}


def test_rule_1_counts_the_humans_album_but_never_hidden_cards():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("land-1", "deck"), robot("heat-1"), reveal("flood-1"),
                    travel("land-2", "deck"), robot("flood-1"), reveal("animal-1"),
                    rest("land-1", tuck=["land-2"]),         # Eve: land-1 in the album, land-2 hidden
                    ROB, reveal("land-3"), travel("heat-2", "deck"))
    assert state.journeys[ROBOT] == ("heat-1", "flood-1", "animal-1")
    # land-3: Eve has one visible land (the hidden land-2 does not count): no bust, rule 2
    assert decide(state).rule == 2
    state, _ = play(state, ROB, reveal("land-5"), travel("land-4", "deck"))
    # land-5: Eve's album land-1 + journey land-4 + land-5 would be 3: rule 1
    d = decide(state)
    assert (d.rule, d.to, d.would_bust) == (1, "Eve", ("Eve",))


def test_the_robot_busts_on_a_deck_card():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("heat-1", to=ROBOT), reveal("flood-1"), ROB,  # rule 2: robot takes flood-1
                    reveal("heat-2"), travel("heat-2", to=ROBOT), reveal("flood-2"))
    assert state.journeys[ROBOT] == ("heat-1", "flood-1", "heat-2")
    assert decide(state).rule == 3  # flood-2 matches flood-1; 2 floods would not bust
    state, (out,) = play(state, robot("heat-3"))  # the deck card is the third heat
    assert [(b.player, b.discarded, b.shuffled) for b in out.busts] == [
        (ROBOT, "heat-3", ("heat-1", "flood-1", "heat-2"))]
    assert state.busts[ROBOT] == 1
    zones_ok(state)


def test_robot_turn_order_and_solo_only():
    state = fresh("solo", faceup="heat-1")
    rejected(state, ROB, "valley.not_robot_turn")
    state, _ = play(state, travel("flood-1", "deck"))
    rejected(state, travel("flood-2", "deck"), "valley.robot_turn")
    rejected(state, rest("flood-1"), "valley.robot_turn")
    rejected(state, move("heat-2", "deck", "album:robot"), "valley.robot_no_album")
    state2 = fresh("backseat")
    rejected(state2, ROB, "valley.robot_only_solo")


def test_robot_score_positive_abilities_only_and_the_discard_bonus():
    extra = dict(stars={"heat-1": 2, "flood-1": 1}, ability={"heat-1": 3, "flood-1": -4})
    state = fresh("solo", faceup="heat-1", **extra)
    state, _ = play(state, travel("flood-1", "deck", ), robot(), reveal("flood-2"))
    state, _ = play(state, move("flood-1", "journey:Eve", "journey:robot"))
    # robot: heat-1 (2 stars, +3) and flood-1 (1 star, -4 ignored) -> 6
    assert dv.score(state, ROBOT).total == 6
    state = fresh("solo", faceup="heat-1", options={"robot_discard_bonus": True}, **extra)
    state, _ = play(state, travel("flood-1", "deck"), robot(), reveal("flood-2"),
                    move("flood-1", "journey:Eve", "journey:robot"),
                    move("land-1", "deck", "discard"), move("land-2", "deck", "discard"))
    sc = dv.score(state, ROBOT)
    assert (sc.stars, sc.abilities, sc.bonus, sc.total) == (3, 3, 2, 8)


def test_bust_rule_robot_wins_with_fewer_points_only_when_it_busted_no_more():
    base = dict(stars={"heat-1": 5})
    for options, expected in (({}, ["Eve"]), ({"robot_bust_rule": True}, [ROBOT])):
        state = fresh("solo", faceup="heat-1", options=options, **base)
        state, _ = play(state, travel("heat-1"))
        assert dv.scores(state) == {"Eve": 5, ROBOT: 0}
        assert dv.winners(state) == expected
    # the robot busted more often than Eve: the rule does not apply; points decide
    state = fresh("solo", faceup="heat-1", options={"robot_bust_rule": True}, **base)
    state, _ = play(state, travel("heat-1", to=ROBOT), reveal("flood-1"), ROB, reveal("heat-2"),
                    travel("heat-2", to=ROBOT), reveal("flood-2"), robot("heat-3"))
    assert state.busts == {"Eve": 0, ROBOT: 1}
    state, _ = play(state, travel("land-1", "deck"))
    assert dv.winners(state) == ["Eve"]
