"""Languages: negotiation, catalogs (gettext through Babel), localized numbers.

The four locale ids are fixed: ``en``, ``fa``, ``zh_Hant``, ``zh_Hans``; one catalog folder each in
``locales/<id>/LC_MESSAGES/companion.po``.  Catalogs are read straight from the ``.po`` files (compiled
in memory), so a fresh clone works without a build step.

Messages use ``{name}`` placeholders.  :meth:`Translator.gettext` formats them, turning numbers into
the locale's own digits (Persian digits for ``fa``; Babel leaves digits Latin, so we map them).

Where the text is laid out by someone who honours them (the TUI, the PDFs: :func:`isolating`), every
inserted value is wrapped in first-strong isolates (U+2068 ... U+2069), so «Ava، Ben و Chen» reads Ava
first in a Persian sentence and a name cannot reorder the words around it.  Paths, file names and
commands are isolated left to right instead (U+2066 ... U+2069): ``/home/علی/games`` starts with a
Persian letter but its folders still read from the left (each Persian folder name is isolated on
its own inside, see :func:`_ltr_parts`).  A value is one of those when its param is
named in :data:`LTR_PARAMS` (``path``, ``file``, ``folder`` ...) or when it is given as :class:`Ltr`.
The CLI prints plain logical text: its output goes to terminals that may draw the controls, to files
and to pipes.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import sys
from _thread import allocate_lock
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.errors import UsageError
from companion.paths import data_dir

if TYPE_CHECKING:
    from fractions import Fraction
    from pathlib import Path
    from typing import TypeGuard

# What is loaded only where it is needed, so that a command loads nothing it does not use (``split``
# in English reads no catalog and no Babel data): Babel (numbers that are not whole, percentages, lists),
# the catalogs (every language but English, whose catalog is the source text: tools/catalog.py fills it
# so), platformdirs (the compiled-catalog cache), fractions (a Fraction only exists once
# something has imported it).
SOURCE_LOCALE = "en"

LOCALES: tuple[str, ...] = ("en", "fa", "zh_Hant", "zh_Hans")
DOMAIN = "companion"
RTL_LOCALES = frozenset({"fa"})
LANG_TAGS = {"en": "en", "fa": "fa", "zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}  # BCP 47, for HTML/PDF
# Language names are written in their own language (never translated).
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی", "zh_Hant": "繁體中文", "zh_Hans": "简体中文"}

# Names people and systems use for our locales, lower-cased with "-" turned into "_".
_ALIASES: dict[str, str] = {
    "en": "en", "english": "en", "c": "en", "posix": "en",
    "fa": "fa", "per": "fa", "fas": "fa", "persian": "fa", "farsi": "fa",
    "zh_hant": "zh_Hant", "zh_tw": "zh_Hant", "zh_hk": "zh_Hant", "zh_mo": "zh_Hant",
    "zh_hant_tw": "zh_Hant", "zh_hant_hk": "zh_Hant", "zh_hant_mo": "zh_Hant",
    "zh_hans": "zh_Hans", "zh_cn": "zh_Hans", "zh_sg": "zh_Hans", "zh_my": "zh_Hans",
    "zh_hans_cn": "zh_Hans", "zh_hans_sg": "zh_Hans", "zh": "zh_Hans",
}
_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"
LTR_PARAMS = frozenset({"path", "file", "folder", "journal", "command"})
"""Params whose values are always laid out left to right (paths, file names, shell commands)."""


class Ltr(str):
    """A value to lay out left to right whatever its param is called: ``_("...{x}...", x=Ltr(name))``."""

    __slots__ = ()
# Right-to-left letters (and Arabic digits), or a control that reorders: a value needs isolating.
_NEEDS_ISOLATE_CLASS = ("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff"
                        "\U0001e800-\U0001efff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Patterns are strings, compiled by ``re`` on first use (and kept in its cache): nothing is compiled at
# import, which every command pays, for text most never format (the home screen formats none).
_ISOLATE_CONTROL = "[\u2066-\u2069]"


_LATIN_EDGE = r"[A-Za-z0-9\u2068\u2069)]"  # a Latin letter, a digit or an isolate at an item's edge


def _needs_isolate(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter or a control that reorders (the pattern is compiled
    on first use: the CLI, which never isolates, does not pay for it)."""
    return _needs_isolate_pattern().search(text) is not None


