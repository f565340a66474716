"""The JSON form of a record as docs/records.md describes it: actions written as
the text form writes them, faults named by their JSON path."""

from __future__ import annotations

import json

from atout.record_json import read_json, write_json
from atout.record_text import read_text, write_text

POIGNEE_TRUMPS = "T21,T20,T19,T18,T17,T16,T15,T14,T13,T12"

# Seat 1 (first to bid, the dealer being seat 0) holds ten trumps, a simple
# poignée at four players, takes a garde contre and shows them before its card.
POIGNEE = f"""\
[Game "french"]
[Variant "fft"]
[Players "4"]
[Result "*"]

[Deal "1"]
[Hand0 "10S 9S 8S 7S 6S 5S 4S 3S 2S 1S 8H 7H 6H 5H 4H 3H 2H 1H"]
[Hand1 "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 KS QS NS JS KH QH NH JH"]
[Hand2 "10H 9H 2C 1C KD QD ND JD 10D 9D 8D 7D 6D 5D 4D 3D 2D 1D"]
[Hand3 "T6 T5 T4 T3 T2 T1 KC QC NC JC 10C 9C 8C 7C 6C 5C 4C 3C"]
[Dog "EX T11 T10 T9 T8 T7"]
bid:garde_contre bid:pass bid:pass bid:pass chelem:no
poignee:{POIGNEE_TRUMPS}
"""


def test_the_json_form_writes_a_poignee_as_one_token_joined_by_commas() -> None:
    record = read_text(POIGNEE)
    written = write_json(record)
    actions = json.loads(written)["deals"][0]["actions"]
    assert actions[-1] == f"poignee:{POIGNEE_TRUMPS}"
    assert not any(" " in action for action in actions)
    # text -> JSON -> text and JSON -> text -> JSON give back the same text
    assert read_json(written) == record
    assert write_text(read_json(written)) == write_text(record)
    assert write_json(read_text(write_text(read_json(written)))) == written


def test_a_json_record_written_with_spaces_in_a_poignee_still_reads() -> None:
    record = read_text(POIGNEE)
    data = json.loads(write_json(record))
    data["deals"][0]["actions"][-1] = "poignee:" + POIGNEE_TRUMPS.replace(",", " ")
    old = json.dumps(data)
    assert read_json(old) == record
    assert write_json(read_json(old)) == write_json(record)
