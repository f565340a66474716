"""Free text people type and others read (a tournament's or sheet's title, a name on
a sheet, a chat line), checked the same way everywhere: no control character, no
bidirectional override, and something to see.

A NUL is kept by no PostgreSQL text column (the write would fail), and a newline or
an escape sequence would be obeyed by the terminal or the log that shows it. An
override or embedding (U+202A-U+202E) and an isolate (U+2066-U+2069) reorder
what follows them, so that a line says what it seems not to (``pay\u202egnp.exe``);
the marks a right-to-left text needs (U+200E, U+200F) stay allowed, as do the
other format characters: an emoji's zero-width joiner is one. A text of nothing
visible (zero-width spaces) is refused. Account names have their own stricter
rules (``atout.server.names``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Annotated, Final

from pydantic import AfterValidator

_REFUSED: Final = frozenset({"Cc", "Cs"})
"""Control characters, and lone surrogates (valid in JSON, but no UTF-8 holds them)."""


_REORDERING: Final = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
_UNSEEN: Final = frozenset({"Cf", "Zs", "Mn", "Me"})
"""What shows nothing by itself: format characters, spaces, combining marks."""


def no_controls(text: str) -> str:
    """``text`` unchanged; ValueError if it holds a control character or one that
    reorders the text, or if it shows nothing."""
    if any(unicodedata.category(c) in _REFUSED for c in text):
        raise ValueError("control characters (a NUL, an escape...) and lone surrogates are refused")
    if not _REORDERING.isdisjoint(text):
        raise ValueError("bidirectional overrides, embeddings and isolates are refused")
    if text and all(unicodedata.category(c) in _UNSEEN for c in text):
        raise ValueError("a text of nothing visible is refused")
    return text


PlainText = Annotated[str, AfterValidator(no_controls)]
"""A string that holds no control character."""


def encodable(text: str) -> str:
    """``text`` unchanged; ValueError if it holds a lone surrogate (valid in JSON,
    but no UTF-8 holds it: no store, no password hash)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        raise ValueError("lone surrogates are refused") from None
    return text


Encodable = Annotated[str, AfterValidator(encodable)]
"""Any string UTF-8 can hold, for what has rules of its own (a name, a password)."""


def name_key(name: str) -> str:
    """What makes two account names one: NFKC after case folding."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def compared_name(name: str) -> str:
    """What makes two names on a sheet or in a tournament one: as account names
    (:func:`name_key`), with the outer spaces dropped and runs of spaces read as
    one (``Jean  Dupont`` is ``jean dupont``)."""
    return " ".join(name_key(name).split())


def repeated(names: Sequence[str]) -> tuple[int, int] | None:
    """The first name given again, as (its first place, the repeat's), from 0; None
    when every name is its own (compared by :func:`compared_name`)."""
    seen: dict[str, int] = {}
    for place, name in enumerate(names):
        first = seen.setdefault(compared_name(name), place)
        if first != place:
            return first, place
    return None


def inert_cell(text: str) -> str:
    """Text as a spreadsheet opening a CSV shows it and never runs it: a leading
    ``=``, ``+``, ``-`` or ``@`` would make a name typed by anyone a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
