"""docs/record.schema.json is the JSON form's schema as the code types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from atout.record_format import from_log
from atout.record_json import write_json
from atout.record_schema import RECORD, schema_text
from tests.test_records import random_record

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "record.schema.json"


def test_the_schema_in_docs_is_generated_from_the_types() -> None:
    assert SCHEMA_FILE.read_text() == schema_text(), (
        "run: uv run python -m atout.record_schema > docs/record.schema.json"
    )


def test_written_records_validate_and_broken_ones_do_not() -> None:
    data = json.loads(write_json(from_log(random_record("french", 5, 6))))
    RECORD.validate_python(data, strict=True)
    schema = json.loads(SCHEMA_FILE.read_text())
    assert set(schema["required"]) == set(data) - {"dealer"}
    for key, value in (("format", "atout-record/1"), ("players", "4"), ("deals", {})):
        with pytest.raises(ValidationError):
            RECORD.validate_python(data | {key: value}, strict=True)
