"""Poignées and misères, asked just before a player's first card."""

from __future__ import annotations

import random

import pytest

from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, IllegalAction
from tests.french.deals import act, explicit_deal, legal, new_state

# seat 1 (first to play) holds 11 trumps and the Excuse; seat 2 holds 9 trumps and the Excuse
# would be needed for 10; seat 3 holds no trump, no bout, no honour.
HANDS = {
    1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX 1S 2S 3S 4S 5S 6S",
    2: "T12 T13 T14 T15 T16 T17 T18 T19 T20 7S 8S 9S 10S 1H 2H 3H 4H JH",
    3: "6H 7H 8H 9H 10H 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 1C 2C 3C",
}


def to_first_card(**options: object) -> FrenchState:
    state = new_state(4, explicit_deal(4, HANDS), **options)
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    return state


def test_poignee_choices_one_per_reachable_size() -> None:
    state = to_first_card()
    assert state.to_move == 1 and state.phase == 6
    assert legal(state) == ["poignee:none", "poignee:T10 T9 T8 T7 T6 T5 T4 T3 T2 T1"]


def test_poignee_any_valid_set_and_refusals() -> None:
    state = to_first_card()
    with pytest.raises(IllegalAction, match="exactly 10, 13 or 15 trumps, not 11"):
        act(state, "poignee:T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1")
    with pytest.raises(IllegalAction, match="Excuse may stand for a trump only when"):
        act(state, "poignee:EX T10 T9 T8 T7 T6 T5 T4 T3 T2")
    with pytest.raises(IllegalAction, match="you do not hold T12"):
        act(state, "poignee:T12 T10 T9 T8 T7 T6 T5 T4 T3 T2")
    events = act(state, "poignee:T11 T10 T9 T8 T7 T6 T5 T4 T3 T2")
    assert events[0].kind == "poignee" and events[0].to is None
    assert events[0].data["size"] == "simple"
    assert state.phase == 7 and state.to_move == 1
    shown = state.view(SPECTATOR)["poignees"]
    assert shown == [
        {
            "seat": 1,
            "size": "simple",
            "cards": ["T11", "T10", "T9", "T8", "T7", "T6", "T5", "T4", "T3", "T2"],
        }
    ]


def test_excuse_stands_for_the_missing_trump() -> None:
    hands = dict(HANDS)
    hands[2] = "T12 T13 T14 T15 T16 T17 T18 T19 T20 EX 8S 9S 10S 1H 2H 3H 4H 5H"
    hands[1] = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 7S 1S 2S 3S 4S 5S 6S"
    state = new_state(4, explicit_deal(4, hands))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    act(state, "poignee:none", "play:1S")
    assert state.to_move == 2 and state.phase == 6
    expected = "poignee:EX T20 T19 T18 T17 T16 T15 T14 T13 T12"
    assert legal(state) == ["poignee:none", expected]
    act(state, expected)
    assert state.phase == 7


def test_no_question_without_enough_trumps_and_once_only() -> None:
    state = to_first_card()
    act(state, "poignee:none", "play:1S")
    assert state.to_move == 2 and state.phase == 7  # 9 trumps, no Excuse: not asked


def test_misere_asked_when_the_variant_has_it() -> None:
    state = to_first_card(misere=True)
    assert state.phase == 6  # seat 1 qualifies for no misère: straight to the poignée
    act(state, "poignee:none", "play:1S", "play:7S")
    assert state.to_move == 3 and state.phase == 5
    assert legal(state) == [
        "misere:none",
        "misere:sans_atouts",
        "misere:sans_points",
        "misere:sans_atouts+sans_points",
    ]
    events = act(state, "misere:sans_atouts+sans_points")
    assert events[0].data == {"seat": 3, "kinds": ["sans_atouts", "sans_points"]}
    assert state.phase == 7


def test_misere_refused_when_the_hand_does_not_qualify() -> None:
    state = to_first_card(misere=True)
    act(state, "poignee:none", "play:1S")
    assert state.phase == 7  # seat 2 holds trumps and an honour: no misère
    state = to_first_card(misere=True)
    with pytest.raises(IllegalAction, match="time to declare a poignée"):
        act(state, "misere:sans_atouts")


@pytest.mark.parametrize("misere", [False, True])
def test_only_the_seat_asked_knows_of_the_question_and_of_its_refusal(misere: bool) -> None:
    # Being asked tells who holds a poignée (or a misère hand): the others see a player
    # about to play, and a refusal makes no event.
    state = to_first_card(misere=misere)
    if misere:
        act(state, "poignee:none", "play:1S", "play:7S")
    asked = state.to_move
    assert asked is not None
    kind = "misere" if misere else "poignee"
    assert state.view(asked)["phase"] == kind
    for viewer in {0, 1, 2, 3, SPECTATOR} - {asked}:
        view = state.view(viewer)
        assert view["phase"] == "play" and view["to_move"] == asked and view["legal"] is None
    assert act(state, f"{kind}:none") == []


def test_a_trump_discarded_by_force_counts_again_in_the_poignee() -> None:
    # FFT: "Lorsque le preneur possède 4 Rois et 15 atouts, l'atout écarté doit être
    # remontré avec la triple Poignée qui est alors comptabilisée."
    taker = "KS KH KD KC " + " ".join(f"T{n}" for n in range(2, 16))
    state = new_state(4, explicit_deal(4, {1: taker}, "T16 1H 2H 3H 4H 5H"))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass")
    # 4 Kings, 15 trumps and 5 plain cards: the sixth card of the écart is a trump
    act(state, "discard:1H", "discard:2H", "discard:3H", "discard:4H", "discard:5H", "discard:T2")
    act(state, "chelem:no")
    assert state.to_move == 1 and state.phase == 6
    triple = "poignee:" + " ".join(f"T{n}" for n in range(16, 1, -1))
    assert triple in legal(state)
    events = act(state, triple)
    assert events[0].data["size"] == "triple" and "T2" in events[0].data["cards"]


def test_acting_out_of_turn_never_tells_of_a_secret_question() -> None:
    """While a seat is asked whether it shows a poignée, the others see it about
    to play; a seat acting then is refused in those words, not told of the question."""
    for seed in range(200):
        rng = random.Random(seed)
        state = FRENCH.new(4, "fft")
        while not state.is_over and state.view(OMNISCIENT)["phase"] != "poignee":
            if state.to_move == CHANCE:
                state.apply(FRENCH.deal_action(state, rng.randrange(2**32)))
            else:
                state.apply(rng.choice(list(state.legal_actions())))
        if state.is_over:
            continue
        asked = state.to_move
        assert asked is not None and state.view(SPECTATOR)["phase"] == "play"
        other = (asked + 1) % 4
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.legal_actions()[0], other)
        assert refused.value.params == {"seat": asked, "phase": "play"}
        return
    raise AssertionError("no poignée question in 200 random deals")
