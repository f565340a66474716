"""The terminal explains a refused move in the person's language from the
refusal's code, cards shown as the terminal shows them (``R♥``, ``A21``)."""

from __future__ import annotations

import pytest

from atout.africain.rules import AFRICAIN
from atout.cards import CardSyntaxError
from atout.french.state import FrenchState
from atout.game import ActionSyntaxError, IllegalAction
from atout.terminal.words import refusal
from tests.french.deals import act, explicit_deal, new_state

HANDS = {
    1: "KH QH NH JH 10H 9H 8H T1 T21 KS QS NS JS 10S 9S 8S 7S 6S",
    2: "1H 2H 3H 4H 5H 6H T7 T8 KD QD ND JD 10D 9D 8D 7D 6D 5D",
    3: "T5 T6 T9 T11 KC QC NC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C 1C",
    0: "T2 T10 T3 T4 T12 T13 T14 T15 EX 5S 4S 3S 2S 1S 4D 3D 2D 1D",
}


def refused(state: FrenchState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        act(state, action)
    return error.value


def test_illegal_cards_are_explained_in_french() -> None:
    state = new_state(4, explicit_deal(4, HANDS, "7H T16 T17 T18 T19 T20"))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "chelem:no", "play:KH")
    follow = refused(state, "play:5D")
    assert (follow.code, follow.params) == ("must_follow", {"suit": "hearts"})
    assert refusal(follow, "fr") == "vous devez fournir à cœur"
    assert refusal(follow, "en") == "you must follow hearts" == str(follow)
    act(state, "play:1H")
    assert (
        refusal(refused(state, "play:1C"), "fr") == "vous devez couper : vous n'avez plus de cœur"
    )
    act(state, "play:T6")
    overtrump = refused(state, "play:T2")
    assert (
        refusal(overtrump, "fr") == "vous devez monter sur A6 : vous avez A15, A14, A13, A12, A10"
    )
    assert refusal(overtrump, "en") == "you must overtrump T6: you hold T15, T14, T13, T12, T10"
    assert refusal(refused(state, "play:KS"), "fr") == "vous n'avez pas R♠"


def test_bids_and_syntax_are_explained_in_french() -> None:
    state = new_state(4, explicit_deal(4, HANDS))
    act(state, "bid:garde")
    assert (
        refusal(refused(state, "bid:prise"), "fr") == "il faut annoncer plus que garde, ou passer"
    )
    with pytest.raises(ActionSyntaxError) as error:
        act(state, "play:ZZ")
    assert refusal(error.value, "fr") == (
        "play : « ZZ » n'est pas une carte (par exemple KH, 10S, NC, T21 ou EX)"
    )
    africain = AFRICAIN.new(3)
    africain.apply(AFRICAIN.parse_action("deal:seed=1"))
    with pytest.raises(IllegalAction) as bid:
        africain.apply(AFRICAIN.parse_action("bid:9"))
    assert refusal(bid.value, "fr") == "annoncez de 0 à 5 plis : il y a 5 cartes en main"


def test_other_errors_are_shown_as_they_are() -> None:
    assert refusal(CardSyntaxError("'ZZ' is not a card"), "fr") == "'ZZ' is not a card"
