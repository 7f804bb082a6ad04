"""Render :class:`~companion.printing.pages.Page` objects to PDF with WeasyPrint, many at a time.

One :class:`Renderer` per process holds one ``FontConfiguration``, one :class:`AssetFetcher` and the
parsed stylesheets, and reuses them for every document.  :func:`export` plans the jobs, runs them on
all cores (each worker builds its renderer once) and reports progress and warnings.  The same jobs
give the same bytes on every run, with either font subsetter (:mod:`companion.printing.render`).

    results = export(plan(games, kinds, locales, "a4"), Path("exports"))
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError, UsageError
from companion.fsutil import atomic_open
from companion.i18n import N_
from companion.printing import ASSETS_DIR, KINDS
from companion.printing.render import SLOW_SUBSETTER
from companion.safetext import clean

if TYPE_CHECKING:
    from datetime import datetime

    from companion.printing.pages import Page

STYLES_DIR = ASSETS_DIR / "styles"
TWO_UP = "scorepad-2up"  # the optional two-up score pad (export --kind scorepad --two-up), not in the pack
PAPER_CSS = {"a4": "@page { size: A4; }", "letter": "@page { size: letter; }"}
# Persian page numbers in Persian digits (rule sheets).
LOCALE_CSS = {"fa": '@page { @bottom-center { content: counter(page, persian) " / " counter(pages, persian); } }'}


@dataclass(frozen=True)
class Job:
    kind: str                  # rules | card-sheet | card | scorepad | scorepad-2up | journal
    game: str
    locale: str
    paper: str | None = None
    journal: str | None = None

    def cost(self) -> int:  # bigger first, so that the slowest jobs do not end up last
        return (2 if self.locale.startswith("zh") else 1) * (3 if self.kind == "rules" else 1)


@dataclass
class Result:
    job: Job
    name: str = ""
    path: Path | None = None
    size: int = 0
    seconds: float = 0.0
    warnings: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    error: tuple[str, dict[str, Any]] | None = None


def plan(games: Iterable[str], kinds: Iterable[str], locales: Iterable[str], paper: str) -> list[Job]:
    """The jobs for ``kinds`` x ``games`` x ``locales`` (``card`` gives a sheet of nine and a single card)."""
    jobs = []
    for game in games:
        for locale in locales:
            for kind in kinds:
                if kind == "card":
                    jobs += [Job("card-sheet", game, locale, paper), Job("card", game, locale)]
                else:
                    jobs.append(Job(kind, game, locale, paper))
    return jobs


def pack_plan(paper: str = "a4") -> list[Job]:
    """The full pack, what ``companion export`` makes without options: every game, kind and locale."""
    from companion.games import ids
    from companion.i18n import LOCALES

    return plan(ids(), KINDS, LOCALES, paper)


def two_up(jobs: list[Job]) -> list[Job]:
    """``jobs`` with each score pad made two-up (``--two-up``); refused unless they are all score pads."""
    if not jobs or any(j.kind != "scorepad" for j in jobs):
        raise UsageError("print.two_up_needs_scorepad")
    return [Job(TWO_UP, j.game, j.locale, j.paper) for j in jobs]


def _needs(value: str | None, job: Job, what: str) -> str:
    """The job's ``what`` (paper, journal), which its kind cannot do without."""
    if value is None:
        raise ValueError(f"a {job.kind} job needs its {what}")
    return value


def build_page(job: Job) -> Page:
    """The page of ``job``; every value inserted into its sentences is isolated (``<bdi>`` on paper)."""
    from companion.i18n import use_isolation

    with use_isolation():
        return _build_page(job)


