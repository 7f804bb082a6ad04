"""Diamant notation: the text a host types for a card or a decision, and back (pure; no Textual).

Each reader has a writer, and they round-trip: ``parse_card(format_card(e, s, tr), s, tr) == e``, and
the same for decisions and for the entry field as a whole (``parse_entry`` / ``format_entry``).

Cards (a ``draw`` event): a gem value (``7``, ``۷``, ``７``), a hazard id, its translated name or an
unambiguous prefix of either (``sn``, ``مار``), ``r`` / ``relic`` / the translated word for relic,
followed by the printed value where the ruleset prints values on relics (``r 7``).

Decisions (a ``leave`` event), typed in the same field: ``L``, ``leave`` or the translated word, then
the names or seat numbers of those who leave (``L Ava Ben``, ``leave 1 3``, ``برگشت آوا``); names may
be shortened to an unambiguous prefix and separated by spaces or commas.

Localized words come from the :class:`~companion.i18n.Translator` passed in.  The word tables and the
examples are made once per translator and ruleset (or players) and kept: they are read on every key
(the completion as a host types, the hint after each event), and each made again cost more than the
rest of a key's work.  Whether the card is
still in the deck, or the explorers may leave now, is the engine's business: the readers only say
what the text names (:class:`NotationError` when it names nothing).
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from companion.errors import CompanionError
from companion.games.diamant.engine import HAZARD, RELIC, TREASURE, State, deck
from companion.games.diamant.explain import hazard_name
from companion.i18n import LOCALES, N_, Translator, translator

RELIC_WORDS = ("relic", "r")
LEAVE_WORDS = ("leave", "l")
# TRANSLATORS: the word typed before the names of the explorers who go back to camp ("leave Ava Ben").
LEAVE = N_("leave")
RELIC_WORD = N_("relic")  # the translated word for a relic (the explanations use it too)
# Leave words of the printed editions, read in every language beside the translated word: the Iello
# edition's decision card says خروج (seed 000), where the companion's Persian word is برگشت.
EDITION_LEAVE_WORDS = ("خروج",)
_SEPARATORS = str.maketrans({",": " ", "،": " ", "、": " ", "，": " ", ";": " ", "；": " ", "؛": " "})
# Arabic letters a Persian keyboard may give for the Persian ones (ي ك ى -> ی ک ی).
_LETTERS = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک"})

Event = dict[str, Any]
Meaning = tuple[str, str]  # ("hazard", id) | ("relic", "") | ("leave", "")
_RELIC: Meaning = (RELIC, "")
_LEAVE: Meaning = ("leave", "")


class NotationError(CompanionError):
    """Text that names no card or no player, or more than one.  Codes (their sentences are the entry
    field's): ``tui.unknown_card`` (``text``), or ``diamant.not_a_card`` (``text``, ``hazards``) where
    there are no relics; ``diamant.ambiguous_entry`` (``text``, ``choices``); ``diamant.did_you_mean``
    (``text``, ``word``); ``diamant.no_leavers`` (``by_name``, ``by_seat``); ``tui.unknown_player``
    (``name``); ``diamant.ambiguous_player`` (``name``, ``choices``)."""


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_LETTERS).strip().casefold()


def _number(text: str) -> int | None:
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _digits(value: int, tr: Translator) -> str:
    """A whole number as a host types it: the locale's digits, no grouping (``۱۵``, not ``1,015``)."""
    return tr.digits(str(value))


def either(items: list[str], tr: Translator) -> str:
    """``spider or snake`` in the locale's own list style (Persian writes no comma before «یا»)."""
    if tr.locale == "fa" and len(items) > 1:
        return "، ".join(items[:-1]) + " یا " + items[-1]
    from babel.lists import format_list

    return format_list(items, style="or", locale=tr.babel_locale)


def _english() -> Translator:
    return translator("en")


# -- words -----------------------------------------------------------------------------------------
def names(state: State, tr: Translator) -> Mapping[str, str]:
    """Every word that names a hazard of this ruleset -> its id (ids, English and translated names).
    (One table per hazards and translator, shared: read it, never change it.)"""
    return _names(state.rules.hazards, tr)


@lru_cache(maxsize=64)
def _names(hazards: tuple[str, ...], tr: Translator) -> Mapping[str, str]:
    found: dict[str, str] = {}
    for hazard in hazards:
        found[_norm(hazard)] = hazard
        found[_norm(hazard_name(hazard, _english()))] = hazard
        found[_norm(hazard_name(hazard, tr))] = hazard
    return found


@lru_cache(maxsize=16)
def relic_words(tr: Translator) -> tuple[str, ...]:
    return tuple(dict.fromkeys(RELIC_WORDS + (_norm(tr.gettext(RELIC_WORD)),)))


@lru_cache(maxsize=16)
def leave_words(tr: Translator) -> tuple[str, ...]:
    """The words of a decision: ``leave``/``l``, the translated word, the other languages' words and
    the editions' (a Persian host whose screen is in English still types برگشت or خروج)."""
    others = tuple(_norm(translator(locale).gettext(LEAVE)) for locale in LOCALES)
    return tuple(dict.fromkeys(LEAVE_WORDS + (_norm(tr.gettext(LEAVE)),) + others
                               + tuple(_norm(w) for w in EDITION_LEAVE_WORDS)))


def _meanings(state: State, tr: Translator) -> Mapping[str, frozenset[Meaning]]:
    """Every word the field reads -> what it may mean (a hazard, relic, the leave word)."""
    return _meaning_table(state.rules.hazards, tr)


@lru_cache(maxsize=64)
def _meaning_table(hazards: tuple[str, ...], tr: Translator) -> Mapping[str, frozenset[Meaning]]:
    table: dict[str, set[Meaning]] = {}
    for word, hazard in _names(hazards, tr).items():
        table.setdefault(word, set()).add((HAZARD, hazard))
    for word in relic_words(tr):
        table.setdefault(word, set()).add(_RELIC)
    for word in leave_words(tr):
        table.setdefault(word, set()).add(_LEAVE)
    return {word: frozenset(meanings) for word, meanings in table.items()}


def _label(meaning: Meaning, tr: Translator) -> str:
    if meaning[0] == HAZARD:
        return hazard_name(meaning[1], tr)
    return tr.gettext(RELIC_WORD) if meaning == _RELIC else tr.gettext(LEAVE)


def _order(meaning: Meaning, state: State) -> tuple[int, int]:
    if meaning[0] == HAZARD:
        return (1, state.rules.hazards.index(meaning[1]))
    return (0, 0) if meaning == _LEAVE else (2, 0)


def _resolve(phrase: str, text: str, state: State, tr: Translator) -> Meaning:
    """What the normalized ``phrase`` names.  An exact card name ranks first; a word that is exact
    for a command (``l`` for leave, ``r`` for relic) but also begins a card's name, or a prefix of
    more than one thing, is ambiguous -- the field asks, it never chooses (``diamant.ambiguous_entry``).
    """
    table = _meanings(state, tr)
    exact = set(table.get(phrase, ()))
    cards = {m for m in exact if m[0] == HAZARD}
    if len(cards) == 1:
        return cards.pop()
    begun: set[Meaning] = set()
    for word, meanings in table.items():
        if word != phrase and word.startswith(phrase):
            begun |= {m for m in meanings if m != _RELIC or state.rules.relics}
    found = exact | begun
    if len(found) == 1:
        return found.pop()
    if len(found) > 1:
        choices = sorted(found, key=lambda m: _order(m, state))
        raise NotationError("diamant.ambiguous_entry", text=text.strip(),
                            choices=either([_label(m, tr) for m in choices], tr))
    raise _unknown(phrase, text, table, state, tr)


def _unknown(phrase: str, text: str, table: Mapping[str, frozenset[Meaning]], state: State,
             tr: Translator) -> NotationError:
    """``diamant.did_you_mean`` for a near miss (``spidr``), else :func:`not_a_card`."""
    words = [w for w in table if len(w) > 1]
    close = difflib.get_close_matches(phrase, words, n=1, cutoff=0.75) if len(phrase) > 2 else []
    if close:
        return NotationError("diamant.did_you_mean", text=text.strip(), word=close[0])
    return not_a_card(text, state, tr)


def not_a_card(text: str, state: State, tr: Translator) -> NotationError:
    """``tui.unknown_card``; in an edition without relics ``diamant.not_a_card``, which names the
    hazards and not the relic."""
    if state.rules.relics:
        return NotationError("tui.unknown_card", text=text)
    return NotationError("diamant.not_a_card", text=text,
                         hazards=tr.join(hazard_name(h, tr) for h in state.rules.hazards))


# -- cards -----------------------------------------------------------------------------------------
def _read(text: str, state: State, tr: Translator) -> Event | Meaning:
    """A ``draw`` event, or the leave word's meaning when that is what the text names."""
    raw = text.strip()
    value = _number(raw)
    if value is not None:
        return {"event": "draw", "card": TREASURE, "value": value}
    words = _norm(raw).split()
    if not words:
        raise not_a_card(text, state, tr)
    if len(words) == 2 and _number(words[1]) is not None and " ".join(words) not in _meanings(state, tr):
        head = words[0]  # "r 7", "relic 7", "عتیقه ۷": a relic and its printed value
        if head in relic_words(tr) or (len(head) > 1 and any(w.startswith(head) for w in relic_words(tr))):
            return {"event": "draw", "card": RELIC, "value": _number(words[1])}
        raise not_a_card(text, state, tr)
    if len(words) > 1 and (words[0] in relic_words(tr)) and " ".join(words) not in _meanings(state, tr):
        raise not_a_card(text, state, tr)  # "relic seven"
    meaning = _resolve(" ".join(words), text, state, tr)
    if meaning[0] == HAZARD:
        return {"event": "draw", "card": HAZARD, "hazard": meaning[1]}
    if meaning == _RELIC:
        return {"event": "draw", "card": RELIC}
    return meaning


def parse_card(text: str, state: State, tr: Translator) -> Event:
    """The ``draw`` event for ``text``; :class:`NotationError` ``tui.unknown_card`` when it names no
    card (``diamant.ambiguous_entry`` / ``diamant.did_you_mean`` when it names several, or nearly one)."""
    read = _read(text, state, tr)
    if isinstance(read, dict):
        return read
    raise not_a_card(text, state, tr)


def _card_texts(event: Event, tr: Translator) -> list[str]:
    """Ways to write a ``draw`` event, the one a host of this language would type first."""
    kind = event.get("card")
    if kind == TREASURE:
        return [_digits(event["value"], tr)]
    if kind == HAZARD:
        return [hazard_name(event["hazard"], tr), event["hazard"]]
    if kind == RELIC:
        words = [tr.gettext(RELIC_WORD), RELIC_WORDS[0]]
        if "value" in event:
            return [f"{word} {_digits(event['value'], tr)}" for word in words]
        return words
    return []


def format_card(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_card` reads back as ``event`` (a treasure's digits, the hazard's
    name in ``tr``'s language, the word for relic and its printed value)."""
    return _written(_card_texts(event, tr), parse_card, event, state, tr)


# -- decisions -------------------------------------------------------------------------------------
def _wide(char: str) -> bool:
    """A character of a script written without spaces between words (Chinese, Japanese, Korean)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _glued(norm: str, tr: Translator) -> tuple[str, str] | None:
    """``撤退阿华`` -> (``撤退``, ``阿华``): a leave word of a non-Latin script with the names right after it."""
    for word in sorted(leave_words(tr), key=len, reverse=True):
        if not word.isascii() and norm.startswith(word) and len(norm) > len(word):
            return word, norm[len(word):]
    return None


def _split_head(text: str, tr: Translator) -> str | None:
    """The text after the leave word when ``text`` is a decision (``None`` when it is not one)."""
    raw = unicodedata.normalize("NFKC", text).translate(_LETTERS).strip()
    parts = raw.split(None, 1)
    if parts and _norm(parts[0]) in leave_words(tr):
        return parts[1] if len(parts) > 1 else ""
    glued = _glued(_norm(raw), tr)
    if glued is not None:
        return raw[len(glued[0]):]
    return None


def is_decision(text: str, tr: Translator) -> bool:
    """Whether ``text`` is a decision: a leave word followed by names (``L Ava``, ``撤退阿华``; a lone
    ``l`` may begin a hazard's name, ``leave`` alone is a decision that names nobody)."""
    rest = _split_head(text, tr)
    if rest is None:
        return False
    return bool(rest.strip()) or _norm(text) != "l"


def parse_decision(text: str, state: State, tr: Translator) -> Event:
    """The ``leave`` event for ``L Ava Ben`` / ``leave 1 3`` / ``撤退阿华、小明``: names in seat order.

    :class:`NotationError` ``tui.no_leavers`` when nobody is named, ``tui.unknown_player`` for a
    name or number that is no player's, ``diamant.ambiguous_player`` for the beginning of several
    names; whether they may leave now is the engine's business.
    """
    rest = _split_head(text, tr)
    if rest is None:  # no leave word: what follows the first word
        parts = unicodedata.normalize("NFKC", text).strip().split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
    seats = _leavers(rest, state, tr)
    if not seats:
        raise no_leavers(state, tr)
    return {"event": "leave", "players": [state.players[s] for s in sorted(seats)]}


def _key(name: str) -> str:
    """A player's name as it is compared with typed text (case, width, separators and spacing aside)."""
    return " ".join(_norm(name).translate(_SEPARATORS).split())


def _leavers(rest: str, state: State, tr: Translator) -> set[int]:
    """The seats named in ``rest``: seat numbers, whole names (the longest first, so ``Ava Lee`` before
    ``Ava``; Chinese names may follow each other with no space), or the beginning of one name."""
    typed = " ".join(unicodedata.normalize("NFKC", rest).translate(_LETTERS).translate(_SEPARATORS).split())
    text = typed.casefold()
    if len(text) != len(typed):  # casefolding changed the length (ß -> ss): compare folded text only
        typed = text
    keys = [_key(p) for p in state.players]
    by_length = sorted(range(len(keys)), key=lambda seat: -len(keys[seat]))
    seats: set[int] = set()
    pos = 0
    while pos < len(text):
        if text[pos] == " ":
            pos += 1
            continue
        end = text.find(" ", pos)
        end = len(text) if end < 0 else end
        token, shown = text[pos:end], typed[pos:end]
        number = _number(token)
        if number is not None:
            if not 1 <= number <= len(state.players):
                raise NotationError("tui.unknown_player", name=shown)
            seats.add(number - 1)
            pos = end
            continue
        for seat in by_length:
            key = keys[seat]
            stop = pos + len(key)
            if key and text.startswith(key, pos) and (
                    stop == len(text) or text[stop] == " " or _wide(text[stop]) or _wide(text[stop - 1])):
                seats.add(seat)
                pos = stop
                break
        else:
            found = [seat for seat, key in enumerate(keys) if key.startswith(token)]
            if len(found) > 1:
                raise NotationError("diamant.ambiguous_player", name=shown,
                                    choices=either([state.players[s] for s in found], tr))
            if not found:
                raise NotationError("tui.unknown_player", name=shown)
            seats.add(found[0])
            pos = end
    return seats


def _decision_texts(event: Event, state: State, tr: Translator) -> list[str]:
    """``leave Ava Ben`` in ``tr``'s language; then with the English word; then by seat numbers
    (for names that would read back as someone else, such as a player called ``2``)."""
    leavers = event.get("players") or []
    seats = [state.players.index(p) for p in leavers if p in state.players]
    by_name = " ".join(leavers)
    by_seat = " ".join(_digits(seat + 1, tr) for seat in seats)
    words = list(dict.fromkeys([tr.gettext(LEAVE), LEAVE_WORDS[0]]))
    return [f"{word} {who}" for who in (by_name, by_seat) for word in words]


def format_decision(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_decision` reads back as ``event`` (leavers in seat order)."""
    return _written(_decision_texts(event, state, tr), parse_decision, event, state, tr)


def examples(state: State, tr: Translator) -> tuple[str, str, str]:
    """What a host may type, in this game's words and with the players' own names: cards
    (``7, spider, or relic``; no relic where there is none), a decision by name (``leave Ava Ben``)
    and by seat (``leave 1 2``) -- for (up to two of) the players in the cave, else the first two.

    Made once for each translator, first hazard, relics or not, players and the seats shown (all it
    depends on) and kept."""
    inside = [i for i, here in enumerate(state.in_cave) if here and state.in_round]
    seats = tuple((inside or list(range(len(state.players))))[:2])
    key = (tr, state.rules.hazards[0], bool(state.rules.relics), state.players, seats)
    found = _EXAMPLES.get(key)
    if found is None:
        found = _examples(state, seats, tr)
        if len(_EXAMPLES) >= 256:
            _EXAMPLES.clear()
        _EXAMPLES[key] = found
    return found


_EXAMPLES: dict[tuple[Any, ...], tuple[str, str, str]] = {}


def _examples(state: State, seats: tuple[int, ...], tr: Translator) -> tuple[str, str, str]:
    cards = [_digits(7, tr), hazard_name(state.rules.hazards[0], tr)]
    if state.rules.relics:
        cards.append(tr.gettext(RELIC_WORD))
    word = tr.gettext(LEAVE)
    try:
        by_name = format_decision({"event": "leave", "players": [state.players[i] for i in seats]}, state, tr)
    except ValueError:
        by_name = word
    by_seat = " ".join([word] + [_digits(i + 1, tr) for i in seats])
    return either(cards, tr), by_name, by_seat


def no_leavers(state: State, tr: Translator) -> NotationError:
    """``diamant.no_leavers``: say who leaves, shown with the players' own names."""
    _cards, by_name, by_seat = examples(state, tr)
    return NotationError("diamant.no_leavers", by_name=by_name, by_seat=by_seat)


# -- the entry field: either -----------------------------------------------------------------------
def parse_entry(text: str, state: State, tr: Translator) -> Event:
    """A card when the text is a card's name; a decision when it starts with a leave word (``L Ava``,
    ``撤退阿华``); else a card.  Whatever names several things, or nearly one, is refused with the
    candidates (:class:`NotationError`): the field never records what was not typed."""
    if _norm(text) not in names(state, tr) and is_decision(text, tr):
        return parse_decision(text, state, tr)
    read = _read(text, state, tr)
    if isinstance(read, dict):
        return read
    raise no_leavers(state, tr)  # the leave word (or its beginning) alone


def format_entry(event: Event, state: State, tr: Translator) -> str:
    """The text that :func:`parse_entry` reads back as ``event`` (a ``draw`` or a ``leave``)."""
    if event.get("event") == "leave":
        texts = _decision_texts(event, state, tr)
    else:
        texts = _card_texts(event, tr)
    return _written(texts, parse_entry, event, state, tr)


def _written(texts: Iterable[str], read: Callable[[str, State, Translator], Event], event: Event,
             state: State, tr: Translator) -> str:
    """The first of ``texts`` that ``read`` gives back as ``event``."""
    for text in texts:
        try:
            if read(text, state, tr) == event:
                return text
        except NotationError:
            continue
    raise ValueError(f"{event!r} cannot be written in the notation of {state.rules.id}")


# -- completion ------------------------------------------------------------------------------------
def completions(state: State, tr: Translator) -> list[str]:
    """What the entry can complete to now: hazards still in the deck (translated name, then id), relic."""
    contents = deck(state)
    out: list[str] = []
    for hazard in state.rules.hazards:
        if contents[HAZARD].get(hazard, 0) > 0:
            out.append(hazard_name(hazard, tr))
            out.append(hazard)
    if contents[RELIC]:
        out.append(tr.gettext(RELIC_WORD))
        out.append(RELIC_WORDS[0])
    return list(dict.fromkeys(out))


def _ambiguous(value: str, state: State, tr: Translator) -> bool:
    try:
        _read(value, state, tr)
    except NotationError as exc:
        return exc.code == "diamant.ambiguous_entry"
    return False


def suggest(value: str, state: State, tr: Translator) -> str | None:
    """The completion of a partly typed card (case-insensitive prefix), or ``None`` -- also when the
    text begins several things (``s``: spider or snake), since Enter would then ask, not choose."""
    typed = _norm(value)
    if not typed or _number(value) is not None or _ambiguous(value, state, tr):
        return None
    for word in completions(state, tr):
        if _norm(word).startswith(typed) and len(word) > len(value.strip()):
            return value + word[len(value):] if word.casefold().startswith(value.casefold()) else word
    return None


def _name_suggestion(value: str, rest: str, state: State) -> str | None:
    """``value`` completed with the player whose name the end of ``rest`` begins (who is in the cave
    and not named yet); names typed whole without spaces (``阿华小``) are passed over first."""
    keys = [_key(p) for p in state.players]
    tail = rest.translate(_SEPARATORS).split(" ")[-1] if rest else ""
    folded = _norm(tail) if tail.strip() else ""
    named = set(_key(w) for w in rest.translate(_SEPARATORS).split()[:-1]) if tail else set()
    moved = True
    while moved and folded:
        moved = False
        for seat in sorted(range(len(keys)), key=lambda s: -len(keys[s])):
            key = keys[seat]
            glued = len(folded) > len(key) and (_wide(key[-1]) or _wide(folded[len(key)]))
            if key and folded.startswith(key) and glued:
                named.add(key)
                folded, tail, moved = folded[len(key):], tail[len(key):], True
                break
    if not folded or _number(folded) is not None:
        return None
    for seat, player in enumerate(state.players):
        inside = state.in_round and state.in_cave[seat] if state.in_cave else True
        if inside and keys[seat] not in named and keys[seat].startswith(folded) and len(player) > len(tail):
            return value + player[len(tail):]
    return None


def suggest_entry(value: str, state: State, tr: Translator) -> str | None:
    """Completion for the field: a player's name after a leave word, else a leave word or a card."""
    rest = _split_head(value, tr)
    if rest is not None and (rest or value != value.rstrip()) and _norm(value) not in names(state, tr):
        return _name_suggestion(value, rest if not value.endswith(" ") else rest + " ", state)
    found = suggest(value, state, tr)
    if found is not None:
        return found
    typed = _norm(value)
    if len(typed) >= 2 and " " not in typed:
        for word in (tr.gettext(LEAVE), LEAVE_WORDS[0]):
            if _norm(word).startswith(typed) and len(word) > len(value):
                return value + word[len(value):]
    return None
