"""Textual's parsed CSS, kept from one start of ``companion tui`` to the next (issue 15: start-up).

Textual parses every stylesheet source afresh at each start -- ``app.tcss`` and the default CSS of each
widget class the home screen mounts (``App``, ``Screen``, ``Widget``, ``OptionList``, the footer...):
about 10 ms of the first frame, more than the whole rest of our own start-up work.  Its stylesheet keeps
what it parsed in a cache keyed by each source's full text (and where it came from, whether it is
default CSS, its tie breaker and scope), so a source that changed is parsed again whatever we keep.

:func:`load` puts the rules kept by the last start into that cache (one pickle, about 2 ms);
:func:`save` keeps the entries parsed up to the home screen's first frame, once it is on screen, and only
when something is missing from what was loaded (a start that found everything writes nothing).  The
file is named after Python's version, Textual's installed files and the CSS variables (the theme: Textual puts
their values into the rules as it parses), so another Textual, Python or theme starts its own file and
the older one is removed.  A missing, stale or unreadable file only costs the parse it would have saved;
a cache that cannot be written only costs the next start that parse.

The file lives in the user's own cache folder (like the compiled catalogs), which only that user can
write: whoever can write there can already change what Python runs for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.css.stylesheet import Stylesheet

PREFIX = "textual-css-"


def cache_path(stylesheet: Stylesheet) -> Path | None:
    """Where the parsed rules for this Textual, Python and set of CSS variables are kept (``None``: no
    cache folder can be named here)."""
    import sys

    from textual.css import model

    from companion.paths import files_key, user_cache_dir

    try:
        # Textual's version without importlib.metadata (``textual.__version__`` loads it: ~15 ms): the
        # module that defines the rules, as installed (another Textual is another file).
        key = files_key([model.__file__], sys.version, repr(sorted(stylesheet._variables.items())))
        return user_cache_dir() / "css" / f"{PREFIX}{key}.pickle"
    except Exception:  # noqa: BLE001 - no home folder, platformdirs refuses: parse as Textual does
        return None


def load(stylesheet: Stylesheet) -> frozenset[Any]:
    """Fill the stylesheet's parse cache from the last start; the keys it got (empty: nothing kept)."""
    import pickle

    path = cache_path(stylesheet)
    if path is None:
        return frozenset()
    try:
        kept = pickle.loads(path.read_bytes())
        if not isinstance(kept, dict):
            return frozenset()
        for key, rules in kept.items():
            stylesheet._parse_cache.set(key, rules)
        return frozenset(kept)
    except Exception:  # noqa: BLE001 - missing, truncated, another Textual's objects: parse instead
        return frozenset()


def save(stylesheet: Stylesheet, loaded: frozenset[Any]) -> bool:
    """Keep the stylesheet's parsed sources for the next start, unless they were all loaded from there.

    Whether a file was written."""
    import pickle

    from companion.fsutil import write_cache

    cache = stylesheet._parse_cache
    keys = list(cache.keys())
    if not keys or set(keys) <= loaded:
        return False
    path = cache_path(stylesheet)
    if path is None:
        return False
    try:
        data = pickle.dumps({key: cache.get(key) for key in keys}, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - something in the rules that pickle cannot take: keep nothing
        return False
    write_cache(path, data, replaces=f"{PREFIX}*.pickle")
    return True