def _build_page(job: Job) -> Page:
    from companion.printing import pages, scorepad

    if job.kind == "rules":
        return pages.rules_page(job.game, job.locale, _needs(job.paper, job, "paper"))
    if job.kind == "reference":
        return pages.reference_page(job.game, job.locale, _needs(job.paper, job, "paper"))
    if job.kind == "card-sheet":
        return pages.card_sheet_page(job.game, job.locale, _needs(job.paper, job, "paper"))
    if job.kind == "card":
        return pages.card_page(job.game, job.locale)
    if job.kind == "scorepad":
        return scorepad.scorepad_page(job.game, job.locale, _needs(job.paper, job, "paper"))
    if job.kind == TWO_UP:
        return scorepad.two_up_page(job.game, job.locale, _needs(job.paper, job, "paper"))
    if job.kind == "journal":
        return scorepad.journal_page(_needs(job.journal, job, "journal"), job.locale, _needs(job.paper, job, "paper"))
    raise UsageError("print.bad_kind", value=job.kind, choices=", ".join(KINDS))


def safe_target(out_dir: Path, name: str) -> Path:
    """``out_dir/name``, refusing any name that is not a plain file name inside ``out_dir``."""
    root = Path(out_dir).resolve()
    if (not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name
            or Path(name).name != name):
        raise UsageError("print.bad_name", name=name, path=str(root))
    # Not resolved: a symbolic link with this name is replaced by the new file, never written through.
    return root / name


def prepare_out_dir(out_dir: Path) -> Path:
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError("print.bad_out", path=str(out), reason=exc.strerror or str(exc)) from None
    if not out.is_dir() or not os.access(out, os.W_OK):
        raise UsageError("print.bad_out", path=str(out), reason=N_("it is not a folder this program may write to"))
    return out.resolve()


