"""The one place numba is imported: a decorator compiling a function once and
caching the machine code beside the module (or in numba's user-wide cache), so
only the first run on a machine pays the compile time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def compiled(fn: F) -> F:
    """``numba.njit`` with an on-disk cache; without a writable cache directory
    numba refuses ``cache=True`` at decoration, and the function is compiled at
    every run instead."""
    try:
        return cast(F, numba.njit(cache=True)(fn))
    except RuntimeError:
        return cast(F, numba.njit(fn))
