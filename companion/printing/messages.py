"""Sentences for the printing warnings and errors (codes prefixed ``print.``)."""

from __future__ import annotations

from companion.i18n import N_, Translator

MESSAGES = {
    "print.dropped_image": N_("{document}: an image ({target}) was left out; "
                              "printed documents show no images from the text."),
    "print.dropped_link": N_("{document}: a link to {target} was left out; only links within the document are kept."),
    "print.dropped_element": N_("{document}: an element <{element}> {target} was left out."),
    "print.dropped_attribute": N_("{document}: an attribute {attribute}=“{target}” was left out."),
    "print.content_warning": N_("{document}: {detail}"),
    "print.refused_url": N_("{document}: the file or address {target} was not loaded; "
                            "only the companion's own fonts and styles are."),
    "print.renderer_warning": N_("{document}: the PDF renderer says: {detail}"),
    "print.slow_subsetter": N_("HarfBuzz's font subsetter (the libharfbuzz-subset0 package) is not installed, "
                               "so the fonts were cut down with the slower fontTools: the PDFs are complete, "
                               "but Chinese ones take several times longer to make. Install it to make them faster."),
    "print.failed": N_("{document} was not made: {reason}"),
    "print.bad_game": N_("Unknown game “{value}”. Choose one of: {choices}."),
    "print.bad_kind": N_("Unknown kind “{value}”. Choose one of: {choices}."),
    "print.bad_out": N_("The folder {path} cannot be used for the PDFs: {reason}."),
    "print.bad_name": N_("The file name {name} would leave the folder {path}; nothing was written."),
    "print.two_up_needs_scorepad": N_("--two-up prints score pads two to a sheet; use it with --kind scorepad."),
    "print.journal_with_kind": N_("--journal makes a score sheet; it cannot be combined with --kind or --game."),
}


def describe(code: str, params: dict, tr: Translator | None = None) -> str:
    """Kept for callers inside the print shop: the core describer knows the ``print.`` codes."""
    from companion.messages import describe as core

    return core(code, params, tr)
