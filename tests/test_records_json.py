"""The JSON form of a record as docs/records.md describes it: actions written as
the text form writes them, faults named by their JSON path."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.record_files import load_record, read_record
from atout.record_format import RecordPathError
from atout.record_json import read_json, write_json
from atout.record_text import read_text, write_text
from atout.records import RecordError

runner = CliRunner()

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


SMALL = """\
[Game "africain"]
[Variant "standard"]
[Players "2"]
[Options "hand_sizes=[2] lives=1"]

[Deal "1"]
[Hand0 "T21 T1"]
[Hand1 "T5 EX"]
bid:2 bid:1 play:T21 play:T5 play:T1 play:EX:low
"""


def _small_json() -> dict[str, Any]:
    data = json.loads(write_json(read_text(SMALL)))
    assert isinstance(data, dict)
    return data


def test_a_json_record_that_does_not_replay_is_refused_with_its_json_path() -> None:
    data = _small_json()
    data["deals"][0]["actions"][2] = "play:T5"  # seat 0 leads, and holds no T5
    with pytest.raises(RecordError) as caught:
        read_record(json.dumps(data))
    error = caught.value
    assert isinstance(error, RecordPathError) and isinstance(error, ValueError)
    assert error.path == "deals[0].actions[2]"
    assert error.reason.startswith("'play:T5': ")
    assert str(error) == f"deals[0].actions[2]: {error.reason}"
    # the server reads records in worker processes, which send errors back pickled
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.path, again.reason, str(again)) == (
        RecordPathError,
        error.path,
        error.reason,
        str(error),
    )
    result = runner.invoke(app, ["replay", "-"], input=json.dumps(data))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.output.startswith(
        "error: this record cannot be read at deals[0].actions[2]: 'play:T5': "
    )


def test_every_fault_of_a_json_record_s_content_has_its_path() -> None:
    cases: list[tuple[Callable[[dict[str, Any]], object], str]] = [
        (lambda d: d.pop("game"), ""),
        (lambda d: d.__setitem__("format", "atout-record/9"), "format"),
        (lambda d: d.__setitem__("variant", "nope"), "variant"),
        (lambda d: d.__setitem__("options", {"lives": 0}), "options"),
        (lambda d: d["deals"][0]["hands"][1].__setitem__(0, "T22"), "deals[0].hands[1][0]"),
        (lambda d: d["deals"][0].__setitem__("score", [0, 1]), "deals[0].score"),
        (lambda d: d.__setitem__("result", [0, 1]), "result"),
        (lambda d: d["tags"].__setitem__("Result", "1 0"), "tags.Result"),
    ]
    for change, path in cases:
        data = _small_json()
        data["result"] = data["deals"][0]["score"] = [1, 0]
        change(data)
        with pytest.raises(RecordPathError) as caught:
            read_record(json.dumps(data))
        assert caught.value.path == path, str(caught.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["deals"][0].__setitem__("hands", "T21"),
            "deals[0].hands: must be a list, not a string",
        ),
        (
            lambda d: d["deals"][0]["hands"].__setitem__(1, "T5 EX"),
            "deals[0].hands[1]: must be a list, not a string",
        ),
        (lambda d: d.__setitem__("players", "2"), "players: must be a whole number, not a string"),
        (
            lambda d: d.__setitem__("players", True),
            "players: must be a whole number, not a boolean",
        ),
        (lambda d: d.__setitem__("dealer", "zero"), "dealer: must be a seat number, not a string"),
        # docs/records.md: seat 0 deals the first deal
        (lambda d: d.__setitem__("dealer", 1), "dealer: the first deal is dealt by seat 0, not 1"),
        (
            lambda d: d["deals"][0].__setitem__("actions", ["bid:2", 1]),
            "deals[0].actions[1]: must be a string, not a whole number",
        ),
        (
            lambda d: d["deals"][0].__setitem__("score", [1, "0"]),
            "deals[0].score[1]: must be a whole number, not a string",
        ),
        (lambda d: d.__setitem__("deals", [None]), "deals[0]: must be a JSON object, not null"),
        (lambda d: d.__setitem__("tags", []), "tags: must be a JSON object, not a list"),
    ],
)
def test_a_json_record_of_the_wrong_shape_says_what_it_must_be_and_where(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = _small_json()
    change(data)
    with pytest.raises(RecordPathError) as caught:
        read_json(json.dumps(data))
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("content", "kind"), [("null", "null"), ("3", "a whole number"), ('"x"', "a string")]
)
def test_a_json_file_holding_no_object_is_refused_as_json(
    tmp_path: Path, content: str, kind: str
) -> None:
    path = tmp_path / "partie.json"
    path.write_text(content + "\n")
    with pytest.raises(RecordPathError) as caught:
        load_record(path)
    assert (caught.value.path, str(caught.value)) == ("", f"a record is a JSON object, not {kind}")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert (
        result.output
        == f"error: this record cannot be read: a record is a JSON object, not {kind}\n"
    )
