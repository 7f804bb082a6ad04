"""What a game is, for every shell: the :class:`Game` protocol and the data it hands out.

A game package describes itself once, as an object satisfying :class:`Game` (its ``GAME``); the
registry (:mod:`companion.games`) finds it by id.  Shells (the CLI, the TUI, the printers) derive
everything they show from it -- names, presets and their player ranges, the score pad, the key
moments, where a turn or a round ends -- so a shell never writes a game id or a rule's number.

Nothing here translates: texts are catalog messages (:class:`Text`, marked with ``N_``) that the shell
translates with its own :class:`~companion.i18n.Translator`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from companion.errors import CompanionError
    from companion.i18n import Translator
    from companion.journal import Header
    from companion.session import Step


@dataclass(frozen=True)
class Text:
    """A catalog message and its parameters, translated where it is shown (``tr.gettext(*text)``)."""

    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    translate: bool = True  # False for a name people wrote themselves (a house-rules id)

    def __call__(self, tr: Translator) -> str:
        return tr.gettext(self.message, **self.params) if self.translate else self.message


@dataclass(frozen=True)
class Preset:
    """One way to set a game up, as the new-game form offers it and a journal header records it.

    ``id`` is unique within its game; ``ruleset`` and ``header`` are what the journal header gets
    (``header`` holds the extra keys, e.g. ``{"mode": "solo", "options": {...}}``).
    """

    id: str
    name: Text
    players: tuple[int, int]
    ruleset: str
    header: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, header: Header) -> bool:
        """Whether ``header`` is a game set up with this preset."""
        if header.ruleset != self.ruleset:
            return False
        return all((header.options or {}) == dict(value) if key == "options" else header.get(key) == value
                   for key, value in self.header.items())


Label = tuple[str, int]  # a column of a score chart: ("round", 3) | ("turn", 7) | ("end", 0)
Moment = tuple[str, str]  # (when: "Turn 7", "End" or "" when the sentence says it, sentence)


# -- score pads ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TablePad:
    """A blank score table: one row per player, a column head per :class:`Text`, a note below."""

    first: Text                    # the head of the names column ("Explorer")
    columns: tuple[Text, ...]      # the last one is the total
    rows: int
    note: Text


@dataclass(frozen=True)
class Track:
    """A row of boxes to tick or fill (``numbered``: the boxes show 1, 2, ...; the last is marked)."""

    label: Text
    boxes: int
    numbered: bool = False
    note: Text | None = None


@dataclass(frozen=True)
class TrackPad:
    title: Text
    tracks: tuple[Track, ...]


Pad = TablePad | TrackPad


@dataclass(frozen=True)
class ScorePad:
    """What one printed score-pad page holds, top to bottom."""

    pads: tuple[Pad, ...]


# Box pads, as in game boxes (a game's ``scorepad`` module returns them, already in words):
@dataclass(frozen=True)
class Column:
    """A column of a blank pad: ``write`` (a number), ``tally`` (``boxes`` to tick one by one),
    ``total`` (shaded) or ``track`` (numbered boxes, ``marks`` {box: label} under some of them)."""

    head: str
    kind: str = "write"
    boxes: int = 0
    width: float = 14.0  # mm
    marks: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class BoxPad:
    first: str
    columns: tuple[Column, ...]
    rows: int
    note: str
    prefilled: tuple[str, ...] = ()  # names already printed in the last rows (the robot)


@dataclass(frozen=True)
class TickRow:
    """A row of ``boxes`` to tick (``numbered``: each shows its number; ``marked``: that box stands out)."""

    label: str
    boxes: int
    numbered: bool = False
    marked: int = 0
    note: str = ""


@dataclass(frozen=True)
class TickSheet:
    title: str
    rows: tuple[TickRow, ...]


def game_module(game: Any, name: str) -> Any:
    """The module ``companion/games/<id>/<name>.py`` of ``game`` (``None`` when it has none): how the
    shells reach what a game adds (its teaching, reference sheet, score pads) without naming it."""
    from importlib import import_module
    from importlib.util import find_spec

    module = f"companion.games.{game.id}.{name}"
    try:
        if find_spec(module) is None:
            return None
    except ModuleNotFoundError:  # a game defined outside the package (tests): it has none
        return None
    return import_module(module)


# -- the protocol ------------------------------------------------------------------------------------
@runtime_checkable
class Game(Protocol):
    """A game as the shells see it.  Engines stay pure; this is the one door into a game package."""

    id: str
    name: Text

    def presets(self) -> Sequence[Preset]:
        """Every preset that loads now, the default first (Diamant: the editions and house rules)."""

    def setup_problems(self) -> Sequence[CompanionError]:
        """Why some presets are missing (a house-rules file that does not load); empty when none."""

    def start(self, header: Header) -> Any:
        """The state before the first event; :class:`~companion.errors.RuleError` for a bad set-up."""

    def apply(self, state: Any, event: dict[str, Any]) -> tuple[Any, Any]:
        """One event: ``(new state, outcome)``; the state is untouched when it raises."""

    def summary(self, state: Any) -> dict[str, Any]:
        """Plain data for ``replay --json`` (``game``, ``finished``, ``scores``, ``winners`` ...)."""

    def report(self, state: Any, tr: Translator) -> list[str]:
        """Localized lines for ``replay`` without ``--json``."""

    def player_name(self, player: str, tr: Translator) -> str:
        """How a seat is named to people (the Death Valley robot is "Robot")."""

    def period_end(self, step: Step) -> Label | None:
        """Whether a replayed step ends a round (``("round", n)``) or a turn (``("turn", 0)``: turns
        are numbered in order by the chart); ``None`` when play goes on."""

    def key_moments(self, steps: Sequence[Step], summary: dict[str, Any], tr: Translator) -> list[Moment]:
        """The turning points of a played game, in order, with how it ended when it did."""

    def score_pad(self) -> ScorePad:
        """The blank score pad, described from the rules (player ranges, rounds, limits)."""


def preset_of(game: Game, header: Header) -> Preset | None:
    """The preset a journal's header was set up with, if any still matches."""
    return next((p for p in game.presets() if p.matches(header)), None)


def player_range(game: Game) -> tuple[int, int]:
    """The fewest and the most players over all of a game's presets."""
    ranges = [p.players for p in game.presets()]
    return min(low for low, _ in ranges), max(high for _, high in ranges)


def turns(game: Game, steps: Sequence[Step]) -> Iterator[tuple[int, Step]]:
    """``(turn, step)``: each step with the 1-based number of the round or turn it belongs to."""
    done = 0
    for step in steps:
        yield done + 1, step
        if game.period_end(step) is not None:
            done += 1
