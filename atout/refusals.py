"""Refusals as codes with parameters, and the one catalogue of their messages.

An engine, the server or an account endpoint refuses something with a stable
code and JSON-ready parameters (``must_follow`` with ``suit="spades"``); its
``str()`` is the English message, for logs and for clients that show text as
it comes. ``refusals.json`` holds every code's English and French message:
this module renders them for Python (the server's English, the terminal's
French), and the server serves the same file to the browser, so no client
keeps its own copy of the words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from atout.cards import Language

Param = str | int | list[str] | list[int]
"""A parameter's value: a word, a number, or a list of them (e.g. card texts)."""

CATALOGUE_PATH: Final = Path(__file__).with_name("refusals.json")
CATALOGUE: Final[dict[str, Any]] = json.loads(CATALOGUE_PATH.read_text(encoding="utf-8"))
MESSAGES: Final[dict[str, dict[str, str]]] = CATALOGUE["messages"]
_KINDS: Final[dict[str, str]] = CATALOGUE["kinds"]
_TERMS: Final[dict[str, dict[str, dict[str, str]]]] = CATALOGUE["terms"]
_PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")


def message(
    code: str,
    params: Mapping[str, Param],
    lang: Language = "en",
    card: Callable[[str], str] = str,
) -> str:
    """The message of a refusal in ``lang``; ``card`` shows a card given in the
    notation (the English default keeps the notation: ``KH``, ``T21``).

    An unknown code shows as itself (the tests keep every code catalogued)."""
    texts = MESSAGES.get(code, {})
    template = texts.get(lang) or texts.get("en") or code
    terms = _TERMS[lang]

    def show(match: re.Match[str]) -> str:
        name = match[1]
        value = params.get(name, "")
        kind = _KINDS.get(name)
        items = value if isinstance(value, list) else [value]
        words = terms.get(kind or "", {})
        if kind == "duration":
            return ", ".join(duration(int(v)) for v in items)
        return ", ".join(
            card(str(v)) if kind == "card" else words.get(str(v), str(v)) for v in items
        )

    return _PLACEHOLDER.sub(show, template)


def duration(seconds: int) -> str:
    """A wait as people read it, in English and French alike: ``45 s``, ``9 min 9 s``,
    ``2 h 5 min`` (a throttle said ``549 s``)."""
    if seconds < 120:
        return f"{seconds} s"
    minutes, rest = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {rest} s" if rest else f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def full_message(
    code: str,
    params: Mapping[str, Param],
    lang: Language = "en",
    card: Callable[[str], str] = str,
) -> str:
    """The message of a refusal whose ``reason`` is another refusal's message (a
    record's fault and the engine's refusal it wraps, ``atout.records.because``):
    ``rule`` lists their codes from the outermost in, each worded in ``lang``
    from the innermost out as the next one's ``reason``, as the web client does
    (atout/web/static/js/i18n.js, ``refusal``). Any other refusal as ``message``."""
    rule = params.get("rule", [])
    codes = [str(inner) for inner in (rule if isinstance(rule, list) else [rule])]
    if not codes or not all(inner in MESSAGES for inner in codes):
        return message(code, params, lang, card)
    worded = dict(params)
    for inner in reversed(codes):
        worded["reason"] = message(inner, worded, lang, card)
    return message(code, worded, lang, card)


def carried(inner: Refusal) -> dict[str, Param]:
    """What a refusal whose ``reason`` is ``inner`` carries of it: ``inner``'s
    parameters, and ``rule`` listing ``inner``'s code then the codes it wraps in
    turn, the outermost first, for :func:`full_message` (and the web client) to
    word each from the innermost out."""
    inner_rules = inner.params.get("rule", [])
    rules = [inner.code, *(inner_rules if isinstance(inner_rules, list) else [inner_rules])]
    return {**inner.params, "rule": [str(code) for code in rules]}


class Refusal(Exception):
    """Something refused, as a code and parameters; ``str()`` is the English message.

    The message is rendered only when asked for: engines raise refusals in
    searches that never show them."""

    def __init__(self, code: str, /, **params: Param) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return message(self.code, self.params)

    def wire(self) -> dict[str, Any]:
        """The refusal as the protocol sends it: code, parameters and English message."""
        return {"code": self.code, "params": self.params, "message": str(self)}


class TableRefused(Refusal, ValueError):
    """A table the engine cannot set, coded for every caller to word in its reader's
    language: an unknown variant (``unknown_variant`` ``{variant, known}``), a
    number of players the game or the variant is not played by (``deal_players``,
    ``africain_players``, ``africain_hand_sizes``). A ValueError, as these were:
    callers catching that keep working."""
