"""Playing one duplicate deal: the same cards once per seating of the robots.

A seating gives each seat a robot index. The seatings of a deal are the
distinct rotations of the pattern ``0, 1, ..., k-1, 0, 1, ...`` over the
seats, so every robot sits in every seat against the same cards. Robots see
only their seat's view; each game gets fresh robots (they remember a round).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from atout.match import Match, seed_sequence
from atout.registry import game_rules
from atout.robots import make_robot
from atout.robots.base import Robot


def seatings(robots: int, players: int) -> list[tuple[int, ...]]:
    """The distinct rotations of the robots' cyclic pattern over ``players`` seats."""
    pattern = [i % robots for i in range(players)]
    out: list[tuple[int, ...]] = []
    for shift in range(players):
        seating = tuple(pattern[(s + shift) % players] for s in range(players))
        if seating not in out:
            out.append(seating)
    return out


def deal_seed(seed: int, index: int) -> int:
    """The cards of deal ``index`` of a run seeded ``seed``."""
    return random.Random(f"{seed}:{index}").getrandbits(48)


@dataclass
class SeatResult:
    """What one seat did in one game of a duplicate deal."""

    robot: int
    score: float
    """French: the deal's points; Africain: lives lost per round played (lower is better)."""
    role: str = ""
    """French: taker, partner or defender ('' when nobody took)."""
    made: bool | None = None
    won: float = 0.0
    """Africain: share of the game's win (1 alone, 1/k when k tie)."""


@dataclass
class DealResult:
    """Every seating of one deal, plus the robots' decision times."""

    index: int
    games: list[list[SeatResult]] = field(default_factory=list)
    times: dict[int, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    """What an arena run plays: game, table, robots and their budget."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    budget: float | None = None
    robots: Callable[[str, float | None], Robot] = make_robot
    """Builds the robot named in ``bots`` (a learned policy: examples/train_policy.py)."""


def play_deal(setup: Setup, index: int) -> DealResult:
    """Every seating of deal ``index``, one arena unit each (the game's: a French
    deal, an Africain cycle of rounds from full lives)."""
    result = DealResult(index)
    base = deal_seed(setup.seed, index)
    for seating in seatings(len(setup.bots), setup.players):
        result.games.append(_play_unit(setup, seating, base, result.times))
    return result


def _play_unit(
    setup: Setup, seating: Sequence[int], base: int, times: dict[int, list[float]]
) -> list[SeatResult]:
    """One arena unit of the deal seeded ``base``, fresh robots seated by ``seating``."""
    rules = game_rules(setup.game)
    robots = {seat: setup.robots(setup.bots[r], setup.budget) for seat, r in enumerate(seating)}
    match = Match.new(rules, setup.players, setup.variant, dict(setup.options) or None)
    units = rules.arena_deals(match.state)
    seeds = [base] if units == 1 else [deal_seed(base, r) for r in range(units)]
    match.chance = seed_sequence(seeds)
    decisions = count(seeds[0])

    def choose(seat: int) -> str:
        start = time.perf_counter()
        text = match.robot_action(robots, next(decisions), setup.budget)
        times.setdefault(seating[seat], []).append(time.perf_counter() - start)
        return text

    match.play(choose)
    outcomes = rules.arena_outcome(match.state)
    return [SeatResult(seating[s], o.score, o.role, o.made, o.won) for s, o in enumerate(outcomes)]
