"""Key moments of the score sheets and the splitting of long score tables (HTML only, no PDF)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import get
from companion.i18n import translator
from companion.journal import read_journal
from companion.printing import scorepad
from companion.printing.chart import score_points
from companion.printing.moments import key_moments
from companion.session import replay

ROOT = Path(__file__).resolve().parents[2]
STONES = ROOT / "tests" / "shifting_stones" / "journals"
VALLEY = ROOT / "tests" / "death_valley" / "journals"
MINE = ROOT / "tests" / "printing" / "journals"
LOCALES = ("en", "fa", "zh_Hant", "zh_Hans")


def played(path: Path):
    journal = read_journal(path)
    final, steps = replay(journal)
    game = get(journal.header.game)
    return game, final, steps, game.summary(final), game


def moments(path: Path, locale: str = "en") -> list[tuple[str, str]]:
    game, _, steps, summary, _ = played(path)
    return key_moments(game, steps, summary, translator(locale))


def texts(path: Path, locale: str = "en") -> list[str]:
    return [text for _, text in moments(path, locale)]


# -- Shifting Stones ---------------------------------------------------------------------------------
def test_stones_moments_say_who_scored_what_in_which_turn():
    game, _, steps, summary, _ = played(STONES / "two-players.jsonl")
    found = moments(STONES / "two-players.jsonl")
    # Every scored card is in the moments, under the name of the player who scored it.
    scored = [(s.outcome.player, s.outcome.pattern) for s in steps if s.outcome.kind == "score"]
    for player, pattern in scored:
        assert any(text.startswith(player + " scored") and pattern in text for _, text in found), (player, pattern)
    assert ("Turn 1", "Ava scored 3 cards for 6 points: tree / bird, sun, and sun horse.") in found
    assert ("Turn 6", "Ben scored 2 cards for 8 points: boat and tree.") in found
    assert ("Turn 5", "Ava has scored 10 cards: the game ends when this round is complete.") in found
    assert found[-2:] == [("End", "The 3-point bonus for the most 1-point cards goes to: Ava."),
                          ("End", "The game is over. Ava and Ben share the win with 18 each.")]
    assert not any("A card worth" in text for _, text in found)


def test_stones_solo_penalties_and_result():
    won = moments(STONES / "solo-win.jsonl")
    assert ("Turn 1", "No card was scored this turn: penalty 1 of 4.") in won
    assert ("Turn 3", "No card was scored this turn: penalty 2 of 4.") in won
    assert won[-1] == ("End", "All 16 cards are scored: Mina wins the solo game!")
    lost = moments(MINE / "stones-solo-lost.jsonl")
    penalties = [text for _, text in lost if text.startswith("No card was scored")]
    assert penalties == [f"No card was scored this turn: penalty {n} of 4." for n in range(1, 5)]
    assert lost[0] == ("Turn 1", "Mina scored 2 cards for 5 points: sun and tree / bird.")
    assert lost[-1] == ("End", "That is the 4th penalty: Mina loses the solo game.")


def test_a_single_card_turn_names_its_pattern_and_points():
    found = texts(STONES / "solo-win.jsonl")
    assert "Mina scored 2 cards for 8 points: sun and sun." in found
    game, final, steps, summary, _ = played(MINE / "stones-solo-lost.jsonl")
    # Cut the journal after the first card: one card, singular wording.
    one = key_moments(game, steps[:2], {**summary, "finished": False}, translator("en"))
    assert one[0] == ("Turn 1", "Mina scored sun for 2 points.")
    assert one[-1] == ("", "The journal stops before the end of the game.")


# -- Death Valley ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["standard", "solo", "backseat", "solo_bust_rule"])
def test_valley_every_bust_with_its_discarded_card(name):
    from companion.games.death_valley.explain import card_name

    _, _, steps, _, _ = played(VALLEY / f"{name}.jsonl")
    found = texts(VALLEY / f"{name}.jsonl")
    busts = [(b, s.state) for s in steps for b in s.outcome.busts]
    assert busts  # every test journal has at least one
    tr = translator("en")
    for bust, state in busts:
        who = "Robot" if bust.player == "robot" else bust.player
        line = [t for t in found if t.startswith(f"{who} busted") and f"(bust number {bust.total})" in t]
        assert len(line) == 1
        if bust.discarded:
            assert f"{card_name(state.catalog, bust.discarded, tr)} went to the discard pile" in line[0]


def test_valley_solo_counts_the_robots_rules():
    _, _, steps, _, _ = played(VALLEY / "solo.jsonl")
    robot_turns = [s.outcome.robot.rule for s in steps if s.outcome.robot is not None]
    found = texts(VALLEY / "solo.jsonl")
    counted = {}
    for text in found:
        match = re.match(r"The robot used rule (\d) on (\d+) turns?:", text)
        if match:
            counted[int(match[1])] = int(match[2])
    assert counted == {rule: robot_turns.count(rule) for rule in set(robot_turns)}
    assert sum(counted.values()) == len(robot_turns)
    assert found[-1] == "The winner: Eve, with 12 points."


def test_valley_endings_say_which_tie_break_decided():
    assert texts(VALLEY / "backseat.jsonl")[-1] == "Cy and Di tied with 2 points; Cy wins with fewer busts (1)."
    assert texts(VALLEY / "standard.jsonl")[-1] == ("Ava and Ben tied with 7 points and the same number of busts (1): "
                                                    "they share the win.")
    assert texts(VALLEY / "solo_bust_rule.jsonl")[-1] == "The robot wins: it busted no more often than Eve."


@pytest.mark.parametrize("locale", LOCALES[1:])
@pytest.mark.parametrize("path", [STONES / "two-players.jsonl", MINE / "stones-solo-lost.jsonl",
                                  VALLEY / "solo.jsonl", VALLEY / "backseat.jsonl", VALLEY / "standard.jsonl"])
def test_moments_are_translated(path, locale):
    english = moments(path, "en")
    local = moments(path, locale)
    assert len(local) == len(english)
    for (when_en, text_en), (when, text) in zip(english, local):
        assert text != text_en and (when == when_en == "" or when != when_en)
        assert "{" not in text and "}" not in text
        if locale == "fa":
            assert not re.search(r"[0-9]", text), text  # Persian digits


# -- Diamant -----------------------------------------------------------------------------------------
def _diamant_moments(tmp_path, events, locale="en"):
    import json

    header = {"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant",
              "players": ["Ava", "Ben", "Chen"], "started": "2026-11-29T20:00:00Z"}
    path = tmp_path / "d.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in [header, *events]), encoding="utf-8")
    return texts(path, locale)[:-1]  # without "The journal stops before the end of the game."


def _draw(value=None, hazard=None):
    if hazard:
        return {"event": "draw", "card": "hazard", "hazard": hazard}
    return {"event": "draw", "card": "treasure", "value": value}


@pytest.mark.parametrize("events,lost", [
    ([_draw(7), _draw(hazard="snake"), _draw(hazard="snake")], "Ava, Ben, and Chen ran out and lost 6 gems in all."),
    # Ava and Ben leave with nothing (1 gem stays on the path); Chen alone carries 1.
    ([_draw(4), {"event": "leave", "players": ["Ava", "Ben"]}, _draw(hazard="snake"), _draw(hazard="snake")],
     "Chen ran out and lost 1 gem in all."),
])
def test_diamant_bust_counts_the_lost_gems_in_words_that_fit(tmp_path, events, lost):
    found = _diamant_moments(tmp_path, events)
    assert found == [f"Round 1: a second snake came up; {lost}"]
    for locale in LOCALES[1:]:
        local = _diamant_moments(tmp_path, events, locale)
        assert len(local) == 1 and "{" not in local[0] and local[0] != found[0]


def test_diamant_bust_with_empty_hands_names_no_number_of_gems(tmp_path):
    # A 2 shared by three explorers: nobody carries a gem when the second snake comes.
    events = [_draw(2), _draw(hazard="snake"), _draw(hazard="snake")]
    found = _diamant_moments(tmp_path, events)
    assert found == ["Round 1: a second snake came up; Ava, Ben, and Chen ran out with no gems to lose."]
    assert not any(char.isdigit() for char in found[0].split(";")[1])
    fa = _diamant_moments(tmp_path, events, "fa")
    assert "۰" not in fa[0] and "گوهر" in fa[0]


# -- long tables ---------------------------------------------------------------------------------------
@given(st.integers(min_value=0, max_value=300), st.integers(min_value=1, max_value=20))
def test_chunks_cover_every_column_once_in_order_in_even_pieces(count, size):
    pieces = scorepad.chunks(count, size)
    assert [i for piece in pieces for i in piece] == list(range(count))
    assert all(len(p) <= size for p in pieces)
    assert max(len(p) for p in pieces) - min(len(p) for p in pieces) <= 1
    assert len(pieces) == max(1, -(-count // size))


@given(st.integers(min_value=1, max_value=60))
def test_score_tables_keep_every_turn_and_one_total(turns):
    points = [(("turn", n), {"A": n, "B": 2 * n}) for n in range(1, turns + 1)]
    html = scorepad.score_tables(points, ["A", "B"], {"A": turns, "B": 2 * turns}, {"B"}, get("diamant"),
                                 translator("en"))
    tables = html.split("<table")[1:]
    assert len(tables) == -(-turns // scorepad.TURNS_PER_TABLE)
    for table in tables:
        assert table.count("<th>") <= scorepad.TURNS_PER_TABLE  # the numbered turn columns
        assert "(winner)" in table and table.count("(winner)") == 1  # B's row, in every piece
    assert html.count('class="total"') == 3 and "Total" in tables[-1]
    numbers = re.findall(r"<th>(\d+)</th>", html)
    assert numbers == [str(n) for n in range(1, turns + 1)]


def test_valley_table_columns_match_the_turns_played():
    game, final, steps, summary, module = played(VALLEY / "standard.jsonl")
    points = score_points(game, steps, final)
    assert [label for label, _ in points] == [("turn", n) for n in range(1, len(points) + 1)]
    assert points[-1][1] == summary["scores"]
    assert len(points) == sum(1 for s in steps if s.outcome.turn_ended)


@pytest.mark.parametrize("lines", [1, 2, 8])
def test_unfinished_games_give_a_sheet_that_says_so(tmp_path, lines):
    source = (STONES / "two-players.jsonl").read_text(encoding="utf-8").splitlines()[:lines]
    journal = tmp_path / "cut.jsonl"
    journal.write_text("\n".join(source) + "\n", encoding="utf-8")
    page = scorepad.journal_page(journal, "en", "a4")
    assert "The game is not finished; these are the scores so far." in page.html
    assert "The journal stops before the end of the game." in page.html
    # The heading and both players' totals, in the breakdown and in the score tables.
    assert page.html.count('class="total"') == 6
    assert ">End<" not in page.html  # the last column of an unfinished game is "So far"
    if lines == 8:  # two turns played: Ava's 3 cards of the first turn are in the moments
        assert "Ava scored 3 cards for 6 points" in page.html and "After turn" in page.html
