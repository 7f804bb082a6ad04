"""Diamant rulesets: validated TOML data (presets ship in ``rulesets/``; house rules are copies).

A ruleset is found by id among the presets and the user's ``<config>/rulesets/*.toml``, or by the
path of a ``.toml`` file (a relative one taken from ``base``: the journal's folder for a header).
Files are read with :func:`companion.safeio.load_toml_file` (a regular file of at most 256 KB, nested
at most 32 levels) and the lists are bounded (:data:`MAX_ENTRIES`), so that no file can freeze a
form.  A journal header's ``options`` override single settings and go through the same checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from companion.errors import RulesetError
from companion.i18n import N_
from companion.safeio import load_toml_file, resolve
from companion.safetext import is_clean

PRESET_DIR = Path(__file__).resolve().parent / "rulesets"
PRESETS = ("diamant", "diamant-classic", "incan-gold", "house-001")

LEAVING_SPLITS = ("pooled", "per_card")
RELIC_CLAIMS = ("lone_leaver", "last_leaver", "none")
REMAINDERS = ("stays_on_card", "dealt")
TIEBREAKS = ("shared", "most_relics")
# The longest list a setting may hold (a real deck has 15 treasures and 5 hazards): a house file with
# a million treasure cards is refused instead of freezing the new-game form.
MAX_ENTRIES = {"treasures": 500, "hazards": 50, "relic_values": 100, "denominations": 20}
MAX_NAME = 64  # characters in an id (the ruleset's, a hazard's, a coin's)


@dataclass(frozen=True)
class Ruleset:
    id: str
    players: tuple[int, int]
    rounds: int
    treasures: tuple[int, ...]
    hazards: tuple[str, ...]
    hazard_copies: int
    relics: int
    relics_per_round: int | str  # an int per round, or "all" at the start
    relic_values: tuple[int, ...] | str  # values by claim order, or "printed" (entered when drawn)
    leaving_split: str
    relic_claim: str
    remainder: str
    starting_gems: int
    tiebreak: str
    denominations: tuple[tuple[str, int], ...]
    source: str = ""  # the file it came from (for messages)

    @property
    def printed_relics(self) -> bool:
        return self.relic_values == "printed"

    @property
    def dealt(self) -> bool:
        return self.remainder == "dealt"

    def relic_value(self, order: int) -> int:
        """The value of the ``order``-th relic claimed in the game (0-based)."""
        values = self.relic_values
        assert not isinstance(values, str)
        return values[min(order, len(values) - 1)]


SETTINGS = tuple(f.name for f in fields(Ruleset) if f.name != "source")


def _bad(path: str, setting: str, expected: str, **params: Any) -> RulesetError:
    """``expected`` is a message (marked with ``N_``) that the shell translates with ``params``."""
    return RulesetError("ruleset_bad_setting", path=path, setting=setting, expected=expected, **params)


def _int(data: Mapping[str, Any], key: str, path: str, low: int, high: int) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(path, key, N_("a whole number from {low} to {high}"), low=low, high=high)
    return value


def _choice(data: Mapping[str, Any], key: str, path: str, choices: tuple[str, ...]) -> str:
    value = data[key]
    if not isinstance(value, str) or value not in choices:
        raise _bad(path, key, N_("one of: {choices}"), choices=" | ".join(choices))
    return value


def _bounded(data: Mapping[str, Any], key: str, path: str) -> None:
    """A list setting may hold at most :data:`MAX_ENTRIES` entries (checked before any entry is)."""
    value = data[key]
    if isinstance(value, list) and len(value) > MAX_ENTRIES[key]:
        raise _bad(path, key, N_("a list of at most {most} entries"), most=MAX_ENTRIES[key])


def _ids(value: Any, path: str, key: str) -> tuple[str, ...]:
    if (not isinstance(value, list) or not value
            or not all(isinstance(v, str) and 0 < len(v) <= MAX_NAME and v.replace("_", "").replace("-", "").isalnum()
                       for v in value)
            or len(set(value)) != len(value)):
        raise _bad(path, key, N_("a list of different names such as [\"snake\", \"spider\"]"))
    return tuple(value)


def validate(data: Mapping[str, Any], path: str) -> Ruleset:
    """Check every setting; the error names the file and the setting."""
    unknown = sorted(set(data) - set(SETTINGS))
    if unknown:
        raise RulesetError("ruleset_unknown_setting", path=path, setting=unknown[0])
    for key in SETTINGS:
        if key not in data:
            raise RulesetError("ruleset_missing_setting", path=path, setting=key)
    for key in MAX_ENTRIES:
        _bounded(data, key, path)
    if not isinstance(data["id"], str) or not data["id"].strip():
        raise _bad(path, "id", N_("a name that is not empty"))
    if len(data["id"]) > MAX_NAME or not is_clean(data["id"]):  # shown in menus and journals
        raise _bad(path, "id", N_("a short name without control or invisible characters"))
    players = data["players"]
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
            or not 1 <= players[0] <= players[1] <= 12):
        raise _bad(path, "players", N_("[fewest, most], such as [3, 8]"))
    rounds = _int(data, "rounds", path, 1, 100)
    treasures = data["treasures"]
    if (not isinstance(treasures, list) or not treasures
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 1000 for v in treasures)):
        raise _bad(path, "treasures", N_("a list of gem values from 1 to 1000"))
    hazards = _ids(data["hazards"], path, "hazards")
    copies = _int(data, "hazard_copies", path, 1, 20)
    relics = _int(data, "relics", path, 0, 50)
    per_round = data["relics_per_round"]
    if not (per_round == "all"
            or (isinstance(per_round, int) and not isinstance(per_round, bool) and 0 <= per_round <= 50)):
        raise _bad(path, "relics_per_round", N_("a whole number per round, or \"all\""))
    values = data["relic_values"]
    if values == "printed":
        relic_values: tuple[int, ...] | str = "printed"
    elif isinstance(values, list) and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000
                                          for v in values):
        relic_values = tuple(values)
        if relics and not relic_values:
            raise _bad(path, "relic_values", N_("one value per relic in claim order, or \"printed\""))
    else:
        raise _bad(path, "relic_values", N_("a list of values in claim order, or \"printed\""))
    claim = _choice(data, "relic_claim", path, RELIC_CLAIMS)
    if relics and claim == "none":
        raise _bad(path, "relic_claim", N_("lone_leaver or last_leaver when there are relics"))
    denominations = data["denominations"]
    if (not isinstance(denominations, list) or not denominations
            or not all(isinstance(d, dict) and set(d) == {"id", "value"} and isinstance(d["id"], str)
                       and 0 < len(d["id"]) <= MAX_NAME and is_clean(d["id"])
                       and isinstance(d["value"], int) and not isinstance(d["value"], bool) and d["value"] >= 1
                       for d in denominations)
            or 1 not in {d["value"] for d in denominations}):
        raise _bad(path, "denominations", N_("a list of coins (id and value) that includes a coin worth 1"))
    return Ruleset(
        id=data["id"].strip(), players=(players[0], players[1]), rounds=rounds, treasures=tuple(treasures),
        hazards=hazards, hazard_copies=copies, relics=relics, relics_per_round=per_round,
        relic_values=relic_values, leaving_split=_choice(data, "leaving_split", path, LEAVING_SPLITS),
        relic_claim=claim, remainder=_choice(data, "remainder", path, REMAINDERS),
        starting_gems=_int(data, "starting_gems", path, 0, 1000),
        tiebreak=_choice(data, "tiebreak", path, TIEBREAKS),
        denominations=tuple(sorted(((d["id"], d["value"]) for d in denominations), key=lambda d: -d[1])),
        source=path)


def _read(path: Path) -> dict[str, Any]:
    """A regular, bounded TOML file (anything else -- a device, a FIFO, 5,000 brackets -- is a message)."""
    return load_toml_file(path, what="ruleset_unreadable", bad="ruleset_bad_toml")


def settings_of(ruleset: Ruleset) -> dict[str, Any]:
    """Every setting but the id, shaped as in a ruleset file (a journal header carries them as
    ``options`` so that a house-rules game replays anywhere, even without the file)."""
    data: dict[str, Any] = {}
    for key in SETTINGS:
        if key == "id":
            continue
        value = getattr(ruleset, key)
        if key == "denominations":
            value = [{"id": coin, "value": worth} for coin, worth in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[key] = value
    return data


def user_ruleset_dir() -> Path:
    from companion.paths import user_config_dir

    return user_config_dir() / "rulesets"


def available(user_dir: Path | None = None) -> dict[str, Path]:
    """Ruleset id -> file: the presets, then the user's house rules (a house file may not reuse a preset id)."""
    found = {name: PRESET_DIR / f"{name}.toml" for name in PRESETS}
    folder = user_ruleset_dir() if user_dir is None else user_dir
    try:
        is_dir = folder.is_dir()
    except OSError:
        is_dir = False
    if is_dir:
        try:
            files = sorted(folder.glob("*.toml"))
        except OSError:
            files = []
        for path in files:  # a FIFO or a folder named *.toml is listed, and refused when read
            found.setdefault(path.stem, path)
    return found


