"""Textual's own key descriptions, listed so that extraction puts them in our catalogs.

The keys screen translates every binding description with ``_()``; the descriptions below come from
Textual's widgets (``Input``, ``OptionList``, scrolling containers, ``Screen``) rather than from our code.
A test checks this list against the installed Textual, so a new Textual release cannot add an
untranslated line unnoticed.
"""

from companion.i18n import N_

TEXTUAL_DESCRIPTIONS = [
    # Input
    N_("Move cursor left"), N_("Move cursor left and select"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"), N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"), N_("Move cursor right a word"), N_("Move cursor right a word and select"),
    N_("Delete character left"), N_("Select all"), N_("Go to start"), N_("Go to end"), N_("Select line start"),
    N_("Select line end"), N_("Delete character right"), N_("Submit"), N_("Delete left to start of word"),
    N_("Delete all to the left"), N_("Delete right to start of word"), N_("Delete all to the right"),
    N_("Cut selected text"), N_("Copy selected text"), N_("Paste text from the clipboard"),
    # OptionList
    N_("Down"), N_("Last"), N_("Select"), N_("First"), N_("Page Down"), N_("Page Up"), N_("Up"),
    # scrolling containers
    N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"), N_("Scroll Right"), N_("Scroll Home"),
    N_("Scroll End"), N_("Page Left"), N_("Page Right"),
    # Screen
    N_("Focus Next"), N_("Focus Previous"),
]
