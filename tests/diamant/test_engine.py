"""Every rule of spec/diamant.md, the worked example, and every rejected event."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.errors import EventError, RuleError
from companion.games import diamant
from companion.games.diamant.odds import odds
from tests.diamant.helpers import H, L, R, T, play, start


# -- the spec's worked example ------------------------------------------------------------------
def test_worked_example_per_card():
    state = start("diamant-classic")
    state, (d15, _, d9, left, bust) = play(state, T(15), H("snake"), T(9), L("Ava", "Ben"), H("snake"))
    assert (d15.split.each, d15.split.left) == (3, 3)  # 15 = 4 × 3 + 3 (the seed misprints 2)
    assert d15.split.total == d15.split.among * d15.split.each + d15.split.left
    assert (d9.split.each, d9.split.left) == (2, 1)
    assert [(s.split.total, s.split.each, s.split.left) for s in left.shares] == [(3, 1, 1), (1, 0, 1)]
    assert left.banked == (("Ava", 5, 1, 0), ("Ben", 5, 1, 0))
    assert state.chest == (6, 6, 0, 0)
    assert bust.bust.losers == (("Chen", 5), ("Dee", 5))
    assert bust.round_end.reason == "bust" and bust.round_end.removed_hazard == "snake"
    assert state.removed[state.rules.hazards.index("snake")] == 1
    assert state.carried == (0, 0, 0, 0)


def test_worked_example_pooled():
    state = start("diamant-classic", leaving_split="pooled")
    state, (*_, left) = play(state, T(15), H("snake"), T(9), L("Ava", "Ben"))
    (share,) = left.shares
    assert (share.index, share.split.total, share.split.each, share.split.left) == (-1, 4, 2, 0)
    assert state.chest[:2] == (7, 7)
    assert all(c.remainder == 0 for c in state.path)


def test_pooled_rest_goes_back_onto_one_card():
    state = start("diamant", players=("Ava", "Ben", "Chen"))
    state, (*_, left) = play(state, T(5), T(7), L("Ava", "Ben"))  # remainders 2 + 1 = 3 -> 1 each, 1 back
    assert left.shares[0].split == diamant.engine.split(3, 2)
    assert sum(c.remainder for c in state.path) == 1


def test_seed_003_examples_per_card():
    # 3 leavers, remainders 4 and 8 -> 1 + 2 = 3 each, 1 and 2 stay; remainders 2 and 2 -> nothing.
    state = start("diamant-classic", players=("A", "B", "C", "D", "E"))
    state, _ = play(state, T(14), T(13))  # 14 = 5×2+4, 13 = 5×2+3 ... build remainders 4 and 3
    assert [c.remainder for c in state.path] == [4, 3]
    from companion.arith import split_piles

    result = split_piles([4, 8], 3)
    assert (result.each, result.left) == (3, (1, 2))
    assert (split_piles([2, 2], 3).each, split_piles([2, 2], 3).left) == (0, (2, 2))


# -- draws -----------------------------------------------------------------------------------------
def test_treasure_split_among_explorers_in_cave():
    state = start(players=("A", "B", "C"))
    state, (o,) = play(state, T(17))
    assert o.split.total == 17 and o.split.each == 5 and o.split.left == 2
    assert state.carried == (5, 5, 5) and state.path[-1].remainder == 2


def test_first_hazard_is_harmless_second_busts_and_removes_one_copy():
    state = start(players=("A", "B", "C"))
    state, (first,) = play(state, H("lava"))
    assert first.first_of_hazard and first.bust is None and state.in_round
    state, (_, bust) = play(state, T(9), H("lava"))
    assert bust.bust.hazard == "lava" and bust.round_end is not None
    assert not state.in_round and state.carried == (0, 0, 0)
    assert diamant.deck(state)["hazard"]["lava"] == 2  # next round: 3 copies - 1 removed


def test_different_hazards_do_not_bust():
    state = start(players=("A", "B", "C"))
    state, outcomes = play(state, H("lava"), H("snake"), H("spider"), H("ram"), H("rockfall"))
    assert all(o.bust is None for o in outcomes) and state.in_round


def test_relic_stays_on_path_and_lone_leaver_takes_it_by_claim_order():
    state = start(players=("A", "B", "C"))
    state, (_, _, left) = play(state, T(3), R(), L("A"))
    assert [(c.player, c.value, c.order) for c in left.relics] == [("A", 5, 1)]
    assert state.relics[0] == (5,) and state.score(0) == 1 + 5
    assert all(c.kind != "relic" for c in state.path)


def test_two_leavers_take_no_relic_and_it_is_lost_at_round_end():
    state = start(players=("A", "B", "C"))
    state, (_, _, left) = play(state, T(3), R(), L("A", "B"))
    assert left.relics == () and any(c.kind == "relic" for c in state.path)
    state, (_, bust) = play(state, H("ram"), H("ram"))
    assert bust.round_end.relics_lost == 1 and state.relics == ((), (), ())


def test_relic_on_path_removed_after_bust():
    state = start(players=("A", "B", "C"))
    state, (*_, bust) = play(state, R(), H("ram"), H("ram"))
    assert bust.round_end.relics_lost == 1
    # the next round gets one new relic; the lost one never returns
    assert diamant.deck(state)["relic"] == 1
    assert state.relics_added == 1


def test_lone_leaver_taking_two_relics_takes_the_next_two_values():
    state = start(players=("A", "B", "C"))
    # rounds 1-3: each relic is claimed (values 5, 5, 5)
    for _ in range(3):
        state, _ = play(state, R(), L("A"), T(1), L("B", "C"))  # one decision per card
    assert state.relics[0] == (5, 5, 5)
    state, _ = play(state, T(1), L("A", "B", "C"))  # round 4: nobody claims; 1 relic stays in the deck
    state, (_, _, _, claim) = play(state, R(), R(), T(3), L("C"))  # round 5: 2 relics at once
    assert [(c.value, c.order) for c in claim.relics] == [(10, 4), (10, 5)]
    assert state.relics[2] == (10, 10)


def test_relics_per_round_one_added_each_round_until_all_five():
    state = start(players=("A", "B", "C"))
    seen = []
    for _ in range(5):
        seen.append(diamant.deck(state)["relic"])
        state, _ = play(state, T(1), L("A", "B", "C"))
    assert seen == [1, 2, 3, 4, 5]


def test_denominations():
    state = start()
    assert diamant.denominations(state, 17) == [("diamond", 3), ("ruby", 2)]
    inca = start("incan-gold")
    assert diamant.denominations(inca, 27) == [("gold", 2), ("obsidian", 1), ("turquoise", 2)]
    assert diamant.denominations(start("house-001"), 7) == [("gem", 7)]


# -- leaving and rounds ----------------------------------------------------------------------------
def test_round_ends_when_everyone_has_left_and_next_draw_starts_next_round():
    state = start(players=("A", "B", "C"))
    state, (_, left) = play(state, T(7), L("A", "B", "C"))
    assert left.round_end.reason == "all_left" and left.round_end.gems_returned == 1
    assert not state.in_round and state.round == 1
    state, (drawn,) = play(state, T(7))
    assert drawn.round_started == 2 and state.round == 2 and state.in_cave == (True,) * 3
    assert state.path == (diamant.engine.Card("treasure", 7, None, 1),)


def test_game_ends_after_round_five_with_scores_and_winner():
    state = start(players=("A", "B", "C"))
    for _round in range(5):
        state, (_, left) = play(state, T(9), L("A", "B", "C"))
    assert state.finished and left.round_end.finished
    assert state.scores() == {"A": 15, "B": 15, "C": 15}
    assert state.winners() == ("A", "B", "C")  # shared
    with pytest.raises(RuleError) as err:
        diamant.apply(state, T(1))
    assert err.value.code == "diamant.game_over"


TIE = [R(), L("A"), T(1), L("B", "C"),  # A takes a relic worth 5
       T(15), L("B"), H("snake"), H("snake"),  # B banks 5; A and C lose theirs
       T(1), L("A", "B", "C"), T(1), L("A", "B", "C"), T(1), L("A", "B", "C")]


def test_incan_gold_tiebreak_most_relics():
    state, _ = play(start("incan-gold", players=("A", "B", "C")), *TIE)
    assert state.finished and state.scores() == {"A": 5, "B": 5, "C": 0}
    assert state.winners() == ("A",)  # tied on 5; A has one relic, B none


def test_diamant_ties_are_shared():
    state, _ = play(start("diamant", players=("A", "B", "C")), *TIE)
    assert state.scores() == {"A": 5, "B": 5, "C": 0}
    assert state.winners() == ("A", "B")


def test_house_dealt_gems_follow_the_marker():
    state = start("house-001", players=("A", "B", "C"))
    state, (first,) = play(state, T(7))  # 2 each, 1 extra to A (marker at seat 1 next)
    assert state.carried == (3, 2, 2) and state.marker == 1 and first.extra == (("A", 1),)
    assert state.path[-1].remainder == 0
    state, _ = play(state, T(5))  # 1 each, 2 extra: B then C; marker wraps to A
    assert state.carried == (4, 4, 4) and state.marker == 0


def test_house_marker_skips_players_who_left():
    state = start("house-001", players=("A", "B", "C"))
    state, _ = play(state, T(1), L("A"), T(2))  # marker after A's extra is 1; B and C get 1 each
    assert state.carried[1:] == (1, 1)
    state, _ = play(state, T(3))  # 1 each, the extra goes to B (first receiver at or after seat 1)
    assert state.carried[1:] == (3, 2) and state.marker == 2


def test_house_relics_shared_by_last_leavers_and_start_gems():
    state = start("house-001", players=("A", "B", "C"))
    assert state.scores() == {"A": 5, "B": 5, "C": 5}
    assert diamant.deck(state)["relic"] == 5
    state, (_, _, first_leave, _, second) = play(state, R(7), T(3), L("A"), T(4), L("B", "C"))
    assert first_leave.relic_split is None  # not the last to leave
    assert second.relic_split.total == 7 and second.relic_split.each == 3
    assert second.extra == (("B", 1),)  # no extra so far: the marker is still at A, so B is first
    assert state.chest == (1, 1 + 2 + 4, 1 + 2 + 3)


def test_house_two_players_allowed_other_presets_not():
    start("house-001", players=("A", "B"))
    with pytest.raises(RuleError) as err:
        start("diamant", players=("A", "B"))
    assert err.value.code == "diamant.player_count" and err.value.params["low"] == 3
    with pytest.raises(RuleError):
        start("diamant", players=tuple("ABCDEFGHI"))


# -- odds --------------------------------------------------------------------------------------------
def test_odds_exact():
    state = start(players=("A", "B", "C"))
    o = odds(state)
    assert o.cards == 15 + 15 + 1 and o.bust_next == 0
    state, _ = play(state, H("snake"), T(9))
    o = odds(state)
    assert o.cards == 29 and o.bust_next == Fraction(2, 29)
    assert dict(o.busting) == {"snake": 2}
    treasures = [1, 2, 3, 4, 5, 5, 7, 7, 11, 11, 13, 14, 15, 17]  # 9 is on the path
    assert o.gain_each == Fraction(sum(v // 3 for v in treasures), 29)
    assert dict(o.loss) == {"A": Fraction(2, 29) * 3, "B": Fraction(2, 29) * 3, "C": Fraction(2, 29) * 3}
    assert diamant.summary(state)["risk"] == {"bust_next": "2/29"}


def test_deck_contents_follow_path_and_removals():
    state = start("diamant-classic", players=("A", "B", "C"))
    state, _ = play(state, T(5), H("gas"), H("gas"))
    contents = diamant.deck(state)  # the next round's deck
    assert contents["treasure"][5] == 2 and contents["hazard"]["gas"] == 2 and contents["total"] == 29


# -- rejected events: a clear code, and the state unchanged ---------------------------------------
REJECTED = [
    ([], T(8), "diamant.no_such_treasure"),
    ([], T("7"), "diamant.bad_value"),
    ([], T(True), "diamant.bad_value"),
    ([T(5), T(5)], T(5), "diamant.treasure_not_in_deck"),
    ([T(17)], T(17), "diamant.treasure_not_in_deck"),
    ([], H("dragon"), "diamant.unknown_hazard"),
    ([], {"event": "draw", "card": "joker"}, "diamant.unknown_card"),
    ([], {"event": "dance"}, "diamant.unknown_event"),
    ([R()], R(), "diamant.no_relic_in_deck"),
    ([], R(5), "diamant.relic_value_not_printed"),
    ([], L(), "diamant.leave_nobody"),
    ([], {"event": "leave", "players": "Ava"}, "diamant.bad_leavers"),
    ([], L("Ava"), "diamant.no_card_yet"),
    ([T(1)], L("Zed"), "diamant.unknown_player"),
    ([T(1)], L("Ava", "Ava"), "diamant.duplicate_leaver"),
    ([T(1), L("Ava"), T(2)], L("Ava"), "diamant.not_in_cave"),
    ([T(1), L("Ava")], L("Ben"), "diamant.already_decided"),
    ([T(1), L("Ava", "Ben", "Chen", "Dee")], L("Ava"), "diamant.round_over"),
]


@pytest.mark.parametrize("before,event,code", REJECTED)
def test_rejected_event_leaves_state_unchanged(before, event, code):
    state, _ = play(start(), *before)
    with pytest.raises(RuleError) as err:
        diamant.apply(state, event)
    assert err.value.code == code
    again, _ = play(start(), *before)
    assert state == again  # nothing was changed by the attempt


def test_fourth_copy_of_a_hazard_is_rejected_across_rounds():
    state = start(players=("A", "B", "C"))
    state, _ = play(state, H("snake"), H("snake"))  # bust: one snake removed, 2 left
    state, _ = play(state, H("snake"))
    state, _ = play(state, H("ram"))
    state, _ = play(state, H("snake"))  # bust again: the second snake in this round; 1 left
    state, _ = play(state, H("snake"))  # round 3: the last copy
    with pytest.raises(RuleError) as err:
        diamant.apply(state, H("snake"))
    assert err.value.code == "diamant.hazard_not_in_deck"


def test_classic_has_no_relics_and_house_needs_printed_values():
    with pytest.raises(RuleError) as err:
        diamant.apply(start("diamant-classic"), R())
    assert err.value.code == "diamant.no_relics_in_ruleset"
    for bad in (None, 0, "5", True):
        with pytest.raises(EventError) as err:
            diamant.apply(start("house-001"), {"event": "draw", "card": "relic", "value": bad})
        assert err.value.code == "diamant.relic_value_needed"


def test_an_empty_deck_refuses_draws_but_lets_explorers_walk_out():
    # A house rule with one copy per hazard can run the deck dry (impossible with the presets).
    state = start("diamant-classic", players=("A", "B", "C"), hazard_copies=1)
    cards = [T(v) for v in (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)]
    cards += [H(h) for h in ("scorpion", "explosion", "snake", "gas", "landslide")]
    state, _ = play(state, *cards[:-1], L("A"), cards[-1])
    assert diamant.deck(state)["total"] == 0
    with pytest.raises(RuleError) as err:
        diamant.apply(state, T(1))
    assert err.value.code == "diamant.deck_empty"
    state, _ = play(state, L("B", "C"))  # decided already, but the deck is empty
    assert not state.in_round


def test_relic_explanation_follows_the_claim_rule():
    from companion.games.diamant.explain import describe
    from companion.i18n import translator

    _, (lone,) = play(start(), R())
    _, (last,) = play(start("house-001"), R(4))
    en = translator("en")
    assert "alone" in " ".join(describe(lone, en))
    assert "leave last" in " ".join(describe(last, en))


def test_explanations_say_when_nothing_is_left():
    from companion.games.diamant.explain import describe
    from companion.i18n import translator

    _, (*_, left) = play(start(players=("A", "B", "C")), T(4), T(5), L("A", "B"))  # pooled 1 + 2 = 3
    text = " ".join(describe(left, translator("en")))
    assert "3 = 2 × 1 + 1" in text and "1 goes back onto a card" in text
    _, (*_, even) = play(start(players=("A", "B", "C")), T(4), T(7), L("A", "B"))  # pooled 1 + 1 = 2
    text = " ".join(describe(even, translator("en")))
    assert "2 = 2 × 1 + 0" in text and "nothing is left" in text and "0 go back" not in text


def test_decision_error_is_the_rule_leave_applies():
    """The screen asks the engine whether a decision is open; both must agree in every situation."""
    from companion.games.diamant.engine import decision_error

    cases = [(start(), "diamant.no_card_yet"), (play(start(), T(1))[0], None),
             (play(start(), T(1), L("Ava"))[0], "diamant.already_decided"),
             (play(start(), T(1), L("Ava", "Ben", "Chen", "Dee"))[0], "diamant.round_over")]
    for state, code in cases:
        error = decision_error(state)
        assert (error.code if error else None) == code
        cave = list(state.cave) or ["Ava"]
        if code is None:
            diamant.apply(state, L(cave[0]))
        else:
            with pytest.raises(RuleError) as err:
                diamant.apply(state, L(cave[0]))
            assert err.value.code == code
