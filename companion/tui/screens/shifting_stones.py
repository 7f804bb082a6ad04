"""The Shifting Stones screen: grid, card picker, checker, solver hints, counts, scores and turns."""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList

from companion.errors import CompanionError, RuleError
from companion.games.shifting_stones import explain as words
from companion.games.shifting_stones.engine import BONUS_CARD, HAND, HAND_MAX, PASS_DRAW, PENALTY_LIMIT, POINTS
from companion.games.shifting_stones.patterns import Cell, Grid, Pattern
from companion.i18n import N_, _, current, ngettext
from companion.tui import bidi
from companion.tui.screens.base import PaletteCommand
from companion.tui.screens.game import GameScreen
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.card_picker import (
    CardList,
    Found,
    face_of,
    find,
    grid_notation,
    hand_lines,
    looks_like_pattern,
    pattern_lines,
    read_typed,
    to_notation,
)
from companion.tui.widgets.stones_grid import StonesGrid
from companion.tui.widgets.text import Prose

if TYPE_CHECKING:
    from companion.games.shifting_stones.engine import State
    from companion.games.shifting_stones.library import Card
    from companion.games.shifting_stones.solver import Plan, Turn
    from companion.session import Session, Step


class _Failed(Enum):
    FAILED = "failed"


FAILED: Final = _Failed.FAILED  # the hand search stopped with an error: say so instead of waiting for good
TurnKey = tuple[Grid, tuple[str, ...]]  # the grid and the ids of the hand's cards
ASK_AT_MOST = 6  # how many of the cards that answer a search equally a notice names
# Rows are typed from the top and each from left to right in every language (a right-to-left reader
# would start at the right): the placeholders say so.
LAYOUT_PLACEHOLDER = N_("Layout: the nine faces row by row from the top, each row left to right: sun fish boat / ...")
PICK_PLACEHOLDER = N_("Faces on the card (rows left to right), a card id, or a new card: sun * fish = 3")


class PickInput(BidiInput):
    KEYS_WHERE = N_("In the card field:")  # the heading of its keys on F1 while it has no focus
    BINDINGS = [Binding("down", "to_list", N_("Cards"), show=False, id="stones.pick.down")]

    def action_to_list(self) -> None:
        self.screen.query_one(CardList).focus()


