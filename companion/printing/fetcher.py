"""A URL fetcher that serves the package's own assets and nothing else.

WeasyPrint asks its fetcher for every stylesheet, font, image and attachment.  :class:`AssetFetcher`
answers only ``file:`` URLs that resolve (symbolic links included) to a file inside one of
:data:`~companion.printing.ASSET_FOLDERS`; anything else -- another file (``/etc/passwd``, ``../``),
the network, ``data:`` -- is refused and recorded in :attr:`AssetFetcher.refused`, which the exporter
turns into translated warnings.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from companion.errors import RulesetError
from companion.printing import ASSET_FOLDERS, ASSETS_DIR
from companion.safeio import read_data_file

ASSET_LIMIT = 32 * 1024 * 1024  # the largest shipped font is ~6 MB

_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".svg": "image/svg+xml",
          ".png": "image/png"}


class RefusedURL(ValueError):
    """Raised (and caught by WeasyPrint, which then skips the resource) for a URL we do not serve."""


class AssetFetcher(URLFetcher):
    """Serve ``file:`` URLs under the asset folders; refuse and remember everything else."""

    def __init__(self, root: Path = ASSETS_DIR, folders: tuple[str, ...] = ASSET_FOLDERS) -> None:
        super().__init__(allowed_protocols=("file",), allow_redirects=False, fail_on_errors=False)
        self.roots = tuple((Path(root) / f).resolve() for f in folders)
        self.refused: list[str] = []

    def resolve(self, url: str) -> Path | None:
        """The asset file ``url`` names, or ``None`` when it is not one we serve."""
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return None
        try:
            path = Path(unquote(parts.path)).resolve(strict=True)
        except (OSError, RuntimeError, ValueError):
            return None
        if not path.is_file():
            return None
        if not any(path.is_relative_to(root) for root in self.roots):
            return None
        return path

    def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
        path = self.resolve(url)
        if path is None:
            self.refused.append(url if len(url) < 200 else url[:200] + "…")
            raise RefusedURL(url[:200])
        try:
            data = read_data_file(path, limit=ASSET_LIMIT)  # a regular file of bounded size, never a FIFO
        except RulesetError:
            self.refused.append(url if len(url) < 200 else url[:200] + "…")
            raise RefusedURL(url[:200]) from None
        mime = _TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), data, headers={"Content-Type": mime})
