"""Why a field of an input is refused, coded: pydantic's reasons as refusals.

Pydantic says why a value is refused in English (``Input should be a valid
integer``). A refusal naming the field at fault (a score sheet's
``sheet_invalid``, a request's ``invalid_request``) carries its reason as a code
of the catalogue with its parameters (``field_kind`` ``{json_wanted: "integer"}``,
``field_at_most`` ``{max: 91}``), as it carries an engine's option refused
(:func:`atout.refusals.carried`): every client words it in its reader's language.
The reason never repeats the input, which may be anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from pydantic_core import PydanticCustomError

from atout.refusals import MESSAGES, Refusal, carried

Told = TypeVar("Told", bound=Refusal)

_KINDS: Final = {
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float", "int_parsing_size"), "integer"),
    **dict.fromkeys(("float_type", "float_parsing", "finite_number"), "number"),
    **dict.fromkeys(("bool_type", "bool_parsing"), "boolean"),
    **dict.fromkeys(("string_type", "string_unicode"), "string"),
    **dict.fromkeys(
        ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"), "list"
    ),
    **dict.fromkeys(
        ("dict_type", "model_type", "model_attributes_type", "dataclass_type"), "object"
    ),
    "none_required": "null",
}
"""Pydantic's errors of a value of the wrong type, and the JSON kind wanted (the
catalogue's ``json_kind`` terms)."""

_TEXTS: Final = {
    "control characters (a NUL, an escape...) and lone surrogates are refused": Refusal(
        "text_controls"
    ),
    "bidirectional overrides, embeddings and isolates are refused": Refusal("text_reordering"),
    "a text of nothing visible is refused": Refusal("text_unseen"),
    "lone surrogates are refused": Refusal("text_surrogates"),
}
"""The reasons of :mod:`atout.text`'s checks of free text, coded."""

_AT: Final = re.compile(r"at line (\d+) column (\d+)")


def field_path(error: Mapping[str, Any]) -> str:
    """Where a pydantic error is, dotted as the JSON spells it (``deals.3.taker``;
    empty for the input as a whole), short."""
    return ".".join(str(part) for part in error["loc"])[:100]


def field_reason(error: Mapping[str, Any]) -> Refusal:
    """Why pydantic refuses a value (one of ``ValidationError.errors()``), coded:

    - ``field_missing``, ``field_unknown``: a field required but absent, or one no
      model has;
    - ``field_kind`` ``{json_wanted}``: a value of another JSON kind;
    - ``field_choice`` ``{choices}``: a word (or number) not among those allowed;
    - ``field_at_least``, ``field_above`` ``{min}``, ``field_at_most``,
      ``field_below`` ``{max}``: a number beyond a bound;
    - ``field_empty``, ``field_text_short``, ``field_list_short`` ``{min}``,
      ``field_text_long``, ``field_list_long`` ``{max}``: a text or a list too short
      (empty) or too long;
    - ``field_json_at`` ``{line, column}``: not JSON (where it stops being);
    - ``text_controls``, ``text_reordering``, ``text_unseen``, ``text_surrogates``:
      free text refused (:mod:`atout.text`);
    - a code of the catalogue a model's own check gives (``PydanticCustomError``
      whose type is the code, its context the parameters; ``field_half_points``);
    - ``field_invalid`` for anything else.
    """
    kind: str = error["type"]
    context: Mapping[str, Any] = error.get("ctx") or {}
    if kind == "missing":
        return Refusal("field_missing")
    if kind == "extra_forbidden":
        return Refusal("field_unknown")
    if kind in _KINDS:
        return Refusal("field_kind", json_wanted=_KINDS[kind])
    if kind in ("literal_error", "enum"):
        return Refusal("field_choice", choices=_choices(str(context.get("expected", ""))))
    beyond = _beyond(kind, context)
    if beyond is not None:
        return beyond
    if kind == "json_invalid":
        said = str(context.get("error", ""))
        at = _AT.search(said)
        if at:
            return Refusal("field_json_at", line=int(at[1]), column=_column(said, int(at[2])))
        return Refusal("field_json")
    if kind == "value_error" and str(context.get("error", "")) in _TEXTS:
        return Refusal(_TEXTS[str(context["error"])].code)
    if kind in MESSAGES and kind not in _RESERVED:  # a model's own check, by its code
        return Refusal(kind, **{k: v for k, v in context.items() if _param(v)})
    return Refusal("field_invalid")


def _column(said: str, column: int) -> int:
    """Pydantic's column of a JSON fault counted from 1 as Python's json module
    counts it: at the end of the text pydantic names the last character read (0
    after a new line) where json names the place after it, where the value is
    awaited; elsewhere both name the character at fault."""
    return column + 1 if said.startswith("EOF") else max(column, 1)


def _beyond(kind: str, context: Mapping[str, Any]) -> Refusal | None:
    """A number beyond one of its bounds, or a text or a list too short (empty) or
    too long, by the bound; None for another error."""
    low, high = (
        _number(context.get("ge", context.get("gt"))),
        _number(context.get("le", context.get("lt"))),
    )
    if kind == "greater_than_equal" and low is not None:
        return Refusal("field_at_least", min=low)
    if kind == "greater_than" and low is not None:
        return Refusal("field_above", min=low)
    if kind == "less_than_equal" and high is not None:
        return Refusal("field_at_most", max=high)
    if kind == "less_than" and high is not None:
        return Refusal("field_below", max=high)
    shortest, longest = context.get("min_length"), context.get("max_length")
    if kind in ("string_too_short", "too_short") and shortest == 1:
        return Refusal("field_empty")
    if kind == "string_too_short" and isinstance(shortest, int):
        return Refusal("field_text_short", min=shortest)
    if kind == "too_short" and isinstance(shortest, int):
        return Refusal("field_list_short", min=shortest)
    if kind == "string_too_long" and isinstance(longest, int):
        return Refusal("field_text_long", max=longest)
    if kind == "too_long" and isinstance(longest, int):
        return Refusal("field_list_long", max=longest)
    return None


def carrying(refusal: Told, why: Refusal) -> Told:
    """``refusal``, naming a field with ``why``'s English message as its
    ``reason``, carrying ``why`` coded besides (``rule`` and its parameters:
    :func:`atout.refusals.carried`), for a client to word in its reader's language."""
    refusal.params = {**carried(why), **refusal.params}
    return refusal


def custom_error(refusal: Refusal) -> PydanticCustomError:
    """A model's own check refusing a value, raised in its validator: pydantic's
    error of the refusal's code, message and parameters, which
    :func:`field_reason` gives back as that refusal."""
    return PydanticCustomError(refusal.code, str(refusal), dict(refusal.params))


_RESERVED: Final = frozenset(("invalid_request", "invalid_message", "sheet_invalid"))
"""Codes that name a field themselves: never a field's reason."""


def _param(value: object) -> bool:
    return isinstance(value, str | int) or (
        isinstance(value, list) and all(isinstance(item, str | int) for item in value)
    )


def _number(value: object) -> int | str | None:
    """A bound as a refusal's parameter: a whole number as such, a fraction as its
    text (``"0.5"``); None for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else repr(value)


def _choices(expected: str) -> list[str]:
    """The values pydantic lists as expected (``'prise', 'pousse' or 'garde'``,
    ``3, 4 or 5``), each as it is written in JSON without its quotes."""
    items = re.split(r", | or ", expected) if expected else []
    return [item.strip().strip("'\"") for item in items if item.strip()]
