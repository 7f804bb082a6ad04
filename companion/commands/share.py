"""``companion share FILE [--lan] [--port P]``: a read-only live view of a game for the players' phones.

The web server's libraries are imported here only, when the command runs (see :mod:`companion.share`).
"""

from __future__ import annotations

import argparse

from companion.errors import UsageError


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError("share_bad_port", port=args.port)
    from companion.share.server import serve

    return serve(args.file, lan=args.lan, port=args.port)
