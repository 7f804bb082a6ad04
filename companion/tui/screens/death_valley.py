"""The Death Valley screen: desert, journeys and albums, bust warnings, tasks, the robot, stars, scores.

One entry field whose meaning follows the game (the hint line above it says which):

* a flip is due: the card turned up (``reveal``);
* the robot's turn: Enter (or F5) records its move; under rule 3, the deck card it drew;
* a player's turn: a card id is the card drawn from the deck (``travel``); F5 takes the face-up card,
  F6 gives it to the other player (Backseat Driver, solo); F7 switches to rest entry
  (``CARD + TUCKED ... - RETURNED ...``), F8 to ability moves (``CARD ZONE``), F9 ends the turn after
  ability moves;
* a card whose stars are unknown was just seen: its stars (remembered in the host's catalog).

Which keys, hints and palette entries apply is asked of the engine (``engine.choices``: what may
happen now and why not), and typed entries are read by ``death_valley.notation``; the screen holds no
rule of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Input

from companion.errors import CompanionError
from companion.games.death_valley import explain as words
from companion.games.death_valley import notation
from companion.games.death_valley.engine import ROBOT, choices, ordered
from companion.games.death_valley.risk import risks
from companion.i18n import N_, _, current
from companion.tui import bidi
from companion.tui.screens.base import PaletteCommand
from companion.tui.screens.game import GameScreen, joined
from companion.tui.widgets import valley_table as table
from companion.tui.widgets.text import Prose


class CardSuggester(Suggester):
    def __init__(self, screen: DeathValleyScreen) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.screen = screen

    async def get_suggestion(self, value: str) -> str | None:
        return notation.suggest(value, self.screen.candidates())


class DeathValleyScreen(GameScreen):
    BINDINGS = GameScreen.BINDINGS + [
        Binding("f5", "take", N_("Take face-up"), id="valley.take"),
        Binding("f6", "give", N_("Give face-up"), id="valley.give"),
        Binding("f7", "rest", N_("Rest"), id="valley.rest"),
        Binding("f8", "move", N_("Ability move"), id="valley.move"),
        Binding("f9", "end_turn", N_("End turn"), id="valley.end_turn"),
    ]

    def __init__(self, session) -> None:
        super().__init__(session)
        self.entry_mode = "auto"          # auto | rest | move | stars
        self.asking: str | None = None    # the card whose stars are asked
        self.asked: set[str] = set()      # asked (or skipped) in this session

    # -- layout ---------------------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        yield Prose(self._title_text, id="title", classes="title")
        with Horizontal(id="valley-main"):
            with VerticalScroll(id="valley-left"):
                yield Prose(self._desert_text, id="desert", classes="panel")
                yield Prose(self._players_text, id="players", classes="panel")
            with VerticalScroll(id="valley-right"):
                yield Prose(self._warning_text, id="warning", classes="panel")
                yield Prose(self._explain_text, id="explain", classes="panel")
        yield Prose(self._hint_text, id="entry-hint", classes="hint")
        yield Input(placeholder=self._placeholder(), suggester=CardSuggester(self), id="entry")

    def on_mount(self) -> None:
        super().on_mount()
        self._check_stars()
        self.refresh_state()
        self.query_one("#entry", Input).focus()

    @property
    def state(self):
        return self.session.state

    def show_error(self, exc: CompanionError) -> None:
        self.app.notice(words.error_text(exc, self.state, current()), severity="error", timeout=6)

    # -- what the entry means now (the engine's choices() says what may happen) --------------------
    def phase(self) -> str:
        now = choices(self.state)
        if self.entry_mode == "stars" and not now.over:
            return "stars"
        if self.entry_mode in ("rest", "move") and now.may(self.entry_mode):
            return self.entry_mode
        if now.over:
            return "over"
        if now.may("reveal"):
            return "reveal"
        if now.player == ROBOT:
            return "robot"
        return "travel"

    def candidates(self) -> list[str]:
        state = self.state
        now = choices(state)
        phase = self.phase()
        if phase == "reveal":
            return list(now.reveal)
        if phase in ("travel", "robot"):
            return ordered(state.deck)
        if phase == "rest":
            return list(now.rest)
        if phase == "move":
            return ordered(c for c in state.all_cards() if state.where(c)[0] != "hidden")
        return []

    def _placeholder(self) -> str:
        phase = self.phase()
        if phase == "stars" and self.asking:
            return _("Stars on {card}", card=words.card_name(self.state.catalog, self.asking, current()))
        return {
            "reveal": _("The card turned face up, such as flood-2"),
            "robot": _("Enter records the robot's move"),
            "travel": _("The card drawn from the deck, such as heat-3"),
            "rest": _("Rest: CARD + TUCKED CARDS - CARDS BACK TO THE DECK"),
            "move": _("Ability: CARD and where it goes (desert, deck, discard, journey NAME, album NAME)"),
            "over": _("The game is over"),
        }.get(phase, "")

    # -- text of the panels ---------------------------------------------------------------------
    def _title_text(self) -> Text:
        from companion.games.death_valley.messages import MODE_TITLES

        state = self.state
        line = _(MODE_TITLES[state.mode])
        if not choices(state).over:
            line += "  " + words.next_line(state, current())
        return Text(line, style="bold")

    def _desert_text(self) -> Text:
        state = self.state
        text = Text(_("Desert"), style="bold")
        text.append("\n" + _("Face-up card:") + " ")
        text.append_text(table.card_label(state, state.faceup) if state.faceup else Text(_("none")))
        text.append("\n" + _("Deck: {n} cards face down; discard pile: {d} cards.", n=len(state.deck),
                             d=len(state.discard)))
        text.append("\n" + _("The game ends when one card is left in the desert (now {n}).", n=state.desert_count))
        return text

    def _players_text(self) -> Text:
        text = Text()
        for index, player in enumerate(self.state.players):
            if index:
                text.append("\n\n")
            text.append_text(table.player_block(self.state, player))
        return text

    def _warning_text(self) -> Text:
        tr = current()
        state = self.state
        text = Text(_("Before the action"), style="bold")
        now = choices(state)
        if now.over:
            return text.append("\n" + _("The game is over."))
        if now.may("reveal"):
            return text.append("\n" + _("Flip the top deck card face up and record which card it is."))
        if now.robot is not None:
            text.append("\n" + words.describe_robot(now.robot, state, tr), style="magenta")
        for risk in risks(state):
            style = "bold red" if risk.any else ""
            for line in words.describe_risk(risk, state, tr):
                text.append("\n" + line, style=style)
        return text

    def _explain_text(self) -> Text:
        text = Text(_("What happened and what to do at the table"), style="bold")
        lines = self.explanation_lines() or [words.next_line(self.state, current())]
        for line in lines:
            text.append("\n" + line)
        return text

    def _hint_text(self) -> Text:
        phase = self.phase()
        if phase == "stars" and self.asking:
            return Text(_("First time {card} is seen: type the stars printed on it and press Enter (Escape: later).",
                          card=words.card_name(self.state.catalog, self.asking, current())), style="bold yellow")
        return Text({
            "reveal": _("Type the card turned face up and press Enter; the right arrow accepts a completion."),
            "robot": _("The robot's turn: Enter (or F5) records its move; "
                       "if it takes the top deck card, type that card first."),
            "travel": _("F5 takes the face-up card; F6 gives it to the other player; "
                        "a typed card is the one drawn from the deck; F7 rest; F8 ability move.")
            if choices(self.state).may("give") else
            _("F5 takes the face-up card; a typed card is the one drawn from the deck; F7 rest; F8 ability move."),
            "rest": _("Rest: the card for the album, then + and the cards to tuck under it, "
                      "then - and the cards to put back in the deck. Escape: back."),
            "move": _("Ability: type a card and where it goes; F9 ends the turn after the moves. Escape: back."),
            "over": _("The game is over. Escape: home; Ctrl+Z: undo the last event."),
        }[phase])

    # -- state -> screen ------------------------------------------------------------------------
    def refresh_state(self) -> None:
        if self.entry_mode == "stars" and (self.asking is None or self.state.catalog[self.asking].stars is not None):
            self.entry_mode, self.asking = "auto", None
        entry = self.query_one("#entry", Input)
        entry.placeholder = bidi.line(self._placeholder(), current().direction == "rtl")
        for prose in self.query(Prose):
            prose.refresh(layout=True)

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return words.describe_outcome(outcome, state, current())

    def resume_lines(self) -> list[str]:
        return [_("Game resumed: {n} events loaded from the journal.", n=len(self.session.steps))]

    def send(self, event: dict[str, Any]) -> bool:
        keep = self.explanation
        done = super().send(event)
        if done and event.get("event") == "stars":
            self.explanation = joined(keep, self.explanation)
        if done:
            self._check_stars()
            self.refresh_state()
        return done

    # -- stars ----------------------------------------------------------------------------------
    def _catalog_path(self) -> Path:
        from companion.games.death_valley.catalog import USER_FILE, user_catalog_path

        config = getattr(self.app, "config_dir", None)
        return Path(config) / USER_FILE if config else user_catalog_path()

    def _known_stars(self) -> dict[str, int]:
        from companion.games.death_valley.catalog import load_catalog

        path = self._catalog_path()
        if not path.exists():
            return {}
        try:
            catalog = load_catalog(path)
        except CompanionError as exc:
            self.app.show_error(exc)
            return {}
        return {c.id: c.stars for c in catalog.cards.values() if c.stars is not None}

    def _check_stars(self) -> None:
        """Ask for the stars of a card seen for the first time (or fill them in from the host's catalog)."""
        state = self.state
        if choices(state).over or self.entry_mode == "stars":
            return
        seen = ([state.faceup] if state.faceup else []) + [c for p in state.players for c in state.visible(p)]
        unknown = [c for c in dict.fromkeys(seen) if state.catalog[c].stars is None and c not in self.asked]
        if not unknown:
            return
        known = self._known_stars()
        for card in unknown:
            if card in known:
                self.asked.add(card)
                keep = self.explanation
                if super().send({"event": "stars", "card": card, "stars": known[card]}):
                    self.explanation = joined(keep, self.explanation)
        rest = [c for c in unknown if c not in known]
        if rest:
            self.entry_mode, self.asking = "stars", rest[0]

    def _answer_stars(self, text: str) -> bool:
        from companion.games.death_valley.catalog import remember_stars

        card = self.asking
        if card is None:
            return False
        try:
            stars = notation.parse_stars(text)
        except CompanionError as exc:
            self.show_error(exc)
            return False
        self.asked.add(card)
        self.entry_mode, self.asking = "auto", None
        if not self.send({"event": "stars", "card": card, "stars": stars}):
            self.entry_mode, self.asking = "stars", card
            self.asked.discard(card)
            return False
        try:
            remember_stars(card, stars, self._catalog_path())
        except (CompanionError, OSError) as exc:
            if isinstance(exc, CompanionError):
                self.app.show_error(exc)
        return True

    # -- input ----------------------------------------------------------------------------------
    @on(Input.Submitted, "#entry")
    def entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        phase = self.phase()
        try:
            if phase == "stars":
                done = bool(text) and self._answer_stars(text)
            elif phase == "robot":
                done = self._robot(text)
            elif not text:
                return
            elif phase == "reveal":
                card = notation.parse_card(text, self.state, current(), choices(self.state).reveal)
                done = self.send({"event": "reveal", "card": card})
            elif phase == "travel":
                card = notation.parse_card(text, self.state, current(), self.state.deck)
                done = self.send({"event": "travel", "card": card, "source": "deck"})
            elif phase == "rest":
                done = self.send(notation.parse_rest(text, self.state, current()))
                if done:
                    self.entry_mode = "auto"
            elif phase == "move":
                done = self.send(notation.parse_move(text, self.state, current()))
            else:
                self.show_error(choices(self.state).why_not("draw") or CompanionError("valley.game_over"))
                return
        except CompanionError as exc:
            self.show_error(exc)
            return
        if done:
            event.input.value = ""
            self.refresh_state()

    def _robot(self, text: str) -> bool:
        event: dict[str, Any] = {"event": "robot"}
        if text:
            event["card"] = notation.parse_card(text, self.state, current(), self.state.deck)
        return self.send(event)

    def _refused(self, action: str) -> bool:
        """Show why ``action`` may not happen now (the engine's reason); True when it may not."""
        error = choices(self.state).why_not(action)
        if error is not None:
            self.show_error(error)
        return error is not None

    def action_take(self) -> None:
        state = self.state
        if self.phase() == "robot":
            entry = self.query_one("#entry", Input)
            try:
                done = self._robot(entry.value.strip())
            except CompanionError as exc:  # not a card: nothing changes, the text stays for correction
                self.show_error(exc)
                return
            if done:
                entry.value = ""
            return
        if self._refused("take"):
            return
        self.send({"event": "travel", "card": state.faceup, "source": "faceup"})

    def action_give(self) -> None:
        if self._refused("give"):
            return
        state = self.state
        self.send({"event": "travel", "card": state.faceup, "source": "faceup", "to": choices(state).give_to})

    def _set_mode(self, mode: str) -> None:
        if self._refused(mode):
            return
        self.entry_mode = mode
        self.refresh_state()
        self.query_one("#entry", Input).focus()

    def action_rest(self) -> None:
        self._set_mode("rest")

    def action_move(self) -> None:
        self._set_mode("move")

    def action_end_turn(self) -> None:
        if not self._refused("end_turn") and self.send({"event": "end_turn"}):
            self.entry_mode = "auto"
            self.refresh_state()

    def action_home(self) -> None:
        if self.entry_mode == "stars" and self.asking:
            self.asked.add(self.asking)
            self.entry_mode, self.asking = "auto", None
            self._check_stars()
            self.refresh_state()
            return
        if self.entry_mode in ("rest", "move"):
            self.entry_mode = "auto"
            self.refresh_state()
            return
        super().action_home()

    def action_undo(self) -> bool:
        if not super().action_undo():
            return False  # nothing to undo: a rest or an ability move being typed stays as it was
        self.entry_mode, self.asking = "auto", None
        self.refresh_state()
        return True

    def palette(self):
        now = choices(self.state)  # only what the engine allows now
        if now.may("robot"):
            yield PaletteCommand(_("Record the robot's move"), self.action_take)
        if now.may("take"):
            yield PaletteCommand(_("Take the face-up card into your journey"), self.action_take)
        if now.may("give"):
            yield PaletteCommand(_("Give the face-up card to the other player"), self.action_give)
        if now.may("rest"):
            yield PaletteCommand(_("Rest: put a journey card into your album"), self.action_rest)
        if now.may("move"):
            yield PaletteCommand(_("Record an ability's moves"), self.action_move)
        if now.may("end_turn"):
            yield PaletteCommand(_("End the turn after an ability"), self.action_end_turn)
        yield from super().palette()
