"""What WeasyPrint does underneath our PDFs: which font subsetter it uses, and the dates it writes.

**Subsetter.**  WeasyPrint cuts every embedded font down to the glyphs a document uses.  With the
system library ``libharfbuzz-subset0`` it calls HarfBuzz's subsetter; without it, it falls back to
fontTools (several times slower on our Chinese fonts) and logs an English warning for every font of
every document.  :func:`harfbuzz_subsetting` says which one this process uses; :func:`use_subsetter`
forces fontTools (what a machine without the library does), for the bench and the tests.  The
warnings are dropped by :class:`SubsetterNotice`, which counts them: the export turns them into one
translated notice (``print.slow_subsetter``) for all its documents.

**Reproducible output.**  The same input gives the same bytes on every run: the PDF has a fixed
``/ID``, its creation date is the journal's start time for a score sheet, ``SOURCE_DATE_EPOCH`` when
that is set (https://reproducible-builds.org/specs/source-date-epoch/), and otherwise absent; the
fonts fontTools rewrites carry that date too (fontTools stamps them with the current time unless
``SOURCE_DATE_EPOCH`` is set, see :func:`font_timestamps`) — 1970-01-01 when there is no date.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SLOW_SUBSETTER = "print.slow_subsetter"
# WeasyPrint 70: LOGGER.warning('Using fontTools instead of HarfBuzz-Subset for font "%s". ...')
_FALLBACK_PREFIX = "Using fontTools instead of HarfBuzz-Subset"


def harfbuzz_subsetting() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz in this process (the condition it checks itself)."""
    from weasyprint.pdf import fonts
    from weasyprint.text.ffi import harfbuzz

    return bool(fonts.harfbuzz_subset) and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def use_subsetter(harfbuzz: bool) -> None:
    """Subset fonts in this process with HarfBuzz (when the library is installed) or, with
    ``harfbuzz=False``, with fontTools, exactly as WeasyPrint does on a machine without
    ``libharfbuzz-subset0`` (it reads the module's ``harfbuzz_subset`` at every font)."""
    from weasyprint.pdf import fonts
    from weasyprint.text import ffi

    fonts.harfbuzz_subset = ffi.harfbuzz_subset if harfbuzz else None


@contextmanager
def subsetter(harfbuzz: bool | None) -> Iterator[None]:
    """:func:`use_subsetter` for the duration of a block (``None``: leave it as installed)."""
    if harfbuzz is None:
        yield
        return
    from weasyprint.pdf import fonts

    before = fonts.harfbuzz_subset
    use_subsetter(harfbuzz)
    try:
        yield
    finally:
        fonts.harfbuzz_subset = before


class SubsetterNotice(logging.Filter):
    """Drops WeasyPrint's "Using fontTools instead of HarfBuzz-Subset" warnings, counting them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(_FALLBACK_PREFIX):
            self.count += 1
            return False
        return True


def source_date() -> datetime | None:
    """``SOURCE_DATE_EPOCH`` as a UTC time, or ``None`` when it is unset or not a whole number."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit():
        return None
    try:
        return datetime.fromtimestamp(int(value), UTC)
    except (OverflowError, OSError, ValueError):
        return None


def parse_time(text: str | None) -> datetime | None:
    """An ISO time from a journal (``2026-11-29T20:00:00Z``) in UTC; ``None`` if it is not one."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC).replace(microsecond=0)
    except (OverflowError, ValueError):
        return None


def w3c_date(moment: datetime) -> str:
    """The form WeasyPrint's metadata takes (``dcterms.created``)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def pdf_identifier(name: str) -> bytes:
    """The first half of the PDF's ``/ID``: fixed for a file name (the second is the content's hash)."""
    return hashlib.md5(name.encode("utf-8"), usedforsecurity=False).hexdigest().encode("ascii")


@contextmanager
def font_timestamps(moment: datetime | None) -> Iterator[None]:
    """Fonts that fontTools saves during the block are stamped ``moment`` (1970-01-01 for ``None``)
    instead of the current time; a valid ``SOURCE_DATE_EPOCH`` set by the user is left as it is (one
    that is not a whole number, which would stop fontTools, is replaced during the block)."""
    users = os.environ.get("SOURCE_DATE_EPOCH")
    if users is not None and source_date() is not None:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(int(moment.timestamp()) if moment and moment.year >= 1970 else 0)
    try:
        yield
    finally:
        if users is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = users


# --- Trimmed faces --------------------------------------------------------------------------------
# WeasyPrint subsets every font with its glyph ids kept (RETAIN_GIDS): a PDF then carries an entry
# for every glyph id up to the highest one used, which for the full Chinese faces (65 000 glyphs,
# ideographs spread over all of them) is ~500 KB before compression per face and weight, and the
# subsetter, the compressor and the text layout wade through the 11.5 MB file for every document.
# So the renderer hands WeasyPrint the big faces cut down first to the characters it can print
# (:func:`printed_characters`, plus a document's own when it has others, such as a player's name):
# the glyphs are renumbered from 0, the layout tables (GSUB, GPOS) and metrics stay, so lines break
# and glyphs sit exactly as with the full file, and each PDF embeds a small font.

