"""The strong French robot's card search: interchangeable cards are searched once."""

from __future__ import annotations

from atout.cards import mask_of, parse_card
from atout.french.actions import DealSeed
from atout.french.rules import FRENCH
from atout.french.state import PLAY
from atout.robots.french_search import distinct_cards
from atout.robots.french_view import Known, read


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
