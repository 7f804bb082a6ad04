"""Whole games replayed from journal files to the scores, busts and winners worked out by hand.

The arithmetic for each fixture is written next to its expectations.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.games.death_valley as dv
from companion.errors import JournalError
from companion.games.death_valley.explain import report
from companion.i18n import translator
from companion.journal import read_journal
from companion.session import replay

HERE = Path(__file__).parent / "journals"


def run(name: str):
    state, steps = replay(read_journal(HERE / name))
    return state, steps, dv.summary(state)


def test_standard_game_ends_in_a_shared_win():
    state, steps, s = run("standard.jsonl")
    assert s["game"] == "death_valley" and s["ruleset"] == "death_valley" and s["finished"]
    # Ava: journey stars animal-2 2 + flood-1 1 + land-4 1 + heat-5 1 = 5; album ability animal-1 +2 -> 7
    #      (hidden land-2 counts nothing).
    # Ben: journey stars animal-3 4 + flood-4 1 + land-3 0 + heat-2 1 = 6; heat-2 ability +1 -> 7
    #      (flood-3's +1 is hidden under flood-2, so it does not count).
    assert s["scores"] == {"Ava": 7, "Ben": 7}
    assert s["busts"] == {"Ava": 1, "Ben": 1}
    assert s["winners"] == ["Ava", "Ben"]  # tied on points and busts: both win
    # Ben busted on heat (heat-3 discarded), Ava on land (land-5 discarded, not land-4).
    assert s["discard"] == ["heat-3", "land-5"]
    assert s["faceup"] == "heat-4" and s["deck"] == []
    # one line was undone: 53 event lines, 2 cancelled (the mistake and its undo)
    assert s["events"] == len(steps) == 51
    busts = [b for step in steps for b in step.outcome.busts]
    assert [(b.player, b.hazards, b.discarded, b.shuffled) for b in busts] == [
        ("Ben", ("heat",), "heat-3", ("flood-1", "heat-1", "heat-2")),
        ("Ava", ("land",), "land-5", ("animal-2", "land-4", "heat-4", "heat-5")),
    ]


def test_backseat_game_is_decided_by_fewer_busts():
    state, steps, s = run("backseat.jsonl")
    # Cy: journey flood-2, land-4, flood-3, heat-5: stars unknown (0) + heat-5 ability 2 -> 2
    # Di: journey flood-1 (2 stars) + five cards of unknown stars; land-2's 3 stars are in the album -> 2
    assert s["scores"] == {"Cy": 2, "Di": 2}
    assert s["busts"] == {"Cy": 1, "Di": 2}
    assert s["winners"] == ["Cy"]
    assert s["stars_unknown"] == ["animal-2", "animal-3", "flood-2", "flood-3", "land-4", "land-5",
                                  "heat-2", "heat-3", "heat-5"]
    # the bust caused by the other player's gift (backseat checks both players)
    gifted = [step for step in steps if step.event.get("to") == "Cy" and step.outcome.busts]
    assert [(b.player, b.discarded) for b in gifted[0].outcome.busts] == [("Cy", "heat-1")]
    # the stars learned during play are in the state's catalog
    assert state.catalog["animal-1"].stars == 1
    assert s["deck"] == ["land-3"] and s["faceup"] is None


def test_solo_game_points_and_robot_bonus():
    state, steps, s = run("solo.jsonl")
    # Eve: journey stars 3+3+3+3 = 12, flood-3 ability -1, album heat-5 ability +1 -> 12
    #      (hidden heat-6 +3 and land-3 count nothing)
    # robot: 8 journey cards at 1 star = 8, positive abilities only: animal-1 +2 (land-4 -3 ignored),
    #        discard bonus: 1 card -> 11
    assert s["scores"] == {"Eve": 12, "robot": 11}
    assert s["busts"] == {"Eve": 1, "robot": 0}
    assert s["winners"] == ["Eve"]
    rules = [step.outcome.robot.rule for step in steps if step.event["event"] == "robot"]
    assert rules == [2, 2, 1, 2, 2, 1, 1, 1, 3, 3, 1, 1]


def test_solo_bust_rule_gives_the_robot_the_win_with_fewer_points():
    state, steps, s = run("solo_bust_rule.jsonl")
    assert s["scores"] == {"Eve": 12, "robot": 11}
    assert s["winners"] == ["robot"]


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.jsonl")))
@pytest.mark.parametrize("locale", ["en", "fa", "zh_Hant", "zh_Hans"])
def test_report_names_every_player(name, locale):
    state, _, _ = run(name)
    lines = report(state, translator(locale))
    text = "\n".join(lines)
    for player in state.players:
        if player != dv.ROBOT:
            assert player in text
    assert all(isinstance(line, str) and line for line in lines)


def test_a_rejected_line_names_its_line(tmp_path):
    lines = (HERE / "standard.jsonl").read_text(encoding="utf-8").splitlines()
    lines.insert(2, '{"event": "travel", "card": "heat-6", "source": "faceup"}')  # not the face-up card
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(JournalError) as info:
        replay(read_journal(path))
    assert info.value.code == "journal_rejected_event"
    assert info.value.params["line"] == 3
    assert info.value.params["cause"] == "valley.card_in_deck"


def test_a_live_session_writes_undoes_and_resumes(tmp_path):
    from companion.errors import RuleError
    from companion.journal import new_header
    from companion.session import Session

    path = tmp_path / "game.jsonl"
    session = Session.new(new_header("death_valley", "death_valley", ["Ava", "Ben"], mode="backseat"), path)
    session.apply({"event": "reveal", "card": "heat-1"})
    session.apply({"event": "travel", "card": "heat-1", "source": "faceup", "to": "Ben"})
    size = path.stat().st_size
    with pytest.raises(RuleError):
        session.apply({"event": "travel", "card": "heat-2", "source": "deck"})  # a flip is due first
    assert path.stat().st_size == size  # a refused event is not written
    session.apply({"event": "reveal", "card": "heat-2"})
    session.undo()
    assert session.state.needs_reveal and session.state.journeys["Ben"] == ("heat-1",)
    session.close()
    resumed = Session.resume(path)
    assert resumed.state == session.state and resumed.can_redo
    resumed.redo()
    assert resumed.state.faceup == "heat-2"
    resumed.close()
