import pytest

from atout.africain.rules import AFRICAIN
from atout.africain.state import AfricainState
from atout.cards import EXCUSE, TRUMPS, parse_hand
from atout.game import CHANCE, OMNISCIENT, IllegalAction

from .helpers import act, bids, deal, new


def dealt_hands(state: AfricainState) -> list[list[str]]:
    """Every seat's hand, all shown to the omniscient viewer."""
    hands = [h for h in state.view(OMNISCIENT)["hands"] if h is not None]
    assert len(hands) == state.players
    return hands


def test_a_new_game_waits_for_the_deal() -> None:
    state = new(3)
    assert state.to_move == CHANCE
    assert state.legal_actions() == []
    assert state.view(0)["lives"] == [14, 14, 14]


def test_seed_deal_gives_distinct_cards_from_the_22_and_is_reproducible() -> None:
    hands = []
    for _ in range(2):
        state = new(4)
        act(state, str(AFRICAIN.deal_action(state, 1234)))
        hands.append([parse_hand(" ".join(h)) for h in dealt_hands(state)])
    assert hands[0] == hands[1]
    union = 0
    for hand in hands[0]:
        assert hand.bit_count() == 5
        assert not hand & union
        union |= hand
    assert not union & ~(TRUMPS | 1 << EXCUSE)


def test_different_seeds_usually_deal_differently() -> None:
    seen = set()
    for seed in range(5):
        state = new(2)
        act(state, f"deal:seed={seed}")
        seen.add(tuple(tuple(h) for h in dealt_hands(state)))
    assert len(seen) > 1


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (("T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10"), "must list 3 hands"),
        (
            ("T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14"),
            "wrong number of cards: 4, not 5",
        ),
        (("T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T5"), "dealt twice: T5"),
        (("T1 T2 T3 T4 KH", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15"), "trumps and the Excuse"),
    ],
)
def test_bad_explicit_deals_are_refused_without_change(
    hands: tuple[str, ...], message: str
) -> None:
    state = new(3)
    before = state.clone()
    with pytest.raises(IllegalAction, match=message):
        deal(state, *hands)
    assert state == before


def test_bidding_starts_with_the_dealer_and_goes_to_the_right() -> None:
    state = new(3)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15")
    order = []
    for bid in (1, 1, 0):
        order.append(state.to_move)
        bids(state, bid)
    assert order == [0, 1, 2]


def test_last_bidder_may_not_make_the_total_equal_the_cards() -> None:
    state = new(3)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15")
    bids(state, 2, 1)
    assert [str(a) for a in state.legal_actions()] == ["bid:0", "bid:1", "bid:3", "bid:4", "bid:5"]
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        bids(state, 2)
    assert str(error.value) == ("the bids would total 5, the number of cards: bid anything but 2")
    assert state == before
    bids(state, 3)
    assert state.view(0)["bids"] == [2, 1, 3]


def test_earlier_bidders_may_bid_anything_from_zero_to_the_hand_size() -> None:
    state = new(3)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15")
    assert [str(a) for a in state.legal_actions()] == [f"bid:{n}" for n in range(6)]
    bids(state, 5)
    assert len(state.legal_actions()) == 6
    with pytest.raises(IllegalAction, match="bid from 0 to 5"):
        bids(state, 6)


def test_last_bid_may_exceed_the_total_without_restriction() -> None:
    state = new(2)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 5)
    # 5 + 0 would total 5: the only refused bid is 0
    assert [str(a) for a in state.legal_actions()] == [f"bid:{n}" for n in range(1, 6)]


def test_actions_out_of_phase_are_refused() -> None:
    state = new(2)
    with pytest.raises(IllegalAction, match="not the time to bid"):
        bids(state, 1)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    with pytest.raises(IllegalAction, match="not the time to play"):
        act(state, "play:T1")
    with pytest.raises(IllegalAction, match="already dealt"):
        act(state, "deal:seed=1")
