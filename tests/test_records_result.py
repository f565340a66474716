"""``*`` in a record's Result or Score says the game or the deal is not over
(docs/records.md), and is checked when read as the scores are."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.record_format import RecordSyntaxError
from atout.record_json import read_json, write_json
from atout.record_text import read_text, write_text
from tests.test_records_json import POIGNEE, SMALL

# SMALL played out: seat 0 bid two tricks and took both, seat 1 bid one and took
# none, so seat 1 loses its only life: the game is over at 1 0.
FINISHED = SMALL.replace('[Players "2"]', '[Players "2"]\n[Result "1 0"]') + '[Score "1 0"]\n'


def _line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_finished_game_written_not_over_is_refused_at_its_result() -> None:
    text = FINISHED.replace('[Result "1 0"]', '[Result "*"]')
    with pytest.raises(RecordSyntaxError) as caught:
        read_text(text)
    error = caught.value
    assert (error.line, error.column) == (_line_of(text, "[Result "), 1)
    assert error.reason == "the game is over: it ends at 1 0, not *"
    result = CliRunner().invoke(app, ["replay", "-"], input=text)
    assert result.exit_code == 2
    assert result.output == (
        f"error: this record cannot be read at line {error.line}, column 1: {error.reason}\n"
    )


def test_a_finished_deal_written_not_over_is_refused_at_its_score() -> None:
    text = FINISHED.replace('[Score "1 0"]', '[Score "*"]')
    with pytest.raises(RecordSyntaxError) as caught:
        read_text(text)
    error = caught.value
    assert (error.line, error.column) == (_line_of(text, "[Score "), 1)
    assert error.reason == "deal 1 is over: it ends at 1 0, not *"


def test_a_game_under_way_is_written_and_read_not_over() -> None:
    record = read_text(POIGNEE)  # [Result "*"], stopped after the poignée
    assert record.result is None
    assert '[Result "*"]' in write_text(record)
    assert read_text(write_text(record)) == record


def test_a_finished_game_without_a_result_converts_without_one() -> None:
    record = read_text(FINISHED.replace('[Result "1 0"]\n', ""))
    assert record.result is None and record.replay().is_over
    data = json.loads(write_json(record))
    assert data["result"] is None
    # written back as text, it has no Result rather than a "*" its reader refuses
    text = write_text(read_json(write_json(record)))
    assert "[Result " not in text
    assert read_text(text) == record
    assert write_json(read_text(text)) == write_json(record)
