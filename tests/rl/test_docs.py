"""docs/rl.md shows the action and observation tables the code uses, and its
examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from atout.rl import africain, french

DOC = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")


def test_the_observation_tables_are_the_code_s() -> None:
    assert french.layout(4).table() in DOC
    assert africain.layout(3).table() in DOC


def test_every_kind_of_action_is_in_the_doc() -> None:
    for first, count, meaning in (*french.ACTIONS, *africain.ACTIONS):
        span = f"{first}..{first + count - 1}" if count > 1 else str(first)
        assert f"| {span} | {count} | {meaning} |" in DOC


EXAMPLES = re.findall(r"```python\n(.*?)```", DOC, re.DOTALL)


def test_the_doc_has_its_examples() -> None:
    assert len(EXAMPLES) >= 3  # an episode, index and action_name, VectorGames
    assert any("games.step(" in example for example in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_python_example_runs(example: str) -> None:
    exec(compile(example, "docs/rl.md", "exec"), {})
