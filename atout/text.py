"""Free text people type and others read (a tournament's or sheet's title, a name on
a sheet, a chat line), checked the same way everywhere: no control character.

A NUL is kept by no PostgreSQL text column (the write would fail), and a newline or
an escape sequence would be obeyed by the terminal or the log that shows it. Format
characters stay allowed: an emoji's zero-width joiner is one. Account names have
their own stricter rules (``atout.server.names``).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Final

from pydantic import AfterValidator

_REFUSED: Final = frozenset({"Cc", "Cs"})
"""Control characters, and lone surrogates (valid in JSON, but no UTF-8 holds them)."""


def no_controls(text: str) -> str:
    """``text`` unchanged; ValueError if it holds a control character."""
    if any(unicodedata.category(c) in _REFUSED for c in text):
        raise ValueError("control characters (a NUL, an escape...) and lone surrogates are refused")
    return text


PlainText = Annotated[str, AfterValidator(no_controls)]
"""A string that holds no control character."""
