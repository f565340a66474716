"""Robot blunders kept as records (docs/records.md): each file's position must get
the better decision. Tags say whose turn it is (``ToMove``), the actions to avoid
(``Avoid``), the robots' levels tried (``Levels``) and ``Why``."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.record_files import load_record
from atout.robots import make_robot

FILES = sorted((Path(__file__).parent / "regressions").glob("*.atout"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_regression_position(path: Path) -> None:
    record = load_record(path)
    state = record.replay()
    seat = int(record.tags["ToMove"])
    assert state.to_move == seat
    legal = [str(a) for a in state.legal_actions()]
    avoid = record.tags["Avoid"].split()
    assert set(avoid) < set(legal)
    for level in record.tags["Levels"].split():
        for seed in range(3):
            choice = make_robot(level, 0.05).choose(state.view(seat), legal, seed)
            assert choice not in avoid, (level, record.tags["Why"])


def test_there_is_a_regression_file() -> None:
    assert FILES
