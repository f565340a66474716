import pytest

from atout.africain.actions import Play
from atout.cards import trump
from atout.game import CHANCE, IllegalAction

from .helpers import EXCUSE_ROUND, act, bids, deal, new, play_out, round_end


def test_dealer_leads_and_the_trick_winner_leads_the_next() -> None:
    state = new(3)
    state_dealer = state.view(0)["dealer"]
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15")
    bids(state, 0, 0, 0)
    assert state.to_move == state_dealer == 0
    act(state, "play:T1")
    assert state.to_move == 1
    act(state, "play:T6")
    assert state.to_move == 2
    events = act(state, "play:T11")
    (trick,) = [e.data for e in events if e.kind == "trick"]
    assert trick["winner"] == 2
    assert state.to_move == 2
    assert state.view(0)["tricks"] == [0, 0, 1]


def test_any_card_of_the_hand_may_be_played() -> None:
    state = new(2)
    deal(state, "T1 T9 T12 T20 EX", "T2 T3 T4 T5 T6")
    bids(state, 0, 0)
    legal = sorted(str(a) for a in state.legal_actions())
    assert legal == sorted(
        ["play:T1", "play:T9", "play:T12", "play:T20", "play:EX:high", "play:EX:low"]
    )


def test_a_card_not_held_is_refused_without_change() -> None:
    state = new(2)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 0, 0)
    before = state.clone()
    with pytest.raises(IllegalAction, match="you do not hold T6"):
        act(state, "play:T6")
    assert state == before


def test_excuse_must_be_declared() -> None:
    state = new(2)
    deal(state, "EX T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 0, 0)
    with pytest.raises(IllegalAction, match="play:EX:high or play:EX:low"):
        act(state, "play:EX")


def test_only_the_excuse_is_declared_high_or_low() -> None:
    # built as an object: its text, play:T2:low, is refused by the parser already
    state = new(2)
    deal(state, "EX T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 0, 0)
    before = state.clone()
    with pytest.raises(IllegalAction, match="only the Excuse"):
        state.apply(Play(trump(2), high=False))
    assert state == before


def test_excuse_high_beats_the_21() -> None:
    state = new(2)
    deal(state, "EX T2 T3 T4 T5", "T21 T7 T8 T9 T10")
    bids(state, 0, 0)
    events = act(state, "play:EX:high", "play:T21")
    assert [e.data["winner"] for e in events if e.kind == "trick"] == [0]


def test_excuse_low_loses_to_the_petit() -> None:
    state = new(2)
    deal(state, "EX T2 T3 T4 T5", "T1 T7 T8 T9 T10")
    bids(state, 0, 0)
    events = act(state, "play:EX:low", "play:T1")
    assert [e.data["winner"] for e in events if e.kind == "trick"] == [1]


def test_a_whole_round_counts_tricks_and_lives() -> None:
    state = new(2)
    end = round_end(act(state, *EXCUSE_ROUND))
    assert end["tricks"] == [2, 3]
    # seat 0 made its bid; seat 1 won more than it bid: nothing is missing
    assert end["losses"] == [0, 0]
    assert end["lives"] == [14, 14]
    assert state.to_move == CHANCE
    assert state.hand_size == 4


def test_difference_rule_loses_tricks_won_above_the_bid_too() -> None:
    end = round_end(act(new(2, loss="difference"), *EXCUSE_ROUND))
    assert end["losses"] == [0, 3]
    # seat 0 alone lost nothing but is at the starting 14: no life above it
    assert end["remontee"] is None
    assert end["lives"] == [14, 11]


def test_missing_tricks_are_lost() -> None:
    state = new(3)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 1, 3, 0)  # seat 0 wins all five
    end = round_end(play_out(state))
    assert end["tricks"] == [5, 0, 0]
    assert end["losses"] == [0, 3, 0]
    assert end["lives"] == [14, 11, 14]
