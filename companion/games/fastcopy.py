"""A quick ``dataclasses.replace`` for the engines' frozen states (replay builds millions of them)."""

from __future__ import annotations

from dataclasses import replace as _dataclass_replace
from typing import Any, Protocol, TypeVar

_T = TypeVar("_T")


class Replace(Protocol):
    def __call__(self, obj: _T, /, **changes: Any) -> _T: ...


def replacer(*kinds: type) -> Replace:
    """``replace(obj, **changes)`` that copies an object of one of ``kinds`` (frozen dataclasses with no
    ``__post_init__``) field for field without running ``__init__``; other objects go the usual way."""
    fast = frozenset(kinds)

    def replace(obj: _T, /, **changes: Any) -> _T:
        kind = type(obj)
        if kind not in fast:
            return _dataclass_replace(obj, **changes)  # type: ignore[type-var]
        new = object.__new__(kind)
        new.__dict__.update(obj.__dict__)
        new.__dict__.update(changes)
        return new

    return replace
