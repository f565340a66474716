"""docs/rl.md shows the action and observation tables the code uses."""

from __future__ import annotations

from pathlib import Path

from atout.rl import africain, french

DOC = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")


def test_the_observation_tables_are_the_code_s() -> None:
    assert french.layout(4).table() in DOC
    assert africain.layout(3).table() in DOC


def test_every_kind_of_action_is_in_the_doc() -> None:
    for first, count, meaning in (*french.ACTIONS, *africain.ACTIONS):
        span = f"{first}..{first + count - 1}" if count > 1 else str(first)
        assert f"| {span} | {count} | {meaning} |" in DOC
