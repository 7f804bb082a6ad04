"""Every rule of spec/shifting-stones.md, and every rejected event (state unchanged)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import EventError, RuleError
from companion.games import shifting_stones as stones
from companion.games.shifting_stones.patterns import tile_counts
from companion.i18n import LOCALES, translator

from .helpers import END, GRID, LAYOUT, PASS, flip, play, rejected, score, shift, start

SUN = score("sun", 1)  # matches the standard layout anywhere it stands


def faces(state):
    return [f for row in state.grid for f in row]


# -- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "target"), [(2, 10), (3, 9), (4, 8), (5, 7)])
def test_targets_hands_and_deck_by_player_count(count, target):
    state = start(tuple(f"P{i}" for i in range(count)))
    assert state.target == target and state.mode == "multi"
    assert state.hands == (4,) * count and state.deck == 72 - 4 * count and state.discard == 0
    assert state.finish_round is True and state.player == "P0"


def test_solo_setup_and_mode_inferred_from_one_player():
    for state in (start(("Ava",), mode="solo"), start(("Ava",))):
        assert state.solo and state.target == 16 and state.deck == 12 and state.hands == (4,)
        assert stones.summary(state)["penalties"] == 0


@pytest.mark.parametrize(("players", "mode", "options", "code"), [
    (("A", "B"), "duel", {}, "stones.bad_mode"),
    (("A", "B"), "solo", {}, "stones.solo_players"),
    (("A",), "multi", {}, "stones.player_count"),
    (tuple("ABCDEF"), None, {}, "stones.player_count"),
    (("A", "B"), None, {"finish_turn": True}, "stones.unknown_option"),
    (("A", "B"), None, {"finish_round": "yes"}, "stones.bad_option"),
])
def test_bad_setups_are_refused(players, mode, options, code):
    with pytest.raises(RuleError) as info:
        start(players, mode, **options)
    assert info.value.code == code


def test_unknown_ruleset_is_refused():
    from companion.journal import new_header

    with pytest.raises(RuleError) as info:
        stones.start(new_header("shifting_stones", "stones_deluxe", ["A", "B"]))
    assert info.value.code == "ruleset_unknown"


# -- layout ----------------------------------------------------------------------------------------
def test_layout_sets_the_grid_and_costs_nothing():
    state, (out,) = play(start(), LAYOUT)
    assert stones.summary(state)["grid"] == GRID and state.hands == (4, 4) and out.kind == "layout"
    assert state.events == 1 and not state.acted


@pytest.mark.parametrize(("grid", "code"), [
    ([["sun", "moon", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]], "stones.layout_sun_moon"),
    ([["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "seed", "tree"]], "stones.layout_fish_bird"),
    ([["sun", "fish", "horse"], ["seed", "tree", "boat"], ["boat", "bird", "horse"]], "stones.layout_horse_boat"),
    ([["sun", "fish", "horse"], ["seed", "tree", "fish"], ["horse", "bird", "tree"]], "stones.layout_fish_bird"),
    ([["sun", "fish", "horse"], ["seed", "tree", "boat"]], "stones.grid_shape"),
    ([["sun", "fish", "horse"], ["seed", "tree"], ["horse", "bird", "tree", "seed"]], "stones.grid_shape"),
    ([["sun", "fish", "horse"], ["seed", "cat", "boat"], ["horse", "bird", "tree"]], "stones.grid_unknown_face"),
    ("sun fish horse / seed * boat / horse bird tree", "stones.grid_grey"),
    ("sun fish horse / seed tree boat /* bird tree", "stones.grid_grey"),  # a grey stone against a slash
    ("sun fish */ seed tree boat / horse bird tree", "stones.grid_grey"),
    ("sun fish horse / seed tree boat / horse bird tree / sun", "stones.grid_shape"),
    ("sun fish horse / seed tree boat / horse bird", "stones.grid_shape"),
    ("sun fish horse / seed cat boat / horse bird tree", "stones.grid_unknown_face"),
    ("", "stones.grid_shape"),
    (None, "stones.grid_shape"),
    ([["sun", 1, "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]], "stones.grid_shape"),
])
def test_layout_breaking_the_tile_set_or_shape_is_refused(grid, code):
    rejected(start(), {"event": "layout", "grid": grid}, code)


def test_layout_in_notation_is_accepted_and_may_correct_the_table_later():
    state, _ = play(start(), {"event": "layout", "grid": "sun fish horse / seed tree boat / horse bird tree"})
    assert stones.summary(state)["grid"] == GRID
    corrected = [row[::-1] for row in GRID]
    state, _ = play(state, shift((1, 1), (1, 2)), {"event": "layout", "grid": corrected})
    assert stones.summary(state)["grid"] == corrected and state.acted and state.hands == (3, 4)


@pytest.mark.parametrize("event", [shift((1, 1), (1, 2)), flip((1, 1)), SUN, END, PASS])
def test_nothing_happens_before_the_layout(event):
    rejected(start(), event, "stones.no_layout")


# -- shift and flip ---------------------------------------------------------------------------------
def test_shift_swaps_two_neighbours_and_burns_a_card():
    state, (_, out) = play(start(), LAYOUT, shift((1, 1), (2, 1)))
    assert state.grid[0][0] == "seed" and state.grid[1][0] == "sun"
    assert state.hands == (3, 4) and state.discard == 1 and state.acted
    assert out.burned and out.cells == ((1, 1), (2, 1)) and out.faces == ("seed", "sun") and out.player == "Ava"


@pytest.mark.parametrize(("a", "b"), [((1, 1), (2, 2)), ((1, 1), (1, 3)), ((2, 2), (2, 2)), ((1, 1), (3, 3))])
def test_shift_of_cells_not_side_by_side_is_refused(a, b):
    state, _ = play(start(), LAYOUT)
    rejected(state, shift(a, b), "stones.not_adjacent")


@pytest.mark.parametrize("value", [[0, 1], [1, 4], [1], [1, 2, 3], "1,1", None, [True, 1], [1.0, 2]])
def test_bad_cells_are_refused(value):
    state, _ = play(start(), LAYOUT)
    rejected(state, {"event": "flip", "at": value}, "stones.bad_cell")
    rejected(state, {"event": "shift", "a": value, "b": [1, 1]}, "stones.bad_cell")


def test_flip_shows_the_other_face_in_place():
    state, (_, out) = play(start(), LAYOUT, flip((1, 1)))
    assert state.grid[0][0] == "moon" and out.faces == ("sun", "moon") and out.burned
    state, _ = play(state, flip((1, 1)))
    assert state.grid[0][0] == "sun" and state.hands == (2, 4) and state.discard == 2


@pytest.mark.parametrize("event", [shift((1, 1), (1, 2)), flip((2, 2)), SUN])
def test_an_action_with_an_empty_hand_is_refused(event):
    state, _ = play(start(), LAYOUT, flip((1, 1)), flip((1, 1)), flip((1, 1)), flip((1, 1)))
    assert state.hands[0] == 0
    rejected(state, event, "stones.empty_hand")


# -- score -------------------------------------------------------------------------------------------
def test_score_needs_a_match_and_records_the_card():
    state, (_, out) = play(start(), LAYOUT, score("tree / bird", 1))
    assert out.at == (2, 2) and out.offsets == ((2, 2),) and set(out.cells) == {(2, 2), (3, 2)}
    assert state.scored[0][0].pattern == "tree / bird" and state.hands == (3, 4) and state.discard == 0
    assert state.scores() == {"Ava": 4, "Ben": 0}  # 1 point + the 3-point bonus if it ended now


def test_score_lists_every_offset():
    state, _ = play(start(), LAYOUT)
    _, (out,) = play(state, score("tree", 1))
    assert out.offsets == ((2, 2), (3, 3)) and out.at == (2, 2)


@pytest.mark.parametrize(("event", "code"), [
    (score("bird / tree"), "stones.no_match"),
    (score("moon"), "stones.no_match"),
    (score("sun", 0), "stones.bad_points"),
    (score("sun", 6), "stones.bad_points"),
    (score("sun", "3"), "stones.bad_points"),
    (score("sun", True), "stones.bad_points"),
    (score("cat"), "stones.pattern_unknown_face"),
    (score("sun sun sun sun"), "stones.pattern_too_big"),
    (score("sun / fish fish"), "stones.pattern_ragged"),
    (score(""), "stones.pattern_empty"),
    (score(None), "stones.pattern_not_text"),
    (score("* *"), "stones.pattern_all_grey"),
    ({"event": "jump"}, "stones.unknown_event"),
])
def test_bad_scores_are_refused(event, code):
    state, _ = play(start(), LAYOUT)
    error = rejected(state, event, code)
    assert isinstance(error, RuleError)
    if code.startswith("stones.pattern") or code in ("stones.bad_points", "stones.unknown_event"):
        assert isinstance(error, EventError)


def carded(pattern, points, card):
    return {**score(pattern, points), "card": card}


def test_a_library_card_scores_once_whoever_names_it_again():
    state, (_, out) = play(start(), LAYOUT, carded("sun", 2, "ss68"))
    assert out.card == "ss68" and state.scored[0][0].card == "ss68"
    # Ava again in the same turn, and Ben on his turn (the id in another case): refused, naming Ava
    for again in (carded("sun", 2, "ss68"), carded("tree", 1, "SS68")):
        error = rejected(state, again, "stones.card_scored")
        assert error.params == {"card": again["card"], "player": "Ava"}
    ben, _ = play(state, END)
    error = rejected(ben, carded("sun", 2, "ss68"), "stones.card_scored")
    assert error.params["player"] == "Ava"
    # another card, or a score naming no card, is still recorded
    ben, _ = play(ben, carded("sun", 2, "ss69"), score("sun", 2))
    assert [c.card for c in ben.scored[1]] == ["ss69", None] and ben.scores()["Ben"] == 4


def test_the_card_scored_reason_is_translated_and_names_card_and_player():
    from companion.messages import describe

    for locale in LOCALES:
        text = describe("stones.card_scored", {"card": "ss68", "player": "Ava"}, translator(locale))
        assert "ss68" in text and "Ava" in text and "{" not in text
    assert "already been scored by Ava" in describe("stones.card_scored", {"card": "ss68", "player": "Ava"},
                                                    translator("en"))


def test_solo_refuses_the_same_card_twice():
    state, _ = play(start(("Sol",)), LAYOUT, carded("sun", 2, "ss03"))
    rejected(state, carded("sun", 2, "ss03"), "stones.card_scored")
    state, _ = play(state, END)
    error = rejected(state, carded("sun", 2, "ss03"), "stones.card_scored")
    assert error.params["player"] == "Sol"


@pytest.mark.parametrize("card", ["", "  ", 68, ["ss68"], True])
def test_a_card_that_is_not_an_id_is_refused(card):
    state, _ = play(start(), LAYOUT)
    error = rejected(state, carded("sun", 2, card), "stones.bad_card_id")
    assert isinstance(error, EventError)


def test_summary_is_the_same_with_or_without_card_ids():
    plain, _ = play(start(), LAYOUT, score("sun", 2), END)
    named, _ = play(start(), LAYOUT, carded("sun", 2, "ss68"), END)
    assert stones.summary(plain) == stones.summary(named)


# -- turns, pass, drawing --------------------------------------------------------------------------
def test_end_turn_refills_to_four_and_passes_to_the_next_seat():
    state, outs = play(start(), LAYOUT, flip((1, 1)), flip((1, 1)), END)
    assert state.hands == (4, 4) and state.deck == 64 - 2 and state.player == "Ben"
    assert outs[-1].drawn == 2 and outs[-1].next_player == "Ben" and state.turns == (1, 0)


def test_end_turn_without_any_action_is_allowed_and_draws_nothing():
    state, outs = play(start(), LAYOUT, END)
    assert outs[-1].drawn == 0 and state.player == "Ben" and state.hands == (4, 4)


def test_pass_draws_two_and_ends_the_turn():
    state, outs = play(start(), LAYOUT, PASS)
    assert state.hands == (6, 4) and state.deck == 62 and state.player == "Ben" and outs[-1].drawn == 2


def test_pass_twice_in_a_row_is_refused_but_allowed_again_after_another_turn():
    state, _ = play(start(), LAYOUT, PASS, PASS)  # Ava passes, Ben passes
    assert state.player == "Ava"
    rejected(state, PASS, "stones.pass_twice")
    state, _ = play(state, flip((1, 1)), END, END, PASS)  # Ava acts, Ben ends, Ava may pass again
    assert state.player == "Ben"


def test_pass_after_acting_is_refused():
    state, _ = play(start(), LAYOUT, flip((1, 1)))
    rejected(state, PASS, "stones.pass_after_action")
    state, _ = play(start(), LAYOUT, SUN)
    rejected(state, PASS, "stones.pass_after_action")


def test_pass_never_takes_a_hand_beyond_six():
    state, _ = play(start(), LAYOUT, PASS, END, flip((1, 1)), END, END)  # Ava: 6, then 5 kept
    assert state.hands[0] == 5 and state.player == "Ava"
    state, outs = play(state, PASS)
    assert state.hands[0] == 6 and outs[-1].drawn == 1


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = start()
    state, _ = play(state, LAYOUT)
    # burn cards turn after turn until the deck is empty; the draws then take the discards
    seen = False
    for _ in range(60):
        state, outs = play(state, flip((1, 1)), flip((1, 1)), flip((1, 1)), END)
        assert state.deck + state.discard + sum(state.hands) == 72
        if outs[-1].reshuffled:
            seen = True
            assert state.reshuffles >= 1
            break
    assert seen


def test_drawing_stops_when_deck_and_discards_are_both_empty():
    state = start(("Ava",), mode="solo")
    state, _ = play(state, LAYOUT)
    import dataclasses
    state = dataclasses.replace(state, hands=(0,), deck=1, discard=0)
    state, outs = play(state, END)
    assert state.hands == (1,) and state.deck == 0 and outs[-1].drawn == 1


# -- the end -----------------------------------------------------------------------------------------
def score_all(state):
    events = [SUN] * state.hands[state.current]
    return play(state, *events)[0]


def reach_target(finish_round=True, players=("Ava", "Ben", "Chen")):
    """Ava scores whole hands of 1-point cards until she reaches the target (9 for 3 players)."""
    state, _ = play(start(players, finish_round=finish_round), LAYOUT)
    while True:
        state = score_all(state)
        if state.end_triggered:
            return state
        state, _ = play(state, END, *[END] * (len(players) - 1))


def test_without_finish_round_the_game_ends_with_the_turn():
    state = reach_target(finish_round=False)
    assert state.player == "Ava" and not state.finished
    state, (out,) = play(state, END)
    assert state.finished and out.finished and out.next_player is None
    assert state.winners() == ("Ava",)
    rejected(state, END, "stones.game_over")
    rejected(state, LAYOUT, "stones.game_over")


def test_with_finish_round_everyone_gets_the_same_number_of_turns():
    state = reach_target(finish_round=True)
    state, outs = play(state, END, SUN, END)  # Ava ends, Ben scores a card and ends
    assert not state.finished and state.player == "Chen"
    state, outs = play(state, SUN, END)
    assert state.finished and outs[-1].finished and len(set(state.turns)) == 1
    summary = stones.summary(state)
    assert summary["finished"] and summary["winners"] == ["Ava"]


def test_the_last_seat_reaching_the_target_ends_the_game_at_once():
    state, _ = play(start(("Ava", "Ben")), LAYOUT)
    while not state.end_triggered:
        state, _ = play(state, END)
        state = score_all(state)
        if not state.end_triggered:
            state, _ = play(state, END)
    assert state.player == "Ben"
    state, _ = play(state, END)
    assert state.finished and state.winners() == ("Ben",)


def test_bonus_goes_to_everyone_tied_for_most_ones_and_ties_share_the_win():
    state, _ = play(start(("Ava", "Ben", "Chen")), LAYOUT, score("sun", 1), score("tree / bird", 2), END,
                    score("sun", 1), score("seed", 2), END, score("horse", 3), END)
    assert state.bonus_seats() == (0, 1)
    assert state.scores() == {"Ava": 6, "Ben": 6, "Chen": 3}
    import dataclasses
    done = dataclasses.replace(state, finished=True)
    assert done.winners() == ("Ava", "Ben")


def test_no_bonus_when_nobody_has_a_one_point_card():
    state, _ = play(start(), LAYOUT, score("sun", 2))
    assert state.bonus_seats() == () and state.scores() == {"Ava": 2, "Ben": 0}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_bonus_sentence_takes_its_numbers_from_the_engine(locale):
    from companion.games.shifting_stones.engine import BONUS, BONUS_CARD
    from companion.games.shifting_stones.explain import bonus_line, report

    tr = translator(locale)
    state, _ = play(start(), LAYOUT, score("sun", BONUS_CARD))
    line = bonus_line(state, tr)
    assert tr.num(BONUS) in line and tr.num(BONUS_CARD) in line and "Ava" in line and "Ben" not in line
    assert line in report(state, tr)
    if locale == "en":
        assert line == "The 3-point bonus for the most 1-point cards goes to: Ava."
    assert bonus_line(play(start(), LAYOUT, score("sun", 2))[0], tr) is None
    assert bonus_line(play(start(("Mina",)), LAYOUT, score("sun", 1))[0], tr) is None  # no contest in solo


# -- solo --------------------------------------------------------------------------------------------
def test_solo_penalty_for_a_turn_without_a_score_and_the_fourth_loses():
    state, _ = play(start(("Ava",)), LAYOUT)
    state, outs = play(state, PASS, flip((2, 2)), END, SUN, END, END)
    assert [o.penalty for o in outs if o.kind in ("pass", "end_turn")] == [True, True, False, True]
    assert state.penalties == 3 and not state.finished
    state, (out,) = play(state, PASS)
    assert state.finished and out.result == "lost" and state.winners() == ()
    summary = stones.summary(state)
    assert summary["penalties"] == 4 and summary["finished"] and summary["winners"] == []
    rejected(state, END, "stones.game_over")


def solo_deck_points():
    return [1] * 8 + [2] * 4 + [3] * 3 + [5]


def test_solo_scoring_all_sixteen_cards_wins_at_once():
    state, _ = play(start(("Ava",)), LAYOUT)
    values = solo_deck_points()
    while True:
        for _ in range(state.hands[0]):
            state, (out,) = play(state, score("sun", values.pop()))
        if state.finished:
            break
        state, _ = play(state, END)
    assert out.result == "won" and out.finished and state.winners() == ("Ava",)
    assert state.scores() == {"Ava": 8 + 8 + 9 + 5} and state.penalties == 0
    assert stones.summary(state)["winners"] == ["Ava"]


def test_solo_refuses_a_card_value_the_solo_deck_does_not_have():
    state, _ = play(start(("Ava",)), LAYOUT)
    rejected(state, score("sun", 4), "stones.solo_no_such_value")
    state, _ = play(state, score("sun", 5))
    rejected(state, score("sun", 5), "stones.solo_all_scored")


# -- properties --------------------------------------------------------------------------------------
CELL = st.tuples(st.integers(1, 3), st.integers(1, 3))
EVENT = st.one_of(
    st.builds(shift, CELL, CELL), st.builds(flip, CELL), st.just(END), st.just(PASS),
    st.builds(score, st.sampled_from(["sun", "moon", "tree / bird", "horse * horse", "fish", "seed tree"]),
              st.integers(0, 6)))


@settings(max_examples=150, deadline=None)
@given(st.lists(EVENT, max_size=40), st.sampled_from([("Ava",), ("Ava", "Ben"), ("A", "B", "C", "D", "E")]))
def test_any_event_sequence_keeps_the_tile_set_and_the_cards(events, players):
    state, _ = play(start(players), LAYOUT)
    for event in events:
        try:
            new, _ = stones.apply(state, event)
        except RuleError:
            continue  # refused: state untouched by construction (immutable); keep going from it
        assert tile_counts(faces(new)) == (1, 2, 3, 3)
        if event["event"] == "shift":
            assert sorted(faces(new)) == sorted(faces(state))
        cards = new.deck + new.discard + sum(new.hands) + sum(len(s) for s in new.scored)
        assert cards == new.deck_total
        assert all(0 <= h <= 6 for h in new.hands)
        assert new.events == state.events + 1
        state = new
        if state.finished:
            break
