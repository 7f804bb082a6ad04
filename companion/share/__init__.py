"""`companion share`: a read-only live view of a game for the players' phones.

Contract between the server (``companion/share/server.py``, ``public.py``) and the page
(``companion/share/assets/``):

* ``companion share FILE [--lan] [--port P]``: the first stdout line is the URL
  ``http://HOST:PORT/t/TOKEN/`` (token ``secrets.token_urlsafe(32)``, 256 bits); default host
  127.0.0.1, ``--lan`` the machine's LAN address; port 0 -> any free port.  Stops on SIGTERM/SIGINT.
* Routes (everything else 404; only GET/HEAD, others 405):

  - ``GET /t/TOKEN/`` -> ``assets/page.html`` with these placeholders replaced (HTML-escaped):
    ``{{TOKEN}}`` the token, ``{{LANG}}`` the initial language (en, fa, zh_Hant, zh_Hans),
    ``{{HTMLLANG}}`` its BCP 47 tag (en, fa, zh-Hant, zh-Hans), ``{{DIR}}`` rtl or ltr,
    ``{{TITLE}}`` the localized game name.  Language from ``?lang=L``, else Accept-Language
    negotiated with Babel (zh-TW/zh-HK -> zh_Hant, zh-CN/zh -> zh_Hans), else en.
  - ``GET /t/TOKEN/assets/NAME`` -> a file directly in ``companion/share/assets/`` (no sub-folders).
  - ``GET /t/TOKEN/fonts/NAME`` -> a file of ``companion/printing/fonts/`` (.woff2/.woff/.ttf/.otf).
  - ``GET /t/TOKEN/state.json?lang=L`` -> the state below (``Cache-Control: no-store``).
  - ``GET /t/TOKEN/stream?lang=L`` -> server-sent events: ``retry: 2000``, then
    ``event: state`` / ``data: <the same JSON as state.json>`` on connect and on every change,
    a comment line ``: ping`` every 15 s.  503 when too many streams are open.
  - ``GET /t/TOKEN/rules?lang=L&kind=rules|card`` -> an HTML fragment (the rules or reference card).

  All responses carry: ``Content-Security-Policy: default-src 'self'; script-src 'self';
  style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none';
  base-uri 'none'; form-action 'none'``, ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: no-referrer``, ``X-Frame-Options: DENY``.  So no inline scripts or styles.

* state.json::

    {"game": "<game id>", "ruleset": "...", "lang": "fa", "dir": "rtl"|"ltr",
     "finished": false, "events": 12,            # events in the journal (after undo/redo folding)
     "title": "localized game name",
     "ui": {"path": ..., "players": ..., "log": ..., "rules": ..., "card": ..., "language": ...,
            "winners": ..., "waiting": ..., "reconnecting": ..., "close": ...,
            "languages": {"en": "English", "fa": "فارسی", "zh_Hant": "繁體中文", "zh_Hans": "简体中文"}},
     "public": {...},       # the `replay --json` object, secrets removed (Diamant chests/scores
                            # hidden until the game ends)
     "lines": ["..."],      # localized sentences about the current state (plain text)
     "log": ["..."],        # localized lines of the current round/turn, oldest first (plain text)
     "winners": ["name"]}   # names, empty until finished

  Every string is plain text (bidi controls stripped): the page must insert it with
  ``textContent``, never ``innerHTML`` (except the rules fragment, which the server renders).
"""

PARENT_VARIABLE = "COMPANION_SHARE_PARENT"
"""Set by the TUI to its own process id: the server stops when that process is gone, however it ended
(a closed terminal or a kill runs none of the TUI's own clean-up, and the server runs in a session of
its own, so no signal of the terminal reaches it)."""