def load_ruleset(name: str, options: Mapping[str, Any] | None = None, user_dir: Path | None = None,
                 base: Path | None = None) -> Ruleset:
    """A ruleset by id (preset or house file) or by the path of a ``.toml`` file, with ``options``
    overriding settings.  A relative path is taken from ``base`` (a journal's folder) when given."""
    known = available(user_dir)
    if name not in known and options and set(SETTINGS) - {"id"} <= set(options):
        # A journal that carries its whole ruleset (house rules travel with the game).
        return validate({**options, "id": name}, "options")
    if name in known:
        path = known[name]
    elif name.endswith(".toml"):  # only a TOML file: never /etc/passwd or /dev/zero
        path = resolve(name, base)
    else:
        raise RulesetError("ruleset_unknown", ruleset=name, choices=", ".join(known))
    data = _read(path)
    if options:
        if "id" in options:
            raise RulesetError("ruleset_unknown_setting", path="options", setting="id")
        data = {**data, **options}
    ruleset = validate(data, str(path) if not options else f"{path} + options")
    if path.parent != PRESET_DIR and ruleset.id in PRESETS and not options:
        raise _bad(str(path), "id", N_("a new name (the names of the shipped editions are taken)"))
    if name in known and ruleset.id != name and not options:
        # Journals name a house ruleset by its file: the two must agree, or a replay would differ.
        raise _bad(str(path), "id", N_("the same name as the file ({name})"), name=name)
    return ruleset
