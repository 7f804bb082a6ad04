"""Every explanation links to its rule: each game's ``rules_links`` maps every kind of outcome to a
section of its rules text, every linked id exists in all four languages, and real outcomes (short
games played through the engines) map to the section that explains them."""

from __future__ import annotations

import importlib
import json

import pytest

from companion.content import load_document
from companion.i18n import LOCALES
from companion.journal import parse_journal
from companion.session import replay

GAMES = ("diamant", "shifting_stones", "death_valley")


def links(game: str):
    return importlib.import_module(f"companion.games.{game}.rules_links")


def play(header: dict, *events: dict):
    """The steps of a short game (each with its outcome and the state after it)."""
    text = "\n".join(json.dumps(line) for line in ({"journal": "companion", "version": 1, **header}, *events))
    _state, steps = replay(parse_journal((text + "\n").encode()))
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_has_a_section_that_exists_in_every_language(game: str) -> None:
    sections = links(game).SECTIONS
    assert sections, game
    for locale in LOCALES:
        doc = load_document(game, locale, "rules")
        assert not doc.fallback, (game, locale)
        missing = {kind: section for kind, section in sections.items() if section not in doc.section_ids}
        assert not missing, (game, locale, missing)


@pytest.mark.parametrize("game", GAMES)
def test_no_outcome_but_a_known_kind(game: str) -> None:
    module = links(game)
    assert module.kinds(object(), None) == ()
    assert module.section(object(), None) is None


# -- Diamant ---------------------------------------------------------------------------------------
DIAMANT = {"game": "diamant", "ruleset": "diamant-classic", "players": ["Ava", "Ben", "Chen", "Dara"]}


def test_diamant_outcomes_map_to_their_sections() -> None:
    module = links("diamant")
    steps = play(DIAMANT,
                 {"event": "draw", "card": "treasure", "value": 15},   # 3 each, 3 stay
                 {"event": "draw", "card": "treasure", "value": 4},    # 1 each, nothing stays
                 {"event": "draw", "card": "hazard", "hazard": "snake"},
                 {"event": "leave", "players": ["Ava", "Ben"]},        # the 3 left on the card: 1 each
                 {"event": "draw", "card": "hazard", "hazard": "snake"})  # bust
    got = [(module.kinds(s.outcome, s.state)[0], module.section(s.outcome, s.state)) for s in steps]
    assert got == [("remainder", "draw"), ("split", "draw"), ("hazard", "draw"), ("leave_split", "splits"),
                   ("bust", "bust")]
    assert "round_end" in module.kinds(steps[-1].outcome, steps[-1].state)


def test_diamant_relic_claim_and_leaving_with_nothing_to_share() -> None:
    module = links("diamant")
    steps = play({"game": "diamant", "ruleset": "diamant", "players": ["Ava", "Ben", "Chen"]},
                 {"event": "draw", "card": "treasure", "value": 3},    # 1 each, nothing stays
                 {"event": "draw", "card": "relic"},
                 {"event": "leave", "players": ["Ben", "Chen"]},      # two leavers: no relic, nothing to share
                 {"event": "draw", "card": "treasure", "value": 5},    # all 5 to Ava
                 {"event": "leave", "players": ["Ava"]})              # alone: takes the relic
    assert module.section(steps[1].outcome, steps[1].state) == "relics"
    assert module.kinds(steps[2].outcome, steps[2].state) == ("leave",)
    assert module.section(steps[2].outcome, steps[2].state) == "decision"
    assert module.kinds(steps[4].outcome, steps[4].state)[0] == "relic_claim"
    assert module.section(steps[4].outcome, steps[4].state) == "relics"