class _CleanRecords(logging.Filter):
    """WeasyPrint's messages quote the document (a bad CSS value, a font name): cleaned before any
    handler sees them (:func:`companion.safetext.clean`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken log call must not stop a render
            message = str(record.msg)
        record.msg, record.args = str(clean(message, multiline=True)), ()
        return True


_CLEAN_RECORDS = _CleanRecords()


def _clean_weasyprint_logs() -> None:
    for name in ("weasyprint", "weasyprint.progress"):
        logger = logging.getLogger(name)
        if _CLEAN_RECORDS not in logger.filters:
            logger.addFilter(_CLEAN_RECORDS)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []
        self.addFilter(_CLEAN_RECORDS)  # also for records of child loggers, which skip a logger's filters

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.records.append(record.getMessage()[:300])
        except Exception:  # a broken log call must not stop a render
            pass


class _FontSet:
    """One WeasyPrint font configuration, its fetcher and the stylesheets parsed with it, serving the
    big faces cut down to ``chars`` (:func:`companion.printing.render.trim_font`)."""

    def __init__(self, chars: frozenset[int]) -> None:
        from weasyprint.text.fonts import FontConfiguration

        self.chars = chars
        self.font_config = FontConfiguration()
        self.fetcher = _trimming_fetcher(chars)
        self.css: dict[str, object] = {}


def _trimming_fetcher(chars: frozenset[int]) -> Any:
    from weasyprint.urls import URLFetcherResponse

    from companion.printing.fetcher import AssetFetcher
    from companion.printing.render import TRIM_ABOVE, trim_font

    class TrimmingFetcher(AssetFetcher):
        """The asset fetcher, with every face over :data:`TRIM_ABOVE` bytes served trimmed."""

        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            path = self.resolve(url)
            if path is not None and path.suffix.lower() in (".otf", ".ttf") and path.stat().st_size > TRIM_ABOVE:
                data = trim_font(path, chars)
                if data is not None:
                    return URLFetcherResponse(path.as_uri(), data, headers={"Content-Type": "font/" + path.suffix[1:]})
            return super().fetch(url, headers)

    return TrimmingFetcher()


class Renderer:
    """WeasyPrint with everything that can be shared between documents built once: the font
    configuration (the big faces trimmed to what the shipped texts print), the fetcher and the
    parsed stylesheets.  A document with characters beyond those (a player's name in a rare
    ideograph) gets a font set of its own, trimmed to those characters too."""

    def __init__(self) -> None:
        from companion.printing.render import printed_characters

        _clean_weasyprint_logs()
        self.base = _FontSet(printed_characters())
        self._other: _FontSet | None = None

    def fonts_for(self, html: str) -> _FontSet:
        """The font set for a document whose text is ``html``: the shared one unless it has other characters."""
        extra = {c for c in map(ord, html) if c >= 0x20} - self.base.chars
        if not extra:
            return self.base
        chars = self.base.chars | extra
        if self._other is None or self._other.chars != chars:
            self._other = _FontSet(chars)
        return self._other

    def stylesheet(self, name: str, fonts: _FontSet | None = None) -> object:
        """A stylesheet by name: ``styles/<name>.css``, ``paper-a4``/``paper-letter`` or ``locale-fa``."""
        fonts = fonts or self.base
        if name not in fonts.css:
            from weasyprint import CSS

            common = dict(url_fetcher=fonts.fetcher, font_config=fonts.font_config)
            if name.startswith("paper-"):
                css = CSS(string=PAPER_CSS[name[6:]], base_url=STYLES_DIR.as_uri() + "/", **common)
            elif name.startswith("locale-"):
                css = CSS(string=LOCALE_CSS[name[7:]], base_url=STYLES_DIR.as_uri() + "/", **common)
            else:
                css = CSS(filename=str(STYLES_DIR / f"{name}.css"), **common)
            fonts.css[name] = css
        return fonts.css[name]

    def stylesheets(self, page: Page, fonts: _FontSet | None = None) -> list[object]:
        names = list(page.styles)
        if page.paper:
            names.append(f"paper-{page.paper}")
        if page.kind == "rules" and page.locale in LOCALE_CSS:
            names.append(f"locale-{page.locale}")
        return [self.stylesheet(n, fonts) for n in names]

    def render(self, page: Page, target: Path, created: datetime | None = None) -> list[tuple[str, dict[str, Any]]]:
        """Write ``page`` to ``target`` (atomically); return the warnings met on the way.

        ``created`` (else ``SOURCE_DATE_EPOCH``, else none) is the PDF's creation date; nothing
        else in the file depends on the time, the process or the documents rendered before."""
        from weasyprint import HTML

        from companion.printing import fit
        from companion.printing import render as underneath
        from companion.printing.htmltext import clean_document

        created = created or underneath.source_date()
        warnings = list(page.warnings)
        text = clean_document(page.html)
        fonts = self.fonts_for(text)
        fonts.fetcher.refused.clear()
        handler = _Collect()
        notice = underneath.SubsetterNotice()
        handler.addFilter(notice)
        loggers = [logging.getLogger(name) for name in ("weasyprint", "fontTools")]
        for logger in loggers:
            logger.addFilter(notice)
            logger.addHandler(handler)
        try:
            options: dict[str, Any] = dict(
                stylesheets=self.stylesheets(page, fonts), pdf_tags=True, attachments=[], uncompressed_pdf=False,
                pdf_identifier=underneath.pdf_identifier(page.name))

            def lay_out(source: str) -> Any:
                html = HTML(string=text if source is page.html else clean_document(source),
                            base_url=STYLES_DIR.as_uri() + "/",
                            url_fetcher=fonts.fetcher)
                return html.render(font_config=fonts.font_config, **options)

            # A rule sheet is laid out at the body size that leaves no page nearly empty (the layout
            # the fit measured is the one printed).
            if page.kind == "rules":
                document = fit.fitted(page, lay_out)
            elif page.alternates:  # (a filled score sheet: a lower chart when the last page would be empty)
                document = fit.fullest([page.html, *page.alternates], lay_out)
            else:
                document = lay_out(page.html)
            if created is not None:
                document.metadata.created = document.metadata.modified = underneath.w3c_date(created)
            with underneath.font_timestamps(created), atomic_open(target) as fh:
                document.write_pdf(fh, **options)
        finally:
            for logger in loggers:
                logger.removeHandler(handler)
                logger.removeFilter(notice)
        refused = list(fonts.fetcher.refused)
        warnings += [("print.refused_url", {"document": page.name, "target": url}) for url in refused]
        warnings += [("print.renderer_warning", {"document": page.name, "detail": text})
                     for text in handler.records if not any(url in text for url in refused)]
        if notice.count:
            warnings.append((SLOW_SUBSETTER, {}))
        return warnings


_renderer: Renderer | None = None


def renderer() -> Renderer:
    """This process's renderer (built on first use)."""
    global _renderer
    if _renderer is None:
        import atexit

        _renderer = Renderer()
        atexit.register(_drop_renderer)  # let its font configuration go while the interpreter is whole
    return _renderer


