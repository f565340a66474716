"""The strong French robot's bid, call and écart by simulation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import BOUTS, EXCUSE, FULL_DECK, KINGS, TRUMPS, cards_of, trump
from atout.french.actions import DealCards, DealSeed
from atout.french.knowledge import read
from atout.french.rules import FRENCH
from atout.french.state import BID, CALL, DISCARD, FrenchState
from atout.french.variants import Contract
from atout.robots import french_contract, make_robot
from atout.robots.french import choose_bid
from atout.robots.french_contract import ecart_candidates, model_bid
from atout.robots.paired import pick


def _legal(state: FrenchState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _deal_with(first_hand: int, seed: int) -> FrenchState:
    """A 4-player deal where the first bidder (seat 1) holds ``first_hand`` (no petit sec)."""
    rng = random.Random(seed)
    while True:
        rest = cards_of(FULL_DECK & ~first_hand)
        rng.shuffle(rest)
        hands = [sum(1 << c for c in rest[18 * i : 18 * i + 18]) for i in range(3)]
        dog = sum(1 << c for c in rest[54:])
        state = FRENCH.new(4, "fft")
        state.step(DealCards((hands[0], first_hand, hands[1], hands[2]), dog))
        if state.phase == BID:
            assert state.turn == 1
            return state


def _strong_bid(state: FrenchState, seed: int = 0, budget: float = 0.05) -> str:
    return make_robot("strong", budget).choose(state.view(state.turn), _legal(state), seed)


def test_takes_a_hand_of_trumps() -> None:
    hand = sum(1 << trump(n) for n in range(1, 18)) | 1 << EXCUSE
    assert _strong_bid(_deal_with(hand, 1)) != "bid:pass"


def test_refuses_a_hopeless_hand() -> None:
    low = [s * 14 + r for s in range(4) for r in range(9)]  # 1 to 9 of every suit
    hand = sum(1 << c for c in low[:18])
    assert _strong_bid(_deal_with(hand, 2)) == "bid:pass"


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_bid_is_legal_and_repeatable(seed: int) -> None:
    state = FRENCH.new(4, "fft")
    state.step(DealSeed(seed))
    if state.phase != BID:
        return
    first = _strong_bid(state, seed)
    assert first in _legal(state)
    # The smallest budget samples a fixed number of deals, whatever the machine's load.
    assert _strong_bid(state, seed, 0.001) == _strong_bid(state, seed, 0.001)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), bids=st.integers(0, 4))
def test_bid_model_matches_the_heuristic(seed: int, players: int, bids: int) -> None:
    state = FRENCH.new(players, "fft")
    state.step(DealSeed(seed))
    while state.phase == BID and bids:
        legal = _legal(state)
        state.apply(FRENCH.parse_action(random.Random(seed + bids).choice(legal)))
        bids -= 1
    if state.phase != BID:
        return
    expected = choose_bid(read(state.view(state.turn)), _legal(state))
    assert f"bid:{model_bid(state).text}" == expected


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 6]))
def test_ecart_candidates_are_legal_ecarts(seed: int, size: int) -> None:
    rng = random.Random(seed)
    deck = list(range(78))
    rng.shuffle(deck)
    hand = sum(1 << c for c in deck[:24])
    allowed = hand & ~KINGS & ~BOUTS
    candidates = ecart_candidates(hand, allowed, size)
    assert candidates and len(set(candidates)) == len(candidates)
    plain = allowed & ~TRUMPS
    for ecart in candidates:
        assert ecart.bit_count() == size and ecart & ~allowed == 0
        if plain.bit_count() >= size:
            assert not ecart & TRUMPS
        else:
            assert ecart & plain == plain


def test_ecart_candidates_try_a_void() -> None:
    spades = sum(1 << r for r in range(3))  # 1, 2, 3 of spades
    hearts = sum(1 << (14 + r) for r in range(8))  # 1 to 8 of hearts
    hand = spades | hearts | sum(1 << trump(n) for n in range(2, 14))
    candidates = ecart_candidates(hand, hand & ~KINGS & ~BOUTS, 6)
    assert any(c & spades == spades for c in candidates)


def test_pick_keeps_the_default_unless_clearly_better() -> None:
    noisy = [[0.0, 0.0, 0.0, 0.0], [300.0, -280.0, 250.0, -250.0]]
    assert pick(noisy, 0) == 0
    clear = [[0.0, 10.0, -10.0, 5.0], [40.0, 52.0, 29.0, 46.0]]
    assert pick(clear, 0) == 1


def _garde_by_first_bidder(players: int, seed: int) -> FrenchState | None:
    """The deal of ``seed`` once the first bidder took a garde and the others passed
    (None when the deal is void: a petit sec)."""
    state = FRENCH.new(players, "fft")
    state.step(DealSeed(seed))
    if state.phase != BID:
        return None
    state.apply(FRENCH.parse_action("bid:garde"))
    while state.phase == BID:
        state.apply(FRENCH.parse_action("bid:pass"))
    return state


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_call_and_ecart_are_legal_and_repeatable(seed: int) -> None:
    """At 5 the first bidder takes a garde; the strong robot's call and écart are legal."""
    state = _garde_by_first_bidder(5, seed)
    if state is None:
        return
    robot = make_robot("strong", 0.02)
    while state.phase in (CALL, DISCARD):
        legal = _legal(state)
        choice = robot.choose(state.view(state.turn), legal, seed)
        assert choice in legal
        if state.phase == CALL:
            # The smallest budget samples a fixed number of deals, whatever the machine's load.
            again = make_robot("strong", 0.001).choose(state.view(state.turn), legal, seed)
            first = make_robot("strong", 0.001).choose(state.view(state.turn), legal, seed)
            assert first in legal
            assert again == first
        state.apply(FRENCH.parse_action(choice))
    assert state.ecart.bit_count() == 3


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_the_taker_edge_follows_the_takers_share_of_the_score(seed: int, players: int) -> None:
    """A simulated garde credits the searching taker the edge once per share of the
    contract it holds: two at five with a partner, one per defender otherwise."""
    state = _garde_by_first_bidder(players, seed)
    if state is None:
        return
    taker = state.taker
    plain, credited = state.clone(), state.clone()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(french_contract, "TAKER_EDGE", 0.0)
        base = french_contract.finish(plain, taker)
    edge = french_contract.finish(credited, taker) - base
    assert plain.score is not None
    defender = next(s for s in plain.order if s not in (plain.taker, plain.partner))
    shares = plain.score.scores[taker] / -plain.score.scores[defender]
    garde = plain.variant.multipliers[Contract.GARDE]
    assert edge == pytest.approx(french_contract.TAKER_EDGE * garde * shares)
