"""Card play: following, trumping, overtrumping, the Excuse, and the 5-player first lead."""

from __future__ import annotations

import pytest

from atout.french.state import FrenchState
from atout.game import SPECTATOR, IllegalAction
from tests.french.deals import act, explicit_deal, legal, new_state

HANDS = {
    1: "KH QH NH JH 10H 9H 8H T1 T21 KS QS NS JS 10S 9S 8S 7S 6S",
    2: "1H 2H 3H 4H 5H 6H T7 T8 KD QD ND JD 10D 9D 8D 7D 6D 5D",
    3: "T5 T6 T9 T11 KC QC NC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C 1C",
    0: "T2 T10 T3 T4 T12 T13 T14 T15 EX 5S 4S 3S 2S 1S 4D 3D 2D 1D",
}
DOG = "7H T16 T17 T18 T19 T20"


def playing() -> FrenchState:
    state = new_state(4, explicit_deal(4, HANDS, DOG))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "chelem:no")
    assert state.to_move == 1 and state.phase == 7
    return state


def plays(*cards: str) -> list[str]:
    return sorted("play:" + c for c in cards)


def test_follow_trump_overtrump() -> None:
    state = playing()
    assert len(legal(state)) == 18
    act(state, "play:KH")
    assert sorted(legal(state)) == plays("1H", "2H", "3H", "4H", "5H", "6H")
    with pytest.raises(IllegalAction, match="you must follow hearts"):
        act(state, "play:5D")
    act(state, "play:1H")
    assert sorted(legal(state)) == plays("T5", "T6", "T9", "T11")
    with pytest.raises(IllegalAction, match="you must trump: you have no hearts"):
        act(state, "play:1C")
    act(state, "play:T6")
    # over a trump one must overtrump; the Excuse is always allowed
    assert sorted(legal(state)) == plays("T10", "T12", "T13", "T14", "T15", "EX")
    with pytest.raises(
        IllegalAction, match="you must overtrump T6: you hold T15, T14, T13, T12, T10"
    ):
        act(state, "play:T2")
    events = act(state, "play:T10")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data == {"number": 1, "leader": 1, "cards": ["KH", "1H", "T6", "T10"], "winner": 0}
    assert state.to_move == 0


def test_refusal_changes_nothing_and_names_the_turn() -> None:
    state = playing()
    before = state.clone()
    with pytest.raises(IllegalAction, match="you do not hold KD"):
        act(state, "play:KD")
    with pytest.raises(IllegalAction, match="not your turn: seat 1 is to play a card"):
        state.apply(state.legal_actions()[0], seat=2)
    with pytest.raises(IllegalAction, match="it is time to play a card, not to bid:pass"):
        act(state, "bid:pass")
    assert state == before


def test_excuse_lead_lets_the_next_card_set_the_suit_then_pisser_and_discard() -> None:
    state = playing()
    act(state, "play:KH", "play:1H", "play:T6", "play:T10")
    act(state, "play:EX")
    assert len(legal(state)) == 17  # after the Excuse, any card
    act(state, "play:9S")
    assert sorted(legal(state)) == plays("T7", "T8")
    act(state, "play:T8")
    assert sorted(legal(state)) == plays("T9", "T11")
    events = act(state, "play:T9")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 3 and trick.data["cards"] == ["EX", "9S", "T8", "T9"]
    act(state, "play:T5")
    assert sorted(legal(state)) == plays("T12", "T13", "T14", "T15")
    act(state, "play:T12")
    assert legal(state) == ["play:T21"]
    act(state, "play:T21")
    # no trump above T21: any trump (pisser)
    assert legal(state) == ["play:T7"]
    act(state, "play:T7")
    assert state.to_move == 1
    act(state, "play:8S")
    # seat 2 has neither spades nor trumps left: any card
    assert len(legal(state)) == 15


FIVE = {1: "1H 2H T1 T2 T3 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S", 3: "KH T4 T5"}


def test_five_players_first_lead_not_in_the_called_suit() -> None:
    state = new_state(5, explicit_deal(5, FIVE))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    act(state, "chelem:no")
    assert state.to_move == 1
    assert "play:1H" not in legal(state) and "play:5S" in legal(state)
    with pytest.raises(IllegalAction, match="called suit \\(hearts\\)"):
        act(state, "play:1H")


def test_partner_revealed_when_the_called_card_falls() -> None:
    state = new_state(5, explicit_deal(5, FIVE))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    act(state, "chelem:no")
    revealed = []
    while state.hands[3] >> 14 + 13 & 1:
        assert state.view(SPECTATOR)["partner"] is None
        revealed = [e for e in state.apply(state.legal_actions()[0]) if e.kind == "partner"]
    assert revealed and revealed[0].to is None and revealed[0].data == {"seat": 3, "alone": False}
    assert state.view(SPECTATOR)["partner"] == 3 and state.view(4)["partner"] == 3
