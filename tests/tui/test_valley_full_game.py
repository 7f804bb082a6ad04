"""Death Valley tried as a new host would: whole games through a real terminal (tmux), typed quickly.

Each entry goes in as one burst with its Enter (a card name, a rest, an ability score; a stars answer),
a function key straight before it where one is needed, and the next entry as soon as the journal has
this one.  The host picks every move from what the engine says is legal (``choices``), knowing
the game from the journal the TUI writes.  Mid-game Ctrl+Z and Ctrl+Y each once, F4 once; at the end
the screen is read: the running log of the last turn, the final breakdown and the winner line, and the
scores it shows are those ``companion replay FILE --json`` gives.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from companion.games.death_valley import explain as words
from companion.games.death_valley import notation
from companion.games.death_valley.engine import ROBOT, apply, choices, ordered
from companion.i18n import translator
from companion.journal import read_journal
from companion.session import replay
from tests.tui.terminal import ROOT, Terminal

PRESETS = {"standard": 0, "backseat": 1, "solo": 2}


# -- reading the terminal ---------------------------------------------------------------------------
def _width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) == "Cf":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _from_cell(line: str, cell: int) -> str:
    """``line`` from screen column ``cell`` on (wide characters take two columns)."""
    at = 0
    for index, ch in enumerate(line):
        if at >= cell:
            return line[index:]
        at += _width(ch)
    return ""


def _cell_of(line: str, index: int) -> int:
    return sum(_width(ch) for ch in line[:index])


def flat(text: str) -> str:
    """Text without spaces, line breaks, frame lines and invisible marks: a sentence wrapped in a panel
    reads the same as the sentence."""
    return "".join(ch for ch in text if not ch.isspace() and ch not in "│▎▊"
                   and unicodedata.category(ch) != "Cf")


def panel(screen: str, anchor: str) -> str:
    """The column that starts with ``anchor`` (its screen column onwards), down to the running log."""
    lines = screen.splitlines()
    row = next(i for i, line in enumerate(lines) if anchor in line)
    cell = _cell_of(lines[row], lines[row].index(anchor))
    out = []
    for line in lines[row:]:
        if "╭" in line:
            break
        out.append(_from_cell(line, cell))
    return "\n".join(out)


def log_box(screen: str) -> str:
    """The running log: its frame's title line and the lines inside."""
    lines = screen.splitlines()
    top = max(i for i, line in enumerate(lines) if "╭" in line)
    bottom = next(i for i in range(top, len(lines)) if "╰" in lines[i])
    return "\n".join(lines[top:bottom])


# -- the journal the TUI writes ---------------------------------------------------------------------
def journal_events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]


def game_now(path: Path) -> tuple[Any, Any]:
    return replay(read_journal(path))


def wait_events(term: Terminal, path: Path, count: int, what: str) -> list[dict]:
    term.wait_until(lambda: len(journal_events(path)) >= count, timeout=15, what=f"{what} ({count} events)")
    got = journal_events(path)
    assert len(got) == count, (what, got[count - 1:])
    return got


def unknown_seen(state) -> list[str]:
    """The cards whose stars the screen asks, in its order: the face-up card, then visible cards."""
    seen = ([state.faceup] if state.faceup else []) + [c for p in state.players for c in state.visible(p)]
    return [c for c in dict.fromkeys(seen) if state.catalog[c].stars is None]


def stars_of(card: str) -> int:
    hazard, _sep, number = card.partition("-")
    return (int(number) * 3 + len(hazard)) % 5  # 0 to 4, mixed


