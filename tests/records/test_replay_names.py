"""The replay of a record names its players as the record does (docs/records.md:
a text or JSON record's ``Seat0``... tags, an old log's ``meta.names``), the names
being anyone's text: plain, on one line, at most 32 characters (a sheet's names)."""

from __future__ import annotations

import json
from pathlib import Path

from atout.record_files import read_record
from atout.record_json import write_json
from atout.web.replays import replay_steps

EXAMPLES = Path(__file__).parents[2] / "examples"
FRENCH = (EXAMPLES / "record-french-4.atout").read_text(encoding="utf-8")


def names_of(text: str) -> list[str | None]:
    names: list[str | None] = json.loads(replay_steps(text))["names"]
    return names


def test_a_text_record_gives_its_seat_tags() -> None:
    assert names_of(FRENCH) == ["Ana", "Bruno", "Chloé", "Denis"]


def test_a_json_record_gives_its_seat_tags() -> None:
    assert names_of(write_json(read_record(FRENCH))) == ["Ana", "Bruno", "Chloé", "Denis"]
    africain = (EXAMPLES / "record-africain-3.json").read_text(encoding="utf-8")
    assert names_of(africain) == ["Ana", "Bruno", "Chloé"]


def test_a_seat_without_a_name_is_null() -> None:
    text = FRENCH.replace('[Seat1 "Bruno"]\n', "")
    assert names_of(text) == ["Ana", None, "Chloé", "Denis"]
    bare = "".join(line for line in FRENCH.splitlines(True) if not line.startswith("[Seat"))
    assert names_of(bare) == [None] * 4


def test_an_old_log_gives_its_meta_names() -> None:
    log = read_record(FRENCH).to_log()
    data = {**log.to_dict(), "meta": {"names": ["Sam", None, 7, "Léa"]}}
    assert names_of(json.dumps(data)) == ["Sam", None, None, "Léa"]


def test_names_are_plain_text_cut_to_32_characters() -> None:
    long = "Bartholomew-Maximilien de la Tour"  # 33 characters
    text = (
        FRENCH.replace('"Ana"', '"<img src=x onerror=alert(1)>"')
        .replace('"Bruno"', f'"{long}"')
        .replace('"Chloé"', '"pay\u202egnp.exe"')  # a right-to-left override
        .replace('"Denis"', '"  Denis \t Dupont "')
    )
    assert names_of(text) == [
        "<img src=x onerror=alert(1)>",  # text: the page shows it as such
        "Bartholomew-Maximilien de la To…",
        None,
        "Denis Dupont",
    ]
