"""The Death Valley screen: desert, journeys and albums, bust warnings, tasks, the robot, stars, scores.

One entry field whose meaning follows the game (the hint line above it says which):

* a flip is due: the card turned up (``reveal``);
* the robot's turn: Enter (or F5) records its move; under rule 3, the deck card it drew;
* a player's turn: a card id is the card drawn from the deck (``travel``); F5 takes the face-up card,
  F6 gives it to the other player (Backseat Driver, solo); F7 switches to rest entry
  (``CARD + TUCKED ... - RETURNED ...``), F8 to ability moves (``CARD ZONE``), F9 ends the turn after
  ability moves;
  (each prompt -- rest, ability move, ability score, stars -- is closed by Escape, back to card entry);
* F4: a card's ability score (``CARD POINTS``, an ``ability`` event, remembered in the host's catalog);
* a card whose stars are unknown was just seen: its stars (remembered in the host's catalog).  Typing
  a card there instead records the card (the question comes back); a card that left play before its
  stars were given (straight to the discard pile) is not asked about any more.

The host's catalogs (the file of ``companion tui --catalog FILE``, else the host's own catalog) give
the cards' names on screen and the stars and ability scores to record, as ``stars`` and ``ability``
events, the first time a card is seen; what the host types is remembered in the host's own catalog.

Which keys, hints and palette entries apply is asked of the engine (``engine.choices``: what may
happen now and why not), and typed entries are read by ``death_valley.notation``; the screen holds no
rule of its own.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from companion.i18n import N_, _, current, ngettext
from companion.tui import bidi
from companion.tui.screens.base import PaletteCommand
from companion.tui.screens.game import GameScreen, joined
from companion.tui.widgets import valley_table as table
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from companion.games.death_valley.catalog import Catalog
    from companion.session import Step

PROMPTS = ("rest", "move", "ability", "stars")  # entry modes that Escape closes, back to card entry


class CardSuggester(Suggester):
    def __init__(self, screen: DeathValleyScreen) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.screen = screen

    async def get_suggestion(self, value: str) -> str | None:
        return notation.suggest(value, self.screen.candidates())


_PLAY_ACTIONS = frozenset({"take", "give", "why_no_give", "rest", "move", "end_turn"})


class DeathValleyScreen(GameScreen):
    BINDINGS = GameScreen.BINDINGS + [
        Binding("f5", "take", N_("Take face-up"), id="valley.take", priority=True),
        Binding("f6", "give", N_("Give face-up"), id="valley.give", priority=True),
        Binding("f6", "why_no_give", show=False, priority=True),  # the standard game: F6 is not shown, but says why
        Binding("f7", "rest", N_("Rest"), id="valley.rest", priority=True),
        Binding("f8", "move", N_("Ability move"), id="valley.move", priority=True),
        Binding("f9", "end_turn", N_("End turn"), id="valley.end_turn", priority=True),
        # last: the footer may crop it.  F-keys are priority bindings: they act before the keys typed
        # after them reach the field (a burst "F7 heat-1 Enter" is a rest, not a card).
        Binding("f4", "ability", N_("Ability score"), id="valley.ability", priority=True),
    ]
    DEFAULT_CSS = """
    DeathValleyScreen #log { max-height: 7; margin: 0 1; }
    DeathValleyScreen.-short #log { max-height: 4; }
    """
    SHORT = 30  # below this many rows the running log shows its last two lines (it scrolls)
    LOG_PERIOD = "turn"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.entry_mode = "auto"          # auto | rest | move | ability | stars
        self.asking: str | None = None    # the card whose stars are asked
        self.asked: set[str] = set()      # asked (or skipped) in this session
        self.filled: set[str] = set()     # cards whose ability score came from the host's catalogs
        self.table: Catalog | None = None  # what the host's catalogs know (read on mount)
        self._named: tuple[Any, Any, Any] | None = None  # (session state, table, the state with its names)

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
        yield from self.compose_log()
        yield Prose(self._hint_text, id="entry-hint", classes="hint")
        yield BidiInput(placeholder=self._placeholder(), suggester=CardSuggester(self), id="entry")

    def on_resize(self, event: Any) -> None:
        self.set_class(event.size.height < self.SHORT, "-short")

    def on_mount(self) -> None:
        super().on_mount()
        self.set_class(self.app.size.height < self.SHORT, "-short")
        self.table = self._read_table()
        self._check_stars()
        self.refresh_state()
        self.query_one("#entry", Input).focus()

    @property
    def state(self):
        """The game as it stands, its cards called by the names the host's catalogs give them."""
        state = self.session.state
        if self._named is None or self._named[0] is not state or self._named[1] is not self.table:
            self._named = (state, self.table, self.named(state))
        return self._named[2]

    def named(self, state: Any) -> Any:
        """``state`` with the names of the host's catalogs on the cards the game has no name for."""
        from companion.games.death_valley.catalog import with_names

        if self.table is None:
            return state
        return replace(state, catalog=with_names(state.catalog, self.table))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F6 is not shown in the standard game (nobody can be given a card there); its stand-in says why."""
        if action in _PLAY_ACTIONS and choices(self.session.state).over:
            return False  # the game is over: no more moves on offer (F4 may still record an ability)
        standard = self.session.state.mode == "standard"
        if action == "give":
            return not standard
        if action == "why_no_give":
            return standard
        return True

    def event_line(self, step: Step) -> str:
        return words.event_line(step.outcome, self.named(step.state), current())

    def show_error(self, exc: CompanionError) -> None:
        self.app.notice(words.error_text(exc, self.state, current()), severity="error", timeout=6)

    # -- what the entry means now (the engine's choices() says what may happen) --------------------
    def phase(self) -> str:
        now = choices(self.state)
        if self.entry_mode == "stars" and not now.over:
            return "stars"
        if self.entry_mode in ("rest", "move", "ability") and now.may(self.entry_mode):
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
        if phase in ("move", "ability"):
            return ordered(c for c in state.all_cards() if state.where(c)[0] != "hidden")
        return []

    def _placeholder(self) -> str:
        phase = self.phase()
        if phase == "stars" and self.asking:
            return _("Stars on {card}", card=words.card_name(self.state.catalog, self.asking, current()))
        return {
            "reveal": _("The card turned face up, such as {example}",
                        example=notation.format_card("flood-2", self.state, current())),
            "robot": _("Enter records the robot's move"),
            "travel": _("The card drawn from the deck, such as {example}",
                        example=notation.format_card("heat-3", self.state, current())),
            "rest": _("Rest: CARD + TUCKED CARDS - CARDS BACK TO THE DECK"),
            "move": _("Ability: CARD and where it goes (desert, deck, discard, journey NAME, album NAME)"),
            "ability": _("Ability score: CARD and the points, such as {example}",
                         example=notation.format_ability({"card": "land-1", "points": 2}, self.state, current())),
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
        label = table.card_label(state, state.faceup) if state.faceup else Text(_("none"))
        text.append("\n")
        text.append_text(table.labelled(_("Face-up card: {card}", card="\0"), label))  # the card keeps its colour
        text.append("\n" + ngettext("Deck: {n} card face down.", "Deck: {n} cards face down.", len(state.deck)))
        text.append(" " + ngettext("Discard pile: {n} card.", "Discard pile: {n} cards.", len(state.discard)))
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
        now = choices(state)
        if now.over:  # the final breakdown: who won by which rule, and every score taken apart
            text = Text(_("The end of the game"), style="bold")
            for index, line in enumerate(words.winner_lines(state, tr) + words.breakdown_lines(state, tr)):
                text.append("\n" + line, style="bold green" if index == 0 else "")
            return text
        text = Text(_("Before the action"), style="bold")
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
            return Text(_("First time {card} is seen: type the stars printed on it and press Enter "
                          "(a typed card is recorded as usual; Escape: back to card entry, ask later).",
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
                      "then - and the cards to put back in the deck. Escape: back to card entry."),
            "move": _("Ability: type a card and where it goes; F9 ends the turn after the moves. "
                      "Escape: back to card entry."),
            "ability": _("Ability score: type a card and the points its ability scores, then Enter "
                         "(remembered for later games). Escape: back to card entry."),
            "over": _("The game is over. F4 corrects an ability score; Ctrl+Z undoes the last event; "
                      "Escape twice goes home."),
        }[phase])

    # -- state -> screen ------------------------------------------------------------------------
    def refresh_state(self) -> None:
        self._drop_stale_prompt()
        entry = self.query_one("#entry", Input)
        entry.placeholder = bidi.line(self._placeholder(), current().direction == "rtl")
        self.sync_panels()

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return words.describe_outcome(outcome, state, current())

    def rule_section(self, outcome: Any, state: Any) -> str | None:
        from companion.games.death_valley.rules_links import section

        return section(outcome, state)

    def resume_lines(self) -> list[str]:
        return [ngettext("Game resumed: {n} event loaded from the journal.",
                         "Game resumed: {n} events loaded from the journal.", len(self.session.steps))]

    def send(self, event: dict[str, Any]) -> bool:
        keep = self.explanation
        done = super().send(event)
        if done and event.get("event") in ("stars", "ability"):
            self.explanation = joined(keep, self.explanation)
        if done:
            self._check_stars()
            self.refresh_state()
        return done

    # -- the host's catalogs: names, stars and ability scores ----------------------------------------
    def _catalog_path(self) -> Path:
        """The host's own catalog: where stars and ability scores typed at the table are remembered."""
        from companion.games.death_valley.catalog import USER_FILE, user_catalog_path

        config = getattr(self.app, "config_dir", None)
        return Path(config) / USER_FILE if config else user_catalog_path()

    def _read_table(self) -> Catalog | None:
        """The catalog given for this run (``companion tui --catalog FILE``) over the host's own one;
        a file that cannot be read is said once, and the game goes on without it."""
        from companion.games.death_valley.catalog import load_catalog, table_catalog

        def read(path: Path | str) -> Catalog | None:
            try:
                return load_catalog(path)
            except CompanionError as exc:
                self.app.show_error(exc)
                return None

        own_path = self._catalog_path()
        own = read(own_path) if own_path.exists() else None
        given_path = getattr(self.app, "catalog_path", None)
        return table_catalog(own, read(given_path) if given_path is not None else None)

    def _seen(self) -> list[str]:
        """The cards in play whose features count or may soon: the face-up card, then the visible ones."""
        state = self.session.state
        seen = ([state.faceup] if state.faceup else []) + [c for p in state.players for c in state.visible(p)]
        return list(dict.fromkeys(seen))

    def _drop_stale_prompt(self) -> None:
        """A stars question about a card that is known now, or out of play (straight to the discard pile,
        shuffled back), is closed -- so the next typed card is a card again."""
        if self.entry_mode != "stars":
            return
        card = self.asking
        if card is None or self.session.state.catalog[card].stars is not None or card not in self._seen():
            self.entry_mode, self.asking = "auto", None

    def _record_known(self, event: dict[str, Any]) -> None:
        keep = self.explanation
        if GameScreen.send(self, event):
            self.explanation = joined(keep, self.explanation)

    def _check_stars(self) -> None:
        """Ask for the stars of a card seen for the first time, or record what the host's catalogs know
        about it (its stars; its ability score when the game has none for it)."""
        self._drop_stale_prompt()
        state = self.session.state
        if choices(state).over or self.entry_mode == "stars":
            return
        seen = self._seen()
        table = self.table
        if table is not None:
            for card in seen:
                points = table[card].ability
                if card not in self.filled and points and not state.catalog[card].ability:
                    self.filled.add(card)
                    self._record_known({"event": "ability", "card": card, "points": points})
        unknown = [c for c in seen if self.session.state.catalog[c].stars is None and c not in self.asked]
        rest = []
        for card in unknown:
            stars = table[card].stars if table is not None else None
            if stars is None:
                rest.append(card)
                continue
            self.asked.add(card)
            self._record_known({"event": "stars", "card": card, "stars": stars})
        if rest:
            self.entry_mode, self.asking = "stars", rest[0]

    def _remember(self, card: str, **value: int) -> None:
        """Keep what the host typed in the host's own catalog (a broken file is said, never replaced)."""
        from companion.games.death_valley.catalog import remember_ability, remember_stars

        try:
            if "stars" in value:
                remember_stars(card, value["stars"], self._catalog_path())
            else:
                remember_ability(card, value["points"], self._catalog_path())
        except CompanionError as exc:
            self.app.show_error(exc)
            return
        except OSError:
            return  # the journal has it; the catalog will learn it another time
        if self.table is not None:
            changes = {"stars": value["stars"]} if "stars" in value else {"ability": value["points"]}
            self.table = self.table.with_card(card, **changes)

    def _answer_stars(self, text: str) -> bool:
        card = self.asking
        if card is None:
            return False
        try:
            stars = notation.parse_stars(text)
        except CompanionError as exc:
            return self._not_stars(text, exc)
        self.asked.add(card)
        self.entry_mode, self.asking = "auto", None
        if not self.send({"event": "stars", "card": card, "stars": stars}):
            self.entry_mode, self.asking = "stars", card
            self.asked.discard(card)
            return False
        self._remember(card, stars=stars)
        return True

    def _not_stars(self, text: str, error: CompanionError) -> bool:
        """Not a number: the card entry it would be without the question (the question comes back after);
        neither a number nor a card for now: the stars error, and the question stays."""
        card = self.asking
        self.entry_mode, self.asking = "auto", None
        try:
            done = self._enter(self.phase(), text)
        except CompanionError as exc:
            done = False
            self.show_error(error if exc.code == "valley.unknown_card" else exc)
        if not done and self.entry_mode == "auto" and card is not None and card in self._seen() \
                and self.session.state.catalog[card].stars is None:
            self.entry_mode, self.asking = "stars", card
            self.refresh_state()
        return done

    def _answer_ability(self, text: str) -> bool:
        event = notation.parse_ability(text, self.state, current())
        if not self.send(event):
            return False
        self.entry_mode = "auto"
        self._remember(event["card"], points=event["points"])
        return True

    # -- input ----------------------------------------------------------------------------------
    @on(Input.Submitted, "#entry")
    def entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            done = self._enter(self.phase(), text)
        except CompanionError as exc:
            self.show_error(exc)
            return
        if done:
            event.input.value = ""
            self.refresh_state()

    def _enter(self, phase: str, text: str) -> bool:
        """Record what was typed in ``phase``; True once it is recorded (errors are raised or shown)."""
        if phase == "stars":
            return bool(text) and self._answer_stars(text)
        if phase == "robot":
            return self._robot(text)
        if not text:
            return False
        if phase == "reveal":
            card = notation.parse_card(text, self.state, current(), choices(self.state).reveal)
            return self.send({"event": "reveal", "card": card})
        if phase == "travel":
            card = notation.parse_card(text, self.state, current(), self.state.deck)
            return self.send({"event": "travel", "card": card, "source": "deck"})
        if phase == "rest":
            done = self.send(notation.parse_rest(text, self.state, current()))
            if done:
                self.entry_mode = "auto"
            return done
        if phase == "move":
            return self.send(notation.parse_move(text, self.state, current()))
        if phase == "ability":
            return self._answer_ability(text)
        self.show_error(choices(self.state).why_not("draw") or CompanionError("valley.game_over"))
        return False

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

    def action_why_no_give(self) -> None:
        self._refused("give")

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

    def action_ability(self) -> None:
        self._set_mode("ability")

    def action_end_turn(self) -> None:
        if not self._refused("end_turn") and self.send({"event": "end_turn"}):
            self.entry_mode = "auto"
            self.refresh_state()

    def action_home(self) -> None:
        """Escape: in a prompt (rest, ability move, ability score, stars), back to card entry -- a stars
        question is put off for this session; otherwise what Escape does on every game screen."""
        if self.entry_mode not in PROMPTS:
            super().action_home()
            return
        if self.entry_mode == "stars" and self.asking:
            self.asked.add(self.asking)
        self.entry_mode, self.asking = "auto", None
        self.query_one("#entry", Input).value = ""
        self._check_stars()
        self.refresh_state()

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
        yield PaletteCommand(_("Enter a card's ability score"), self.action_ability)
        yield from super().palette()
