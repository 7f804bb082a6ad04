"""The Diamant screen: path, players, deck, odds, decision entry, explanations, summaries."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input

from companion.games import diamant
from companion.games.diamant import explain as words
from companion.games.diamant import notation
from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, busts, decision_error, round_view
from companion.games.diamant.odds import odds
from companion.i18n import N_, _, current, isolating, ngettext, translator
from companion.tui import bidi
from companion.tui.diamant_entry import EntrySuggester
from companion.tui.screens.base import PaletteCommand
from companion.tui.screens.diamant_summary import RoundSummary
from companion.tui.screens.game import GameScreen
from companion.tui.widgets.bidi_input import BidiInput
from companion.tui.widgets.decision import DecisionList
from companion.tui.widgets.running_log import RunningLog
from companion.tui.widgets.text import Prose


@lru_cache(maxsize=2048)
def _int_text(locale: str, value: int) -> str:
    return translator(locale).num(value)


def num(value: int) -> str:
    """A whole number in the locale's digits (memoized: each screen refresh writes dozens of them)."""
    return _int_text(current().locale, value)


def _decimal(value) -> str:
    """Two decimals in the locale's digits and separator (``۱٫۶۷`` in Persian)."""
    tr = current()
    text = tr.digits(f"{float(value):.2f}")
    return text.replace(".", "٫") if tr.locale == "fa" else text


T = TypeVar("T")


