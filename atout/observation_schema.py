"""The JSON Schema of every game's observation, generated from the typed
observations so that the document in ``docs/`` cannot drift from the engine.

``python -m atout.observation_schema > docs/observation.schema.json`` rewrites
it; a test checks that the file is current and that random games' views
validate against it. pydantic is used here only, never by the engines.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import ConfigDict, Field, TypeAdapter

from atout.africain.observation import AfricainObservation
from atout.french.observation import OBSERVATION_VERSION, FrenchObservation

Observation = Annotated[FrenchObservation | AfricainObservation, Field(discriminator="game")]
"""What ``state.view(viewer)`` returns, told apart by ``game``."""

OBSERVATION: TypeAdapter[Any] = TypeAdapter(
    Observation, config=ConfigDict(use_attribute_docstrings=True)
)
"""The keys' docstrings are the schema's descriptions: what each holds, for a
reader of the schema alone."""


def schema() -> dict[str, Any]:
    """The JSON Schema document of an observation, with its version in the title."""
    document = OBSERVATION.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"atout observation, version {OBSERVATION_VERSION}",
        **document,
    }


def schema_text() -> str:
    """The schema as the file in docs/ holds it."""
    return json.dumps(schema(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
