"""Sanitizing content HTML and wrapping Latin/number runs for right-to-left pages (no WeasyPrint)."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.printing.htmltext import sanitize, serialize, tokenize, wrap_ltr_runs

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
    out = wrap_ltr_runs("<p>A ب C</p><p>D</p><svg><text>12</text></svg>")
    assert out == ('<p><span dir="ltr">A</span> ب <span dir="ltr">C</span></p><p><span dir="ltr">D</span></p>'
                   "<svg><text>12</text></svg>")


def test_an_element_mixing_scripts_is_entered_not_split():
    out = wrap_ltr_runs("<p>متن <strong>Z ب</strong> q</p>")
    assert out == '<p>متن <strong><span dir="ltr">Z</span> ب</strong> <span dir="ltr">q</span></p>'


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
    # Every Latin letter or digit ends up inside a span.
    depth = 0
    for tok in tokenize(out):
        if tok[0] == "start" and tok[1] == "span":
            depth += 1
        elif tok[0] == "end" and tok[1] == "span":
            depth -= 1
        elif tok[0] == "text" and not depth:
            assert not any(unicodedata.bidirectional(c) in ("L", "EN", "AN") for c in tok[1])