def _drop_renderer() -> None:
    global _renderer
    _renderer = None


def run_job(job: Job, out_dir: Path) -> Result:
    import time

    start = time.perf_counter()
    result = Result(job)
    try:
        page = build_page(job)
        result.name = page.name
        target = safe_target(out_dir, page.name)
        result.warnings = renderer().render(page, target, _journal_started(job))
        result.path, result.size = target, target.stat().st_size
    except CompanionError as exc:
        result.error = (exc.code, exc.params)
    except OSError as exc:
        result.error = ("print.bad_out", {"path": str(out_dir), "reason": exc.strerror or str(exc)})
    result.seconds = time.perf_counter() - start
    return result


def _journal_started(job: Job) -> datetime | None:
    """When the game of a score-sheet job started (its journal header), the sheet's creation date."""
    if job.kind != "journal" or not job.journal:
        return None
    import json

    from companion.printing.render import parse_time

    try:
        with open(job.journal, "rb") as fh:
            header = json.loads(fh.readline(64 * 1024))
    except (OSError, ValueError):
        return None
    started = header.get("started") if isinstance(header, dict) else None
    return parse_time(started) if isinstance(started, str) else None


def _init_worker(harfbuzz: bool | None = None) -> None:
    logging.getLogger("weasyprint").setLevel(logging.WARNING)
    if harfbuzz is not None:
        from companion.printing.render import use_subsetter

        use_subsetter(harfbuzz)
    renderer()  # fonts and stylesheets once per worker


def one_notice(results: list[Result]) -> list[Result]:
    """The slow-subsetter notice once for the whole export: kept on the first result by name (the
    order the command prints warnings in), taken off the others."""
    marked = sorted((r for r in results if (SLOW_SUBSETTER, {}) in r.warnings), key=lambda r: r.name)
    for result in marked[1:]:
        result.warnings = [w for w in result.warnings if w[0] != SLOW_SUBSETTER]
    return results


def export(jobs: list[Job], out_dir: Path, workers: int | None = None,
           progress: Callable[[int, int, Result], None] | None = None,
           harfbuzz: bool | None = None) -> list[Result]:
    """Render ``jobs`` into ``out_dir`` (created if needed), on ``workers`` processes (all cores).

    ``harfbuzz=False`` subsets the fonts with fontTools, as on a machine without
    ``libharfbuzz-subset0`` (for the bench and the tests); ``None`` uses what is installed."""
    from companion.printing.render import subsetter

    out_dir = prepare_out_dir(out_dir)
    jobs = sorted(jobs, key=lambda j: -j.cost())
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    results: list[Result] = []
    if workers == 1 or len(jobs) <= 2:
        with subsetter(harfbuzz):
            for job in jobs:
                results.append(run_job(job, out_dir))
                if progress:
                    progress(len(results), len(jobs), results[-1])
        return one_notice(results)
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker,
                             initargs=(harfbuzz,)) as pool:
        futures = [pool.submit(partial(run_job, job, out_dir)) for job in jobs]
        for future in as_completed(futures):
            results.append(future.result())
            if progress:
                progress(len(results), len(jobs), results[-1])
    return one_notice(results)
