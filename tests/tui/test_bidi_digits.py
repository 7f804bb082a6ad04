"""A line's visual order is worked out once for all the numbers it may hold (``bidi._visual_order``
orders the line with every digit as its script's zero, then puts the digits back): it must be exactly
the order of the line itself, whatever the digits, letters, brackets, isolates and marks around them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tui import bidi

ALPHABET = (
    "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیۀأآ"  # Persian letters (lam-alef included: «لا»)
    "abcXYZ"
    "0123456789" "٠١٢٣٤٥٦٧٨٩" "۰۱۲۳۴۵۶۷۸۹"  # European, Arabic-Indic and Persian digits
    " .,:;/=%٪٫٬+-−×()[]«»"
    "\u200c\u064e\u0654"  # ZWNJ, a haraka, the ezafe hamza
    "\u2066\u2067\u2068\u2069"  # isolates
)


def _direct(text: str, rtl: bool) -> tuple[str, tuple[int, ...]]:
    return bidi._visual_order_of.__wrapped__(text, rtl)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40), st.booleans())
def test_digits_do_not_change_the_order(text, rtl):
    assert bidi._visual_order(text, rtl) == _direct(text, rtl)


def test_lines_that_differ_in_numbers_share_one_ordering():
    bidi._visual_order.cache_clear()
    bidi._visual_order_of.cache_clear()
    first = bidi.visual_order("احتمال سوختن: ۱/۱۳ = ۷٫۷٪", True)
    second = bidi.visual_order("احتمال سوختن: ۲/۱۱ = ۱٫۸٪", True)
    assert bidi._visual_order_of.cache_info().misses == 1  # the second line was not ordered again
    assert first[1] == second[1]
    assert "۲" in second[0] and "۱۱" in second[0][::-1] and "۷" not in second[0]
    # Nothing but the digits differs between the two lines as shown.
    changed = [a != b for a, b in zip(first[0], second[0])]
    assert all(ch.isdigit() for ch, c in zip(second[0], changed) if c)


def test_a_different_number_of_digits_is_ordered_on_its_own():
    assert bidi.visual_order("دسته: ۹ کارت", True)[1] != bidi.visual_order("دسته: ۱۰ کارت", True)[1]
