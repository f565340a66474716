"""The interface's strings (atout/web/static/js/i18n.js): each language has every
key once. A key written twice in a JavaScript object silently replaces the first
(a "Join" once turned the lobby's "Sit down" links into "Join")."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

STRINGS = Path(__file__).parents[2] / "atout" / "web" / "static" / "js" / "i18n.js"
KEY = re.compile(r"(?:^|[\s,{])([a-z][a-z0-9_]*): [\"`]")


def _keys(language: str) -> list[str]:
    text = STRINGS.read_text()
    block = text.split(f"\n  {language}: {{\n", 1)[1].split("\n  },\n", 1)[0]
    return KEY.findall(block)


def test_each_key_is_written_once_in_each_language() -> None:
    for language in ("en", "fr"):
        twice = [key for key, count in Counter(_keys(language)).items() if count > 1]
        assert twice == [], f"{language}: {twice}"


def test_both_languages_have_the_same_keys() -> None:
    assert set(_keys("en")) == set(_keys("fr"))
    assert len(_keys("en")) > 300
