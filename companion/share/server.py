"""The share server: Starlette routes served by uvicorn, following one journal read-only.

See :mod:`companion.share` for the routes and the JSON.  One :class:`Hub` follows the journal
(``Session.follow``; ``os.stat`` every :data:`POLL_SECONDS`), keeps the state JSON of each language
for the current version, and wakes every open stream when the journal changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.errors import CompanionError
from companion.i18n import LOCALES
from companion.share import PARENT_VARIABLE
from companion.share.public import HTML_LANG, negotiate_lang, state_json

ASSETS = Path(__file__).parent / "assets"
FONTS = Path(__file__).parent.parent / "printing" / "fonts"
FONT_TYPES = {".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf"}
POLL_SECONDS = 0.05

PING_SECONDS = 15.0
MAX_STREAMS = 100
MAX_HEADER_BYTES = 16 * 1024
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
NO_STORE = {"Cache-Control": "no-store"}


class SecurityHeaders:
    """Adds the security headers to every response (plain ASGI: streams pass through untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        size += sum(len(name) + len(value) for name, value in scope.get("headers", []))
        if size > MAX_HEADER_BYTES:  # h11 bounds headers that arrive in pieces; this, those that come at once
            scope = {**scope, "path": "/", "headers": []}
            response = Response("Request Header Fields Too Large", status_code=431, media_type="text/plain")
            await response(scope, receive, self._with_headers(send))
            return

        await self.app(scope, receive, self._with_headers(send))

    @staticmethod
    def _with_headers(send: Send) -> Send:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _value in SECURITY_HEADERS}
                headers = [h for h in message.get("headers", []) if h[0].lower() not in names]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        return send_with_headers


class Hub:
    """The followed game, its version, and the streams waiting for the next one."""

    def __init__(self, path: str | Path) -> None:
        from companion.session import Session

        self.path = Path(path)
        self.session = Session.follow(self.path)
        self.version = 0
        self._cache: dict[str, tuple[int, str]] = {}
        self._waiters: set[asyncio.Event] = set()
        self._stamp = self._stat()
        self.streams = 0
        self.closing = asyncio.Event()
        self.changed_at = 0.0  # loop time of the last change seen (for the load bench)

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_size, st.st_mtime_ns, st.st_ino)

    def poll(self) -> bool:
        """Read the journal again if its size, time or inode changed; True when the state changed."""
        stamp = self._stat()
        if stamp == self._stamp or stamp is None:
            return False
        self._stamp = stamp
        try:
            changed = self.session.refresh()
        except (CompanionError, OSError) as exc:  # a bad line: the state stays as it was
            print(f"companion share: {exc}", file=sys.stderr)
            return False
        if changed:
            self.version += 1
            self._cache.clear()
            for waiter in self._waiters:
                waiter.set()
        return bool(changed)

    def text(self, lang: str) -> str:
        cached = self._cache.get(lang)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        text = json.dumps(state_json(self.session, lang), ensure_ascii=False, separators=(",", ":"))
        self._cache[lang] = (self.version, text)
        return text

    async def follow(self) -> None:
        parent = os.environ.get(PARENT_VARIABLE, "")
        while not self.closing.is_set():
            if parent and str(os.getppid()) != parent:  # the TUI that started this server is gone
                os.kill(os.getpid(), signal.SIGTERM)  # the normal stop (exit 0)
                return
            self.poll()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.closing.wait(), POLL_SECONDS)

    async def updates(self, lang: str) -> AsyncIterator[str]:
        """The server-sent events of one stream: the state now, then after every change; pings between."""
        waiter = asyncio.Event()
        self._waiters.add(waiter)
        try:
            yield "retry: 2000\n\n"
            seen = -1
            while not self.closing.is_set():
                if seen != self.version:
                    seen = self.version
                    yield f"event: state\ndata: {self.text(lang)}\n\n"
                waiter.clear()
                try:
                    await asyncio.wait_for(waiter.wait(), PING_SECONDS)
                except TimeoutError:
                    yield ": ping\n\n"
        finally:
            self._waiters.discard(waiter)
            self.streams -= 1


def _lang(request: Request) -> str:
    asked = request.query_params.get("lang")
    return negotiate_lang(asked, request.headers.get("accept-language"))


def _asset(folder: Path, name: str, types: dict[str, str] | None = None) -> Path | None:
    """A file directly in ``folder`` named ``name`` (no separators, no dot files), or None."""
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\x00" in name or len(name) > 100:
        return None
    path = folder / name
    if types is not None and path.suffix.lower() not in types:
        return None
    try:
        if path.resolve().parent != folder.resolve() or not path.is_file():
            return None
    except OSError:
        return None
    return path


