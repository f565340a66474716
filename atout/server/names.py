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

MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 24
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
GUEST_PREFIX: Final = "guest"


class InvalidName(ValueError):
    """A refused name; the message says why, for the person choosing it."""


def display_name(raw: str) -> str:
    """The name as it will be stored and shown; InvalidName saying what is wrong."""
    name = unicodedata.normalize("NFKC", raw)
    if any(unicodedata.category(c) in _INVISIBLE for c in name):
        raise InvalidName("a name may not hold control or invisible characters")
    if name != name.strip():
        raise InvalidName("a name may not start or end with a space")
    if any(c.isspace() and c != " " for c in name) or "  " in name:
        raise InvalidName("words of a name are parted by one ordinary space")
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise InvalidName(f"a name has {MIN_LENGTH} to {MAX_LENGTH} characters")
    if name_key(name).startswith(GUEST_PREFIX):
        raise InvalidName(f"names starting with {GUEST_PREFIX!r} are kept for guests")
    return name


def name_key(name: str) -> str:
    """What makes two names one: NFKC after case folding."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