TRIM_ABOVE = 1_000_000  # bytes: faces larger than this are trimmed (the Chinese ones)
# What generated content, list markers, hyphenation and numbers may add besides the texts' own
# characters: ASCII, Latin-1, general punctuation, arrows, math signs, box drawing and shapes, CJK
# punctuation, full-width forms, Arabic-Indic and Persian digits.
_EXTRA_RANGES = ((0x20, 0x7F), (0xA0, 0x100), (0x2000, 0x2070), (0x2190, 0x2300), (0x2500, 0x2600),
                 (0x3000, 0x3040), (0xFF00, 0xFFF0), (0x660, 0x66A), (0x6F0, 0x6FA))
_TEXT_SUFFIXES = (".po", ".md", ".toml", ".json", ".svg", ".css", ".py", ".html", ".txt")


def printed_characters() -> frozenset[int]:
    """Every character the shipped texts can print: the catalogs, the rules content, the package's
    own files (strings, data, pictures, stylesheets) and :data:`_EXTRA_RANGES`.  It depends only on
    the installed files, never on which documents an export makes."""
    global _printed
    if _printed is None:
        from companion.paths import data_dir, package_dir

        chars: set[int] = {c for lo, hi in _EXTRA_RANGES for c in range(lo, hi)}
        for root in (data_dir("locales"), data_dir("rules_content"), package_dir()):
            for path in sorted(root.rglob("*")):
                if path.suffix in _TEXT_SUFFIXES and path.is_file():
                    try:
                        chars.update(map(ord, path.read_text(encoding="utf-8", errors="ignore")))
                    except OSError:
                        continue
        _printed = frozenset(c for c in chars if c >= 0x20)
    return _printed


_printed: frozenset[int] | None = None
_trimmed: dict[tuple[str, int, int, frozenset[int], bool], bytes] = {}


def trim_font(path: Path, chars: frozenset[int]) -> bytes | None:
    """The face at ``path`` cut down to ``chars`` (and what its layout tables reach from them), with
    the subsetter this process uses (:func:`harfbuzz_subsetting`); ``None`` if it cannot be cut (the
    caller then serves the whole file).  Kept per process: the same face and characters are cut once."""
    harfbuzz = harfbuzz_subsetting()
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns, chars, harfbuzz)
    if key not in _trimmed:
        cached = _cached_cut(path, stat, chars, harfbuzz)
        data = cached.read() if cached is not None else None
        if data is None:
            data = _hb_trim(path, chars) if harfbuzz else None
            if data is None:
                data = _fonttools_trim(path, chars)
            if data is None:
                return None
            if cached is not None:
                cached.write(data)
        if len(_trimmed) >= 16:
            _trimmed.pop(next(iter(_trimmed)))
        _trimmed[key] = data
    return _trimmed[key]


class _CutCache:
    """A cut face kept on disk (the user cache folder, ``fonts/``), so that a machine cuts each face once:
    HarfBuzz takes 0.03 s a face, fontTools 3 s.  The file name holds what the cut depends on (the face
    file, the characters, the subsetter) and a digest of the bytes, checked when read back: a damaged or
    foreign file is cut again, never given to the renderer."""

    def __init__(self, folder: Path, stem: str, suffix: str) -> None:
        self.folder, self.stem, self.suffix = folder, stem, suffix

    def read(self) -> bytes | None:
        import hashlib

        try:
            for found in self.folder.glob(f"{self.stem}.*{self.suffix}"):
                data = found.read_bytes()
                if found.name == f"{self.stem}.{hashlib.sha256(data).hexdigest()[:16]}{self.suffix}":
                    return data
        except OSError:
            pass
        return None

    def write(self, data: bytes) -> None:
        import hashlib

        from companion.fsutil import write_cache

        target = self.folder / f"{self.stem}.{hashlib.sha256(data).hexdigest()[:16]}{self.suffix}"
        write_cache(target, data, replaces=f"{self.stem}.*{self.suffix}")


def _cached_cut(path: Path, stat: os.stat_result, chars: frozenset[int], harfbuzz: bool) -> _CutCache | None:
    import hashlib

    from companion.paths import user_cache_dir

    try:
        folder = user_cache_dir() / "fonts"
    except (ImportError, OSError):
        return None
    digest = hashlib.sha256(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}:{harfbuzz}:".encode())
    digest.update(b",".join(str(c).encode() for c in sorted(chars)))
    return _CutCache(folder, f"{path.stem}-{'hb' if harfbuzz else 'ft'}-{digest.hexdigest()[:16]}", path.suffix)


