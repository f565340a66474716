"""Both languages, completely, read from the sources: the web client's words
(atout/web/static/js), the refusals' catalogue (atout/refusals.json), the
terminal game's and the command line's words (atout/terminal/words.py), and the
printouts' (a replay, the tournaments' boards, slips and plans, a score sheet). A
key in one language only, a placeholder one language lacks, or a text put on
screen past the page's language shows a French reader English (or the other way
round)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from atout import sheet
from atout.africain import render as africain_render
from atout.french import render as french_render
from atout.terminal import words
from atout.tournament import libre_printout, printout

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


TABLES: dict[str, Mapping[Any, Mapping[str, str]]] = {
    "MESSAGES": words.MESSAGES,
    "CONTRACT_NAMES": words.CONTRACT_NAMES,
    "CHOICE_NAMES": words.CHOICE_NAMES,
    "BREAKDOWN_NAMES": words.BREAKDOWN_NAMES,
    "COMMAND_WORDS": words.COMMAND_WORDS,
    "french.render.WORDS": french_render.WORDS,
    "africain.render.WORDS": africain_render.WORDS,
    "printout.WORDS": printout.WORDS,
    "libre_printout.WORDS": libre_printout.WORDS,
    "sheet.CSV_WORDS": sheet.CSV_WORDS,
}
"""Every Python table of words by language: the terminal's, the command line's and
the printouts'."""


@pytest.mark.parametrize("table", TABLES.values(), ids=TABLES.keys())
def test_the_terminal_says_everything_in_both_languages(
    table: Mapping[Any, Mapping[str, str]],
) -> None:
    """Key for key, placeholder for placeholder; a list of columns (``a|b|c``) as
    long in both."""
    assert table.keys() == {"en", "fr"}
    assert table["en"].keys() == table["fr"].keys()
    for key, english in table["en"].items():
        french = table["fr"][key]
        assert set(PLACEHOLDER.findall(english)) == set(PLACEHOLDER.findall(french)), key
        assert english.strip() and french.strip(), key
        assert english.count("|") == french.count("|"), key


def test_every_count_of_the_command_line_has_its_singular_and_plural() -> None:
    """``count()`` picks ``key_one`` or ``key`` ("1 étui", "2 étuis"), each with its number."""
    for language, table in words.COMMAND_WORDS.items():
        counts = {key.removesuffix("_one") for key in table if key.startswith("n_")}
        assert len(counts) > 10
        for key in counts:
            assert "{n}" in table[key] and "{n}" in table[f"{key}_one"], f"{language}: {key}"
    assert words.count("n_boards", 1, "en") == "1 board"
    assert words.count("n_boards", 0, "en") == "0 boards"
    assert words.count("n_boards", 0, "fr") == "0 étui"  # French: singular below two
    assert words.count("n_points", 1.5, "fr") == "1,5 point"
    assert words.count("n_points", 40.5, "en") == "40.5 points"


def test_french_colons_have_their_space() -> None:
    """French puts a space before ':' (``Donne 1 sur 2 : ...``): a French text of a
    Python table with a colon glued to its word reads as English typography."""
    glued = re.compile(r"[\w})\]][:;!?](?:\s|$)")
    found = [
        f"{name}: {key}"
        for name, table in TABLES.items()
        for key, text in table["fr"].items()
        if glued.search(text)
    ]
    assert found == []
