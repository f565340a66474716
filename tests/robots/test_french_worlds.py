"""The strong robot's worlds: they fit the bids the way the usual robot makes them,
give or take a margin, and exist at every table (the mort form included)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.actions import Bid
from atout.french.knowledge import read
from atout.french.rules import FRENCH
from atout.french.state import BID, FrenchState
from atout.french.variants import Contract
from atout.french.worlds import Worlds
from atout.robots import make_robot
from atout.robots.french import bid_count
from atout.robots.french_contract import compare, search_bid
from atout.robots.french_sampling import BID_MARGIN, fits_bids


def _auction(players: int, seed: int, bids: int) -> FrenchState:
    """A deal after ``bids`` bids of the usual robot (fewer if the auction ends first)."""
    state = FRENCH.new(players, "fft")
    state.apply(FRENCH.deal_action(state, seed))
    robot = make_robot("heuristic")
    for step in range(bids):
        if state.phase != BID:
            break
        legal = [str(a) for a in state.legal_actions()]
        state.apply(FRENCH.parse_action(robot.choose(state.view(state.turn), legal, step)))
    return state


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32 - 1), st.integers(1, 5))
def test_the_real_deal_always_fits_the_usual_robots_bids(
    players: int, seed: int, bids: int
) -> None:
    state = _auction(players, seed, bids)
    if state.phase != BID:
        return
    known = read(state.view(state.turn))
    dealt = dict(enumerate(state.hands))
    assert fits_bids(known, dealt)


def test_sampled_hands_fit_a_prise_and_the_passes_after_it() -> None:
    # The first seat took a prise and the next two passed: the usual robot counts the
    # taker's hand from 42 to 58 (a garde) and the others' below 58.
    prise = [(1, Contract.PRISE), (2, Contract.PASS), (3, Contract.PASS)]
    seed = next(s for s in range(2000) if _auction(4, s, 3).bids == prise)
    state = _auction(4, seed, 3)
    worlds = Worlds(state.view(state.turn))
    rng = random.Random(1)
    fits = misfits = 0
    for _ in range(5000):
        if fits >= 20 and misfits >= 20:
            break
        placed = worlds.hands(rng)
        assert placed is not None
        world = worlds.build(placed)
        assert world is not None
        counts = {seat: bid_count(world.hands[seat], 4) for seat in (1, 2, 3)}
        fit = 42 - BID_MARGIN <= counts[1] < 58 + BID_MARGIN and all(
            counts[seat] < 58 + BID_MARGIN for seat in (2, 3)
        )
        assert (worlds.build(placed, fits_bids) is not None) == fit
        fits += fit
        misfits += not fit
    assert fits >= 20 and misfits >= 20  # many random deals do not fit a prise


def test_the_strong_robot_searches_in_the_mort_form() -> None:
    """With the dealer sitting out, every bid of several deals is weighed on sampled
    worlds (none found: the robot would fall back on the usual robot's bid)."""
    for seed in range(6):
        state = FRENCH.new(5, "fft", {"dealer_sits_out": True})
        state.apply(FRENCH.deal_action(state, seed))
        while state.phase == BID:
            bids = [a for a in state.legal_actions() if isinstance(a, Bid)]
            options = [Contract(a.contract) for a in bids]
            worlds = Worlds(state.view(state.turn))
            scores = compare(worlds, options, _apply_bid, random.Random(seed), 0.02)
            assert all(len(s) >= 4 for s in scores)
            legal = [str(a) for a in bids]
            state.apply(FRENCH.parse_action(search_bid(worlds, legal, random.Random(seed), 0.02)))


def _apply_bid(state: FrenchState, contract: Contract) -> None:
    state.step(Bid(contract))
