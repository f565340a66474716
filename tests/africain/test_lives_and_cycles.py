import pytest

from atout.game import CHANCE, IllegalAction

from .helpers import act, bids, deal, new, play_out, quiet_round, round_end


def test_remontee_gives_back_one_life_to_the_only_unscathed_player() -> None:
    state = new(2)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5")
    bids(state, 5, 1)
    first = round_end(play_out(state))
    # seat 1 misses one trick; seat 0 alone is unscathed but already at 14
    assert first["lives"] == [14, 13]
    assert first["remontee"] is None
    deal(state, "T1 T2 T3 T4", "T18 T19 T20 T21")
    bids(state, 1, 4)
    second = round_end(play_out(state))
    # seat 0 loses one; seat 1 alone lost nothing and climbs back from 13 to 14
    assert second["losses"] == [1, 0]
    assert second["remontee"] == 1
    assert second["lives"] == [13, 14]


def test_no_remontee_when_two_players_are_unscathed() -> None:
    state = new(3, lives=5)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 2, 2, 2)
    assert round_end(play_out(state))["lives"] == [5, 3, 3]
    deal(state, "T18 T19 T20 T21", "T1 T2 T3 T4", "T5 T6 T7 T8")
    bids(state, 4, 0, 1)
    end = round_end(play_out(state))
    assert end["losses"] == [0, 0, 1]
    assert end["remontee"] is None
    assert end["lives"] == [5, 3, 2]


def test_remontee_can_be_switched_off() -> None:
    state = new(2, remontee=False)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5")
    bids(state, 5, 1)
    play_out(state)
    deal(state, "T1 T2 T3 T4", "T18 T19 T20 T21")
    bids(state, 1, 4)
    assert round_end(play_out(state))["lives"] == [13, 13]


def test_the_cycle_deals_5_4_3_2_1_then_the_deal_passes_right() -> None:
    state = new(3, lives=50)
    sizes, dealers = [], []
    for seed in range(7):
        sizes.append(state.hand_size)
        dealers.append(state.dealer)
        quiet_round(state, seed)
    assert sizes == [5, 4, 3, 2, 1, 5, 4]
    assert dealers == [0, 0, 0, 0, 0, 1, 1]


def test_five_players_cycle_4_3_2_1() -> None:
    state = new(5, "cinq")
    sizes = []
    for seed in range(5):
        sizes.append(state.hand_size)
        quiet_round(state, seed)
    assert sizes == [4, 3, 2, 1, 4]
    assert state.dealer == 1


def test_a_player_at_zero_leaves_and_is_skipped() -> None:
    state = new(3, lives=1)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 5, 1, 0)
    end = round_end(play_out(state))
    assert end["lives"] == [1, 0, 1]
    assert end["out"] == [1]
    assert not state.is_over
    assert state.view(-1)["in_game"] == [True, False, True]
    with pytest.raises(IllegalAction, match="seat 1 is dealt the wrong number of cards: 4, not 0"):
        deal(state, "T1 T2 T3 T4", "T5 T6 T7 T8", "T9 T10 T11 T12")
    deal(state, "T1 T2 T3 T4", "-", "T9 T10 T11 T12")
    order = []
    for bid in (0, 0):
        order.append(state.to_move)
        bids(state, bid)
    assert order == [0, 2]
    play_out(state)
    for seed in range(3):  # rounds of 3, 2 and 1 cards
        quiet_round(state, seed)
    # the deal passes to the dealer's right, skipping seat 1 who is out
    assert state.dealer == 2
    assert state.hand_size == 5


def test_the_deal_leaves_a_dealer_who_is_out() -> None:
    state = new(3, lives=1)
    deal(state, "T1 T2 T3 T4 T5", "T17 T18 T19 T20 T21", "T6 T7 T8 T9 T10")
    bids(state, 1, 5, 0)
    assert round_end(play_out(state))["out"] == [0]
    assert state.dealer == 1
    assert state.hand_size == 4


def test_the_game_ends_when_one_player_has_lives() -> None:
    state = new(2, lives=1)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5")
    bids(state, 5, 1)
    events = play_out(state)
    assert [e.data["winners"] for e in events if e.kind == "game_over"] == [[0]]
    assert state.is_over
    assert state.to_move is None
    assert state.legal_actions() == []
    assert state.result()["winners"] == [0]
    assert state.result()["lives"] == [1, 0]
    assert state.result()["over"] is True
    with pytest.raises(IllegalAction, match="game is over"):
        act(state, "deal:seed=1")


def test_result_before_the_end_names_the_leaders_still_in() -> None:
    state = new(3, lives=2)
    assert state.result()["winners"] == [0, 1, 2]
    assert state.result()["over"] is False
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 5, 0, 1)  # seat 2 wins no trick and loses one life
    play_out(state)
    assert state.result()["lives"] == [2, 2, 1]
    assert state.result()["winners"] == [0, 1]
    assert state.result()["over"] is False


@pytest.mark.parametrize(
    ("round_bids", "lives", "winners"),
    [
        ((1, 4, 4), [-2, -2, -2], [0, 1, 2]),
        ((2, 3, 4), [-1, -1, -2], [0, 1]),
        ((2, 3, 2), [-1, -1, 0], [2]),
    ],
)
def test_when_everyone_falls_together_the_least_negative_win(
    round_bids: tuple[int, int, int], lives: list[int], winners: list[int]
) -> None:
    state = new(3, lives=2, loss="difference")
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, *round_bids)
    play_out(state)
    assert state.is_over
    assert state.result()["lives"] == lives
    assert state.result()["winners"] == winners


def test_deal_is_a_chance_node_between_rounds() -> None:
    state = new(2)
    quiet_round(state, 3)
    assert state.to_move == CHANCE
    assert state.legal_actions() == []
