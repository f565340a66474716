"""Tarot Africain robot decisions checked on positions built by hand."""

from __future__ import annotations

from atout.africain.rules import AFRICAIN
from atout.robots import make_robot
from atout.robots.africain import blind_bid_chances, heuristic_play


def test_blind_bid_reads_the_others_bids() -> None:
    """Seeing only low cards, one's own card is likely high: unless the others' bids say so."""
    me, cards = 0, {1: 57, 2: 58}  # the others hold T2 and T3
    p0, p1 = blind_bid_chances(me, cards, [None, None, None], (1, 2, 0))
    assert p1 > p0
    # Both others bid 1 although they see our card: a sensible player does that
    # only when the card they see (ours) is low, so our odds of winning drop.
    _q0, q1 = blind_bid_chances(me, cards, [None, 1, 1], (1, 2, 0))
    assert q1 < p1


def test_a_robot_that_made_its_bid_ducks() -> None:
    # holding T5 and T20, bid made, trick topped by T10 with nobody after: play T5 under it
    card, _ = heuristic_play((1 << 60) | (1 << 75), 65, 0, 0, 0)
    assert card == 60


def test_the_excuse_is_played_high_when_a_trick_is_missing() -> None:
    card, high = heuristic_play(1 << 77 | 1 << 56, 70, 0, 1, 0)
    assert (card, high) == (77, True)


def test_strong_bids_zero_with_hopeless_cards() -> None:
    state = AFRICAIN.new(2)
    state.apply(AFRICAIN.parse_action("deal:T1,T2,T3,T4,T5/T17,T18,T19,T20,T21"))
    view = state.view(0)
    legal = [str(a) for a in state.legal_actions()]
    assert make_robot("strong", 0.05).choose(view, legal, 1) == "bid:0"
    assert make_robot("heuristic").choose(view, legal, 1) == "bid:0"
