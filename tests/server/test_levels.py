"""The documented level thresholds: 0, 100, 300, 600, 1000... XP."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.server.levels import level_of, threshold


def test_the_documented_thresholds() -> None:
    assert [threshold(n) for n in range(1, 7)] == [0, 100, 300, 600, 1000, 1500]


@pytest.mark.parametrize(
    ("xp", "level", "floor", "following"),
    [(0, 1, 0, 100), (99, 1, 0, 100), (100, 2, 100, 300), (299, 2, 100, 300),
     (300, 3, 300, 600), (1000, 5, 1000, 1500), (-5, 1, 0, 100)],
)  # fmt: skip
def test_a_total_reaches_its_level(xp: int, level: int, floor: int, following: int) -> None:
    found = level_of(xp)
    assert (found.level, found.floor, found.next) == (level, floor, following)


@given(st.integers(min_value=0, max_value=10**12))
def test_a_level_holds_its_total_between_its_floor_and_the_next(xp: int) -> None:
    found = level_of(xp)
    assert found.floor <= xp < found.next
    assert found.floor == threshold(found.level)


def test_there_is_no_level_zero() -> None:
    with pytest.raises(ValueError):
        threshold(0)
