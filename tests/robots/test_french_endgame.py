"""Exact endgame search: alpha-beta with merged cards equals plain minimax."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import parse_card
from atout.french.actions import BIDS, CALLS, CHELEM_NO, DISCARDS, NO_MISERE, NO_POIGNEE, PLAYS
from atout.french.rules import FRENCH
from atout.french.state import BID, CALL, CHELEM, DISCARD, MISERE, PLAY, POIGNEE, FrenchState
from atout.french.variants import Contract
from atout.robots.french_contract import first_discard, model_call, model_ecart
from atout.robots.french_endgame import distinct, solve
from atout.robots.french_search import rollout_card


def _endgame(players: int, seed: int, left: int) -> FrenchState | None:
    """A deal where the first seat takes a garde, played by the play-out policy until
    each hand holds ``left`` cards (None when the deal was a redeal)."""
    state = FRENCH.new(players)
    state.apply(FRENCH.deal_action(state, seed))
    while state.score is None and not (
        state.phase == PLAY and not state.trick and state.hands[state.turn].bit_count() <= left
    ):
        if state.phase == BID:
            state.step(BIDS[Contract.GARDE if state.contract == Contract.PASS else Contract.PASS])
        elif state.phase == CHELEM:
            state.step(CHELEM_NO)
        elif state.phase == MISERE:
            state.step(NO_MISERE)
        elif state.phase == POIGNEE:
            state.step(NO_POIGNEE)
        elif state.phase == CALL:
            state.step(CALLS[model_call(state)])
        elif state.phase == DISCARD:
            state.step(DISCARDS[first_discard(model_ecart(state))])
        elif state.phase == PLAY:
            state.step(PLAYS[rollout_card(state)])
        else:  # a redeal
            return None
    return state if state.score is None else None


def _minimax(state: FrenchState, seat: int) -> float:
    """The test's oracle: every legal card tried, nothing pruned or merged."""
    if state.score is not None:
        return float(state.score.scores[seat])
    attack = (state.taker, state.partner)
    values = []
    for card in range(78):
        if state.play_mask() >> card & 1:
            child = state.clone()
            child.step(PLAYS[card])
            values.append(_minimax(child, seat))
    mine = (state.turn in attack) == (seat in attack)
    return max(values) if mine else min(values)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from((3, 4, 5)), st.integers(0, 10**6), st.integers(0, 3))
def test_solve_equals_plain_minimax(players: int, seed: int, observer: int) -> None:
    left = 3 if players < 5 else 2
    state = _endgame(players, seed, left)
    if state is None:
        return
    seat = observer % players
    assert solve(state, seat) == _minimax(state, seat)


def test_distinct_merges_only_cards_with_nothing_live_between() -> None:
    hand = sum(1 << parse_card(c) for c in ("3S", "4S", "6S", "KS"))
    gone_5 = ~(1 << parse_card("5S"))
    assert distinct(hand, gone_5 & ~(1 << parse_card("KS"))) == [
        parse_card("3S"),
        parse_card("6S"),
        parse_card("KS"),
    ]
    everything_gone = ~0
    assert distinct(hand, everything_gone) == [parse_card("3S"), parse_card("KS")]
