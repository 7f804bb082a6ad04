"""The Persian score sheet dates a game as Persian readers do: the Solar Hijri calendar (the
Gregorian date only beside it); other locales keep their own Gregorian forms."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import translator
from companion.printing import scorepad

JOURNAL = Path(__file__).parent / "journals" / "diamant-finished.jsonl"  # started 2026-11-29T20:00:00Z


def test_fa_score_sheet_shows_the_solar_hijri_date():
    html = scorepad.journal_page(JOURNAL, "fa", "a4").html
    assert "۱۴۰۵" in html and "آذر" in html  # 29 November 2026 is 8 Azar 1405
    assert "۸ آذر ۱۴۰۵" in html
    assert "نوامبر" not in html and "2026" not in html


def test_started_text_per_locale():
    fa = scorepad.started_text("2026-11-29T20:00:00Z", translator("fa"))
    assert fa.startswith("۸ آذر ۱۴۰۵") and "(۲۰۲۶/۱۱/۲۹)" in fa and "۲۰:۰۰" in fa
    assert "2026" not in scorepad.started_text("2026-03-21T08:00:00Z", translator("fa"))
    assert scorepad.started_text("2026-03-21T08:00:00Z", translator("fa")).startswith("۱ فروردین ۱۴۰۵")
    assert "Nov 29, 2026" in scorepad.started_text("2026-11-29T20:00:00Z", translator("en"))


def test_a_date_that_is_not_iso_is_shown_as_written():
    assert scorepad.started_text("yesterday 9", translator("fa")) == "yesterday ۹"
