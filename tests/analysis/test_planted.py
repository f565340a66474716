"""The review finds blunders planted in scripted games, and only those: seat 0
otherwise follows the hints, and its other moves are forced or sound."""

from __future__ import annotations

from atout.analysis import Budget, Mark, Review, analyse
from tests.analysis.planted import KING_DEAL, PETIT_DEAL, scripted

BUDGET = Budget(deals=24, seed=1)
SERIOUS = (Mark.MISTAKE, Mark.BLUNDER)
# Seat 1 (the taker, first to play) leads the 21 at once: seat 0 plays last to a
# trick the taker surely wins.
LEADS_21 = {(1, 8): "play:T21"}
# In the King deal seat 1 keeps its hearts (its écart empties spades and diamonds).
KEEPS_HEARTS = {
    (1, 1): "discard:1D",
    (1, 2): "discard:6S",
    (1, 3): "discard:1S",
    (1, 4): "discard:1C",
    (1, 5): "discard:6C",
    (1, 6): "discard:QC",
    (1, 9): "play:T21",
}


def _serious(review: Review) -> list[int]:
    return [d.index for d in review.decisions if d.mark in SERIOUS]


def test_the_petit_played_under_the_21_is_a_blunder() -> None:
    record, planted = scripted(PETIT_DEAL, {**LEADS_21, (0, 1): "play:T1"})
    review = analyse(record, 0, BUDGET)
    assert _serious(review) == planted
    (blunder,) = [d for d in review.decisions if d.index in planted]
    assert blunder.mark is Mark.BLUNDER
    assert blunder.taken.action == "play:T1"
    assert blunder.best[0].action != "play:T1"
    assert blunder.loss > 8.0


def test_a_king_discarded_on_the_takers_trick_is_a_mistake() -> None:
    record, planted = scripted(KING_DEAL, {**KEEPS_HEARTS, (0, 1): "play:KH"})
    review = analyse(record, 0, BUDGET)
    assert _serious(review) == planted
    (mistake,) = [d for d in review.decisions if d.index in planted]
    assert mistake.taken.action == "play:KH"
    assert "play:KH" not in [o.action for o in mistake.best[:1]]


def test_a_garde_contre_on_a_weak_hand_is_a_blunder_and_passing_is_not() -> None:
    record, planted = scripted(PETIT_DEAL, {(0, 0): "bid:garde_contre"})
    review = analyse(record, 0, BUDGET)
    bid = review.decisions[0]
    assert [bid.index] == planted and bid.mark is Mark.BLUNDER
    assert bid.best[0].action == "bid:pass"
    sound, _ = scripted(PETIT_DEAL, {})
    assert analyse(sound, 0, BUDGET).decisions[0].mark is None


def test_a_review_is_the_same_twice_and_summarises_its_marks() -> None:
    record, _ = scripted(PETIT_DEAL, {**LEADS_21, (0, 1): "play:T1"})
    first, second = analyse(record, 0, BUDGET), analyse(record, 0, BUDGET)
    assert first.to_dict() == second.to_dict()
    summary = first.to_dict()["summary"]
    assert summary["blunders"] == 1 and summary["mistakes"] == 0
    assert summary["reviewed"] == len(first.decisions)
    assert summary["accuracy"] == round(100 * (len(first.decisions) - 1) / len(first.decisions), 1)
