"""clone() copies every slot of a French state and shares no list with it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.rules import FRENCH
from atout.french.state import FrenchState


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32), st.integers(0, 90))
def test_clone_copies_every_slot(players: int, seed: int, moves: int) -> None:
    state = FRENCH.new(players, options={"deals": 2})
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        actions = state.legal_actions() or [FRENCH.deal_action(state, rng.getrandbits(32))]
        state.step(rng.choice(list(actions)))
    copy = state.clone()
    for name in FrenchState.__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name
    assert copy == state
    if not copy.is_over:
        before = [getattr(state, n) for n in FrenchState.__slots__ if n != "legal_mask"]
        actions = copy.legal_actions() or [FRENCH.deal_action(copy, 1)]
        copy.step(actions[0])
        assert [getattr(state, n) for n in FrenchState.__slots__ if n != "legal_mask"] == before
