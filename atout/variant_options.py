"""Choosing a game's rule set by name with option overrides, the same way for
every game, so that an unknown variant or option is refused in one voice."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, Protocol, TypeVar

NUMBER_LIMIT: Final = 1_000_000
"""The largest number (either sign) an option may hold: far above any rule's
sense (a prime of 25, a chelem of 400), far below what scores built from it
need to stay JSON a client reads (64 bits, and a browser's 53) and text that
Python writes (4,300 digits)."""


class _Named(Protocol):
    @property
    def name(self) -> str: ...


V = TypeVar("V", bound=_Named)


def choose_variant(
    game: str,
    variants: Mapping[str, V],
    name: str,
    options: Mapping[str, Any] | None,
    convert: Callable[[str, Any, Any], Any],
    fixed: Collection[str] = ("name",),
) -> V:
    """The variant called ``name`` with ``options`` overriding its fields.

    ``convert(key, value, current)`` returns the field value for an option or
    raises ValueError saying what it expects; ``fixed`` fields are not options.
    """
    try:
        variant = variants[name]
    except KeyError:
        known = ", ".join(sorted(variants))
        raise ValueError(f"unknown {game} variant {name!r} (known: {known})") from None
    if not options:
        return variant
    allowed = {f.name for f in dataclasses.fields(variant)} - set(fixed)  # type: ignore[arg-type]
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(map(repr, unknown))} for {game}; "
            f"known: {', '.join(sorted(allowed))}"
        )
    changes = {key: convert(key, value, getattr(variant, key)) for key, value in options.items()}
    for key, value in changes.items():
        _check_numbers(key, value)
    return dataclasses.replace(variant, **changes)  # type: ignore[type-var]


def _check_numbers(key: str, value: Any) -> None:
    """ValueError when an option's value holds a number beyond ``NUMBER_LIMIT``."""
    if isinstance(value, Mapping):
        for item in value.values():
            _check_numbers(key, item)
    elif isinstance(value, tuple | list):
        for item in value:
            _check_numbers(key, item)
    elif isinstance(value, int) and not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        raise ValueError(f"option {key!r}: numbers go from -{NUMBER_LIMIT:,} to {NUMBER_LIMIT:,}")