class LayoutInput(BidiInput):
    """The layout field; Escape while correcting a layout goes back without changing it."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="stones.layout.cancel")]
    KEYS_WHERE = N_("In the layout field:")

    def action_cancel(self) -> None:
        screen = cast("ShiftingStonesScreen", self.screen)  # the only screen with this field
        if screen.editing_layout and screen.state.grid is not None:
            screen.cancel_layout()
        else:
            screen.action_home()


class ShiftingStonesScreen(GameScreen):
    DEFAULT_CSS = """
    ShiftingStonesScreen #log { max-height: 7; }
    """
    LOG_PERIOD = "turn"
    BINDINGS = GameScreen.BINDINGS + [
        Binding("f4", "hand", N_("Hand hint"), id="stones.hand", priority=True),
        Binding("f5", "end_turn", N_("End turn"), id="stones.end_turn", priority=True),
        Binding("f6", "pass_turn", N_("Pass"), id="stones.pass", priority=True),
        Binding("f7", "layout", N_("Layout"), id="stones.layout", priority=True),
        Binding("f8", "focus_grid", N_("Stones"), id="stones.focus_grid", priority=True),
        Binding("f9", "focus_cards", N_("Cards"), id="stones.focus_cards", priority=True),
        Binding("ctrl+s", "save_card", N_("Save card"), id="stones.save_card", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.hand: list[Card] = []      # library cards chosen for the hand hint
        self.editing_layout = False
        self._plans: dict[tuple[Grid, str], Plan | None] = {}
        self._turns: dict[TurnKey, Turn | _Failed] = {}
        self._solving: set[TurnKey] = set()
        self._library: dict[str, Card] | None = None
        self._offered: frozenset[str] = frozenset()  # the scored ids the card list was last filtered with

    # -- layout ---------------------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        yield Prose(self._title_text, id="title", classes="title")
        with Horizontal(id="stones-main"):
            with VerticalScroll(id="stones-left"):
                yield StonesGrid(id="grid")
                yield from self.compose_log()
                yield Prose(self._status_text, id="status", classes="panel")
                yield Prose(self._explain_text, id="explain", classes="panel")
            with Vertical(id="stones-right"):
                yield Prose(lambda: Text(_("Card picker"), style="bold"), classes="panel-title")
                yield PickInput(placeholder=_(PICK_PLACEHOLDER), id="pick")
                yield CardList(id="cards")
                with VerticalScroll(id="stones-hint"):
                    yield Prose(self._hint_text, id="hint", classes="panel")
        yield Prose(self._keys_text, id="entry-hint", classes="hint")
        yield LayoutInput(placeholder=_(LAYOUT_PLACEHOLDER), id="layout")

    def on_mount(self) -> None:
        super().on_mount()
        self._refilter()
        self.refresh_state()
        if self.state.grid is None:
            self.query_one("#layout", Input).focus()
        else:
            self.query_one("#pick", Input).focus()

    @property
    def state(self) -> State:
        state: State = self.session.state
        return state

    def library(self) -> dict[str, Card]:
        if self._library is None:
            from companion.games.shifting_stones.library import load_library

            try:
                self._library = load_library(self._user_library_path())
            except CompanionError as exc:
                self.show_error(exc)
                self._library = load_library(None)
        return self._library

    def _user_library_path(self) -> Path:
        from companion.games.shifting_stones.library import USER_FILE, user_path

        config = getattr(self.app, "config_dir", None)
        return Path(config) / USER_FILE if config else user_path()

    # -- what is chosen -------------------------------------------------------------------------
    def typed_card(self) -> tuple[Pattern, int | None] | None:
        """``(pattern, points)`` of a hand-written card in the picker, or ``None`` (CompanionError if bad)."""
        from companion.games.shifting_stones.patterns import parse_pattern

        text = self.query_one("#pick", Input).value
        if not looks_like_pattern(text):
            return None
        body, points = read_typed(text)
        return parse_pattern(to_notation(body)), points

    def chosen(self) -> tuple[str, Pattern, int | None] | None:
        """``(label, pattern, points)`` of the card the checker and hint look at, or ``None``."""
        try:
            typed = self.typed_card()
        except CompanionError:
            return None
        if typed is not None:
            pattern, points = typed
            return _("a card not in the library"), pattern, points
        card = self.query_one(CardList).highlighted_card
        return None if card is None else (card.id, card.pattern, card.points)

    def _plan(self, grid: Grid, pattern: Pattern) -> Plan | None:
        from companion.games.shifting_stones.solver import cheapest

        key = (grid, pattern.text)
        if key not in self._plans:
            self._plans[key] = cheapest(grid, pattern)
        return self._plans[key]

    def _turn(self, grid: Grid) -> Turn | _Failed | None:
        """The best turn for the hand, or ``None`` while a worker thread still searches for it.

        A full hand can take a second or two: the search runs off the interface thread, so the
        screen keeps answering keys, and the hint panel fills in when the answer arrives.
        """
        key = (grid, tuple(c.id for c in self.hand))
        if key in self._turns:
            return self._turns[key]
        if key not in self._solving:
            self._solving.add(key)
            cards = [(c.pattern, c.points) for c in self.hand]
            self.run_worker(lambda: self._solve_turn(key, cards), thread=True, group="solver", exit_on_error=False)
        return None

    def _solve_turn(self, key: TurnKey, cards: list[tuple[Pattern, int]]) -> None:
        from companion.games.shifting_stones.solver import best_turn

        result: Turn | _Failed = FAILED
        try:
            result = best_turn(key[0], cards)
        finally:  # the key must leave ``_solving`` whatever happens, or "Working out..." stays for good
            self.app.call_from_thread(self._turn_solved, key, result)

    def _turn_solved(self, key: TurnKey, result: Turn | _Failed) -> None:
        self._turns[key] = result
        self._solving.discard(key)
        if self.is_mounted:
            self.refresh_state()

    # -- text of the panels ---------------------------------------------------------------------
    def _title_text(self) -> Text:
        tr = current()
        state = self.state
        line = words.title_line(state, tr)
        if not state.finished:
            line += "  " + _("Now it is {player}'s turn.", player=state.player)
        return Text(line, style="bold")

    def _status_text(self) -> Text:
        tr = current()
        state = self.state
        text = Text(_("Players"), style="bold")
        for seat, player in enumerate(state.players):
            line = ngettext(  # counts as labels ("cards in hand: 1"): right for every number
                "{player}: score {score}; cards scored: {cards}, "
                "of them worth {value} point: {ones}; cards in hand: {hand}.",
                "{player}: score {score}; cards scored: {cards}, "
                "of them worth {value} points: {ones}; cards in hand: {hand}.",
                BONUS_CARD, player=player, hand=state.hands[seat], cards=len(state.scored[seat]), value=BONUS_CARD,
                ones=state.ones(seat), score=state.score(seat))
            current_seat = seat == state.current and not state.finished
            text.append("\n" + ("> " if current_seat else "  ") + line, style="bold" if current_seat else "")
        text.append("\n" + _("Cards in the deck: {deck}; in the discard pile: {discard}.", deck=state.deck,
                             discard=state.discard))
        if state.solo:
            text.append("\n" + ngettext("Goal: score all {n} card. Penalties: {count} of {limit}.",
                                        "Goal: score all {n} cards. Penalties: {count} of {limit}.", state.target,
                                        count=state.penalties, limit=PENALTY_LIMIT))
        else:
            text.append("\n" + words.target_line(state, tr))
            bonus = words.bonus_line(state, tr)
            if bonus:
                text.append("\n" + bonus)
        if not state.finished and state.grid is not None:
            if state.can_pass:
                text.append("\n" + _("{player} may pass (F6) or act.", player=state.player))
            elif state.passed_last[state.current]:
                text.append("\n" + _("{player} passed last turn and cannot pass now.", player=state.player))
        return text

    def _explain_text(self) -> Text:
        text = Text(_("What happened"), style="bold")
        lines = self.explanation_lines()
        if not lines and self.state.grid is None:
            lines = [_("Lay out the nine stones: type their faces in the field at the bottom, "
                       "row by row from the top, each row from left to right, and press Enter.")]
        elif not lines:
            lines = [_("Choose a card on the right: type the faces it shows, then Enter scores it.")]
        for line in lines:
            text.append("\n" + line)
        return text

    def _hint_text(self) -> Text:
        tr = current()
        state = self.state
        if state.finished:  # the picker has nothing left to do: how the game ended, in full
            text = Text(_("Final scores"), style="bold")
            for line in words.ending(state, tr) + words.breakdown(state, tr):
                text.append("\n" + line)
            return text
        text = Text(_("Checker and hint"), style="bold")
        if state.grid is None:
            return text.append("\n" + _("The stones have not been laid out yet."))
        typed = None
        try:
            typed = self.typed_card()
        except CompanionError as exc:
            from companion.tui.messages import describe

            text.append("\n" + describe(exc), style="red")
        chosen = self.chosen()
        if chosen is not None:
            label, pattern, points = chosen
            if points:
                text.append("\n" + ngettext("{card}: {n} point", "{card}: {n} points", points, card=label),
                            style="bold")
            else:
                text.append("\n" + label, style="bold")
            for row in pattern_lines(pattern):  # the card as a small grid, left to right as the big one
                text.append("\n")
                text.append_text(row)
            if typed is not None:  # a typed pattern: say how it was read, so a mirrored one shows
                text.append("\n" + _("Rows are read from the top, each row from left to right: "
                                     "check this picture against the card."), style="dim")
            offsets = pattern.matches(state.grid)
            if offsets:
                text.append("\n" + _("It matches now: the marked stones (++). Enter scores it."), style="green")
            for line in words.plan(state.grid, self._plan(state.grid, pattern), tr):
                text.append("\n" + line)
        if self.hand:
            text.append("\n\n" + _("Hand being checked: {cards}", cards=tr.join(
                f"{tr.num(i)}. {c.id}" for i, c in enumerate(self.hand, 1))), style="bold")
            for row in hand_lines(self.hand):  # the hand's pictures, numbered as the plan names them
                text.append("\n")
                text.append_text(row)
            cards = [(c.pattern, c.points) for c in self.hand]
            best = self._turn(state.grid)
            if best is None:
                text.append("\n" + _("Working out the best turn for this hand..."), style="dim")
            elif best is FAILED:
                text.append("\n" + _("The best turn for this hand could not be worked out."), style="red")
            else:
                for line in words.turn(state.grid, best, cards, tr):
                    text.append("\n" + line)
        elif not state.finished:
            text.append("\n\n" + _("F4 adds the chosen card to a hand of up to {n} and shows the best turn for it.",
                                     n=HAND_MAX), style="dim")
        return text

    def _keys_text(self) -> Text:
        if self.state.finished:
            return Text(_("The game is over. Escape: home; Ctrl+Z: undo the last event."))
        if self.state.grid is None or self.editing_layout:
            return Text(_("Type the nine faces row by row from the top, each row from left to right "
                          "(names in any language), then Enter. Nine words without “/” are read three by three."))
        return Text(_("Type faces to find a card, Enter scores it; F8 stones: arrows, S shift (twice), F flip; "
                      "F4 hand hint; F5 end turn; F6 pass; F7 layout."))

    # -- state -> screen ------------------------------------------------------------------------
    def _highlight(self) -> set[Cell]:
        chosen = self.chosen()
        if chosen is None or self.state.grid is None:
            return set()
        pattern = chosen[1]
        return {cell for at in pattern.matches(self.state.grid) for cell in pattern.cells_at(at)}

    def refresh_state(self) -> None:
        if frozenset(self.scored_by()) != self._offered:  # a score, an undo or a redo: offer what is left
            self._refilter()
        self.query_one(StonesGrid).show(self.state.grid, self._highlight())
        layout = self.query_one("#layout", Input)
        layout.display = self.state.grid is None or self.editing_layout
        self.query_one(CardList).display = not self.state.finished
        rtl = current().direction == "rtl"
        layout.placeholder = bidi.line(_(LAYOUT_PLACEHOLDER), rtl)
        self.query_one("#pick", Input).placeholder = bidi.line(_(PICK_PLACEHOLDER), rtl)
        self.sync_panels()

    def retranslate(self) -> None:
        super().retranslate()
        self._refilter()

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return words.outcome(state, outcome, current(), with_breakdown=False)  # the right panel shows it

    def rule_section(self, outcome: Any, state: Any) -> str | None:
        from companion.games.shifting_stones.rules_links import section

        return section(outcome, state)

    def resume_lines(self) -> list[str]:
        lines = [ngettext("Game resumed: {n} event loaded from the journal.",
                          "Game resumed: {n} events loaded from the journal.", len(self.session.steps))]
        if self.state.finished:  # a finished game says how it ended (the right panel adds the breakdown)
            lines += words.ending(self.state, current())
        return lines

    def event_line(self, step: Step) -> str:
        return words.log_line(step.state, step.outcome, current())

    # -- the cards already scored ---------------------------------------------------------------
    def scored_by(self) -> dict[str, tuple[str, str]]:
        """Library cards scored in this game: case-folded id -> (id, the player who scored it)."""
        state = self.state
        return {c.card.casefold(): (c.card, player) for player, cards in zip(state.players, state.scored, strict=True)
                for c in cards if c.card}

    def available(self) -> list[Card]:
        """The library cards that can still be scored (a card scores once)."""
        scored = self.scored_by()
        return [c for c in self.library().values() if c.id.casefold() not in scored]

    def search(self) -> Found:
        text = self.query_one("#pick", Input).value
        if looks_like_pattern(text):
            return Found(())
        return find(self.available(), text)

    def _refilter(self, keep_highlight: bool = True) -> None:
        cards = list(self.search().cards)
        self._offered = frozenset(self.scored_by())
        in_hand = {c.id for c in self.hand}
        notes = {c.id: _("(in the hand)") for c in cards if c.id in in_hand}
        for card in cards:
            if card.source == "user":
                notes[card.id] = (notes.get(card.id, "") + " " + _("(yours)")).strip()
        self.query_one(CardList).set_cards(cards, notes, keep_highlight=keep_highlight)

    def _library_card(self, pattern: Pattern, points: int | None) -> Card | None:
        """The one library card with this very pattern (and these points, when given), if any."""
        same = [c for c in self.library().values()
                if c.pattern.text == pattern.text and (points is None or c.points == points)]
        return same[0] if len(same) == 1 else None

    # -- input ----------------------------------------------------------------------------------
    @on(Input.Changed, "#pick")
    def picker_changed(self) -> None:
        self._refilter(keep_highlight=False)  # a new search: Enter means its best card again
        self.refresh_state()

    @on(OptionList.OptionHighlighted, "#cards")
    def card_highlighted(self) -> None:
        self.refresh_state()

    @on(Input.Submitted, "#pick")
    def picker_submitted(self) -> None:
        self.score_chosen()

    @on(OptionList.OptionSelected, "#cards")
    def card_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.score_chosen(chosen_in_list=True)

    def score_chosen(self, chosen_in_list: bool = False) -> None:
        """Score what the picker shows: a typed card, or a library card the host has clearly chosen.

        Enter in the field scores the best card of the search only when nothing else answers as well
        (or the host moved the highlight to a card); otherwise it asks.  Enter on the list scores the
        highlighted card.
        """
        try:
            typed = self.typed_card()
        except CompanionError as exc:
            self.show_error(exc)
            return
        if typed is not None:
            pattern, points = typed
            card = self._library_card(pattern, points)
            if not points:
                if card is None:
                    self.app.notice(_("Add the card's points after “=”, such as: sun * fish = 3"), severity="error")
                    return
                points = card.points
            self._score(pattern, points, card)
            return
        cards = self.query_one(CardList)
        card = cards.highlighted_card
        found = self.search()
        if not chosen_in_list and not self.query_one("#pick", Input).value.strip():
            # Enter on an empty field (a second Enter after a score): nothing was typed, nothing is scored
            self.app.notice(_("Type the faces the card shows, or its id."), severity="warning")
            return
        if card is None:
            self._nothing_found(found)
            return
        moved = bool(cards.cards) and card is not cards.cards[0]
        if not (chosen_in_list or moved or found.sure):
            if found.typing:
                self.app.notice(_("Finish the face being typed, or choose a card with the down arrow and Enter."),
                                severity="warning")
            else:
                shown = [c.id for c in found.cards[:ASK_AT_MOST]]
                more = len(found.cards) - len(shown)
                ids = current().join(shown) if not more else ngettext(
                    "{cards} and {n} more", "{cards} and {n} more", more, cards=current().join(shown))
                self.app.notice(ngettext(
                    "{n} card shows these faces: {cards}. Choose it with the down arrow and Enter, or type its id.",
                    "{n} cards show these faces: {cards}. Choose one with the down arrow and Enter, or type its id.",
                    len(found.cards), cards=ids), severity="warning")
            return
        self._score(card.pattern, card.points, card)

    def _nothing_found(self, found: Found) -> None:
        text = self.query_one("#pick", Input).value.strip()
        scored = self.scored_by().get(text.casefold())
        if scored is not None:  # a card already scored: say by whom, as the rules would
            self.show_error(RuleError("stones.card_scored", card=scored[0], player=scored[1]))
        elif found.suggestion:
            self.app.notice(_("No card in the library shows these faces. Did you mean “{text}”?",
                              text=found.suggestion), severity="error")
        else:
            self.app.notice(_("No card in the library shows these faces. "
                              "Type the card as a pattern, such as: sun * fish = 3"), severity="error")

    def _score(self, pattern: Pattern, points: int, card: Card | None) -> None:
        event: dict[str, Any] = {"event": "score", "pattern": pattern.text, "points": points}
        if card is not None:
            event["card"] = card.id
        if self.send(event):
            if card is not None and any(c.id == card.id for c in self.hand):
                self.hand = [c for c in self.hand if c.id != card.id]  # scored: no longer in the hand
            pick = self.query_one("#pick", Input)
            pick.value = ""  # the next card starts from a clean search
            self._refilter(keep_highlight=False)
            self.refresh_state()
            pick.focus()

    @on(Input.Submitted, "#layout")
    def layout_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        if self.send({"event": "layout", "grid": grid_notation(text)}):
            event.input.value = ""
            self.editing_layout = False
            self.refresh_state()
            self.query_one("#pick", Input).focus()

    @on(StonesGrid.Shift)
    def grid_shift(self, message: StonesGrid.Shift) -> None:
        self.send({"event": "shift", "a": list(message.a), "b": list(message.b)})

    @on(StonesGrid.Flip)
    def grid_flip(self, message: StonesGrid.Flip) -> None:
        self.send({"event": "flip", "at": list(message.at)})

    @on(StonesGrid.Leave)
    def grid_left(self) -> None:
        self.query_one("#pick", Input).focus()

    # -- actions --------------------------------------------------------------------------------
    def action_end_turn(self) -> None:
        self.send({"event": "end_turn"})

    def action_pass_turn(self) -> None:
        self.send({"event": "pass"})

    def action_layout(self) -> None:
        layout = self.query_one("#layout", Input)
        self.editing_layout = True
        if self.state.grid is not None and not layout.value:
            layout.value = " / ".join(" ".join(words.face(f, current()) for f in row) for row in self.state.grid)
        self.refresh_state()
        layout.focus()

    def cancel_layout(self) -> None:
        """Stop correcting the layout: the stones stay as they are."""
        self.editing_layout = False
        self.query_one("#layout", Input).value = ""
        self.refresh_state()
        self.query_one("#pick", Input).focus()

    def action_focus_grid(self) -> None:
        self.query_one(StonesGrid).focus()

    def action_focus_cards(self) -> None:
        self.query_one("#pick", Input).focus()

    def action_hand(self) -> None:
        card = self.query_one(CardList).highlighted_card
        if card is None:
            self.app.notice(_("Choose a card of the library first."), severity="error")
            return
        if any(c.id == card.id for c in self.hand):
            self.hand = [c for c in self.hand if c.id != card.id]
        elif len(self.hand) >= HAND_MAX:
            self.app.notice(ngettext("A hand holds at most {n} card.", "A hand holds at most {n} cards.", HAND_MAX),
                            severity="error")
            return
        else:
            self.hand.append(card)
        self._refilter()
        self.refresh_state()

    def action_clear_hand(self) -> None:
        self.hand = []
        self._refilter()
        self.refresh_state()

    def action_save_card(self) -> None:
        from companion.games.shifting_stones.library import Card, read_cards, save_user_cards

        try:
            typed = self.typed_card()
        except CompanionError as exc:
            self.show_error(exc)
            return
        points = typed[1] if typed is not None else None
        if typed is None or points is None or points not in POINTS:
            self.app.notice(_("Type a new card as a pattern with its points, such as: sun * fish = 3"),
                            severity="error")
            return
        path = self._user_library_path()
        try:
            mine = read_cards(path, "user") if path.exists() else []
            ids = {c.id for c in mine} | set(self.library())
            number = 1
            while f"my{number:02d}" in ids:
                number += 1
            card = Card(f"my{number:02d}", typed[0], points, "user")
            save_user_cards(mine + [card], path)
        except CompanionError as exc:
            self.show_error(exc)
            return
        self._library = None
        self.query_one("#pick", Input).value = card.id
        self.app.notice(_("Saved in your pattern library as {card}.", card=card.id))

    def palette(self) -> Iterator[PaletteCommand]:
        state = self.state
        if not state.finished:
            if state.grid is not None:
                yield PaletteCommand(ngettext("End the turn and draw back up to {n} card",
                                              "End the turn and draw back up to {n} cards", HAND), self.action_end_turn)
                if state.can_pass:
                    yield PaletteCommand(ngettext("Pass and draw {n} card", "Pass and draw {n} cards", PASS_DRAW),
                                         self.action_pass_turn)
                yield PaletteCommand(_("Score the chosen card"), self.score_chosen)
                yield PaletteCommand(_("Shift or flip stones on the grid"), self.action_focus_grid)
            yield PaletteCommand(_("Enter or correct the layout of the stones"), self.action_layout)
        yield PaletteCommand(_("Find a card by its faces"), self.action_focus_cards)
        yield PaletteCommand(_("Add the chosen card to the hand hint, or take it out"), self.action_hand)
        if self.hand:
            yield PaletteCommand(_("Clear the hand hint"), self.action_clear_hand)
        yield PaletteCommand(_("Save the typed card in your pattern library"), self.action_save_card)
        yield from super().palette()


__all__ = ["ShiftingStonesScreen", "face_of"]
