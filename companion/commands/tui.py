"""``companion tui``: until the referee assistant lands, show what the command line offers."""

from __future__ import annotations


def run(args) -> int:
    from companion.cli import build_parser

    build_parser().print_help()
    return 0
