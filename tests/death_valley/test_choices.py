"""``engine.choices``: what may happen now and why not -- every action in every mode, the refused cases
with their codes, and ``apply`` refusing exactly what ``choices`` refuses (with the state unchanged).
Also ``engine.result``: how the game was decided (the one place the tie-break lives)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.games.death_valley as dv
from companion.errors import RuleError
from companion.games.death_valley.engine import ACTIONS, CARD_IDS, ROBOT, choices, ordered, result
from companion.games.death_valley.robot import decide
from tests.death_valley.helpers import fresh, move, play, rest, reveal, travel
from tests.death_valley.test_properties import MODES, random_game

OK = None


def codes(state: dv.State) -> dict[str, str | None]:
    now = choices(state)
    return {a: (e.code if (e := now.why_not(a)) else None) for a in ACTIONS}


def expect(**given: str | None) -> dict[str, str | None]:
    return {a: given.get(a, OK) for a in ACTIONS}


def _movable(state: dv.State) -> tuple[str, str, str] | None:
    """A legal ability move in ``state`` (card, from, to), if any."""
    for card in ordered(state.deck):
        return card, "deck", "discard"
    for card in state.discard:
        return card, "discard", "deck"
    for player in state.players:
        for card in state.journeys[player]:
            return card, f"journey:{player}", "deck"
    return None


def probe(state: dv.State, action: str) -> tuple[dict[str, Any], bool]:
    """An event for ``action``, and whether it is otherwise well-formed and legal (so an allowed
    action must then be applied without error)."""
    deck = ordered(state.deck)
    any_deck = deck[0] if deck else "heat-1"
    actor = state.active
    if action == "reveal":
        return reveal(any_deck), bool(deck)
    if action == "take":
        return travel(state.faceup or "heat-1"), state.faceup is not None
    if action == "draw":
        return travel(any_deck, "deck"), bool(deck)
    if action == "give":
        return travel(state.faceup or "heat-1", to=state.other(actor)), state.faceup is not None
    if action == "rest":
        journey = state.journeys[actor]
        return rest(journey[0] if journey else "heat-1"), bool(journey)
    if action == "move":
        found = _movable(state)
        return (move(*found), True) if found else (move("heat-1", "deck", "discard"), False)
    if action == "end_turn":
        return {"event": "end_turn"}, True
    if action == "robot":
        if state.mode != "solo":
            return {"event": "robot"}, False
        try:
            takes_deck = decide(state).takes_deck
        except RuleError:
            return {"event": "robot"}, False
        return ({"event": "robot", "card": any_deck} if takes_deck else {"event": "robot"}), True
    return {"event": "stars", "card": "heat-1", "stars": 2}, True


def agrees(state: dv.State) -> None:
    """For every action: ``apply`` refuses with exactly the reason ``choices`` gives, and accepts the
    allowed ones; nothing changes ``state``."""
    before = dv.summary(state)
    now = choices(state)
    for action in ACTIONS:
        event, legal = probe(state, action)
        error = now.why_not(action)
        if error is not None:
            with pytest.raises(RuleError) as info:
                dv.apply(state, event)
            assert info.value.code == error.code, (action, info.value, error)
            named = error.code == "valley.no_reveal_needed"  # the refusal knows no card; the event does
            params = {**error.params, "card": event["card"]} if named else error.params
            assert info.value.params == params, (action, info.value, error)
        elif legal:
            dv.apply(state, event)  # no error
        assert dv.summary(state) == before
    assert choices(state) == now and codes(state) == {a: (e.code if (e := now.why_not(a)) else None)
                                                      for a in ACTIONS}


# -- every action in every mode -------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["standard", "backseat", "solo"])
def test_before_the_first_reveal_only_the_flip_and_stars(mode):
    state = fresh(mode, faceup=None)
    robot = "valley.robot_only_solo" if mode != "solo" else "valley.reveal_first"
    free = ("reveal", "stars", "ability")
    assert codes(state) == expect(**{a: "valley.reveal_first" for a in ACTIONS if a not in free} | {"robot": robot})
    now = choices(state)
    assert now.player is None and now.reveal == tuple(CARD_IDS) and not now.over
    agrees(state)


@pytest.mark.parametrize("mode, give, robot", [
    ("standard", "valley.not_backseat", "valley.robot_only_solo"),
    ("backseat", OK, "valley.robot_only_solo"),
    ("solo", OK, "valley.not_robot_turn"),
])
def test_a_players_turn(mode, give, robot):
    state = fresh(mode, faceup="heat-1")
    assert codes(state) == expect(reveal="valley.no_reveal_needed", give=give, robot=robot,
                                  end_turn="valley.end_turn_needs_move")
    now = choices(state)
    assert (now.player, now.faceup, now.deck, now.move, now.end_turn) == (state.human, "heat-1", True, True, False)
    assert now.give_to == (None if give else state.other(state.human))
    if give:
        assert now.why_not("give").params == {"player": state.other(state.human)}
    if mode == "solo":
        assert now.why_not("robot").params == {"player": state.human}
    agrees(state)


def test_the_robots_turn():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"))
    assert codes(state) == expect(reveal="valley.no_reveal_needed", take="valley.robot_turn",
                                  draw="valley.robot_turn", give="valley.robot_turn", rest="valley.robot_turn",
                                  end_turn="valley.robot_turn")
    now = choices(state)
    assert now.player == ROBOT and now.robot == decide(state) and now.move  # abilities may follow an action
    assert (now.faceup, now.deck, now.give_to, now.rest) == (None, False, None, ())
    agrees(state)
    # a move on the robot's turn is recorded; the robot still moves next
    state, _ = play(state, move("heat-2", "deck", "discard"))
    assert codes(state)["robot"] is None and codes(state)["end_turn"] == "valley.robot_turn"
    agrees(state)


def test_after_ability_moves_the_turn_may_end():
    state = fresh("backseat", faceup="heat-1")
    state, _ = play(state, move("heat-2", "deck", "journey:Ava"))
    assert codes(state) == expect(reveal="valley.no_reveal_needed", robot="valley.robot_only_solo")
    assert choices(state).rest == ("heat-2",) and choices(state).end_turn
    agrees(state)


@pytest.mark.parametrize("mode, give", [("standard", "valley.not_backseat"), ("backseat", "valley.no_faceup"),
                                        ("solo", "valley.no_faceup")])
def test_no_faceup_card_after_a_move_out_of_the_desert(mode, give):
    state = fresh(mode, faceup="heat-1")
    state, _ = play(state, move("heat-1", "desert", "deck"))
    got = codes(state)
    assert got["take"] == "valley.no_faceup" and got["give"] == give and got["draw"] is None
    assert got["reveal"] == "valley.no_reveal_needed"  # the host flips only at the end of a turn
    agrees(state)


def test_an_empty_deck_refuses_drawing():
    state = fresh(faceup="heat-1")
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS if c != "heat-1"])
    assert codes(state)["draw"] == "valley.deck_empty" and codes(state)["take"] is None
    assert not choices(state).deck
    agrees(state)


def test_the_robot_cannot_take_a_deck_card_from_an_empty_deck():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"))
    state, _ = play(state, move("heat-2", "deck", "journey:robot"))             # rule 3 now
    assert decide(state).takes_deck and codes(state)["robot"] is None
    state, _ = play(state, *[move(c, "deck", "discard") for c in ordered(state.deck)])
    assert codes(state)["robot"] == "valley.deck_empty" and choices(state).robot is None
    agrees(state)


def test_the_robot_without_a_faceup_card():
    state = fresh("solo", faceup="heat-1")
    state, _ = play(state, travel("flood-1", "deck"), move("heat-1", "desert", "deck"))
    assert codes(state)["robot"] == "valley.no_faceup" and choices(state).robot is None
    assert choices(state).player == ROBOT
    agrees(state)


@pytest.mark.parametrize("mode", ["standard", "backseat", "solo"])
def test_a_finished_game_refuses_everything_but_stars_and_abilities(mode):
    state = fresh(mode, faceup="heat-1")
    state, _ = play(state, *[move(c, "deck", "discard") for c in CARD_IDS if c not in ("heat-1", "heat-2")])
    state, _ = play(state, travel("heat-2", "deck"))
    assert state.finished
    robot = "valley.game_over" if mode == "solo" else "valley.robot_only_solo"
    assert codes(state) == expect(**{a: "valley.game_over" for a in ACTIONS if a not in ("stars", "ability")}
                                  | {"robot": robot})
    now = choices(state)
    assert now.over and now.player is None and now.reveal == () and not now.move
    agrees(state)


def test_an_unknown_action_is_a_programming_error():
    with pytest.raises(ValueError):
        choices(fresh()).may("travel")


# -- apply and choices agree on random games ------------------------------------------------------------
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), MODES)
def test_apply_refuses_exactly_what_choices_refuses(data, mode):
    states, _, _ = random_game(data, mode)
    for state in states[:: max(1, len(states) // 8)] + [states[-1]]:
        agrees(state)


# -- how the game was decided ------------------------------------------------------------------------------
def test_result_single_leader():
    state = fresh(faceup="heat-1", stars={"heat-1": 4})
    state, _ = play(state, travel("heat-1"))
    decided = result(state)
    assert (decided.decided_by, decided.winners, decided.leaders, decided.best) == ("points", ("Ava",), ("Ava",), 4)
    assert dv.winners(state) == ["Ava"]


def test_result_tie_kept_and_tie_broken_on_busts():
    state = fresh(faceup="heat-1")
    decided = result(state)
    assert (decided.decided_by, decided.winners, decided.leaders, decided.best, decided.busts) == \
        ("shared", ("Ava", "Ben"), ("Ava", "Ben"), 0, 0)
    # Ava busts (three heat cards), the scores stay tied at 0
    state, _ = play(state, move("heat-2", "deck", "journey:Ava"), move("heat-3", "deck", "journey:Ava"),
                    travel("heat-1"))
    assert state.busts["Ava"] == 1
    decided = result(state)
    assert (decided.decided_by, decided.winners, decided.leaders, decided.busts) == \
        ("fewer_busts", ("Ben",), ("Ava", "Ben"), 0)
    assert dv.winners(state) == ["Ben"]


@pytest.mark.parametrize("options, decided_by, winners", [
    ({}, "points", ("Eve",)), ({"robot_bust_rule": True}, "robot_busts", (ROBOT,))])
def test_result_robot_bust_rule(options, decided_by, winners):
    state = fresh("solo", faceup="heat-1", options=options, stars={"heat-1": 5})
    state, _ = play(state, travel("heat-1"))
    decided = result(state)
    assert (decided.decided_by, decided.winners, decided.leaders, decided.best) == (decided_by, winners, ("Eve",), 5)
    assert dv.winners(state) == list(winners)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), MODES)
def test_result_matches_the_scores_and_busts(data, mode):
    states, _, _ = random_game(data, mode)
    state = states[-1]
    decided = result(state)
    points = dv.scores(state)
    assert decided.best == max(points.values())
    assert decided.leaders == tuple(p for p in state.players if points[p] == decided.best)
    if decided.decided_by != "robot_busts":
        assert set(decided.winners) <= set(decided.leaders)
        assert all(state.busts[p] == decided.busts for p in decided.winners)
        assert (decided.decided_by == "points") == (len(decided.leaders) == 1)
        assert (decided.decided_by == "shared") == (len(decided.leaders) > 1 and decided.winners == decided.leaders)
    assert list(decided.winners) == dv.winners(state)
