"""Rule sheets without a nearly empty last page (issue 17 item 3).

A rule sheet is two balanced columns; when its text runs a little over a page, the last page holds a
few lines and looks like a mistake.  :func:`fit_rules` lays the sheet out with WeasyPrint, measures how
full every page is (the lowest line of text or picture in the page's content area, as a share of
that area's height) and, when a page is under :data:`FILL_MIN`, lays it out again with the body text a
little smaller (the text then fits on one page fewer) or a little larger (the last page fills up),
whichever needs the smaller change, within readable limits (:data:`MIN_PT`..:data:`MAX_PT`).  This
works for any length of text: a future edit of ``rules_content/`` cannot bring back a short page.

The answer is a ``<style>`` to put in the document; the same input always gives the same answer, so
:func:`size_style` keeps it in the user cache folder (``rules-fit/``), under a key made of everything the
layout depends on (the document, the stylesheets, the fonts' names and sizes, the WeasyPrint and
companion versions): an export after no change lays each sheet out once, as before.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.printing.pages import Page

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


def _layout(page: Page, html: str) -> Any:
    from weasyprint import HTML

    from companion.printing.export import STYLES_DIR, renderer
    from companion.printing.htmltext import clean_document

    r = renderer()
    doc = HTML(string=clean_document(html), base_url=STYLES_DIR.as_uri() + "/", url_fetcher=r.fetcher)
    return doc.render(font_config=r.font_config, stylesheets=r.stylesheets(page))


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


def fit_rules(page: Page) -> tuple[float, list[float]]:
    """The body size that keeps every page of the rule sheet ``page`` at least :data:`FILL_MIN` full,
    and the fills it gives (the stylesheet's own size when it already does, or the best size found
    when none does)."""
    at = page.html.find("<main ")
    if at < 0:
        return BASE_PT, []

    def with_size(size: float) -> str:
        return page.html[:at] + style(size) + page.html[at:]

    fills = page_fills(_layout(page, page.html))
    best = (BASE_PT, fills)
    if _ok(fills):
        return BASE_PT, fills
    tried = {BASE_PT}
    queue = _guess(fills, BASE_PT)
    while queue and len(tried) <= MAX_TRIES:
        size = queue.pop(0)
        if size in tried:
            continue
        tried.add(size)
        fills = page_fills(_layout(page, with_size(size)))
        if _ok(fills):
            return size, fills
        if min(fills) > min(best[1]):
            best = (size, fills)
        # Not there yet: one step further the same way as the guess went.
        nxt = _clamp(size + (2 * STEP_PT if size > BASE_PT else -2 * STEP_PT))
        if nxt not in tried:
            queue.insert(0, nxt)
    return best


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
    import platformdirs

    return Path(platformdirs.user_cache_dir("companion", appauthor=False)) / "rules-fit"


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
    from companion.fsutil import atomic_write

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps({"size": size, "fills": [round(f, 3) for f in fills]}).encode("utf-8"),
                     durable=False)  # a cache: lost at worst, never half written
        stem = path.name.rsplit("-", 1)[0]
        for old in path.parent.glob(f"{stem}-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass


def size_style(page: Page) -> str:
    """:func:`fit_rules`' ``<style>`` for ``page``, from the cache when the same sheet was fitted before."""
    try:
        path: Path | None = cache_folder() / f"{Path(page.name).stem}-{_signature(page)}.json"
    except OSError:
        path = None
    size = _read_cache(path) if path is not None else None
    if size is not None:
        return style(size)
    size, fills = fit_rules(page)
    if path is not None:
        _write_cache(path, size, fills)
    return style(size)
