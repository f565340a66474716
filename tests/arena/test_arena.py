"""Duplicate arena: seatings, reproducibility and a small strength check."""

from __future__ import annotations

from atout.arena.duplicate import DealResult, SeatResult, Setup, play_deal, seatings
from atout.arena.report import run, summarize
from atout.arena.stats import mean_ci, percentile


def test_every_robot_sits_in_every_seat() -> None:
    for robots, players in ((2, 3), (2, 4), (2, 5), (3, 4)):
        chosen = seatings(robots, players)
        for seat in range(players):
            assert {s[seat] for s in chosen} == set(range(robots))
    assert seatings(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_rotations_replay_the_same_cards() -> None:
    """Two seatings of a deal see the same hands: identical robots give identical scores."""
    setup = Setup("french", 4, ("heuristic", "heuristic"), seed=3)
    deal = play_deal(setup, 0)
    assert len(deal.games) == 2
    assert [s.score for s in deal.games[0]] == [s.score for s in deal.games[1]]


def test_same_seed_same_report_whatever_the_workers() -> None:
    setup = Setup("africain", 3, ("heuristic", "random"), seed=5)
    one = run(setup, 6, workers=1)
    two = run(setup, 6, workers=2)
    for a, b in zip(one["robots"], two["robots"], strict=True):
        assert a["advantage"] == b["advantage"]
        assert a["lives_lost_per_round"] == b["lives_lost_per_round"]


def test_heuristic_beats_random_at_french_tarot() -> None:
    report = run(Setup("french", 4, ("heuristic", "random"), seed=2), 40, workers=2)
    heuristic = report["robots"][0]
    assert heuristic["advantage"]["low"] > 0


def test_heuristic_loses_fewer_lives_than_random() -> None:
    report = run(Setup("africain", 4, ("heuristic", "random"), seed=2), 30, workers=2)
    assert report["robots"][0]["advantage"]["high"] < 0
    assert report["robots"][0]["win_rate"]["mean"] > report["robots"][1]["win_rate"]["mean"]


def test_summary_is_antisymmetric_for_two_robots() -> None:
    setup = Setup("french", 3, ("heuristic", "random"), seed=1)
    report = summarize(setup, [play_deal(setup, i) for i in range(3)])
    a, b = (r["advantage"]["mean"] for r in report["robots"])
    assert abs(a + b) < 1e-9


def test_stats() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert ci["mean"] == 2.5 and ci["low"] < 2.5 < ci["high"]
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0
    assert mean_ci([])["mean"] is None


def test_role_advantage_pairs_each_seat_with_the_same_cards() -> None:
    """Robot 0 took in seat 0 and won 150 where robot 1, with those cards, let all pass."""
    took = [
        SeatResult(0, 150.0, "taker", True),
        SeatResult(1, -50.0, "defender", True),
        SeatResult(0, -50.0, "defender", True),
        SeatResult(1, -50.0, "defender", True),
    ]
    passed = [SeatResult(r, 0.0) for r in (1, 0, 1, 0)]
    setup = Setup("french", 4, ("strong", "heuristic"), seed=1)
    report = summarize(setup, [DealResult(0, [took, passed])])
    first, second = report["robots"]
    assert first["taker_advantage"]["mean"] == 150.0
    assert first["defender_advantage"]["mean"] == -50.0
    assert second["taker_advantage"]["n"] == 0
    assert second["defender_advantage"]["mean"] == -50.0


def test_a_setup_may_bring_its_own_robots() -> None:
    from atout.robots import make_robot
    from atout.robots.base import Robot

    built: list[str] = []

    def robots(name: str, budget: float | None) -> Robot:
        built.append(name)
        return make_robot("random" if name == "mine" else name, budget)

    setup = Setup("french", 4, ("mine", "heuristic"), seed=3, robots=robots)
    deal = play_deal(setup, 0)
    assert built.count("mine") == 2 * len(deal.games)  # two seats each seating
    assert {s.robot for g in deal.games for s in g} == {0, 1}