_HB_CDEF = """
typedef struct hb_blob_t hb_blob_t; typedef struct hb_face_t hb_face_t; typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t; typedef uint32_t hb_codepoint_t;
hb_blob_t * hb_blob_create_from_file_or_fail (const char *file_name);
void hb_blob_destroy (hb_blob_t *blob);
hb_face_t * hb_face_create (hb_blob_t *blob, unsigned int index);
void hb_face_destroy (hb_face_t *face);
hb_blob_t * hb_face_reference_blob (hb_face_t *face);
const char * hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
hb_subset_input_t * hb_subset_input_create_or_fail (void);
void hb_subset_input_destroy (hb_subset_input_t *input);
void hb_subset_input_set_flags (hb_subset_input_t *input, unsigned value);
hb_set_t * hb_subset_input_unicode_set (hb_subset_input_t *input);
hb_set_t * hb_subset_input_set (hb_subset_input_t *input, unsigned set_type);
void hb_set_del (hb_set_t *set, hb_codepoint_t codepoint);
void hb_set_add_sorted_array (hb_set_t *set, const hb_codepoint_t *sorted_codepoints, unsigned int num);
hb_face_t * hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
"""
_hb: tuple[Any, Any, Any] | None = None
_HB_PASSTHROUGH_UNRECOGNIZED = 0x20  # hb_subset_flags_t: tables the subsetter does not know are copied
_HB_DROP_TABLE_TAG = 3  # hb_subset_sets_t


def _hb_trim(path: Path, chars: frozenset[int]) -> bytes | None:
    """:func:`trim_font` with HarfBuzz's subsetter (the libraries WeasyPrint loads)."""
    global _hb
    try:
        if _hb is None:
            import cffi  # type: ignore[import-untyped]
            from weasyprint.text.ffi import harfbuzz, harfbuzz_subset  # noqa: F401 (loads the libraries)

            ffi = cffi.FFI()
            ffi.cdef(_HB_CDEF)
            _hb = (ffi, ffi.dlopen("libharfbuzz.so.0"), ffi.dlopen("libharfbuzz-subset.so.0"))
        ffi, hb, hbs = _hb
    except Exception:  # no usable HarfBuzz library: fontTools cuts the face instead
        return None
    blob = hb.hb_blob_create_from_file_or_fail(os.fsencode(path))
    if blob == ffi.NULL:
        return None
    face = hb.hb_face_create(blob, 0)
    hb.hb_blob_destroy(blob)
    subset_input = hbs.hb_subset_input_create_or_fail()
    out = out_blob = ffi.NULL
    try:
        codepoints = sorted(chars)
        hbs.hb_subset_input_set_flags(subset_input, _HB_PASSTHROUGH_UNRECOGNIZED)
        # HarfBuzz drops BASE by default; Pango places the ideographs on its baselines.
        hb.hb_set_del(hbs.hb_subset_input_set(subset_input, _HB_DROP_TABLE_TAG), int.from_bytes(b"BASE", "big"))
        hb.hb_set_add_sorted_array(hbs.hb_subset_input_unicode_set(subset_input),
                                   ffi.new("hb_codepoint_t[]", codepoints), len(codepoints))
        out = hbs.hb_subset_or_fail(face, subset_input)
        if out == ffi.NULL:
            return None
        out_blob = hb.hb_face_reference_blob(out)
        length = ffi.new("unsigned int *")
        data = hb.hb_blob_get_data(out_blob, length)
        return bytes(ffi.unpack(data, length[0])) if length[0] else None
    finally:
        if out_blob != ffi.NULL:
            hb.hb_blob_destroy(out_blob)
        if out != ffi.NULL:
            hb.hb_face_destroy(out)
        hbs.hb_subset_input_destroy(subset_input)
        hb.hb_face_destroy(face)


def _fonttools_trim(path: Path, chars: frozenset[int]) -> bytes | None:
    """:func:`trim_font` with fontTools (a machine without ``libharfbuzz-subset0``).  The face keeps
    its own dates (no current time in it), its layout features and its names."""
    import io

    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont, TTLibError  # type: ignore[import-untyped]

    options = subset.Options(layout_features=["*"], name_IDs=["*"], name_languages=["*"], notdef_outline=True,
                             glyph_names=False, hinting=True, desubroutinize=False, ignore_missing_glyphs=True,
                             passthrough_tables=True)
    options.drop_tables = [tag for tag in options.drop_tables if tag != "BASE"]  # the baselines Pango uses
    try:
        font = TTFont(str(path), recalcTimestamp=False)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(chars))
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
    except (TTLibError, OSError, ValueError, KeyError, AssertionError):
        return None
    return out.getvalue()
