"""Properties over random legal games (all three modes, with ability moves mixed in).

* the 18 cards are always all accounted for, each in exactly one zone;
* after a bust check no checked player keeps 3 visible cards of a type with cards left in the journey;
* hidden cards never count toward a bust, a warning or a score;
* replaying the journal of a game gives the same state, every time.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.games.death_valley as dv
from companion.games.death_valley.engine import BUST_AT, CARD_IDS, ROBOT
from companion.games.death_valley.risk import bust_risk
from companion.games.death_valley.robot import decide
from companion.journal import read_journal
from companion.session import replay
from tests.death_valley.helpers import fresh, zones_ok

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pick(data, items):
    return data.draw(st.sampled_from(sorted(items)))


def _random_move(state: dv.State, data) -> dict[str, Any]:
    places: list[tuple[str, str]] = [(c, "deck") for c in state.deck] + [(c, "discard") for c in state.discard]
    if state.faceup:
        places.append((state.faceup, "desert"))
    for p in state.players:
        places += [(c, f"journey:{p}") for c in state.journeys[p]]
        places += [(e.card, f"album:{p}") for e in state.albums[p] if not e.hidden]
    card, src = data.draw(st.sampled_from(sorted(places)))
    targets = ["deck", "discard"] + [f"journey:{p}" for p in state.players]
    targets += [f"album:{p}" for p in state.players if p != ROBOT]
    if state.faceup is None:
        targets.append("desert")
    dst = data.draw(st.sampled_from([t for t in targets if t != src]))
    return {"event": "move", "card": card, "from": src, "to": dst}


def random_event(state: dv.State, data) -> dict[str, Any]:
    if state.needs_reveal:
        return {"event": "reveal", "card": _pick(data, state.deck)}
    if state.mode == "solo" and state.active == ROBOT:
        if decide(state).takes_deck:
            return {"event": "robot", "card": _pick(data, state.deck)}
        return {"event": "robot"}
    actor = state.active
    options = []
    if state.faceup:
        options.append("faceup")
        if state.mode != "standard":
            options.append("give")
    if state.deck:
        options.append("deck")
    if state.journeys[actor]:
        options.append("rest")
    if state.moved:
        options.append("end_turn")
    options.append("move")
    kind = data.draw(st.sampled_from(options))
    if kind == "faceup":
        return {"event": "travel", "card": state.faceup, "source": "faceup"}
    if kind == "give":
        return {"event": "travel", "card": state.faceup, "source": "faceup", "to": state.other(actor)}
    if kind == "deck":
        return {"event": "travel", "card": _pick(data, state.deck), "source": "deck"}
    if kind == "rest":
        journey = list(state.journeys[actor])
        card = data.draw(st.sampled_from(journey))
        rest = [c for c in journey if c != card]
        fate = data.draw(st.lists(st.sampled_from(["keep", "tuck", "return"]), min_size=len(rest),
                                  max_size=len(rest)))
        return {"event": "rest", "card": card, "tuck": [c for c, f in zip(rest, fate) if f == "tuck"],
                "return": [c for c, f in zip(rest, fate) if f == "return"]}
    if kind == "end_turn":
        return {"event": "end_turn"}
    return _random_move(state, data)


def random_game(data, mode: str):
    state = fresh(mode, faceup=None, options={"robot_discard_bonus": True} if mode == "solo" else {})
    states, events, outcomes = [state], [], []
    for _ in range(data.draw(st.integers(1, 70))):
        if state.finished:
            break
        event = random_event(state, data)
        state, outcome = dv.apply(state, event)
        states.append(state)
        events.append(event)
        outcomes.append(outcome)
    return states, events, outcomes


MODES = st.sampled_from(["standard", "backseat", "solo"])


@SETTINGS
@given(st.data(), MODES)
def test_all_18_cards_are_always_accounted_for(data, mode):
    states, events, outcomes = random_game(data, mode)
    for state, outcome in zip(states[1:], outcomes):
        zones_ok(state)
        if outcome.turn_ended:
            for bust in outcome.busts:
                assert state.journeys[bust.player] == ()
            checked = {outcome.player, *([] if mode == "standard" else state.players)}
            for player in checked:
                counts = state.hazard_counts(player)
                assert all(n < BUST_AT for n in counts.values()) or state.journeys[player] == ()


@SETTINGS
@given(st.data(), MODES, st.integers(0, 9), st.integers(-9, 9))
def test_hidden_cards_never_count(data, mode, stars, ability):
    states, _, _ = random_game(data, mode)
    for state in states:
        hidden = [c for p in state.players for c in state.hidden(p)]
        if not hidden:
            continue
        catalog = state.catalog
        for card in hidden:  # give every hidden card other features entirely
            catalog = catalog.with_card(card, stars=stars, ability=ability, hazard="heat")
        changed = replace(state, catalog=catalog)
        assert dv.scores(changed) == dv.scores(state)
        for player in state.players:
            assert changed.hazard_counts(player) == state.hazard_counts(player)
        if not state.needs_reveal and not state.finished:
            before, after = bust_risk(state), bust_risk(changed)
            assert (before.player, before.hazards, before.faceup_busts) == (after.player, after.hazards,
                                                                             after.faceup_busts)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data(), MODES)
def test_replay_is_deterministic(tmp_path_factory, data, mode):
    states, events, _ = random_game(data, mode)
    path = tmp_path_factory.mktemp("journal") / "game.jsonl"
    head = {"journal": "companion", "version": 1, "game": "death_valley", "ruleset": "death_valley",
            "players": ["Eve"] if mode == "solo" else ["Ava", "Ben"], "mode": mode}
    if mode == "solo":
        head["options"] = {"robot_discard_bonus": True}
    path.write_text("\n".join(json.dumps(x) for x in [head, *events]) + "\n", encoding="utf-8")
    first, steps = replay(read_journal(path))
    second, _ = replay(read_journal(path))
    assert first == second == states[-1]
    assert dv.summary(first) == dv.summary(states[-1])
    assert [s.state for s in steps] == states[1:]
    assert sorted(first.all_cards()) == sorted(CARD_IDS)
