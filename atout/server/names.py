"""Display names: what people see, never what identifies them.

A name is stored in Unicode NFKC form (so that visually identical compositions
are one name) and two names are the same account when their case-folded forms
are equal (``Alice`` is ``alice``). Control and format characters (a newline,
a zero-width joiner, a right-to-left override) and outer or doubled spaces are
refused, each with its own message, since they are how one name poses as
another.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from atout.refusals import Refusal
from atout.text import name_key

MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 24
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
GUEST_PREFIX: Final = "guest"


class InvalidName(Refusal, ValueError):
    """A refused name; the code says why, for the person choosing it."""


def display_name(raw: str) -> str:
    """The name as it will be stored and shown; InvalidName saying what is wrong."""
    name = unicodedata.normalize("NFKC", raw)
    if any(unicodedata.category(c) in _INVISIBLE for c in name):
        raise InvalidName("name_invisible")
    if name != name.strip():
        raise InvalidName("name_edges")
    if any(c.isspace() and c != " " for c in name) or "  " in name:
        raise InvalidName("name_spaces")
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise InvalidName("name_length", min=MIN_LENGTH, max=MAX_LENGTH)
    if name_key(name).startswith(GUEST_PREFIX):
        raise InvalidName("name_guest", prefix=GUEST_PREFIX)
    return name
