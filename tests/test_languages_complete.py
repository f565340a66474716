"""Both languages, completely, read from the sources: the web client's words
(atout/web/static/js), the refusals' catalogue (atout/refusals.json) and the
terminal game's words (atout/terminal/words.py). A key in one language only, a
placeholder one language lacks, or a text put on screen past the page's language
shows a French reader English (or the other way round)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from atout.terminal import words

ROOT = Path(__file__).parents[1] / "atout"
JS = ROOT / "web" / "static" / "js"
SOURCES = {path.name: path.read_text(encoding="utf-8") for path in sorted(JS.glob("*.js"))}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
KEY = re.compile(r"(?:^|[\s,{])([a-z][a-z0-9_]*): \"((?:[^\"\\]|\\.)*)\"")


def _strings(language: str) -> dict[str, str]:
    """The web client's strings of one language, by key."""
    text = SOURCES["i18n.js"]
    block = text.split(f"\n  {language}: {{\n", 1)[1].split("\n  },\n", 1)[0]
    return dict(KEY.findall(block))


STRINGS = {language: _strings(language) for language in ("en", "fr")}


def _calls(function: str) -> set[tuple[str, str]]:
    """(file, key) of each call of ``function`` with a literal key, outside i18n.js."""
    call = re.compile(rf"(?<![\w.]){function}\(\s*\"([a-z][a-z0-9_]*)\"")
    return {
        (name, key)
        for name, text in SOURCES.items()
        if name != "i18n.js"
        for key in call.findall(text)
    }


def test_each_key_has_the_same_placeholders_in_both_languages() -> None:
    assert set(STRINGS["en"]) == set(STRINGS["fr"])
    for key, english in STRINGS["en"].items():
        french = STRINGS["fr"][key]
        assert set(PLACEHOLDER.findall(english)) == set(PLACEHOLDER.findall(french)), key
        assert english.strip() and french.strip(), key


def test_every_key_the_pages_ask_for_is_in_both_languages() -> None:
    """A key missing from a dictionary shows as itself ("seat_taken_by")."""
    used = _calls("t") | _calls("tn")
    assert len(used) > 300
    for language, strings in STRINGS.items():
        missing = sorted(f"{name}: {key}" for name, key in used if key not in strings)
        assert missing == [], f"{language}: {missing}"


def test_every_count_has_its_singular_and_plural_in_both_languages() -> None:
    """tn() picks ``key_one`` or ``key``: "1 spectateur", "2 spectateurs" (the
    lobby once said "2 spectateur(s)")."""
    for name, key in _calls("tn"):
        for language, strings in STRINGS.items():
            assert key in strings and f"{key}_one" in strings, f"{name}: {key} ({language})"
    for language, strings in STRINGS.items():
        marked = sorted(key for key, text in strings.items() if re.search(r"\w\((s|es|x)\)", text))
        assert marked == [], f"{language}: a plural left to the reader in {marked}"


LABEL_BY_HAND = re.compile(r"\$\{t\([^`]*?\)\}: |\}, \": \"\)|, \": \"\)")
"""A label and its value joined by an English colon in the code, not by labelled()
(French puts a space before it: "Compétition : pour les joueurs inscrits")."""


def test_labels_and_values_are_joined_by_the_pages_colon() -> None:
    found = [
        f"{name}: {match.group(0)}"
        for name, text in SOURCES.items()
        if name != "i18n.js"
        for match in LABEL_BY_HAND.finditer(text)
    ]
    assert found == []


def test_dates_and_numbers_are_written_in_the_pages_language() -> None:
    """toLocaleString() and its kin without a language follow the browser's, not
    the page's (a French page listed its sheets dated 11/29/2026)."""
    bare = re.compile(r"\.toLocale(?:Date|Time)?String\(\s*\)")
    found = [f"{name}: {m.group(0)}" for name, text in SOURCES.items() for m in bare.finditer(text)]
    assert found == []


def test_displayed_decimals_follow_the_pages_language() -> None:
    """toFixed() writes "5.831" whatever the language (a French ranking's PM once):
    only the drawings' coordinates may use it (the chart, a trick's card offsets)."""
    found = [
        f"{name}: {line.strip()}"
        for name, text in SOURCES.items()
        if name != "chart.js"
        for line in text.splitlines()
        if ".toFixed(" in line and "cssText" not in line
    ]
    assert found == []


def test_every_refusal_has_both_languages_with_the_same_parameters() -> None:
    catalogue = json.loads((ROOT / "refusals.json").read_text(encoding="utf-8"))
    messages = catalogue["messages"]
    assert len(messages) > 300
    for code, texts in messages.items():
        assert set(texts) == {"en", "fr"}, code
        assert all(text.strip() for text in texts.values()), code
        assert set(PLACEHOLDER.findall(texts["en"])) == set(PLACEHOLDER.findall(texts["fr"])), code
    terms = catalogue["terms"]
    assert terms["en"].keys() == terms["fr"].keys()
    for group, english in terms["en"].items():
        assert english.keys() == terms["fr"][group].keys(), group


@pytest.mark.parametrize(
    "table",
    [words.MESSAGES, words.CONTRACT_NAMES, words.CHOICE_NAMES, words.BREAKDOWN_NAMES],
    ids=["MESSAGES", "CONTRACT_NAMES", "CHOICE_NAMES", "BREAKDOWN_NAMES"],
)
def test_the_terminal_says_everything_in_both_languages(table: dict[str, dict[str, str]]) -> None:
    assert table["en"].keys() == table["fr"].keys()
    for key, english in table["en"].items():
        french = table["fr"][key]
        assert set(PLACEHOLDER.findall(english)) == set(PLACEHOLDER.findall(french)), key
        assert english.strip() and french.strip(), key
