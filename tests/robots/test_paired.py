"""Settling a decision early: only when one option beats every other on the same deals."""

from __future__ import annotations

from atout.robots.paired import settled


def test_a_decision_settles_when_one_option_wins_on_every_deal() -> None:
    clear = [[10.0, 12.0, 11.0, 13.0], [0.0, 1.0, -1.0, 0.5], [5.0, 4.0, 6.0, 5.0]]
    assert settled(clear)


def test_a_close_or_tied_decision_keeps_sampling() -> None:
    close = [[10.0, -12.0, 11.0, 13.0], [0.0, 1.0, -1.0, 0.5]]
    assert not settled(close)
    tied = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert not settled(tied)
