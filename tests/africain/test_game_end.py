"""How a game of Tarot Africain is won, and how its end says so.

Seed 000: "La partie se finit lorsqu'il ne reste qu'un seul joueur en vie." When
every player still in loses their last lives in the same round, the project's rule
(docs/rules.md, section 6): those with the highest (least negative) count win,
jointly when level. The end data says which rule decided (``decided_by``) and
among whom (``contenders``: the seats of the last round).
"""

from __future__ import annotations

from typing import Any

from atout.africain.state import AfricainState
from atout.game import OMNISCIENT, SPECTATOR, Event

from .helpers import act, bids, deal, new, play_out, round_end


def _game_over(events: list[Event]) -> dict[str, Any]:
    (data,) = [dict(e.data) for e in events if e.kind == "game_over"]
    return data


def _the_end_everywhere(state: AfricainState, events: list[Event]) -> dict[str, Any]:
    """The end as the event, the result and every view tell it, checked to agree."""
    told = _game_over(events)
    result = state.result()
    for key in ("winners", "lives", "decided_by", "contenders"):
        assert result[key] == told[key], key
        for viewer in (0, SPECTATOR, OMNISCIENT):
            assert state.view(viewer)[key] == told[key], (key, viewer)
    return told


def test_one_player_left_with_lives_wins_as_the_last_standing() -> None:
    state = new(3, lives=1)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    # seat 0 wins the five tricks: seats 1 and 2, who bid one each, lose their life
    bids(state, 3, 1, 2)
    end = _the_end_everywhere(state, play_out(state))
    assert end["winners"] == [0]
    assert end["decided_by"] == "last_standing"
    assert end["contenders"] == [0, 1, 2]


def test_all_out_the_least_below_zero_wins_not_who_lost_fewest_that_round() -> None:
    """Seat 1 loses more lives than seat 0 in the last round but had more to
    lose: its count ends higher (-1 against -2), and that decides."""
    state = new(2, lives=3, loss="difference")
    deal(state, "T1 T2 T3 T4 T5", "T17 T18 T19 T20 T21")
    bids(state, 2, 5)  # seat 0 wins nothing and loses 2; seat 1 makes its 5
    assert round_end(play_out(state))["lives"] == [1, 3]  # no remontée above 3
    deal(state, "T18 T19 T20 T21", "T1 T2 T3 T4")
    bids(state, 1, 4)  # seat 0 wins all four (|1 - 4| = 3), seat 1 none (|4 - 0| = 4)
    events = play_out(state)
    assert round_end(events)["losses"] == [3, 4]
    end = _the_end_everywhere(state, events)
    assert end["lives"] == [-2, -1]
    assert end["winners"] == [1]
    assert end["decided_by"] == "least_below_zero"
    assert end["contenders"] == [0, 1]


def test_all_out_level_counts_share_the_win_and_a_seat_out_before_is_no_contender() -> None:
    """Seat 1 left in round 1 at 0 lives; seats 0 and 2 both fall to -1 in round
    2: they share the win, and seat 1's 0, though higher, does not count."""
    state = new(3, lives=1)
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5", "T6 T7 T8 T9 T10")
    bids(state, 5, 1, 0)
    assert round_end(play_out(state))["out"] == [1]
    deal(state, "T1 T2 T11 T12", "-", "T3 T4 T9 T10")
    bids(state, 4, 4)
    # seat 2 takes the first two tricks, seat 0 the last two: each misses 2
    events = act(
        state,
        *("play:T1", "play:T3"),
        *("play:T4", "play:T2"),
        *("play:T9", "play:T11"),
        *("play:T12", "play:T10"),
    )
    end = _the_end_everywhere(state, events)
    assert end["lives"] == [-1, 0, -1]
    assert end["winners"] == [0, 2]
    assert end["decided_by"] == "least_below_zero"
    assert end["contenders"] == [0, 2]


def test_before_the_end_nothing_is_decided() -> None:
    state = new(2, lives=2)
    assert state.result()["decided_by"] is None
    deal(state, "T17 T18 T19 T20 T21", "T1 T2 T3 T4 T5")
    bids(state, 5, 1)
    play_out(state)  # seat 1 loses one of its two lives: the game goes on
    assert not state.is_over
    view = state.view(SPECTATOR)
    assert (view["winners"], view["decided_by"], view["contenders"]) == (None, None, None)
    assert (state.result()["decided_by"], state.result()["contenders"]) == (None, None)
