"""Robot blunders kept as records: each file's position must get the better decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.records import Record, load
from atout.robots import make_robot

FILES = sorted((Path(__file__).parent / "regressions").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_regression_position(path: Path) -> None:
    record: Record = load(path)
    state = record.replay()
    seat = record.meta["seat"]
    assert state.to_move == seat
    legal = [str(a) for a in state.legal_actions()]
    avoid = record.meta["avoid"]
    assert set(avoid) < set(legal)
    for level in record.meta["levels"]:
        for seed in range(3):
            choice = make_robot(level, 0.05).choose(state.view(seat), legal, seed)
            assert choice not in avoid, (level, record.meta["why"])


def test_there_is_a_regression_file() -> None:
    assert FILES
