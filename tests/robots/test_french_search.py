"""The strong French robot's card search: interchangeable cards are searched once,
and the play-outs' policy plays the obvious card."""

from __future__ import annotations

from atout.cards import mask_of, parse_card
from atout.french.actions import DealSeed
from atout.french.knowledge import Known, read
from atout.french.rules import FRENCH
from atout.french.state import PLAY, FrenchState
from atout.robots.french_search import distinct_cards, rollout_card
from tests.french.deals import act, explicit_deal, new_state


def _known(hand: str, played: str = "", trick: str = "") -> Known:
    """A seat's knowledge in play, its hand, earlier tricks and current trick replaced."""
    state = FRENCH.new(4, "fft")
    state.step(DealSeed(7))
    state.apply(FRENCH.parse_action("bid:garde_sans"))
    while state.phase != PLAY:
        state.apply(state.legal_actions()[0])
    known = read(state.view(state.turn))
    known.hand = mask_of(parse_card(c) for c in hand.split())
    known.trick = [(9, parse_card(c)) for c in trick.split()]
    known.played = mask_of(parse_card(c) for c in (played + " " + trick).split())
    return known


def _plays(texts: str) -> list[str]:
    return [f"play:{t}" for t in texts.split()]


def test_neighbours_in_hand_are_one_option() -> None:
    known = _known("3S 4S 6S KS QS T5")
    assert distinct_cards(known, _plays("3S 4S 6S KS QS")) == _plays("3S 6S QS KS")


def test_a_card_played_earlier_joins_the_ranks_around_it() -> None:
    known = _known("3S 4S 6S T5", played="5S")
    assert distinct_cards(known, _plays("3S 4S 6S")) == _plays("3S")


def test_a_card_in_the_current_trick_keeps_them_apart() -> None:
    known = _known("3S 4S 6S T5", trick="5S")
    assert distinct_cards(known, _plays("3S 4S 6S")) == _plays("3S 6S")


def test_the_petit_and_the_21_stand_alone() -> None:
    known = _known("T1 T2 T3 T20 T21 EX")
    assert distinct_cards(known, _plays("T1 T2 T3 T20 T21 EX")) == _plays("T1 T2 T20 T21 EX")


# Two 4-player deals where seat 1 takes a garde sans (no dog shown) and leads 1S.
TAKER = "1S T21 T20 T19 T18 T17 T16 T15 T14 KC QC NC JC 10C 9C 8C 7C 6C"
PETIT_DEAL = {
    1: TAKER,
    2: "KS QS NS JS 10S 9S 8S 7S KH QH NH JH 10H 9H 8H 7H 6H 5H",
    3: "2S 3S 4S 5S 6S 4H 3H 2H 1H KD QD ND JD 10D 9D 8D 7D 6D",
    0: "T1 T2 T3 T4 T5 T6 T7 T8 5C 4C 3C 2C 1C 5D 4D 3D 2D 1D",
}
KING_DEAL = {
    1: TAKER,
    2: "2S QS NS JS 10S 9S 8S 7S NH JH 10H 9H 8H 7H 6H 5H T2 T3",
    3: "KS 6S 5S 4S KH 3H 2H 1H KD QD ND JD 10D 9D 8D 7D 6D T4",
    0: "3S QH 4H 5C 4C 3C 2C 1C 5D 4D 3D 2D 1D T1 T5 T6 T7 T8",
}


def _after(hands: dict[int, str], plays: str) -> FrenchState:
    state = new_state(4, explicit_deal(4, hands))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "chelem:no")
    act(state, *_plays(plays))
    return state


def test_play_outs_save_the_petit_in_a_trick_their_side_surely_wins() -> None:
    state = _after(PETIT_DEAL, "1S KS 2S")  # the defence's King, seat 0 last and out of spades
    assert state.turn == 0 and rollout_card(state) == parse_card("T1")


def test_play_outs_keep_their_honours_from_a_trick_the_other_side_will_trump() -> None:
    # Seat 3 won the first trick and leads KH; the taker, void in hearts, plays after seat 0.
    state = _after(KING_DEAL, "1S 2S KS 3S KH")
    assert state.turn == 0 and rollout_card(state) == parse_card("4H")
    act(state, "play:QH")
    assert state.turn == 1 and rollout_card(state) == parse_card("T14")  # the cheapest trump