def build_app(path: str | Path, token: str, max_streams: int = MAX_STREAMS) -> Starlette:
    hub_box: dict[str, Hub] = {}

    def hub() -> Hub:
        if "hub" not in hub_box:
            hub_box["hub"] = Hub(path)
        return hub_box["hub"]

    hub()  # a journal that cannot be read fails here, before anything listens
    # The fonts the page may ask for: files of companion/printing/fonts/<family>/, by name (and by stem).
    fonts: dict[str, Path] = {}
    for font_file in sorted(FONTS.glob("*/*")):
        if font_file.suffix.lower() in FONT_TYPES and font_file.is_file():
            fonts[font_file.name] = font_file
            fonts.setdefault(font_file.stem, font_file)

    def authorized(request: Request) -> bool:
        given = request.path_params.get("token", "")
        return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode())

    def not_found() -> Response:
        return Response("Not Found", status_code=404, media_type="text/plain", headers=NO_STORE)

    async def page(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        from html import escape

        lang = _lang(request)
        template = (ASSETS / "page.html").read_text(encoding="utf-8") if (ASSETS / "page.html").is_file() \
            else "<!doctype html><title>{{TITLE}}</title>"
        data = json.loads(hub().text(lang))
        values = {"{{TOKEN}}": token, "{{LANG}}": lang, "{{HTMLLANG}}": HTML_LANG[lang],
                  "{{DIR}}": data["dir"], "{{TITLE}}": data["title"]}
        for key, value in values.items():
            template = template.replace(key, escape(value, quote=True))
        return HTMLResponse(template, headers={**NO_STORE, "Content-Language": HTML_LANG[lang]})

    async def asset(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        found = _asset(ASSETS, request.path_params["name"])
        if found is None or found.name == "page.html":
            return not_found()
        return FileResponse(found, headers={"Cache-Control": "no-cache"})

    async def font(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        name = request.path_params["name"]
        found = fonts.get(name) or fonts.get(name.rsplit(".", 1)[0])  # the same face in another format
        if found is None:
            return not_found()
        return FileResponse(found, media_type=FONT_TYPES[found.suffix.lower()],
                            headers={"Cache-Control": "max-age=86400"})

    async def state(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        hub().poll()
        return Response(hub().text(_lang(request)), media_type="application/json", headers=NO_STORE)

    async def stream(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        h = hub()
        if h.streams >= max_streams:
            return Response("Too many viewers", status_code=503, media_type="text/plain",
                            headers={**NO_STORE, "Retry-After": "5"})
        h.streams += 1
        return StreamingResponse(h.updates(_lang(request)), media_type="text/event-stream",
                                 headers={**NO_STORE, "X-Accel-Buffering": "no"})

    async def rules(request: Request) -> Response:
        if not authorized(request):
            return not_found()
        from companion.content import load_document, render_html

        kind = request.query_params.get("kind", "rules")
        if kind not in ("rules", "card"):
            kind = "rules"
        lang = _lang(request)
        try:
            html = render_html(load_document(hub().session.header.game, lang, kind))
        except (CompanionError, OSError):
            return not_found()
        return HTMLResponse(html, headers={"Cache-Control": "no-cache", "Content-Language": HTML_LANG[lang]})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        h = hub()
        h.closing = asyncio.Event()
        task = asyncio.create_task(h.follow())
        try:
            yield
        finally:
            h.closing.set()
            for waiter in list(h._waiters):
                waiter.set()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    methods = ["GET", "HEAD"]
    app = Starlette(routes=[
        Route("/t/{token}/", page, methods=methods),
        Route("/t/{token}/state.json", state, methods=methods),
        Route("/t/{token}/stream", stream, methods=methods),
        Route("/t/{token}/rules", rules, methods=methods),
        Route("/t/{token}/assets/{name}", asset, methods=methods),
        Route("/t/{token}/fonts/{name}", font, methods=methods),
    ], lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(SecurityHeaders)
    return app


def lan_address() -> str:
    """This machine's address on its local network (the one a default route leaves from); no packet is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        address: str = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return address
    return "127.0.0.1"


def serve(path: str | Path, lan: bool = False, port: int = 0, out: Any = None) -> int:
    """Serve ``path`` until SIGINT/SIGTERM; the first line written to ``out`` is the URL."""
    import secrets

    import uvicorn

    token = secrets.token_urlsafe(32)
    app = build_app(path, token)
    host = lan_address() if lan else "127.0.0.1"
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(512)
    sock.set_inheritable(True)
    bound = sock.getsockname()[1]
    out = out or sys.stdout
    print(f"http://{host}:{bound}/t/{token}/", file=out, flush=True)
    config = uvicorn.Config(app, http=_bounded_h11(), log_level="warning", access_log=False, lifespan="on",
                            limit_concurrency=200, h11_max_incomplete_event_size=16 * 1024,
                            timeout_keep_alive=5, timeout_graceful_shutdown=2, server_header=False,
                            date_header=False)
    server = _Server(config)
    server.run(sockets=[sock])
    return 0


HEADER_SECONDS = 5.0
"""A connection must have sent a whole request (its headers) this soon after it opened, or it is closed:
uvicorn waits for a request's headers without a limit, so a thousand slow clients (half a request
each, then nothing) held every slot and no player was served again (tests/share/test_hostile.py)."""


def _bounded_h11() -> type:
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class BoundedH11(H11Protocol):
        _deadline: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def _too_slow(self) -> None:
            if getattr(self, "cycle", None) is None and not self.transport.is_closing():
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if getattr(self, "cycle", None) is not None and self._deadline is not None:  # a request came in time
                self._deadline.cancel()
                self._deadline = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    return BoundedH11


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, but a SIGTERM/SIGINT is a normal stop (exit 0), not raised again after it."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            self._captured_signals.clear()

    return Server


def _Server(config: Any) -> Any:
    return _server_class()(config)


__all__ = ["LOCALES", "build_app", "lan_address", "serve"]
