"""Nothing internal reaches a person: every message of every catalog code, rendered in every language
with the values the code really passes, shows no event or field id, no card id, no Python value.

The sample values are what the engines and the journal put in an error's params (ids, raw JSON
values, ``None``), so a message that shows them as they are fails here; ``describe`` must turn them
into words (card and hazard names, "nothing", the locale's digits).
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from companion.i18n import LOCALES, translator
from companion.messages import _GAME_PREFIXES, CORE, describe

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog() -> dict[str, str]:
    """Every code with a sentence: the core codes (the journal's among them) and each module's."""
    codes = dict(CORE)
    for module in _GAME_PREFIXES.values():
        codes.update(importlib.import_module(module).MESSAGES)
    return codes


# What the code really passes for each placeholder (several values where the code passes several kinds).
SAMPLES: dict[str, list[Any]] = {
    "a": ["row 1, column 2"], "b": ["row 1, column 3"], "active": ["Ben"], "attribute": ["onclick"],
    "by_name": ["leave Ava"], "by_seat": ["leave two"], "card": ["animal-1", "heat-6", "xyz"],
    "choices": ["Ava, Ben"], "column": [14], "count": [9], "detail": ["the text"], "document": ["rules"],
    "element": ["iframe"], "entry": [3], "event": ["fly"], "example": ["Flood 2 3"],
    "expected": [24], "face": ["sum"], "faces": ["sun, moon"], "faceup": ["flood-2"],
    "field": ["card", "tuck", "at"], "game": ["chess"], "got": [3], "grid": [[["sun"]]],
    "hazard": ["snake", "animal"], "hazards": ["Ava, Ben"], "high": [8], "host": ["table"],
    "id": ["ss99"], "key": ["cards"], "kind": ["rules"], "language": ["xx"], "lengths": ["two, three"],
    "limit": [64], "line": [12], "low": [3], "mode": ["duel"], "most": [5], "name": ["Ava"],
    "option": ["finish"], "other": ["Ben"], "path": ["/home/ava/game.jsonl"],
    "pattern": ["sun * fish"], "pid": ["4242"], "player": ["Ava"], "points": [4], "port": [80],
    "reason": ["the disk is full"], "round": [2], "row": [2], "rule": [2], "ruleset": ["chess"],
    "setting": ["treasures"], "since": ["2026-11-29 20:00 UTC"], "source": ["hand"],
    "target": ["https://example.org"], "text": ["xyz"], "value": [7, "abc", None, [1, 2], {"a": 1}],
    "want": [4], "word": ["Ava"], "zone": ["sky"],
}

# A person editing one of these files must see the key or id the file uses: a file's own words, not ours.
FILE_FORMAT = re.compile(r"^(journal_|ruleset_|content_|valley\.catalog_|valley\.bad_header|valley\.bad_catalog_path"
                         r"|stones\.library_)")

EVENT_AND_FIELD_IDS = ("robot", "reveal", "travel", "rest", "move", "end_turn", "stars", "ability", "draw",
                       "leave", "score", "shift", "flip", "pass", "layout", "card", "tuck", "return",
                       "source", "to", "event", "at", "field", "options")
QUOTED_ID = re.compile(r"[“«「\"'‘]\s*(?:" + "|".join(EVENT_AND_FIELD_IDS) + r")\s*[”»」\"'’]")
CARD_ID = re.compile(r"\b(?:animal|flood|land|heat)-\d\b")
PYTHON = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\['|\{'|', '")
HAZARD_ID = re.compile(r"\b(?:spider|snake|lava|rockfall)\b")
LATIN_DIGIT = re.compile(r"[0-9]")


# Where a game passes something else under the same name.
GAME_SAMPLES: dict[str, dict[str, list[Any]]] = {
    "stones.": {"card": ["ss06"]},
    "diamant.": {"card": ["xyz", None, ["a"]]},
    "valley.": {"hazard": ["animal"]},
}
# Where one code passes what the person typed (an unknown word, so never one of our ids).
CODE_SAMPLES: dict[str, dict[str, list[Any]]] = {
    "diamant.unknown_hazard": {"hazard": ["wasp"], "choices": ["spider, snake"]},  # the engine joins ids
    "diamant.no_such_treasure": {"choices": ["1, 2, 3"]},
}
# Literal text a person must type or install as it is (not translated, so its digits stay Latin).
LITERAL_PARAMS = ("path", "target", "id", "example", "a", "b")
LITERALS = ("libharfbuzz-subset0", "UTF-8")
# The name "robot" is reserved as it is spelled: the message quotes what the host typed.
QUOTES_ON_PURPOSE = ("valley.robot_name_taken",)


# English card-kind and hazard ids (what the journal's JSON says) inside a Persian or Chinese sentence.
KIND_ID = re.compile(r"\b(?:treasure|hazard|relic)\b")
# Where the host must type the keywords themselves (a journal's draw line): each keyword is allowed
# there only beside the locale's name for it, so the sentence says what the word means.
TYPED_KEYWORDS = {"diamant.unknown_card", "diamant.no_card_kind"}
KIND_GLOSSARY = {"treasure": "treasure_card", "hazard": "hazard", "relic": "relic"}


def kind_names(locale: str) -> dict[str, str]:
    """The Diamant glossary's words for the three kinds (``کارت گنجینه`` is said «گنجینه» for short)."""
    from companion import content

    terms = content.glossary("diamant", locale)
    return {kind: terms[concept].removeprefix("کارت ") for kind, concept in KIND_GLOSSARY.items()}


def renders(code: str, template: str) -> list[dict[str, Any]]:
    names = sorted(set(PLACEHOLDER.findall(template)))
    samples = dict(SAMPLES)
    for prefix, extra in GAME_SAMPLES.items():
        if code.startswith(prefix):
            samples.update(extra)
    samples.update(CODE_SAMPLES.get(code, {}))
    base = {name: samples[name][0] for name in names}
    out = [base]
    for name in names:
        out += [{**base, name: other} for other in samples[name][1:]]
    return out


def problems(code: str, text: str, locale: str, params: dict[str, Any]) -> list[str]:
    found = []
    if not FILE_FORMAT.match(code) and code not in QUOTES_ON_PURPOSE:
        found += [f"an event or field id {m.group(0)}" for m in QUOTED_ID.finditer(text)]
    if not FILE_FORMAT.match(code):
        found += [f"a card id {m.group(0)}" for m in CARD_ID.finditer(text)]
    found += [f"a Python value {m.group(0)!r}" for m in PYTHON.finditer(text)]
    if locale != "en":
        found += [f"an English hazard id {m.group(0)}" for m in HAZARD_ID.finditer(text)]
        if not FILE_FORMAT.match(code):
            kinds = set(KIND_ID.findall(text))
            if code not in TYPED_KEYWORDS:
                found += [f"an English card kind {kind}" for kind in sorted(kinds)]
            else:  # every keyword to type, each with the locale's name beside it
                names = kind_names(locale)
                found += [f"the keyword {kind} to type is missing" for kind in sorted(set(names) - kinds)]
                found += [f"the name {names[kind]} beside {kind} is missing" for kind in sorted(names)
                          if names[kind] not in text]
    if locale == "fa":
        shown = text
        for literal in [str(params[key]) for key in LITERAL_PARAMS if key in params] + list(LITERALS):
            shown = shown.replace(literal, "")
        if FILE_FORMAT.match(code) or code.startswith("stones."):  # the file's ids, the library's card ids
            shown = re.sub(r"\b[a-z]+-?\d+\b", "", shown)
        found += [f"a Latin digit in {shown!r}" for _m in LATIN_DIGIT.finditer(shown)][:1]
    return found


def test_every_placeholder_has_a_sample():
    missing = {name for template in catalog().values() for name in PLACEHOLDER.findall(template)} - set(SAMPLES)
    assert not missing, f"give these placeholders a sample value: {sorted(missing)}"


def test_the_checks_catch_what_they_are_for():
    assert problems("valley.missing_field", "The “robot” event needs a «card».", "en", {})
    assert problems("valley.unknown_card", "the cards are animal-1 to heat-6", "en", {})
    assert problems("valley.bad_stars", "not None", "en", {})
    assert problems("stones.bad_cell", "not ['a', 'b']", "en", {})
    assert problems("diamant.round_over", "دور 2 تمام شد", "fa", {})
    assert problems("diamant.not_a_card", "«x» کارت نیست؛ یک hazard بنویسید", "fa", {})
    # the keywords to type, but not what they mean (or only what they mean): both refused
    assert problems("diamant.unknown_card", "未知的卡牌種類「x」（應為 treasure、hazard 或 relic）。", "zh_Hant", {})
    assert problems("diamant.unknown_card", "نوع کارت «x» باید گنجینه، تله یا عتیقه باشد.", "fa", {})
    assert not problems("diamant.unknown_card", "بنویسید treasure (گنجینه)، hazard (تله) یا relic (عتیقه).",
                        "fa", {})
    assert not problems("diamant.round_over", "دور ۲ تمام شد", "fa", {})


@pytest.mark.parametrize("locale", LOCALES)
def test_no_message_leaks_an_internal_value(locale):
    tr = translator(locale)
    leaks = []
    for code, template in sorted(catalog().items()):
        for params in renders(code, template):
            text = describe(code, dict(params), tr)
            leaks += [f"{code} {params}: {p}\n    {text}" for p in problems(code, text, locale, params)]
    assert not leaks, f"{len(leaks)} leaks:\n" + "\n".join(leaks[:60])


def test_ids_and_raw_values_are_put_in_words():
    en, fa = translator("en"), translator("fa")
    assert describe("valley.card_in_deck", {"card": "flood-2"}, en) == \
        "Flood 2 is in the deck, not where this event says."
    assert "flood-2" not in describe("journal_rejected_event", {"line": 3, "cause": "valley.card_in_deck",
                                                                "card": "flood-2"}, fa)
    assert describe("valley.catalog_unknown_card", {"path": "c.toml", "key": "flood-9"}, en).count("flood-9") == 1
    hazards = describe("diamant.unknown_hazard", {"hazard": "wasp", "choices": "spider, snake"}, fa)
    assert "عنکبوت" in hazards and "مار" in hazards and "spider" not in hazards and "wasp" in hazards
    assert "snake" not in describe("diamant.hazard_not_in_deck", {"hazard": "snake"}, fa)
    assert "۱، ۲ و ۳" in describe("diamant.no_such_treasure", {"value": 4, "choices": "1, 2, 3"}, fa)
    assert describe("stones.bad_points", {"value": None}, en) == "A card is worth 1 to 5 points, not nothing."
    assert describe("stones.bad_points", {"value": [1, 2]}, en).endswith("not [1, 2].")
    assert '{"a": "b"}' in describe("stones.bad_points", {"value": {"a": "b"}}, en)
    assert "۴۲۴۲" in describe("journal_locked", {"path": "g.jsonl", "pid": "4242", "host": "t", "since": "x"}, fa)


@pytest.mark.parametrize(("game", "ruleset", "players"), [
    ("diamant", "diamant", ("Ava", "Ben", "Cy")),
    ("shifting_stones", "shifting_stones", ("Ava", "Ben")),
    ("death_valley", "death_valley", ("Ava", "Ben")),
])
def test_an_event_without_a_name_is_refused_in_words(game, ruleset, players):
    from companion.errors import EventError
    from companion.games import get
    from companion.journal import Header

    engine = get(game)
    state = engine.start(Header(game, ruleset, players))
    for event in ({"event": ["x"]}, {"event": None}, {"event": 7}, {}):
        with pytest.raises(EventError) as info:
            engine.apply(state, event)
        assert info.value.code == "no_event", (game, event)
        assert describe(info.value.code, info.value.params, translator("en")) == \
            "This entry does not say which event it is."


@pytest.mark.parametrize("event", [
    {"event": "draw"}, {"event": "draw", "card": None}, {"event": "draw", "card": ["treasure"]},
    {"event": "draw", "card": {"kind": "gem"}}, {"event": "draw", "card": 7}, {"event": "draw", "card": "gem"},
])
def test_a_draw_of_no_known_kind_is_refused_in_words(event):
    """What the engine really passes for a bad ``card`` (a missing one, JSON of another type) comes out
    as words and JSON, never ``None`` or a Python list, and tells what to write; the state is unchanged."""
    from companion.errors import EventError
    from companion.games import get
    from companion.journal import Header

    engine = get("diamant")
    state = engine.start(Header("diamant", "diamant", ("Ava", "Ben", "Cy")))
    before = engine.summary(state)
    with pytest.raises(EventError) as info:
        engine.apply(state, event)
    assert info.value.code == ("diamant.no_card_kind" if event.get("card") is None else "diamant.unknown_card")
    assert engine.summary(state) == before
    for locale in LOCALES:
        text = describe(info.value.code, info.value.params, translator(locale))
        assert not problems(info.value.code, text, locale, info.value.params), (locale, text)
        assert all(word in text for word in ("treasure", "hazard", "relic")), (locale, text)
    if isinstance(event.get("card"), list):
        assert '["treasure"]' in describe(info.value.code, info.value.params, translator("en"))


# -- every sentence of the catalogs, not only the error messages ---------------------------------------
CARD_ID_SHAPE = re.compile(r"(?<![\w-])[a-z]+-\d+\b")  # flood-2, heat-3: an id where a name exists
ENGLISH_IDS = re.compile(r"\b(?:treasure|hazard|relic|spider|snake|lava|rockfall|animal|flood|land|heat)\b")
# A data file's own words (its keys and ids), shown to the person who edits that file.
FILE_WORDS = ('a list of different names such as ["snake", "spider"]',)


def file_msgids() -> set[str]:
    return {template for code, template in catalog().items() if FILE_FORMAT.match(code)} | set(FILE_WORDS)


def catalog_sentences(locale: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every message of ``locale``, placeholders taken out."""
    from babel.messages.pofile import read_po

    from companion.i18n import catalog_path

    with catalog_path(locale).open("rb") as handle:
        messages = read_po(handle, locale=locale)
    out = []
    for message in messages:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if locale == "en":
            strings = message.id if isinstance(message.id, tuple) else (message.id,)
        out += [(msgid, PLACEHOLDER.sub("", text)) for text in strings if text]
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_no_sentence_of_the_catalog_shows_a_card_id(locale):
    """A hint or a label shows a card by its name (``such as {example}``, the name filled in by the
    screen), never by an id such as heat-3; only a card catalog file's messages quote its ids."""
    allowed = file_msgids()
    found = [(msgid, text) for msgid, text in catalog_sentences(locale)
             if msgid not in allowed and CARD_ID_SHAPE.search(text)]
    assert not found, found[:10]


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_no_persian_or_chinese_sentence_shows_an_english_id(locale):
    """Kind and hazard ids stay out of fa and zh sentences, except a file's own words and the
    keywords a host writes in a journal (there each stands beside the locale's name for it)."""
    allowed = file_msgids() | {catalog().get(code, "") for code in TYPED_KEYWORDS}
    found = [(msgid, text) for msgid, text in catalog_sentences(locale)
             if msgid not in allowed and ENGLISH_IDS.search(text)]
    assert not found, found[:10]


@pytest.mark.parametrize("locale", LOCALES)
def test_death_valley_hints_show_a_card_by_the_name_the_game_uses(locale):
    """The entry field's hints name an example card as the game names it for people (the catalog's
    name when one is loaded), and what is shown there reads back as that card."""
    from types import SimpleNamespace

    from companion.games import get
    from companion.games.death_valley import notation
    from companion.i18n import use_language
    from companion.journal import Header
    from companion.tui.screens.death_valley import DeathValleyScreen

    state = get("death_valley").start(Header("death_valley", "death_valley", ("Ava", "Ben")))
    tr = translator(locale)
    for phase, card in (("travel", "heat-3"), ("reveal", "flood-2")):
        screen = SimpleNamespace(phase=lambda phase=phase: phase, state=state, asking=None)
        with use_language(locale):
            hint = DeathValleyScreen._placeholder(screen)  # type: ignore[arg-type]
        name = notation.format_card(card, state, tr)
        assert name in hint and card not in hint, (phase, hint)
        assert notation.parse_card(name, state, tr) == card
