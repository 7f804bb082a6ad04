"""Rule sheets without a nearly empty last page (issue 17 item 3).

A rule sheet is two balanced columns; when its text runs a little over a page, the last page holds a few
lines and looks like a mistake. :func:`fitted` is given the sheet and a way to lay HTML out (the
renderer's); it measures how full every page of the layout is (the lowest line of text or picture in the
page's content area, as a share of that area's height) and, when a page is under :data:`FILL_MIN`, lays
it out again with the body text a little smaller (the text then fits on one page fewer) or a little
larger (the last page fills up), whichever needs the smaller change, within readable limits
(:data:`MIN_PT`..:data:`MAX_PT`). This works for any length of text: a future edit of ``rules_content/``
cannot bring back a short page.

It returns the layout to print, so a sheet that needs no fit is laid out once, as any other document.
The size chosen is kept in the user cache folder (``rules-fit/``) under a key made of everything the
layout depends on (the document, the stylesheets, the fonts' names and sizes, the WeasyPrint and
companion versions): the next export of the same sheet lays it out once, at that size.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.printing.pages import Page

Layout = Callable[[str], Any]
"""HTML text -> a laid-out WeasyPrint document (the renderer's fonts, fetcher and stylesheets)."""

FILL_MIN = 0.40      # no page of a rule sheet less full than this
TARGET = 0.43        # what the fit aims at: its line boxes reach lower than the glyphs a reader sees
BASE_PT = 9.6        # the body size of rules.css
MIN_PT = 9.0         # never smaller (a reader's limit)
MAX_PT = 10.4        # never larger (longer than this, a column's line gets too short to read well)
STEP_PT = 0.1
MAX_TRIES = 5        # layouts besides the first one


def style(size_pt: float) -> str:
    """The ``<style>`` that sets the body size of a rule sheet (nothing for the stylesheet's own)."""
    if math.isclose(size_pt, BASE_PT):
        return ""
    return f'<style>html {{ font-size: {size_pt:.1f}pt; }}</style>'


def page_fills(document: Any) -> list[float]:
    """How full each page of a laid-out WeasyPrint ``document`` is: the lowest line box or picture in
    its content area (running header and page number left out), 0..1 of the area's height."""
    from weasyprint.formatting_structure import boxes

    fills = []
    for page in document.pages:
        box = page._page_box
        top = box.content_box_y()
        height = box.height
        lowest = top
        for child in box.children:
            if isinstance(child, boxes.MarginBox):
                continue
            for inner in child.descendants():
                if isinstance(inner, (boxes.LineBox, boxes.ReplacedBox)):
                    lowest = max(lowest, inner.position_y + inner.margin_height())
        fills.append(min(1.0, (lowest - top) / height) if height else 1.0)
    return fills


def _ok(fills: list[float]) -> bool:
    return min(fills, default=1.0) >= TARGET


def _clamp(size: float) -> float:
    """``size`` within the limits, to a tenth of a point (so that equal sizes compare equal)."""
    return round(min(MAX_PT, max(MIN_PT, size)), 1)


def _guess(fills: list[float], size: float) -> list[float]:
    """Sizes to try, the likeliest first: the text area scales about as the square of the size; a
    sheet of ``n`` pages holds ``2 (n - 1) + 2 f`` columns of text (its last page is balanced)."""
    n = len(fills)
    columns = 2 * (n - 1) + 2 * fills[-1]
    if n < 2 or columns <= 0:
        return []
    shrink = size * math.sqrt(2 * (n - 1) * 0.97 / columns)           # one page fewer, full
    grow = size * math.sqrt((2 * (n - 1) + 2 * (TARGET + 0.05)) / columns)  # last page past the mark
    first, second = sorted((shrink, grow), key=lambda s: abs(math.log(s / size)))
    order = []
    for s in (first, second):
        s = _clamp(s)
        if not math.isclose(s, size) and s not in order:
            order.append(s)
    return order


def with_size(html: str, size_pt: float) -> str:
    """The document ``html`` with its body set in ``size_pt`` (the ``<style>`` goes before ``<main>``)."""
    at = html.find("<main ")
    return html if at < 0 else html[:at] + style(size_pt) + html[at:]


def search(html: str, layout: Layout) -> tuple[float, Any, list[float]]:
    """The body size that keeps every page of the rule sheet ``html`` at least :data:`FILL_MIN` full,
    its layout and its page fills: the stylesheet's own size when it already does, else the first size
    found that does, else the best one tried."""
    document = layout(html)
    fills = page_fills(document)
    if _ok(fills) or "<main " not in html:
        return BASE_PT, document, fills
    best = (BASE_PT, document, fills)
    tried = {BASE_PT}
    queue = _guess(fills, BASE_PT)
    while queue and len(tried) <= MAX_TRIES:
        size = queue.pop(0)
        if size in tried:
            continue
        tried.add(size)
        document = layout(with_size(html, size))
        fills = page_fills(document)
        if _ok(fills):
            return size, document, fills
        if min(fills) > min(best[2]):
            best = (size, document, fills)
        # Not there yet: one step further the same way as the guess went.
        nxt = _clamp(size + (2 * STEP_PT if size > BASE_PT else -2 * STEP_PT))
        if nxt not in tried:
            queue.insert(0, nxt)
    return best


def fullest(candidates: list[str], layout: Layout) -> Any:
    """The layout of the first of ``candidates`` (the same document, each tighter than the one before)
    whose every page is at least :data:`FILL_MIN` full; when none is, the one with the fewest pages and
    the fullest emptiest page.  Each candidate is laid out only if the ones before it fell short."""
    best: tuple[tuple[int, float], Any] | None = None
    for html in candidates:
        document = layout(html)
        fills = page_fills(document)
        if _ok(fills):
            return document
        key = (len(fills), -min(fills, default=1.0))
        if best is None or key < best[0]:
            best = (key, document)
    assert best is not None, "no candidate to lay out"
    return best[1]


def _signature(page: Page) -> str:
    import weasyprint

    from companion import __version__
    from companion.printing import ASSETS_DIR

    digest = hashlib.sha256()
    for part in (page.html, page.paper or "", page.locale, weasyprint.__version__, __version__,
                 f"{TARGET}:{BASE_PT}:{MIN_PT}:{MAX_PT}:{MAX_TRIES}"):
        digest.update(part.encode("utf-8") + b"\0")
    for name in sorted({*page.styles, "rules", "base"}):
        digest.update((ASSETS_DIR / "styles" / f"{name}.css").read_bytes())
    for font in sorted((ASSETS_DIR / "fonts").rglob("*")):
        if font.is_file():
            digest.update(f"{font.name}:{font.stat().st_size}".encode() + b"\0")
    return digest.hexdigest()[:32]


def cache_folder() -> Path:
    from companion.paths import user_cache_dir

    return user_cache_dir() / "rules-fit"


def _read_cache(path: Path) -> float | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        size = data["size"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(size, (int, float)) or isinstance(size, bool) or not MIN_PT <= size <= MAX_PT:
        return None  # not ours, or damaged: laid out again
    return float(size)


def _write_cache(path: Path, size: float, fills: list[float]) -> None:
    from companion.fsutil import write_cache

    data = json.dumps({"size": size, "fills": [round(f, 3) for f in fills]}).encode("utf-8")
    write_cache(path, data, replaces=f"{path.name.rsplit('-', 1)[0]}-*.json")


def cache_path(page: Page) -> Path | None:
    try:
        return cache_folder() / f"{Path(page.name).stem}-{_signature(page)}.json"
    except OSError:
        return None


def fitted(page: Page, layout: Layout) -> Any:
    """The layout of the rule sheet ``page`` to print: at the size the cache holds for this very sheet,
    else at the size :func:`search` finds (then kept in the cache)."""
    path = cache_path(page)
    size = _read_cache(path) if path is not None else None
    if size is not None:
        return layout(with_size(page.html, size))
    size, document, fills = search(page.html, layout)
    if path is not None:
        _write_cache(path, size, fills)
    return document
