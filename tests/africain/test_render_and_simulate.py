import pytest

from atout.africain.render import game_events, render_game, render_round, split_rounds
from atout.africain.simulate import simulate

from .helpers import EXCUSE_ROUND


def test_a_round_reads_as_text() -> None:
    (round_events,) = split_rounds(game_events(2, EXCUSE_ROUND, options={"loss": "difference"}))
    text = render_round(round_events)
    assert text.splitlines() == [
        "Round 1: seat 0 deals 5 cards each",
        "  seat 0 holds T1 T2 T3 T21 Excuse",
        "  seat 1 holds T4 T5 T6 T7 T8",
        "  bids: seat 0 2, seat 1 0",
        "  trick 1: seat 0 Excuse (high), seat 1 T4 -> seat 0",
        "  trick 2: seat 0 T21, seat 1 T5 -> seat 0",
        "  trick 3: seat 0 T1, seat 1 T6 -> seat 1",
        "  trick 4: seat 1 T7, seat 0 T2 -> seat 1",
        "  trick 5: seat 1 T8, seat 0 T3 -> seat 1",
        "  seat 0: bid 2, won 2, loses 0 (14 -> 14 lives)",
        "  seat 1: bid 0, won 3, loses 3 (14 -> 11 lives)",
    ]


def test_a_whole_game_names_rounds_remontee_and_winner() -> None:
    first = ["deal:T17,T18,T19,T20,T21/T1,T2,T3,T4,T5", "bid:5", "bid:1"]
    first += [f"play:T{c}" for c in (17, 1, 18, 2, 19, 3, 20, 4, 21, 5)]
    second = ["deal:T1,T2,T3,T4/T18,T19,T20,T21", "bid:1", "bid:4"]
    second += [f"play:T{c}" for c in (1, 18, 21, 2, 20, 3, 19, 4)]
    text = render_game(2, first + second)
    assert text.startswith("Tarot Africain (standard), 2 players")
    assert "Round 1: seat 0 deals 5 cards each" in text
    assert "Round 2: seat 0 deals 4 cards each" in text
    assert "seat 1: bid 1, won 0, loses 1 (14 -> 13 lives)" in text
    assert "remontée: seat 1 alone lost nothing and regains a life" in text
    ending = render_game(2, first, options={"lives": 1})
    assert ending.startswith("Tarot Africain (standard), 2 players, options lives=1")
    assert "out of the game: seat 1" in ending
    assert ending.endswith("Game over: seat 0 wins, the only player left with lives")


ALL_OUT = [
    "deal:T17,T18,T19,T20,T21/T1,T2,T3,T4,T5/T6,T7,T8,T9,T10",
    *("bid:5", "bid:1", "bid:0"),
    *(f"play:T{c}" for c in (17, 1, 6, 18, 2, 7, 19, 3, 8, 20, 4, 9, 21, 5, 10)),
    "deal:T1,T2,T11,T12/-/T3,T4,T9,T10",
]
"""Seat 1 leaves in round 1 at 0 lives; in round 2 (one life each for seats 0 and
2) seat 2 wins the first two tricks and seat 0 the last two."""
ROUND_TWO_PLAYS = [f"play:T{c}" for c in (1, 3, 4, 2, 9, 11, 12, 10)]


@pytest.mark.parametrize(
    ("round_two_bids", "ending"),
    [
        (  # seat 0 misses 1 (1 -> 0), seat 2 misses 2 (1 -> -1)
            ("bid:3", "bid:4"),
            "Game over: seat 0 wins: every player still in lost their last lives this round, "
            "and seat 0 fell least below zero (seat 0 at 0, seat 2 at -1)",
        ),
        (  # both miss 2; seat 1, out before at 0 lives, is no contender for the win
            ("bid:4", "bid:4"),
            "Game over: seat 0 and seat 2 share the win: every player still in lost their "
            "last lives this round, level at the count that fell least below zero "
            "(seat 0 at -1, seat 2 at -1)",
        ),
    ],
)
def test_an_all_out_end_says_who_fell_least_below_zero(
    round_two_bids: tuple[str, str], ending: str
) -> None:
    actions = [*ALL_OUT, *round_two_bids, *ROUND_TWO_PLAYS]
    assert render_game(3, actions, options={"lives": 1}).splitlines()[-1] == ending


def test_simulate_reports_throughput_and_clean_invariants() -> None:
    stats = simulate(3, 20, seed=5)
    assert stats["games"] == 20
    assert stats["invariants_ok"] is True
    assert stats["violations"] == []
    assert stats["rounds_per_game"] >= 1
    assert stats["games_per_second"] > 0
    assert stats["lives_lost_per_round"] > 0


def test_simulate_is_reproducible_from_its_seed() -> None:
    first, second = simulate(4, 10, seed=9), simulate(4, 10, seed=9)
    assert first["rounds_per_game"] == second["rounds_per_game"]
    assert first["lives_lost_per_round"] == second["lives_lost_per_round"]
