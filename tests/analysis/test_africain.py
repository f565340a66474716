"""Tarot Africain reviews: a bid of every trick on a hand of low trumps costs lives,
and the review says so in lives."""

from __future__ import annotations

from atout.analysis import Budget, Mark, analyse
from atout.match import Match, seed_sequence
from atout.records import Record
from atout.registry import game_rules
from atout.robots import make_robot


def test_bidding_every_trick_with_low_trumps_is_marked() -> None:
    rules = game_rules("africain")
    match = Match.new(rules, 3, None, None, seed_sequence([5]))
    robots = {seat: make_robot("heuristic") for seat in range(3)}
    planted = None

    def choose(seat: int) -> str:
        nonlocal planted
        if planted is None and seat == 0:
            # Seat 0 opens the first round with T2 T3 T6 T11 T18 (seed 5) and bids 5.
            assert match.view(0)["hand"] == ["T2", "T3", "T6", "T11", "T18"]
            planted = len(match.actions)
            return "bid:5"
        return robots[seat].choose(match.view(seat), match.legal(), 0)

    match.play(choose)  # the first round only: the chance has one deal
    record = Record("africain", 3, "standard", {}, tuple(match.log))
    review = analyse(record, 0, Budget(deals=8, seed=2))
    assert review.thresholds.unit == "lives"
    first = review.decisions[0]
    assert first.index == planted and first.taken.action == "bid:5"
    assert first.mark in (Mark.MISTAKE, Mark.BLUNDER)
    assert first.best[0].action != "bid:5" and first.loss >= 0.3