# -- the host at the table --------------------------------------------------------------------------
class Host:
    def __init__(self, term: Terminal, locale: str, human: tuple[str, ...]) -> None:
        self.term, self.tr, self.human = term, translator(locale), human
        (self.path,) = term.journals()
        self.step = 0
        self.undone: str | None = None
        self.redone: str | None = None
        self.ability: tuple[str, int] | None = None
        self.rested = False
        self.stars_answered = 0

    def name(self, card: str, state) -> str:
        return notation.format_card(card, state, self.tr)

    def send(self, state, keys: tuple[str, ...], text: str, event: dict, what: str) -> None:
        """Press ``keys`` and type ``text`` (one burst, its Enter included) for ``event``; then answer, one
        burst each, the stars questions its result raises."""
        after, _outcome = apply(state, event)
        count = len(journal_events(self.path)) + 1
        if keys:
            self.term.keys(*keys)
        if text:
            self.term.burst(text)
        wait_events(self.term, self.path, count, what)
        for card in unknown_seen(after):
            self.term.burst(self.tr.digits(str(stars_of(card))) + "\r")
            count += 1
            got = wait_events(self.term, self.path, count, f"the stars of {card}")
            assert got[-1] == {"event": "stars", "card": card, "stars": stars_of(card)}
        self.stars_answered += len(unknown_seen(after))

    def shown(self, sentence: str) -> str:
        """The screen, once ``sentence`` is in its running log (as wrapped there)."""
        def screen() -> str | None:
            now = self.term.screen()
            return now if flat(sentence) in flat(log_box(now)) else None
        return self.term.wait_until(screen, what=sentence)

    def maybe_undo_redo(self, state, steps) -> bool:
        """Once, mid-game, right after a travel: Ctrl+Z, read "Undone: ...", Ctrl+Y, read "Redone: ..."."""
        if self.undone is not None or self.step < 8 or not steps or steps[-1].outcome.event != "travel":
            return False
        line = words.event_line(steps[-1].outcome, steps[-1].state, self.tr)
        count = len(journal_events(self.path))
        self.term.keys("C-z")
        assert wait_events(self.term, self.path, count + 1, "the undo")[-1] == {"event": "undo"}
        undone = self.tr.gettext("Undone: {event}", event=line)
        self.undone = self.shown(undone)
        assert game_now(self.path)[0] == (steps[-2].state if len(steps) > 1 else steps[-1].state)
        self.term.keys("C-y")
        assert wait_events(self.term, self.path, count + 2, "the redo")[-1] == {"event": "redo"}
        redone = self.tr.gettext("Redone: {event}", event=line)
        self.redone = self.shown(redone)
        assert game_now(self.path)[0] == state
        return True

    def maybe_ability(self, state) -> bool:
        """Once, after a rest: F4 and an ability score for a card in a human player's album."""
        album = [entry.card for p in self.human for entry in state.albums[p]]
        if self.ability is not None or not album:
            return False
        card = album[0]
        self.ability = (card, 2)
        text = notation.format_ability({"card": card, "points": 2}, state, self.tr)
        self.send(state, ("F4",), text + "\r", {"event": "ability", "card": card, "points": 2}, "the ability")
        assert journal_events(self.path)[-1] == {"event": "ability", "card": card, "points": 2}
        return True

    def play(self, limit: int = 250) -> Any:
        for self.step in range(limit):
            state, steps = game_now(self.path)
            if state.finished:
                return state
            if self.maybe_undo_redo(state, steps) or self.maybe_ability(state):
                continue
            self.turn(state)
        raise AssertionError("the game did not end")

    def turn(self, state) -> None:
        now, k = choices(state), self.step
        if now.may("reveal"):
            card = ordered(now.reveal)[k * 7 % len(now.reveal)]
            self.send(state, (), self.name(card, state) + "\r", {"event": "reveal", "card": card}, "a reveal")
            return
        if now.robot is not None:
            event: dict[str, Any] = {"event": "robot"}
            text = "\r"
            if now.robot.takes_deck:
                event["card"] = card = ordered(state.deck)[k * 5 % len(state.deck)]
                text = self.name(card, state) + "\r"
            self.send(state, (), text, event, "the robot's move")
            return
        journey = state.journeys[state.active]
        if now.rest and len(journey) >= 2 and k % 4 == 0:
            event = {"event": "rest", "card": journey[0], "tuck": list(journey[1:2]), "return": list(journey[2:3])}
            text = notation.format_rest(event, state, self.tr)
            self.send(state, ("F7",), text + "\r", event, "a rest")
            self.rested = True
            return
        if now.give_to is not None and k % 5 == 2:
            self.send(state, ("F6",), "", {"event": "travel", "card": now.faceup, "source": "faceup",
                                           "to": now.give_to}, "a gift")
            return
        if now.faceup is not None and (k % 3 == 1 or not now.deck):
            self.send(state, ("F5",), "", {"event": "travel", "card": now.faceup, "source": "faceup"}, "a take")
            return
        card = ordered(state.deck)[k * 5 % len(state.deck)]
        self.send(state, (), self.name(card, state) + "\r", {"event": "travel", "card": card, "source": "deck"},
                  "a draw")


