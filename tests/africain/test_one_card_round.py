import json
from typing import Any

import pytest

from atout.game import CHANCE, OMNISCIENT, SPECTATOR, IllegalAction

from .helpers import act, bids, deal, new, round_end


def one_card_game(players: int = 3) -> Any:
    return new(players, hand_sizes=[1])


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON-ready value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def test_each_seat_sees_the_others_cards_and_not_its_own() -> None:
    state = one_card_game()
    events = deal(state, "T5", "EX", "T20")
    assert state.view(0)["hands"] == [None, ["EX"], ["T20"]]
    assert state.view(1)["hands"] == [["T5"], None, ["T20"]]
    assert state.view(2)["hands"] == [["T5"], ["EX"], None]
    assert state.view(1)["hand"] is None
    assert state.view(SPECTATOR)["hands"] == [None, None, None]
    assert state.view(OMNISCIENT)["hands"] == [["T5"], ["EX"], ["T20"]]
    own = {0: "T5", 1: "EX", 2: "T20"}
    for seat, card in own.items():
        seen = [e.data for e in events if e.visible_to(seat)]
        assert card not in strings(seen)
        assert card not in strings(state.view(seat))
    assert strings([e.data for e in events if e.visible_to(SPECTATOR)]) == set()


def test_same_bid_restriction_total_may_not_be_one() -> None:
    state = one_card_game()
    deal(state, "T5", "T9", "T20")
    bids(state, 0, 0)
    assert [str(a) for a in state.legal_actions()] == ["bid:0"]
    with pytest.raises(
        IllegalAction, match="the bids would total 1, the number of cards: bid anything but 1"
    ):
        bids(state, 1)


def test_without_the_excuse_the_cards_fall_at_once() -> None:
    state = one_card_game()
    deal(state, "T5", "T9", "T20")
    bids(state, 1, 1)
    events = bids(state, 0)
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["bid", "reveal"]
    assert [e.data["cards"] for e in events if e.kind == "reveal"] == [["T5", "T9", "T20"]]
    end = round_end(events)
    assert end["tricks"] == [0, 0, 1]
    assert end["losses"] == [1, 1, 0]
    # seat 2 alone lost nothing but is at the starting lives
    assert end["lives"] == [13, 13, 14]
    assert state.to_move == CHANCE


def test_the_excuse_holder_chooses_after_the_reveal() -> None:
    state = one_card_game()
    deal(state, "T5", "EX", "T20")
    bids(state, 1, 0)
    events = bids(state, 1)  # 1 + 0 + 0 would be 1, seat 2 bids 1
    assert "reveal" in [e.kind for e in events]
    assert state.to_move == 1
    assert [str(a) for a in state.legal_actions()] == ["play:EX:high", "play:EX:low"]
    view = state.view(1)
    assert view["hand"] == ["EX"]
    assert {p["card"] for p in view["trick"]} == {"T5", "T20"}
    # once revealed, the Excuse is public: spectators see who holds it
    assert state.view(SPECTATOR)["hands"] == [[], ["EX"], []]
    end = round_end(act(state, "play:EX:high"))
    assert end["tricks"] == [0, 1, 0]
    assert end["lives"] == [13, 14, 13]


def test_the_excuse_played_low_in_the_one_card_round() -> None:
    state = one_card_game(2)
    deal(state, "EX", "T1")
    bids(state, 0, 0)
    with pytest.raises(IllegalAction, match="highest or lowest"):
        act(state, "play:EX")
    end = round_end(act(state, "play:EX:low"))
    assert end["tricks"] == [0, 1]


def test_other_cards_cannot_be_played_in_the_one_card_round() -> None:
    state = one_card_game(2)
    deal(state, "EX", "T1")
    bids(state, 0, 0)
    with pytest.raises(IllegalAction):
        act(state, "play:T1")


def test_views_are_json_ready() -> None:
    state = one_card_game()
    deal(state, "T5", "EX", "T20")
    for viewer in (0, 1, 2, SPECTATOR, OMNISCIENT):
        json.dumps(state.view(viewer))
