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
