import json

import pytest

from atout.game import CHANCE, OMNISCIENT, SPECTATOR, filter_events

from .helpers import act, bids, deal, new


def test_a_seat_sees_its_own_hand_only() -> None:
    state = new(3)
    events = deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "EX T11 T12 T13 T14")
    view = state.view(1)
    assert view["hand"] == ["T6", "T7", "T8", "T9", "T10"]
    assert view["hands"] == [None, ["T6", "T7", "T8", "T9", "T10"], None]
    assert [e.data["cards"] for e in filter_events(events, 1) if e.kind == "hand"] == [
        ["T6", "T7", "T8", "T9", "T10"]
    ]
    assert state.view(SPECTATOR)["hands"] == [None, None, None]
    assert [e.kind for e in filter_events(events, SPECTATOR)] == ["deal"]
    assert state.view(OMNISCIENT)["hands"][2] == ["T11", "T12", "T13", "T14", "EX"]


def test_view_keys_and_public_state() -> None:
    state = new(3)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10", "T11 T12 T13 T14 T15")
    bids(state, 2, 1, 0)
    act(state, "play:T3")
    view = state.view(SPECTATOR)
    assert view["lives"] == [14, 14, 14]
    assert view["dealer"] == 0
    assert view["hand_size"] == 5
    assert view["round"] == 1
    assert view["phase"] == "play"
    assert view["bids"] == [2, 1, 0]
    assert view["tricks"] == [0, 0, 0]
    assert view["trick"] == [{"seat": 0, "card": "T3"}]
    assert view["to_move"] == 1
    assert view["legal"] is None
    json.dumps(view)


def test_legal_actions_only_for_the_seat_to_move() -> None:
    state = new(2)
    deal(state, "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    assert state.view(0)["legal"] == [f"bid:{n}" for n in range(6)]
    assert state.view(1)["legal"] is None
    assert new(2).view(0)["to_move"] == CHANCE


def test_unknown_viewer_is_refused() -> None:
    with pytest.raises(ValueError):
        new(2).view(5)
