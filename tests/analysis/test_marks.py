"""Marks: the thresholds by size, and no mark for a loss within noise."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from atout.analysis.marks import SIGNIFICANCE, THRESHOLDS, Mark, loss

FRENCH = THRESHOLDS["french"]


def test_each_threshold_gives_its_mark() -> None:
    assert FRENCH.mark(1.0) is None
    assert FRENCH.mark(1.5) is Mark.INACCURACY
    assert FRENCH.mark(3.0) is Mark.MISTAKE
    assert FRENCH.mark(8.0) is Mark.BLUNDER
    assert [m.symbol for m in Mark] == ["?!", "?", "??"]


def test_a_steady_loss_is_marked_and_divided_by_the_stake() -> None:
    best = [40.0, 20.0, -10.0, 30.0]
    taken = [b - 10.0 for b in best]  # ten points lost on every deal
    lost = loss(best, taken, stake=2.0)
    assert lost.value == 5.0 and lost.error == 0.0
    assert lost.mark(FRENCH) is Mark.MISTAKE


def test_a_loss_within_noise_is_not_marked() -> None:
    best = [50.0, -50.0, 50.0, -50.0]
    taken = [0.0, 0.0, 0.0, 0.0]  # no loss on average, large swings
    assert loss(best, taken, 1.0).mark(FRENCH) is None
    noisy = loss([60.0, -40.0, 10.0, -10.0], [0.0, 0.0, 0.0, 0.0], 1.0)
    assert noisy.value == 5.0 and noisy.value <= SIGNIFICANCE * noisy.error
    assert noisy.mark(FRENCH) is None


@given(st.lists(st.floats(-500, 500), min_size=2, max_size=30))
def test_the_action_taken_being_the_best_is_never_marked(scores: list[float]) -> None:
    assert loss(scores, scores, 1.0).mark(FRENCH) is None
