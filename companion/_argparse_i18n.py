"""argparse's own messages, routed through our catalogs (argparse calls ``gettext`` by name)."""

from __future__ import annotations

import argparse

from companion.i18n import N_, current

# The messages a person can meet, listed so that extraction puts them in our catalogs.
ARGPARSE_MESSAGES = [
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("ignored explicit argument %r"),
]


def _gettext(message: str) -> str:
    return current()._t.gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return current()._t.ngettext(singular, plural, n)


def install() -> None:
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