def _localized(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` (which says something through ``_()``) memoized for each language, and for whether
    inserted values are isolated (which changes the text): a panel's line about the same numbers is
    worked out once, not again on every key.  Its arguments must be hashable and be all that the line
    depends on besides the language.  A language switch asks with another translator: the new
    language's lines are made then."""
    cached = lru_cache(maxsize=1024)(lambda tr, isolated, *args: fn(*args))

    @wraps(fn)
    def call(*args: Any) -> T:
        return cached(current(), isolating(), *args)

    return call


# -- the panels' lines (memoized: see _localized) -------------------------------------------------
@_localized
def _title_line(ruleset_id: str, rounds: int, finished: bool, in_round: bool, round_: int) -> str:
    name = words.ruleset_name(ruleset_id, current())
    if finished:
        return _("{ruleset}: the game is over.", ruleset=name)
    if not in_round:
        return _("{ruleset}: round {round} of {rounds} is over; the next card starts round {next}.",
                 ruleset=name, round=round_, rounds=rounds, next=round_ + 1)
    return _("{ruleset}: round {round} of {rounds}.", ruleset=name, round=round_, rounds=rounds)


@_localized
def _path_words() -> tuple[str, str]:
    return _("Path"), _("No card drawn yet this round.")


@_localized
def _path_line(position: int, card: Any, seen: int) -> tuple[str, str] | None:
    """The path's line for ``card`` at ``position`` (1-based) and its style; ``seen``: how many of
    its hazard are on the path up to it."""
    tr = current()
    if card.kind == TREASURE:
        if card.remainder:
            line = _("{position}. treasure {value}: {left} left on the card", position=num(position),
                     value=num(card.value), left=num(card.remainder))
        else:
            line = _("{position}. treasure {value}", position=num(position), value=num(card.value))
        return line, "yellow"
    if card.kind == HAZARD:
        name = words.hazard_name(card.hazard, tr)
        if busts(seen):
            return _("{position}. {hazard}: second one, bust", position=num(position), hazard=name), "bold red"
        return _("{position}. {hazard}: seen once, a second one busts", position=num(position), hazard=name), "red"
    if card.kind == RELIC:
        label = words.card_label(card, tr)
        return _("{position}. {card}", position=num(position), card=label), "magenta"
    return None


@_localized
def _odds_words() -> tuple[str, str, str]:
    return _("Next card (numbers, not advice)"), _("The game is over."), _("The deck is empty.")


@_localized
def _risk_line(risk: Any) -> str:
    tr = current()
    return _("Risk of a bust: {fraction} = {percent}", fraction=tr.fraction(risk), percent=tr.percent(risk))


@_localized
def _busting_line(busting: tuple[tuple[str, int], ...]) -> str:
    tr = current()
    listed = [_("{hazard} × {n}", hazard=words.hazard_name(h, tr), n=n) for h, n in busting]
    return _("Busting cards: {list}", list=tr.join(listed))


@_localized
def _gain_line(gain: Any) -> str:
    return _("Expected gain for each explorer who stays: {fraction} ≈ {decimal} gems",
             fraction=current().fraction(gain), decimal=_decimal(gain))


@_localized
def _loss_line(player: str, loss: Any) -> str:
    return _("{player} could lose {fraction} ≈ {decimal} gems on average", player=player,
             fraction=current().fraction(loss), decimal=_decimal(loss))


@_localized
def _deck_heading(total: int) -> str:
    return ngettext("Deck: {n} card", "Deck: {n} cards", total)


@_localized
def _treasures_line(values: tuple[int, ...]) -> str:
    return _("Treasures: {values}", values=" ".join(num(v) for v in values) or "-")


@_localized
def _hazards_line(counts: tuple[tuple[str, int], ...]) -> str:
    tr = current()
    hazards = [_("{hazard} × {n}", hazard=words.hazard_name(h, tr), n=num(n)) for h, n in counts]
    return _("Hazards: {list}", list=tr.join(hazards))


@_localized
def _relics_line(n: int) -> str:
    return _("Relics in the deck: {n}", n=num(n))


@_localized
def _removed_line(hazards: tuple[str, ...]) -> str:
    """``hazards``: one id for each copy out of the game."""
    tr = current()
    return _("Removed from the game: {list}", list=tr.join(words.hazard_name(h, tr) for h in hazards))


@_localized
def _hint_line(finished: bool, cards: str, by_name: str, by_seat: str) -> str:
    if finished:
        return _("The game is over. Escape: home; Ctrl+Z: undo the last event.")
    return _("Type a card ({cards}) or who leaves ({by_name}; {by_seat}) and press Enter; "
             "Ctrl+L: choose who leaves; the right arrow accepts a completion.",
             cards=cards, by_name=by_name, by_seat=by_seat)


@_localized
def _placeholder_line(relics: bool, mode: str) -> str:
    # The placeholder is not typed text: it is shown in display order like any label (in the bidi
    # ``mode``, which is part of the key for that).
    if relics:
        line = _("A card (a value, a hazard, relic) or L and who leaves")
    else:
        line = _("A card (a value or a hazard) or L and who leaves")
    return bidi.line(line, current().direction == "rtl")


@_localized
def _player_line(seat: int, player: str, inside: bool, carried: int, chest: int, relics: int, score: int,
                 relics_shown: bool) -> str:
    if inside:
        where = _("in the cave, carrying {carried}", carried=num(carried))
    else:
        where = _("at camp")
    if relics_shown:
        return _("{seat}. {player}: {where}; chest {chest}, relics {relics}, score {score}",
                 seat=num(seat + 1), player=player, where=where, chest=num(chest), relics=num(relics),
                 score=num(score))
    # no relics of one's own in this edition: no "relics 0" column
    return _("{seat}. {player}: {where}; chest {chest}, score {score}", seat=num(seat + 1), player=player,
             where=where, chest=num(chest), score=num(score))


class DiamantScreen(GameScreen):
    BINDINGS = GameScreen.BINDINGS + [
        Binding("ctrl+l", "decide", N_("Who leaves"), id="diamant.decide", priority=True),
        Binding("escape", "close_summary", N_("Close"), id="diamant.summary.close"),  # (see take_key)
    ]

    # -- layout ---------------------------------------------------------------------------------
    # The widgets the screen changes at every key, kept as they are composed (not looked up each time).
    _board: tuple[VerticalScroll, VerticalScroll]
    _players: DecisionList
    _card: BidiInput
    _summary: RoundSummary

    def compose_body(self) -> ComposeResult:
        yield Prose(self._title_text, id="title", classes="title")
        with Horizontal(id="diamant-main"):
            self._board = (VerticalScroll(id="diamant-left"), VerticalScroll(id="diamant-right"))
            with self._board[0]:
                yield Prose(self._path_text, id="path", classes="panel")
                yield Prose(self._odds_text, steady=True, id="odds", classes="panel")
                yield Prose(self._deck_text, id="deck", classes="panel")
            with self._board[1]:
                yield Prose(lambda: Text(_("Explorers"), style="bold"), classes="panel-title")
                self._players = DecisionList(id="players")
                yield self._players
                yield from self.compose_log()
                yield Prose(self._explain_text, id="explain", classes="panel")
            self._summary = RoundSummary(id="summary-box", classes="dialog")
            yield self._summary
        yield Prose(self._hint_text, id="entry-hint", classes="hint")
        self._card = BidiInput(placeholder=self._placeholder(), suggester=EntrySuggester(self._view), id="card")
        yield self._card

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_state()
        self._card.focus()
        self._fit_log()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_log()

    def _fit_log(self) -> None:
        """The running log keeps up to 6 events in view, 3 in a short terminal (80 x 24), so that the
        explanation under it stays on screen; it scrolls for the rest."""
        for log in self.query(RunningLog):
            log.styles.max_height = 8 if self.size.height >= 32 else 5

    # -- text of the panels ---------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    _viewed: tuple[Any, Any] | None = None  # (state, round_view(state)) for the state last asked about

    def _view(self):
        """``round_view(self.state)``, made once per state (between rounds it is a new state each time)."""
        state = self.state
        viewed = self._viewed
        if viewed is None or viewed[0] is not state:
            viewed = self._viewed = (state, round_view(state))
        return viewed[1]

    def _title_text(self) -> Text:
        state = self.state
        return Text(_title_line(state.rules.id, state.rules.rounds, state.finished, state.in_round, state.round),
                    style="bold")

    def _path_text(self) -> Text:
        state = self.state
        heading, empty = _path_words()
        text = Text(heading, style="bold")
        if not state.in_round or not state.path:
            text.append("\n" + empty)
            return text
        seen: dict[str, int] = {}
        for position, card in enumerate(state.path, 1):
            text.append("\n")
            if card.kind == HAZARD:
                seen[card.hazard] = seen.get(card.hazard, 0) + 1
            line = _path_line(position, card, seen.get(card.hazard, 0) if card.kind == HAZARD else 0)
            if line is not None:
                text.append(*line)
        return text

    def _odds_text(self) -> Text:
        state = self.state
        heading, over, empty = _odds_words()
        text = Text(heading, style="bold")
        if state.finished:
            return text.append("\n" + over)
        o = odds(self._view())  # (the view is its own round_view: the same numbers as odds(state))
        if not o.cards:
            return text.append("\n" + empty)
        text.append("\n" + _risk_line(o.bust_next))
        if o.busting:
            text.append("\n" + _busting_line(o.busting))
        text.append("\n" + _gain_line(o.gain_each))
        for player, loss in o.loss:
            if loss:
                text.append("\n" + _loss_line(player, loss))
        return text

    def _deck_text(self) -> Text:
        state = self.state
        contents = diamant.deck(self._view())
        text = Text(_deck_heading(contents["total"]), style="bold")
        text.append("\n" + _treasures_line(tuple(sorted(contents[TREASURE].elements()))))
        hazards = contents[HAZARD]
        text.append("\n" + _hazards_line(tuple((h, hazards.get(h, 0)) for h in state.rules.hazards)))
        if state.rules.relics:
            text.append("\n" + _relics_line(contents[RELIC]))
        removed = tuple(h for h, n in zip(state.rules.hazards, state.removed) for _i in range(n))
        if removed:
            text.append("\n" + _removed_line(removed))
        return text

    def _explain_text(self) -> Text:
        text = Text(_("What happened"), style="bold")
        lines = self.explanation_lines() or [_("Type the first card and press Enter.")]
        for line in lines:
            text.append("\n" + line)
        if self.state.finished:
            text.append("\n")
            text.append_text(self._summary_text())
        return text

    def _summary_text(self) -> Text:
        """The final scores: each player's chest and relics (what applies in this edition), how a tie
        was settled, the winners."""
        lines = words.final_lines(self.state, current())
        text = Text(_("Final scores"), style="bold")
        for line in lines[:-1]:
            text.append("\n" + line)
        text.append("\n" + lines[-1], style="bold green")
        return text

    def _hint_text(self) -> Text:
        if self.state.finished:
            return Text(_hint_line(True, "", "", ""))
        cards, by_name, by_seat = notation.examples(self._view(), current())
        return Text(_hint_line(False, cards, by_name, by_seat))

    def _placeholder(self) -> str:
        return _placeholder_line(bool(self.state.rules.relics), bidi.mode())

    def _player_rows(self) -> list[tuple[int, Text, bool]]:
        state = self.state
        rows = []
        open_ = decision_error(state) is None
        relics_shown = words.counts_relics(state.rules)
        for seat, player in enumerate(state.players):
            inside = state.in_round and state.in_cave[seat]
            line = _player_line(seat, player, inside, state.carried[seat] if inside else 0, state.chest[seat],
                                len(state.relics[seat]), state.score(seat), relics_shown)
            rows.append((seat, Text(line, style="" if inside else "dim"), inside and open_))
        return rows

    # -- state -> screen ------------------------------------------------------------------------
    _settled_round: tuple[int, bool] | None = None

    def refresh_state(self) -> None:
        # The odds keep their rows through a round (what is under them stays put, and a card that
        # shortens them is painted without laying the screen out); a new round lets them shrink.  (Not
        # the right-hand column's panels: kept rows there overflow it, and the scrollbar that comes
        # takes a column and paints a second frame.)
        round_ = (self.state.round, self.state.in_round)
        if round_ != self._settled_round:
            self._settled_round = round_
            for prose in self.query(Prose):
                prose.settle()
        self.sync_panels()
        self._players.set_rows(self._player_rows())
        self._card.placeholder = self._placeholder()

    def explain(self, outcome: Any, state: Any) -> list[str]:
        return words.describe(outcome, current())

    def rule_section(self, outcome: Any, state: Any) -> str | None:
        from companion.games.diamant.rules_links import section

        return section(outcome, state)

    def send(self, event: dict[str, Any], then: Callable[[], None] | None = None) -> bool:
        """As :meth:`GameScreen.send`; an event that ends a round (or the game) opens its summary.

        ``then`` runs once the event is accepted and before the summary opens: what the game screen
        does with it (clear the field, move the focus) is done while that screen is on top.  Done
        under the summary, each of those asked for one more frame of it, 16 ms or more later."""
        if not super().send(event):
            return False
        if then is not None:
            then()
        if getattr(self.session.last_outcome, "round_end", None) is not None:
            self.show_summary()
        return True

    # -- summaries ------------------------------------------------------------------------------
    def _round_start_scores(self, upto: int) -> tuple[int, ...]:
        """Each player's score before the round that ended at step ``upto`` (0-based) began."""
        for step in reversed(self.session.steps[:upto]):
            if getattr(step.outcome, "round_end", None) is not None:
                return tuple(step.state.score(i) for i in range(len(step.state.players)))
        initial = self.session.initial
        return tuple(initial.score(i) for i in range(len(initial.players)))

    # The keys that scroll an open summary; any other key closes it (and does what it does).
    SUMMARY_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})

    @property
    def summary_open(self) -> bool:
        """Whether the round summary is shown in place of the board."""
        summary = getattr(self, "_summary", None)  # (None until composed)
        return summary is not None and summary.display

    def show_summary(self) -> bool:
        """Show the summary of the last round that ended over the board (False, and a notice, when none
        has yet).  The card field keeps the focus: the next card typed goes on to it."""
        steps = self.session.steps
        for index in range(len(steps) - 1, -1, -1):
            end = getattr(steps[index].outcome, "round_end", None)
            if end is not None:
                self._summary.show(steps[index].state, self._round_start_scores(index), end)
                self._show_board(False)
                return True
        self.app.notice(_("No round has ended yet."))
        return False

    def close_summary(self) -> None:
        if self.summary_open:
            self._show_board(True)
            if not self.read_only:
                self._card.focus()

    action_close_summary = close_summary

    def _show_board(self, board: bool) -> None:
        for column in self._board:
            column.display = board
        self._summary.display = not board
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_summary":  # Escape: closes an open summary, or goes home
            return self.summary_open
        if action == "home" and self.summary_open:
            return False
        return super().check_action(action, parameters)

    def take_key(self, event: events.Key | events.Paste) -> bool:
        """While the summary is open: Enter or Escape closes it (and does nothing else, unless the card
        field has text in it: then Enter enters it too), the reading keys scroll it, and any other key
        closes it and then does what it does -- a card typed goes into the field, Ctrl+L opens the
        list, Ctrl+Z undoes the round's last event.  Decided as each key arrives (the app calls this
        before routing it), so every key of a burst counts once."""
        if not self.summary_open:
            return False
        key = event.key if isinstance(event, events.Key) else None
        if key == "enter" and self._card.value:
            self.close_summary()  # and the field takes its Enter: what is in it is not lost
            return False
        if key in ("enter", "escape"):
            self.close_summary()
            return True
        if key in self.SUMMARY_KEYS:
            summary = self._summary
            {"up": summary.scroll_up, "down": summary.scroll_down, "pageup": summary.scroll_page_up,
             "pagedown": summary.scroll_page_down, "home": summary.scroll_home,
             "end": summary.scroll_end}[key](animate=False)
            return True
        self.close_summary()
        return False


    def resume_lines(self) -> list[str]:
        return [ngettext("Game resumed: {n} event loaded from the journal.",
                         "Game resumed: {n} events loaded from the journal.", len(self.session.steps))]

    def event_line(self, step) -> str:
        return words.event_line(step.state, step.event, step.outcome, current())

    # -- input ----------------------------------------------------------------------------------
    @on(Input.Submitted, "#card")
    def card_entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        from companion.errors import CompanionError

        try:
            entry = notation.parse_entry(text, self._view(), current())
        except CompanionError as exc:  # nothing changes; the text stays for correction
            self.show_error(exc)
            return
        def accepted() -> None:
            event.input.value = ""
            if entry["event"] == "leave":
                self._players.clear()

        self.send(entry, then=accepted)

    def action_decide(self) -> None:
        closed = decision_error(self.state)  # the engine's own rule, so screen and engine cannot disagree
        if closed is not None:
            self.show_error(closed)
            return
        self._players.focus()

    @on(DecisionList.Confirmed)
    def decided(self, message: DecisionList.Confirmed) -> None:
        players = self._players

        def done() -> None:
            # The focus first: the list then paints its rows without the cursor's highlight at once
            # (its Blur event comes later and finds nothing left to paint).
            self.focus_now(self._card)  # in the frame that shows the event
            players.clear()

        if message.leavers:
            names = [self.state.players[s] for s in message.leavers]
            self.send({"event": "leave", "players": names}, then=done)
            return
        self.explanation = lambda: [_("Nobody leaves: everyone in the cave stays for the next card.")]
        self.sync_panels()
        done()

    @on(DecisionList.Cancelled)
    def decision_cancelled(self) -> None:
        self.focus_now(self._card)
        self._players.clear()

    def palette(self):
        yield PaletteCommand(_("Choose who leaves"), self.action_decide)
        yield PaletteCommand(_("Show the summary of the last round"), self.show_summary)
        yield from super().palette()