def start(term: Terminal, preset: str, players: str) -> None:
    term.wait_until(lambda: "^q" in term.screen(), what="the home screen")
    term.settle(0.3)
    term.burst("n")
    term.wait_until(lambda: "^s" in term.screen(), what="the new-game form")
    for key in ["Down", "Down", "Tab"] + ["Down"] * PRESETS[preset] + ["Tab"]:  # Death Valley, preset, players
        term.keys(key)
        term.settle(0.2)
    term.burst(players + "\r")
    term.wait_until(lambda: term.journals(), what="the new journal")
    term.wait_until(lambda: "^z" in term.screen(), what="the Death Valley screen")
    term.settle(0.3)


def replayed(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "companion", "replay", "--json", str(path)], cwd=ROOT, timeout=60,
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def screen_scores(screen: str, state, tr) -> dict[str, int]:
    """Each player's score as the players' panel prints it ("Ava: score 5, busts 0.")."""
    template = flat(tr.gettext("{player}: score {score}, busts {busts}."))
    found = {}
    for player in state.players:
        pattern = re.escape(template).replace(re.escape("{player}"), re.escape(words.player_name(state, player, tr)))
        pattern = pattern.replace(re.escape("{score}"), r"(-?\d+)").replace(re.escape("{busts}"), r"\d+")
        match = re.search(pattern, flat(screen))
        assert match, (player, pattern, screen)
        found[player] = int(match.group(1))
    return found


def check_the_end(term: Terminal, host: Host, final) -> str:
    tr = host.tr
    term.settle(0.5)
    screen = term.screen()
    # the final breakdown and the winner (or tie) line, in the right-hand panel
    right = flat(panel(screen, tr.gettext("The end of the game")))
    for line in words.winner_lines(final, tr) + words.breakdown_lines(final, tr):
        assert flat(line) in right, (line, screen)
    assert host.ability is not None, "no ability score was entered"
    card, points = host.ability
    who = next(p for p in host.human if any(e.card == card for e in final.albums[p]))
    abilities = tr.gettext("Abilities of {player}: {cards}.", player=words.player_name(final, who, tr),
                           cards=tr.gettext("{card} ({points})", card=words.card_name(final.catalog, card, tr),
                                            points=points))
    assert flat(abilities) in right, (abilities, screen)
    # the running log: every event of the last turn, the last one included
    _state, steps = game_now(host.path)
    start_at = next((i + 1 for i in range(len(steps) - 2, -1, -1) if steps[i].outcome.turn_ended), 0)
    log = flat(log_box(screen))
    last_turn = [words.event_line(s.outcome, s.state, tr) for s in steps[start_at:]]
    assert last_turn
    for line in last_turn:
        assert flat(line) in log, (line, screen)
    # the scores on screen are the scores the journal replays to
    data = replayed(host.path)
    assert data["finished"] is True
    assert screen_scores(screen, final, tr) == data["scores"]
    return screen


@pytest.mark.slow
def test_a_standard_game_typed_quickly_in_english(tmp_path):
    with Terminal(tmp_path, "--lang", "en", size=(120, 40)) as term:
        start(term, "standard", "Ava, Ben")
        host = Host(term, "en", ("Ava", "Ben"))
        final = host.play()
        assert host.undone and host.redone and host.ability and host.rested
        screen = check_the_end(term, host, final)
        assert "Winner" in screen
        assert not term.exited()
        term.keys("C-q")
        assert term.exit_status() == 0


@pytest.mark.slow
def test_a_solo_game_typed_quickly_in_traditional_chinese(tmp_path):
    with Terminal(tmp_path, "--lang", "zh_Hant", size=(120, 40)) as term:
        start(term, "solo", "阿華")
        host = Host(term, "zh_Hant", ("阿華",))
        final = host.play()
        assert final.players == ("阿華", ROBOT)
        assert host.undone and host.redone and host.ability and host.rested
        check_the_end(term, host, final)
        assert not term.exited()
        term.keys("C-q")
        assert term.exit_status() == 0


def test_a_card_and_its_stars_arriving_together_are_two_entries(tmp_path):
    with Terminal(tmp_path, "--lang", "en", size=(120, 40)) as term:
        start(term, "standard", "Ava, Ben")
        (path,) = term.journals()
        term.burst("animal-1\r4\r")  # a loaded laptop catching up: the card, then the stars asked for it
        term.wait_until(lambda: len(journal_events(path)) >= 2 or "There is no card" in term.screen(),
                        what="the card and its stars, or a refusal")
        assert journal_events(path) == [{"event": "reveal", "card": "animal-1"},
                                        {"event": "stars", "card": "animal-1", "stars": 4}]
