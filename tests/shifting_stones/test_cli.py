"""``companion stones hint``: JSON exactly as interfaces.md says, localized text, clear errors."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.games.shifting_stones.library import user_path

G = "sun fish horse / seed tree boat / horse bird tree"


def hint(capsys, *args):
    code = main(["stones", "hint", "--grid", G, *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_one_pattern_json(capsys):
    code, out, _ = hint(capsys, "--pattern", "sun * fish", "--json")
    assert code == 0
    assert json.loads(out) == {"actions": 1, "plan": [{"action": "shift", "a": [1, 2], "b": [1, 3]}], "at": [1, 1]}
    code, out, _ = hint(capsys, "--pattern", "tree / bird", "--json")
    assert json.loads(out) == {"actions": 0, "plan": [], "at": [2, 2]}


def test_a_pattern_that_can_never_match_has_a_null_plan(capsys):
    code, out, _ = hint(capsys, "--pattern", "sun / sun", "--json")
    assert code == 0 and json.loads(out) == {"actions": None, "plan": None, "at": None}
    code, out, _ = hint(capsys, "--pattern", "sun / sun")
    assert "never match" in out


def test_hand_json_names_the_burned_card(capsys):
    code, out, _ = hint(capsys, "--card", "sun * fish=3", "--card", "ss16", "--card", "tree tree=1", "--json")
    data = json.loads(out)
    assert code == 0 and data["points"] == 3
    assert data["plan"] == [{"action": "shift", "a": [1, 2], "b": [1, 3], "burn": 2},
                            {"action": "score", "card": 0, "at": [1, 1]}]


def test_hand_text_in_persian_uses_persian_digits(capsys):
    code, out, _ = hint(capsys, "--card", "sun * fish=3", "--card", "tree tree=1", "--lang", "fa")
    assert code == 0 and "۳" in out and not any(ch.isascii() and ch.isdigit() for ch in out)


def test_library_id_uses_the_users_correction(capsys):
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[[card]]\nid = "ss16"\npattern = "sun"\npoints = 4\n', encoding="utf-8")
    code, out, _ = hint(capsys, "--card", "ss16", "--card", "moon=1", "--json")
    assert json.loads(out)["points"] == 4


@pytest.mark.parametrize(("args", "exit_code", "words"), [
    (["--card", "ss16"], 2, "2 to 6 cards"),
    (["--card", "sun=1"] * 7, 2, "2 to 6 cards"),
    (["--card", "nosuch", "--card", "sun=1"], 2, "no card “nosuch”"),
    (["--card", "sun=x", "--card", "sun=1"], 2, "PATTERN=POINTS"),
    (["--card", "sun=9", "--card", "sun=1"], 2, "1 to 5 points"),
    (["--pattern", "sun * cat"], 2, "not a face"),
])
def test_bad_hint_input_is_a_clear_error(capsys, args, exit_code, words):
    code, out, err = hint(capsys, *args)
    assert code == exit_code and words in err and out == ""


def test_the_hint_limits_are_the_rules():
    from companion.commands.stones_hint import HAND_MIN, parse_card
    from companion.errors import EventError
    from companion.games.shifting_stones.engine import HAND_MAX, POINTS

    assert HAND_MIN < HAND_MAX
    assert parse_card(f"sun={POINTS[-1]}")[1] == POINTS[-1]
    for points in (POINTS[0] - 1, POINTS[-1] + 1):
        with pytest.raises(EventError) as info:
            parse_card(f"sun={points}")
        assert info.value.code == "stones.bad_points"
        assert (info.value.params["low"], info.value.params["high"]) == (POINTS[0], POINTS[-1])


def test_bad_grid_is_a_clear_error(capsys):
    for grid, words in (("sun sun horse / seed tree boat / horse bird tree", "sun or moon"),
                        ("sun fish / seed tree", "3 rows of 3"),
                        ("sun * horse / seed tree boat / horse bird tree", "grey")):
        code = main(["stones", "hint", "--grid", grid, "--pattern", "sun"])
        _, err = capsys.readouterr()
        assert code == 2 and words in err


def test_a_broken_user_library_exits_1_naming_the_file(capsys):
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[[card]]\nid = "x"\npattern = "sun"\npoints = 0\n', encoding="utf-8")
    code, out, err = hint(capsys, "--card", "ss16", "--card", "sun=1")
    assert code == 1 and str(path) in err and "“x”" in err


# -- typed as the TUI reads it: face names in any language, ids in any case, a layout without "/" ---------
def hint_grid(capsys, grid, *args):
    code = main(["stones", "hint", "--grid", grid, *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("grid", [
    G,
    "sun fish horse seed tree boat horse bird tree",                     # nine faces, no "/"
    "خورشید ماهی اسب / دانه درخت قایق / اسب پرنده درخت",              # Persian face names
    "太陽 魚 馬 / 種子 樹 船 / 馬 鳥 樹",                                   # Traditional Chinese
    "太阳鱼马种子树船马鸟树",                                               # Simplified, no spaces at all
    "SUN Fish horse seed tree boat horse bird tree",
])
def test_the_grid_is_read_in_any_language_and_without_slashes(capsys, grid):
    code, out, err = hint_grid(capsys, grid, "--pattern", "sun * fish", "--json")
    assert code == 0, err
    assert json.loads(out) == {"actions": 1, "plan": [{"action": "shift", "a": [1, 2], "b": [1, 3]}], "at": [1, 1]}


@pytest.mark.parametrize("pattern", ["tree / bird", "درخت / پرنده", "樹 / 鳥", "树/鸟", "TREE / Bird"])
def test_the_pattern_is_read_in_any_language(capsys, pattern):
    code, out, err = hint(capsys, "--pattern", pattern, "--json")
    assert code == 0, err
    assert json.loads(out) == {"actions": 0, "plan": [], "at": [2, 2]}


def test_card_ids_in_any_case_and_cards_with_face_names(capsys):
    expected = hint(capsys, "--card", "sun * fish=3", "--card", "ss16", "--card", "tree tree=1", "--json")[1]
    for cards in (["خورشید * ماهی=۳", "SS16", "درخت درخت=1"], ["太陽 * 魚=3", "Ss16", "樹 樹=1"]):
        code, out, err = hint(capsys, *[a for c in cards for a in ("--card", c)], "--json")
        assert code == 0, err
        assert out == expected


def test_the_cli_and_the_picker_share_one_reader():
    from companion.commands import stones_hint
    from companion.games.shifting_stones import notation
    from companion.tui.widgets import card_picker

    assert stones_hint.grid_notation is notation.grid_notation and stones_hint.to_notation is notation.to_notation
    assert card_picker.to_notation is notation.to_notation and card_picker.face_of is notation.face_of


@pytest.mark.parametrize(("args", "words"), [
    (["--pattern", "太陽 * 貓"], "not a face"),
    (["--card", "ss99", "--card", "sun=1"], "no card “ss99”"),
])
def test_bad_names_are_still_clear_errors(capsys, args, words):
    code, out, err = hint(capsys, *args)
    assert code == 2 and words in err and out == ""


def test_a_bad_grid_in_face_names_is_refused(capsys):
    code, out, err = hint_grid(capsys, "太陽 太陽 馬 種子 樹 船 馬 鳥 樹", "--pattern", "sun")
    assert code == 2 and out == "" and "sun or moon" in err
