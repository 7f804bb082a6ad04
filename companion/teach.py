"""Teaching a first game: the setup checklist and a note the first time each rule applies.

A game teaches when its package has a ``teach`` module (``companion/games/<id>/teach.py``), found
through the registry's id like any other part of a game, so no shell names a game.  That module gives:

* ``LESSONS``: :class:`Lesson` s, each a note (a catalog message marked with ``N_``) and the ``{#id}`` of
  the rules section it comes from;
* ``found(outcome, state) -> tuple[str, ...]``: the lessons an outcome applies (``state``: the state
  right after it), from the engine's outcome alone;
* ``checklist(state, tr) -> list[str]``: what to shuffle, deal and set aside for this table, counted
  from the ruleset (``state``: the state before the first event).

:class:`Teacher` remembers which lessons were given (those of the steps already played count as
given, so a resumed game does not teach them again) and can be switched off.  A journal header
``"teach": true`` asks for teaching; readers ignore the key otherwise.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from companion.i18n import Translator

HEADER_KEY = "teach"


@dataclass(frozen=True)
class Lesson:
    id: str        # unique within its game
    message: str   # the note (marked with N_; translated where it is shown)
    section: str   # the rules section it comes from ({#id} of rules_content/<game>/rules.<locale>.md)


def lessons_module(game_id: str) -> ModuleType | None:
    """The ``teach`` module of the game package ``game_id``; ``None`` when the game teaches nothing."""
    name = f"companion.games.{game_id}.teach"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):  # a game defined outside the package (tests) has no package here
        return None
    return importlib.import_module(name)


def section_title(game_id: str, section: str, locale: str) -> str:
    """The heading of a rules section in ``locale`` (the id itself when the text has none)."""
    from companion.content import load_document

    try:
        sections = load_document(game_id, locale, "rules").sections
    except Exception:  # a missing or broken rules text: the id still names the section
        return section
    return next((s.title for s in sections if s.id == section), section)


def note_lines(game_id: str, lesson: Lesson, tr: Translator) -> list[str]:
    """The note of ``lesson`` in ``tr``'s language: the rule, then the section it comes from."""
    return [tr.gettext(lesson.message),
            tr.gettext("From the rules section “{section}”.",
                       section=section_title(game_id, lesson.section, tr.locale))]


def checklist_lines(game_id: str, state: Any, tr: Translator) -> list[str]:
    """The setup checklist for this table; empty when the game has none."""
    module = lessons_module(game_id)
    return list(module.checklist(state, tr)) if module is not None else []


@dataclass
class Teacher:
    """Which lessons of one game were given; :meth:`new_lessons` says which an outcome adds."""

    game_id: str
    module: ModuleType
    on: bool = True
    given: set[str] = field(default_factory=set)
    checklist_shown: bool = False

    @classmethod
    def for_game(cls, game_id: str, header: Any, steps: Sequence[Any] = ()) -> Teacher | None:
        """A teacher when ``header`` asks for teaching (``"teach": true``) and the game has lessons;
        the lessons of ``steps`` (already played) count as given."""
        if header.get(HEADER_KEY) is not True:
            return None
        module = lessons_module(game_id)
        if module is None:
            return None
        teacher = cls(game_id, module)
        for step in steps:
            teacher.given.update(teacher._found(step.outcome, step.state))
        return teacher

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        lessons: tuple[Lesson, ...] = self.module.LESSONS
        return lessons

    def _found(self, outcome: Any, state: Any) -> Iterable[str]:
        try:
            found: Iterable[str] = self.module.found(outcome, state)
        except Exception:  # a lesson must never stop a game
            return ()
        return found

    def new_lessons(self, outcome: Any, state: Any) -> list[Lesson]:
        """The lessons ``outcome`` applies for the first time, in the order of ``LESSONS`` (none when off);
        they count as given from now on."""
        if not self.on:
            return []
        found = set(self._found(outcome, state)) - self.given
        self.given.update(found)
        return [lesson for lesson in self.lessons if lesson.id in found]