@cache
def _needs_isolate_pattern() -> re.Pattern[str]:
    return re.compile(_NEEDS_ISOLATE_CLASS)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it (translate later, where it is shown)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction; translate later with ``ngettext(*pair, n)``."""
    return singular, plural


def _is_fraction(value: object) -> TypeGuard[Fraction]:
    """``isinstance(value, Fraction)`` without importing :mod:`fractions` (no Fraction exists before it)."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(value, fractions.Fraction)


def normalize_locale(name: str | None) -> str | None:
    """Map ``zh-TW``, ``fa_IR.UTF-8``, ``en_US`` ... to one of :data:`LOCALES`, or ``None``."""
    if not name:
        return None
    key = name.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").lower()
    if not key:
        return None
    if key in _ALIASES:
        return _ALIASES[key]
    parts = key.split("_")
    # Language + script or region we know (zh_hant_xx), then the bare language (fa_ir -> fa).
    for n in range(len(parts) - 1, 0, -1):
        found = _ALIASES.get("_".join(parts[:n]))
        if found and not (parts[0] == "zh" and n == 1 and len(parts) > 1):
            return found
    if parts[0] == "en":
        return "en"
    return None


def negotiate(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The locale to use: ``--lang``, then ``COMPANION_LANG``, then the system locale, then ``en``.

    An explicit choice (flag or variable) that names no locale we have is a :class:`UsageError`;
    an unknown system locale silently falls back to English.
    """
    environ = os.environ if environ is None else environ
    for given in (explicit, environ.get("COMPANION_LANG")):
        if given:
            found = normalize_locale(given)
            if found is None:
                raise UsageError("unknown_language", language=given, choices=" ".join(LOCALES))
            return found
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = environ.get(var)
        if value:
            for candidate in value.split(":"):
                found = normalize_locale(candidate)
                if found:
                    return found
            break
    if environ is os.environ:
        import locale as pylocale

        try:
            found = normalize_locale(pylocale.getlocale()[0])
        except ValueError:
            found = None
        if found:
            return found
    return "en"


class Translator:
    """Translations and number formatting for one locale."""

    def __init__(self, locale: str, translations: Any) -> None:
        self.locale = locale
        self._t = translations
        self.direction = "rtl" if locale in RTL_LOCALES else "ltr"
        self.babel_locale = {"zh_Hant": "zh_Hant_TW", "zh_Hans": "zh_Hans_CN"}.get(locale, locale)

    def __repr__(self) -> str:
        return f"Translator({self.locale!r})"

    # -- numbers -----------------------------------------------------------------------------------
    def digits(self, text: str) -> str:
        """Replace ASCII digits by the locale's own (only ``fa`` differs)."""
        return text.translate(_PERSIAN_DIGITS) if self.locale == "fa" else text

    def num(self, value: int | float | Fraction) -> str:
        """A number as people of this locale write it: ``1,234``; ``۱٬۲۳۴`` in Persian."""
        if _is_fraction(value):
            return self.integer(value.numerator) if value.denominator == 1 else self.fraction(value)
        if isinstance(value, int):
            return self.integer(value)
        from babel.numbers import format_decimal

        number: float = value  # type: ignore[assignment]  # (not a Fraction: those returned above)
        try:
            return self.digits(format_decimal(number, locale=self.babel_locale, numbering_system="default"))
        except (ArithmeticError, ValueError):
            return self.digits(str(number))

    def integer(self, value: int) -> str:
        """A whole number, without Babel: every locale of ours groups whole numbers by threes (CLDR
        ``#,##0``) with ``,`` (``٬`` in Persian) and writes ``-`` before a negative one; a test checks
        this against Babel for each locale.  Exact for any size (Babel's decimals stop at 28 digits)."""
        try:
            text = f"{value:,}"
        except ValueError:  # more digits than Python converts: say how big, never crash
            return self.digits(("-" if value < 0 else "") + "10^" + str(int(value.bit_length() * 0.30103)))
        return self.digits(text.replace(",", "٬") if self.locale == "fa" else text)

    def fraction(self, value: Fraction) -> str:
        """An exact fraction as ``a/b`` in the locale's digits (``۳/۱۰``)."""
        from fractions import Fraction

        value = Fraction(value)
        return self.digits(f"{value.numerator}/{value.denominator}")

    def percent(self, value: Fraction | float, decimals: int = 1) -> str:
        from babel.numbers import format_percent

        pattern = "#,##0" + ("." + "0" * decimals if decimals else "") + "%"
        text = format_percent(float(value), pattern, locale=self.babel_locale, numbering_system="default")
        return self.digits(text).replace("%", "٪") if self.locale == "fa" else text

    def join(self, items: Iterable[str]) -> str:
        """``Ava, Ben and Chen`` in the locale's own list style."""
        from babel.lists import format_list

        items = list(items)
        if isolating() and (self.direction == "rtl" or any(_needs_isolate(str(i)) for i in items)):
            items = [isolate(str(item)) for item in items]
        if self.locale == "fa" and len(items) > 1:  # Persian writes no comma before «و»
            return "، ".join(items[:-1]) + " و " + items[-1]
        if self.locale.startswith("zh") and len(items) > 1:
            # «洪水 2、岩石 3 和高溫 3»: a space between 和 and a Latin letter or digit, as the catalogs
            # put one between Chinese and Latin text (Babel's pattern has none: «3和高溫», «Ava和Ben»).
            head, last = "、".join(items[:-1]), items[-1]
            left = " " if re.search(_LATIN_EDGE, head[-1:]) else ""
            right = " " if re.search(_LATIN_EDGE, last[:1]) else ""
            return f"{head}{left}和{right}{last}"
        return format_list(items, locale=self.babel_locale) if items else ""

    # -- messages ----------------------------------------------------------------------------------
    def _format(self, text: str, params: Mapping[str, Any]) -> str:
        if not params:
            return text
        values = {k: self._param(v) for k, v in params.items()}
        if isolating():
            # Needed only where something can reorder: a right-to-left sentence or value.
            rtl = self.direction == "rtl" or _needs_isolate(text)
            values = {k: isolate(v, ltr=k in LTR_PARAMS or isinstance(v, Ltr))
                      if isinstance(v, str) and (rtl or _needs_isolate(v)) else v
                      for k, v in values.items()}
        if self.locale.startswith("zh"):
            return _format_chinese(text, values)
        return text.format(**values)

    def _param(self, value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) or _is_fraction(value):
            return self.num(value)
        return value

    def gettext(self, message: str, /, **params: Any) -> str:
        return self._format(self._t.gettext(message), params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        params.setdefault("n", n)
        return self._format(self._t.ngettext(singular, plural, n), params)


def _wide(ch: str) -> bool:
    """A Chinese character or full-width mark (what needs no space beside other Chinese)."""
    import unicodedata

    return bool(ch) and unicodedata.east_asian_width(ch) in ("W", "F")


def _format_chinese(text: str, values: Mapping[str, Any]) -> str:
    """``text.format(**values)`` for Chinese, spaced as Chinese text is: a space between Chinese and a
    Latin word or a number («輪到 Ava 了», «第 3 輪»), none between Chinese and Chinese («輪到阿華了»),
    whichever way the catalog spaced the placeholder (Traditional spaces every one, Simplified none
    beside a name), and none beside full-width punctuation."""
    from string import Formatter

    formatter = Formatter()
    pieces: list[tuple[str, bool]] = []  # (text, is a value)
    for literal, field, spec, conversion in formatter.parse(text):
        if literal:
            pieces.append((literal, False))
        if field is not None:
            value, _key = formatter.get_field(field, (), values)
            value = formatter.convert_field(value, conversion)
            pieces.append((formatter.format_field(value, spec or ""), True))
    out = []
    for at, (piece, is_value) in enumerate(pieces):
        if not is_value and piece.strip():
            before = re.sub(_ISOLATE_CONTROL, "", pieces[at - 1][0])[-1:] if at and pieces[at - 1][1] else ""
            after = (re.sub(_ISOLATE_CONTROL, "", pieces[at + 1][0])[:1]
                     if at + 1 < len(pieces) and pieces[at + 1][1] else "")
            if before:  # the text after a value
                if piece[:1] == " " and _wide(piece[1:2]) and _wide(before):
                    piece = piece[1:]                # 阿華 的 -> 阿華的
                elif _wide(piece[:1]) and re.match(_LATIN_EDGE, before) and not re.match(_PUNCTUATION, piece[:1]):
                    piece = " " + piece              # Ben因 -> Ben 因 (as the text spaces Latin words)
            if after:  # the text before a value
                if piece[-1:] == " " and _wide(piece[-2:-1]) and _wide(after):
                    piece = piece[:-1]
                elif _wide(piece[-1:]) and re.match(_LATIN_EDGE, after) and not re.match(_PUNCTUATION, piece[-1:]):
                    piece = piece + " "
        out.append(piece)
    return "".join(out)


_PUNCTUATION = r"[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]"
"""Full-width punctuation: no space between it and a Latin word («：Ava», «Ava。»)."""


# -- isolating inserted values --------------------------------------------------------------------
_isolate: ContextVar[bool] = ContextVar("companion_isolate", default=False)
_isolation_resolver: Callable[[], bool | None] | None = None


def isolating() -> bool:
    """Whether inserted values are wrapped in isolates now: the shell's resolver says so (the TUI: while
    an app runs), else the innermost :func:`use_isolation` block; off by default (the CLI)."""
    if _isolation_resolver is not None:
        found = _isolation_resolver()
        if found is not None:
            return found
    return _isolate.get()


def set_isolation_resolver(resolver: Callable[[], bool | None] | None) -> None:
    """Let a shell say whether values are isolated (``None`` from ``resolver()``: it has nothing to say)."""
    global _isolation_resolver
    _isolation_resolver = resolver


@contextmanager
def use_isolation(on: bool = True) -> Iterator[bool]:
    """Isolate inserted values inside the ``with`` block (for text that is printed, say)."""
    token = _isolate.set(on)
    try:
        yield on
    finally:
        _isolate.reset(token)


def isolate(text: str, *, ltr: bool = False) -> str:
    """``text`` in a first-strong isolate, or with ``ltr`` a left-to-right one (once: an isolated
    text is not wrapped again).  Isolates inside it are balanced first, so that nothing in it can end
    ours early."""
    opener = LRI if ltr else FSI
    if not ltr and not _has_strong(text):
        # No letter to take a direction from: an FSI would resolve to left to right and turn a list
        # of numbers around in a Persian sentence (۵، ۵، ۱۰ read backwards); such text needs none,
        # since numbers and punctuation cannot pull their neighbours round.
        return text
    if text.startswith(opener) and text.endswith(PDI) and _balanced(text[1:-1]) == text[1:-1]:
        return text
    if ltr:
        return LRI + _ltr_parts(_balanced(text)) + PDI
    return FSI + _balanced(text) + PDI


_DIRECTED = frozenset({"L", "R", "AL", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def _has_strong(text: str) -> bool:
    """True when ``text`` has a letter of a fixed direction (bidi class L, R or AL) or a bidi control
    (which must be contained); False for numbers, punctuation and spaces only."""
    import unicodedata

    return any(unicodedata.bidirectional(ch) in _DIRECTED for ch in text)


_PATH_PART = r"[^/\\\u2066-\u2069]+"


def _ltr_parts(text: str) -> str:
    """Each part between slashes that has right-to-left letters in a left-to-right isolate of its own.

    Inside one isolate, two Persian folder names with a slash between them are one right-to-left run
    (the slash takes their direction), which would swap the folders; on their own, each reads right
    to left in its place and the slashes keep the folders in order."""
    if not _needs_isolate(text):
        return text
    return re.sub(_PATH_PART, lambda m: LRI + m.group(0) + PDI if _needs_isolate(m.group(0)) else m.group(0), text)


def _balanced(text: str) -> str:
    if not re.search(_ISOLATE_CONTROL, text):
        return text
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == PDI:
            if not depth:
                continue  # a PDI with nothing to close would close our isolate
            depth -= 1
        out.append(ch)
    return "".join(out) + PDI * depth


def catalog_path(locale: str) -> Path:
    return data_dir("locales") / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


_lock = allocate_lock()  # (threading itself is not needed: `split` never loads it)


def _cache_file(path: Path, locale: str, suffix: str) -> Path:
    """Where the catalog ``path`` is kept (compiled: ``.mo``; as gettext reads it: ``.marshal``).

    The key is the ``.po`` file's path, size and modification time, so an edited catalog is made again
    on next use.  Raises OSError (the catalog cannot be read) or ImportError when no cache folder can
    be named."""
    from companion.paths import files_key, user_cache_dir

    path.stat()  # (a catalog that cannot be read has no entry)
    return user_cache_dir() / "catalogs" / f"{locale}-{files_key([path.resolve()])}{suffix}"


def _compiled_catalog(path: Path, locale: str) -> bytes:
    """The catalog as ``.mo`` bytes: compiled from the ``.po`` once, then kept in the user cache
    (see :func:`_cache_file`); a cache that cannot be written only costs the compile time.
    """
    cached = None
    try:
        cached = _cache_file(path, locale, ".mo")
        return cached.read_bytes()
    except (OSError, ImportError):
        pass
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with _lock, path.open("rb") as fh:
        catalog = read_po(fh, locale=locale, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    data = buffer.getvalue()
    if cached is not None:
        from companion.fsutil import write_cache

        write_cache(cached, data)
    return data


def _translations(path: Path, locale: str) -> gettext.GNUTranslations:
    """The catalog's translations.  gettext takes ~3 ms to read a ``.mo`` (every message unpacked and
    decoded), at every start in every language but English; what it makes of it (the messages, the
    header, the charset) is kept beside the ``.mo`` with :mod:`marshal`, read back in ~0.5 ms.  A
    missing or damaged file is made again from the ``.mo``."""
    import marshal

    cached = None
    try:
        cached = _cache_file(path, locale, ".marshal")
        catalog, info, charset = marshal.loads(cached.read_bytes())
        if isinstance(catalog, dict) and isinstance(info, dict) and (charset is None or isinstance(charset, str)):
            return _restored(catalog, info, charset)
    except (OSError, ImportError, EOFError, ValueError, TypeError):
        pass
    translations = gettext.GNUTranslations(io.BytesIO(_compiled_catalog(path, locale)))
    if cached is not None:
        from companion.fsutil import write_cache

        kept = (translations._catalog, translations._info, translations._charset)  # type: ignore[attr-defined]
        write_cache(cached, marshal.dumps(kept), replaces=f"{locale}-*.marshal")
    return translations


def _restored(catalog: dict, info: dict, charset: str | None) -> gettext.GNUTranslations:
    """What ``GNUTranslations`` would have made of the ``.mo`` (its own attributes, set as its parser
    sets them: the plural rule from the Plural-Forms header, ``n != 1`` without one)."""
    translations = gettext.GNUTranslations()  # (no file: nothing is parsed)
    translations._catalog = catalog  # type: ignore[attr-defined]
    translations._info = info  # type: ignore[attr-defined]
    translations._charset = charset  # type: ignore[attr-defined]
    translations.plural = lambda n: int(n != 1)  # type: ignore[attr-defined]
    forms = info.get("plural-forms")
    if forms:
        translations.plural = gettext.c2py(forms.split(";")[1].split("plural=")[1])  # type: ignore[attr-defined]
    return translations


@cache
def translator(locale: str) -> Translator:
    """The (cached) translator for one of :data:`LOCALES`."""
    if locale not in LOCALES:
        raise UsageError("unknown_language", language=locale, choices=" ".join(LOCALES))
    if locale == SOURCE_LOCALE:  # its catalog is the source text (plural: n != 1, as gettext's own)
        return Translator(locale, gettext.NullTranslations())
    path = catalog_path(locale)
    if not path.exists():
        return Translator(locale, gettext.NullTranslations())
    return Translator(locale, _translations(path, locale))


# -- the language in effect ----------------------------------------------------------------------
# There is no module-wide language.  A running TUI app owns its own (``app.translator``): the TUI
# registers a resolver that finds the app of the current task, so every widget of that app -- and
# only of that app -- speaks its language.  Anything else (the CLI for one ``main()`` call, a test, a
# script) sets a language for a scope with ``use_language()``, which is undone when the scope ends.
# Outside both, the language is English.
_language: ContextVar[str] = ContextVar("companion_language", default="en")
_resolver: Callable[[], Translator | None] | None = None


def set_resolver(resolver: Callable[[], Translator | None] | None) -> None:
    """Let a shell say which translator is in effect (the TUI: the running app's).

    ``resolver()`` returns ``None`` when it has nothing to say (no app in the current context); the
    language of :func:`use_language` then applies.  Set once at import by the shell, never per run.
    """
    global _resolver
    _resolver = resolver


@contextmanager
def use_language(locale: str) -> Iterator[Translator]:
    """Speak ``locale`` inside the ``with`` block (and in tasks started from it), then what was before."""
    tr = translator(locale)
    token = _language.set(tr.locale)
    try:
        yield tr
    finally:
        _language.reset(token)


def current() -> Translator:
    """The translator in effect: the running app's, else the one of :func:`use_language`, else English."""
    if _resolver is not None:
        found = _resolver()
        if found is not None:
            return found
    return translator(_language.get())


def _(message: str, /, **params: Any) -> str:
    """Translate ``message`` into the current language and fill its ``{placeholders}``."""
    return current().gettext(message, **params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    return current().ngettext(singular, plural, n, **params)


def catalog_problems() -> list[str]:
    """Untranslated, fuzzy or placeholder-mismatched messages in any catalog (empty when all is well)."""
    import re

    from babel.messages.pofile import read_po

    field = re.compile(r"\{([^{}]*)\}")
    problems: list[str] = []
    for locale in LOCALES:
        path = catalog_path(locale)
        if not path.exists():
            problems.append(f"{locale}: catalog missing ({path})")
            continue
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=locale, domain=DOMAIN)
        for message in catalog:
            if not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
            if message.fuzzy:
                problems.append(f"{locale}: fuzzy: {ids[0]!r}")
            if not all(strings):
                problems.append(f"{locale}: untranslated: {ids[0]!r}")
                continue
            wanted = set(field.findall(ids[-1])) | set(field.findall(ids[0]))
            for text in strings:
                got = set(field.findall(text))
                if got != wanted:  # every form keeps every field (GNU msgfmt --check insists too)
                    problems.append(f"{locale}: placeholders differ in {ids[0]!r}: {sorted(got)} vs {sorted(wanted)}")
    return problems
