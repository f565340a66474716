"""Choosing a game's rule set by name with option overrides, the same way for
every game, so that an unknown variant or option is refused in one voice.

An option refused is an :class:`OptionError`: a refusal's code and parameters
(:mod:`atout.refusals`) naming the option and what is wrong, which a record's
reader and a table's master see worded in their language."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, Literal, Protocol, TypeVar, get_args, get_origin

from atout.refusals import Refusal, TableRefused

NUMBER_LIMIT: Final = 1_000_000
"""The largest number (either sign) an option may hold: far above any rule's
sense (a prime of 25, a chelem of 400), far below what scores built from it
need to stay JSON a client reads (64 bits, and a browser's 53) and text that
Python writes (4,300 digits)."""

Bounds = tuple[int, int]
"""The least and the greatest number an option's value may hold."""

NUMBER_BOUNDS: Final[Bounds] = (-NUMBER_LIMIT, NUMBER_LIMIT)
"""The bounds of an option that has none of its own."""

_SHOWN_NAME: Final = 40
"""The longest option name repeated in a refusal: no option's name is near it."""


class OptionError(Refusal, ValueError):
    """A variant option the engine refuses, as a code and parameters naming it
    (``option``) and what is wrong:

    - ``option_unknown`` ``{option, known}``: no option of that name;
    - ``option_kind`` ``{option, takes}``: a value not of the option's kind
      (``takes``: ``boolean``, ``integer``, ``integers``, ``three_integers``,
      ``thresholds``, words of the catalogue's terms);
    - ``option_choice`` ``{option, choices}``: a word not among its choices;
    - ``option_range`` ``{option, min, max}``: a number beyond its bounds;
    - ``option_with`` ``{option, other}``: a value that does not go with the
      ``other`` option's;
    - ``option_players`` ``{option, players}``: a value that does not fit a
      table of that many players.
    """

    @property
    def options(self) -> tuple[str, ...]:
        """The options at fault: the one named, and the other of a combination."""
        names = [self.params["option"], *([self.params["other"]] if "other" in self.params else [])]
        return tuple(str(name) for name in names)


def shown_name(name: object) -> str:
    """An option's name as a refusal repeats it: as given if it is short printable
    text (every option's name is), else its ``repr`` cut to a readable length."""
    text = name if isinstance(name, str) and name.isprintable() else repr(name)
    return text if len(text) <= _SHOWN_NAME else text[: _SHOWN_NAME - 1] + "…"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def option_value(key: str, value: Any, hint: Any) -> Any:
    """``value`` as an option of type ``hint`` holds it (a JSON list as a tuple),
    or OptionError naming the option and what it takes. The types options have:
    a ``Literal`` of words, ``bool``, ``int``, ``tuple[int, int, int]`` and
    ``tuple[int, ...]`` (at least one)."""
    if get_origin(hint) is Literal:
        choices = [str(choice) for choice in get_args(hint)]
        if isinstance(value, str) and value in choices:
            return value
        raise OptionError("option_choice", option=key, choices=choices)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise OptionError("option_kind", option=key, takes="boolean")
    if hint is int:
        if _whole(value):
            return value
        raise OptionError("option_kind", option=key, takes="integer")
    if hint == tuple[int, int, int]:
        if isinstance(value, list | tuple) and len(value) == 3 and all(map(_whole, value)):
            return tuple(value)
        raise OptionError("option_kind", option=key, takes="three_integers")
    if hint == tuple[int, ...]:
        if isinstance(value, list | tuple) and value and all(map(_whole, value)):
            return tuple(value)
        raise OptionError("option_kind", option=key, takes="integers")
    raise TypeError(f"option {key!r}: no option is of type {hint!r}")


def check_range(key: str, value: Any, bounds: Bounds = NUMBER_BOUNDS) -> None:
    """OptionError ``option_range`` when a number of the option's value (itself, or
    one in a list or mapping) is beyond ``bounds``."""
    if isinstance(value, Mapping):
        for item in value.values():
            check_range(key, item, bounds)
    elif isinstance(value, tuple | list):
        for item in value:
            check_range(key, item, bounds)
    elif _whole(value) and not bounds[0] <= value <= bounds[1]:
        raise OptionError("option_range", option=key, min=bounds[0], max=bounds[1])


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
    bounds: Mapping[str, Bounds] | None = None,
) -> V:
    """The variant called ``name`` with ``options`` overriding its fields.

    ``convert(key, value, current)`` returns the field value for an option or
    raises OptionError saying what it takes (see :func:`option_value`); ``fixed``
    fields are not options. Options are checked in the order of their names, so
    that the first refused is always the same; each number they hold is within
    the option's ``bounds``, or ±``NUMBER_LIMIT``. An unknown variant is a
    ValueError coded ``unknown_variant`` (:class:`atout.refusals.TableRefused`).
    """
    try:
        variant = variants[name]
    except KeyError:
        known = ", ".join(sorted(variants))
        raise TableRefused("unknown_variant", variant=name, known=known) from None
    if not options:
        return variant
    allowed = {f.name for f in dataclasses.fields(variant)} - set(fixed)  # type: ignore[arg-type]
    unknown = sorted((key for key in options if key not in allowed), key=str)
    if unknown:
        known = ", ".join(sorted(allowed))
        raise OptionError("option_unknown", option=shown_name(unknown[0]), known=known)
    changes = {}
    for key in sorted(options):
        changes[key] = convert(key, options[key], getattr(variant, key))
        check_range(key, changes[key], (bounds or {}).get(key, NUMBER_BOUNDS))
    return dataclasses.replace(variant, **changes)  # type: ignore[type-var]
