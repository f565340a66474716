"""The JSON Schema of a game record's JSON form, generated from its typed form
(:class:`atout.record_json.RecordJSON`) so that docs/record.schema.json cannot
drift from the code.

``python -m atout.record_schema > docs/record.schema.json`` rewrites it; a test
checks that the file is current and that records validate against it.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from atout.record_format import FORMAT
from atout.record_json import RecordJSON

RECORD: TypeAdapter[RecordJSON] = TypeAdapter(RecordJSON)


def schema() -> dict[str, Any]:
    """The JSON Schema document of a record, its format named in the title."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"atout game record, {FORMAT} (docs/records.md)",
        **RECORD.json_schema(),
    }


def schema_text() -> str:
    """The schema as the file in docs/ holds it."""
    return json.dumps(schema(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
