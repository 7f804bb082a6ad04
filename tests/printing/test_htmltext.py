"""Sanitizing content HTML, isolates as <bdi>, and wrapping split Latin runs for right-to-left pages
(no WeasyPrint; where the glyphs land is checked in test_bidi_order.py)."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.printing.htmltext import isolates_to_bdi, sanitize, serialize, tokenize, wrap_ltr_runs

SPAN = re.compile(r'<span dir="ltr">|</span>')


def test_sanitize_drops_images_links_scripts_and_attachment_rel():
    html, warnings = sanitize('<p id="a">hi <img src="/etc/passwd"> <a href="http://evil.example/x">out</a>'
                              '<a href="#rules" rel="attachment">in</a><script>alert(1)</script>'
                              '<link rel="attachment" href="../../secret"></p>')
    assert "passwd" not in html and "evil" not in html and "alert" not in html and "secret" not in html
    assert "attachment" not in html and "<script" not in html and "<link" not in html
    assert '<a href="#rules">in</a>' in html and '<p id="a">' in html and "out" in html
    codes = [code for code, _ in warnings]
    assert codes.count("print.dropped_image") == 1
    assert "print.dropped_link" in codes and "print.dropped_element" in codes
    assert ("print.dropped_attribute", {"attribute": "rel", "target": "attachment"}) in warnings
    targets = " ".join(p.get("target", "") for _, p in warnings)
    assert "/etc/passwd" in targets and "http://evil.example/x" in targets and "../../secret" in targets


def test_sanitize_keeps_tables_alignment_and_escapes_text():
    html, warnings = sanitize('<table><tr><td style="text-align:right">1 &lt; 2</td>'
                              '<td style="background:url(http://x)">b</td></tr></table>')
    assert 'style="text-align:right"' in html and "1 &lt; 2" in html
    assert "url(" not in html
    assert warnings == [("print.dropped_attribute", {"attribute": "style", "target": "background:url(http://x)"})]


def test_a_latin_run_split_across_elements_becomes_one_ltr_span():
    out = wrap_ltr_runs("<p>بازی <strong>Diamant</strong> 2 را ببینید</p>")
    assert out == '<p>بازی <span dir="ltr"><strong>Diamant</strong> 2</span> را ببینید</p>'


def test_runs_stop_at_persian_letters_and_block_boundaries():
    out = wrap_ltr_runs("<p><em>A</em>1 ب <em>C</em> d</p><p>D <em>E</em></p><svg><text><em>x</em>2</text></svg>")
    assert out == ('<p><span dir="ltr"><em>A</em>1</span> ب <span dir="ltr"><em>C</em> d</span></p>'
                   '<p><span dir="ltr">D <em>E</em></span></p><svg><text><em>x</em>2</text></svg>')


def test_a_latin_run_of_several_words_is_wrapped_a_single_word_is_not():
    assert wrap_ltr_runs("<p>متن Diamant و A ب C</p>") == "<p>متن Diamant و A ب C</p>"
    out = wrap_ltr_runs("<p>غار <code>v ÷ n</code> گوهر</p>")
    assert out == '<p>غار <span dir="ltr"><code>v ÷ n</code></span> گوهر</p>'


def test_an_element_mixing_scripts_is_entered_not_split():
    html = "<p>متن <strong>Z ب</strong> q</p>"
    assert wrap_ltr_runs(html) == html  # Z and q each sit in one text


def test_numbers_are_never_forced_left_to_right():
    # «۵، ۵، ۱۰، ۱۰» must read right to left as written: no span may turn the list around.
    for html in ("<p>ارزش: ۵، ۵، <strong>۱۰</strong>، ۱۰</p>", "<p>۳ ← ۹، ۴ ← <em>۸</em></p>",
                 '<div class="track"><span class="box">۱</span><span class="box">۲</span></div>',
                 "<p>خانهٔ <strong>(۲، ۱)</strong></p>", "<p>5، <b>5</b>، 10</p>"):
        assert wrap_ltr_runs(html) == html


def test_a_run_stops_at_a_persian_comma_and_at_an_isolate():
    html = '<p><bdi dir="ltr">Ava</bdi>، <strong>Ben</strong> C و <bdi dir="ltr"><em>Chen</em> 2</bdi></p>'
    out = wrap_ltr_runs(html)
    assert out == ('<p><bdi dir="ltr">Ava</bdi>، <span dir="ltr"><strong>Ben</strong> C</span> و '
                   '<bdi dir="ltr"><span dir="ltr"><em>Chen</em> 2</span></bdi></p>')


def test_isolates_become_bdi_with_the_direction_of_their_first_letter():
    out = isolates_to_bdi("<p>بازیکنان: \u2068\u2068Ava\u2069 و \u2068علی\u2069\u2069، \u2068۵\u2069</p>")
    assert out == ('<p>بازیکنان: <bdi dir="rtl"><bdi dir="ltr">Ava</bdi> و <bdi dir="rtl">علی</bdi></bdi>، '
                   '<bdi dir="ltr">۵</bdi></p>')
    assert isolates_to_bdi("<p>\u2066a\u2069\u2067b\u2069</p>") == '<p><bdi dir="ltr">a</bdi><bdi dir="rtl">b</bdi></p>'


def test_isolates_in_tags_svg_and_title_are_dropped_and_unmatched_ones_kept():
    out = isolates_to_bdi('<title>\u2068x\u2069</title><p class="\u2068a">\u2069y \u2068z</p>'
                          "<svg><text>\u2068n\u2069</text></svg><p>\u2068q\u2069</p>")
    assert out == ('<title>x</title><p class="a">\u2069y \u2068z</p><svg><text>n</text></svg>'
                   '<p><bdi dir="ltr">q</bdi></p>')
    assert isolates_to_bdi("<p>plain</p>") == "<p>plain</p>"


PIECES = st.sampled_from(["Diamant", " ", "2", "۳", "بازی", "، ", "(", ")", "x-y", "<strong>", "</strong>",
                          "<em>", "</em>", "<br>", "&amp;", "٪"])


def _balanced(pieces: list[str]) -> str:
    out, stack = [], []
    for piece in pieces:
        if piece in ("</strong>", "</em>"):
            if stack and stack[-1] == piece:
                out.append(stack.pop())
            continue
        out.append(piece)
        if piece in ("<strong>", "<em>"):
            stack.append(piece.replace("<", "</"))
    return "<p>" + "".join(out) + "".join(reversed(stack)) + "</p>"


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=25))
def test_wrapping_only_adds_balanced_ltr_spans_around_ltr_text(pieces):
    html = _balanced(pieces)
    out = wrap_ltr_runs(html)
    # Nothing but the spans was added: removing them gives the same document back.
    assert SPAN.sub("", out) == serialize(tokenize(html))
    # Every span is closed in the element where it opened, and holds no Persian letter.
    depth = 0
    for tok in tokenize(out):
        if tok[0] == "start" and tok[1] == "span":
            depth += 1
        elif tok[0] == "end" and tok[1] == "span":
            depth -= 1
        elif tok[0] == "text" and depth:
            assert not any(unicodedata.bidirectional(c) in ("AL", "R") for c in tok[1])
        assert depth >= 0
    assert depth == 0
    # A span holds a Latin letter, an element, and never a Persian comma or an isolate boundary.
    for match in re.finditer(r'<span dir="ltr">(.*?)</span>', out):
        inside = match.group(1)
        text = re.sub("<[^>]+>", "", inside)
        assert ("<" in inside or " " in text) and any(unicodedata.bidirectional(c) == "L" for c in text)
        assert "،" not in text
        assert unicodedata.bidirectional(text[0]) == "L"  # a run starts with a letter, never a number
