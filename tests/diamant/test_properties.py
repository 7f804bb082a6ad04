"""Properties over random legal games: gems are conserved, undo/redo round-trips, replay is deterministic."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import diamant
from companion.journal import new_header, read_journal
from companion.session import Session, replay

PLAYERS = ("Ava", "Ben", "Chen", "Dee", "Eli")


def legal_event(data, state):
    """Draw a card that is really in the deck, or reveal a decision."""
    view = diamant.engine.round_view(state)
    contents = diamant.deck(view)
    can_leave = state.in_round and not state.decided and state.path
    if can_leave and data.draw(st.booleans(), label="decide"):
        cave = list(state.cave)
        leavers = data.draw(st.lists(st.sampled_from(cave), min_size=1, max_size=len(cave), unique=True),
                            label="leavers")
        return {"event": "leave", "players": leavers}
    cards = [("treasure", v) for v in sorted(contents["treasure"].elements())]
    cards += [("hazard", h) for h in sorted(contents["hazard"].elements())]
    cards += [("relic", None)] * contents["relic"]
    kind, value = data.draw(st.sampled_from(cards), label="card")
    if kind == "treasure":
        return {"event": "draw", "card": "treasure", "value": value}
    if kind == "hazard":
        return {"event": "draw", "card": "hazard", "hazard": value}
    event = {"event": "draw", "card": "relic"}
    if state.rules.printed_relics:
        event["value"] = data.draw(st.integers(1, 12), label="printed")
    return event


def random_game(data, max_events=60):
    ruleset = data.draw(st.sampled_from(diamant.PRESETS), label="ruleset")
    low = diamant.load_ruleset(ruleset).players[0]
    players = PLAYERS[: data.draw(st.integers(low, len(PLAYERS)), label="players")]
    header = new_header("diamant", ruleset, players)
    state = diamant.start(header)
    events, outcomes, states = [], [], [state]
    for _ in range(data.draw(st.integers(1, max_events), label="length")):
        if state.finished:
            break
        event = legal_event(data, state)
        state, outcome = diamant.apply(state, event)
        events.append(event)
        outcomes.append(outcome)
        states.append(state)
    return header, events, outcomes, states


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_gems_are_conserved(data):
    _, events, outcomes, states = random_game(data)
    drawn = lost = returned = relic_gems = 0
    for event, outcome, state in zip(events, outcomes, states[1:]):
        if event["event"] == "draw" and event["card"] == "treasure":
            drawn += event["value"]
        if getattr(outcome, "bust", None):
            lost += sum(n for _, n in outcome.bust.losers)
        if outcome.round_end:
            returned += outcome.round_end.gems_returned
        if hasattr(outcome, "banked"):
            relic_gems += sum(r for *_, r in outcome.banked)
        on_path = sum(c.remainder for c in state.path) if state.in_round else 0
        assert drawn == sum(state.carried) + sum(state.chest) - relic_gems + on_path + lost + returned


@SETTINGS
@given(st.data())
def test_undo_then_redo_restores_the_same_state(data):
    header, events, _, states = random_game(data, max_events=30)
    session = Session.new(header, None)
    for event in events:
        session.apply(event)
    k = data.draw(st.integers(0, len(events)), label="undos")
    for i in range(k):
        session.undo()
        assert session.state == states[len(events) - i - 1]
    for _ in range(k):
        session.redo()
    assert session.state == states[-1]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_replay_is_deterministic_and_matches_the_live_game(tmp_path_factory, data):
    header, events, _, states = random_game(data)
    path = tmp_path_factory.mktemp("j") / "game.jsonl"
    session = Session.new(header, path)
    for event in events:
        session.apply(event)
    undos = data.draw(st.integers(0, min(3, len(events))), label="undos")
    for _ in range(undos):
        session.undo()
    session.close()
    first, _ = replay(read_journal(path))
    second, _ = replay(read_journal(path))
    assert first == second == session.state == states[len(events) - undos]
    assert diamant.summary(first) == diamant.summary(second)