def test_diamant_a_tied_end_links_to_the_tie_rule() -> None:
    module = links("diamant")
    events = []
    for hazard in ("scorpion", "explosion", "snake", "gas", "landslide"):  # Ava and Ben leave with nothing,
        events += [{"event": "draw", "card": "hazard", "hazard": hazard},  # Chen is lost in a bust: 5 rounds
                   {"event": "leave", "players": ["Ava", "Ben"]},
                   {"event": "draw", "card": "hazard", "hazard": hazard}]
    steps = play({"game": "diamant", "ruleset": "diamant-classic", "players": ["Ava", "Ben", "Chen"]}, *events)
    last = steps[-1]
    assert last.state.finished
    assert module.kinds(last.outcome, last.state)[0] == "tiebreak"
    assert module.section(last.outcome, last.state) == "game-end"


# -- Shifting Stones -------------------------------------------------------------------------------
GRID = [["sun", "fish", "horse"], ["seed", "tree", "boat"], ["horse", "bird", "tree"]]


def test_shifting_stones_outcomes_map_to_their_sections() -> None:
    module = links("shifting_stones")
    steps = play({"game": "shifting_stones", "ruleset": "shifting_stones", "players": ["Ava", "Ben"], "mode": "multi"},
                 {"event": "layout", "grid": GRID},
                 {"event": "score", "pattern": "tree / bird", "points": 1},
                 {"event": "flip", "at": [2, 1]},
                 {"event": "shift", "a": [2, 3], "b": [3, 3]},
                 {"event": "end_turn"},
                 {"event": "pass"})
    got = [module.section(s.outcome, s.state) for s in steps]
    assert got == ["setup", "patterns", "actions", "actions", "end-turn", "pass"]


def test_shifting_stones_solo_penalty() -> None:
    module = links("shifting_stones")
    steps = play({"game": "shifting_stones", "ruleset": "shifting_stones", "players": ["Ava"], "mode": "solo"},
                 {"event": "layout", "grid": GRID},
                 {"event": "pass"})
    assert steps[-1].outcome.penalty
    assert module.kinds(steps[-1].outcome, steps[-1].state) == ("penalty", "pass")
    assert module.section(steps[-1].outcome, steps[-1].state) == "solo"


# -- Death Valley ----------------------------------------------------------------------------------
def test_death_valley_outcomes_map_to_their_sections() -> None:
    module = links("death_valley")
    steps = play({"game": "death_valley", "ruleset": "death_valley", "players": ["Ava", "Ben"], "mode": "standard"},
                 {"event": "reveal", "card": "heat-1"},
                 {"event": "travel", "card": "heat-1", "source": "faceup"},
                 {"event": "reveal", "card": "land-1"},
                 {"event": "travel", "card": "land-1", "source": "faceup"},
                 {"event": "reveal", "card": "heat-2"},
                 {"event": "rest", "card": "heat-1", "tuck": [], "return": []})
    got = [module.section(s.outcome, s.state) for s in steps]
    assert got == ["refresh", "travel", "refresh", "travel", "refresh", "rest"]


def test_death_valley_the_robot_and_a_bust_on_its_turn() -> None:
    module = links("death_valley")
    steps = play({"game": "death_valley", "ruleset": "death_valley", "players": ["Ava"], "mode": "solo"},
                 {"event": "reveal", "card": "heat-1"},
                 {"event": "travel", "card": "heat-2", "source": "deck"},
                 {"event": "robot"},                                  # rule 2: heat-1 to the robot
                 {"event": "reveal", "card": "flood-1"},
                 {"event": "travel", "card": "heat-3", "source": "deck"},
                 {"event": "robot"},                                  # rule 2: flood-1 to the robot
                 {"event": "reveal", "card": "heat-4"},
                 {"event": "travel", "card": "land-1", "source": "deck"},
                 {"event": "robot"})                                  # rule 1: heat-4 to Ava, who busts
    assert module.section(steps[2].outcome, steps[2].state) == "robot-turn"
    last = steps[-1]
    assert last.outcome.busts and last.outcome.busts[0].player == "Ava"
    assert module.kinds(last.outcome, last.state)[:2] == ("bust", "robot")
    assert module.section(last.outcome, last.state) == "bust"
