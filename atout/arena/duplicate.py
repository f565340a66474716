"""Playing one duplicate deal: the same cards once per seating of the robots.

A seating gives each seat a robot index. The seatings of a deal are the
distinct rotations of the pattern ``0, 1, ..., k-1, 0, 1, ...`` over the
seats, so every robot sits in every seat against the same cards. Robots see
only their seat's view; each game gets fresh robots (they remember a round).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.game import CHANCE, GameState
from atout.registry import game_rules
from atout.robots import Robot, make_robot


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


def _drive(
    state: GameState,
    robots: Sequence[Robot],
    seating: Sequence[int],
    seeds: Sequence[int],
    times: dict[int, list[float]],
    setup: Setup,
    max_deals: int,
) -> None:
    """Play ``state`` until its end or until ``max_deals`` deals are over."""
    rules = game_rules(setup.game)
    deals = 0
    decision = 0
    while not state.is_over:
        mover = state.to_move
        if mover == CHANCE:
            if deals == max_deals:
                return
            state.apply(rules.deal_action(state, seeds[deals % len(seeds)]))
            deals += 1
            continue
        assert mover is not None
        legal = [str(a) for a in state.legal_actions()]
        view = state.view(mover)
        start = time.perf_counter()
        text = robots[mover].choose(view, legal, seeds[0] + decision, setup.budget)
        times.setdefault(seating[mover], []).append(time.perf_counter() - start)
        decision += 1
        state.apply(rules.parse_action(text))


def play_deal(setup: Setup, index: int) -> DealResult:
    """Every seating of deal ``index``: French one deal, Africain one cycle of rounds.

    A whole Africain game between good players can last hundreds of rounds, so
    the arena's Africain unit is one cycle (5, 4, 3, 2, 1 cards) from full lives.
    """
    result = DealResult(index)
    base = deal_seed(setup.seed, index)
    rules = game_rules(setup.game)
    for seating in seatings(len(setup.bots), setup.players):
        robots = [make_robot(setup.bots[r], setup.budget) for r in seating]
        variant = setup.variant or ("fft" if setup.game == "french" else "standard")
        state = rules.new(setup.players, variant, dict(setup.options) or None)
        if setup.game == "french":
            _drive(state, robots, seating, [base], result.times, setup, 1)
            result.games.append(_french_results(state, seating))
        else:
            seeds = [deal_seed(base, r) for r in range(len(_cycle(state)))]
            _drive(state, robots, seating, seeds, result.times, setup, len(seeds))
            result.games.append(_africain_results(state, seating))
    return result


def _french_results(state: GameState, seating: Sequence[int]) -> list[SeatResult]:
    from atout.french.state import FrenchState

    assert isinstance(state, FrenchState)
    score = state.score
    if score is None:  # all passed or petit sec: the deal counts nothing
        return [SeatResult(r, 0.0) for r in seating]
    taker, partner = state.taker, state.partner
    out = []
    for seat, robot in enumerate(seating):
        role = "taker" if seat == taker else "partner" if seat == partner else "defender"
        out.append(SeatResult(robot, float(score.scores[seat]), role, score.made))
    return out


def _cycle(state: GameState) -> tuple[int, ...]:
    """The hand sizes of one Africain cycle: the arena's unit of play."""
    from atout.africain.state import AfricainState

    assert isinstance(state, AfricainState)
    return state.variant.sizes_for(state.players)


def _africain_results(state: GameState, seating: Sequence[int]) -> list[SeatResult]:
    """Lives lost per round over the cycle; the cycle is won by who lost fewest."""
    from atout.africain.state import AfricainState

    assert isinstance(state, AfricainState)
    rounds = state.round_number
    lost = [state.variant.lives - lives for lives in state.lives]
    best = min(lost)
    winners = [s for s in range(state.players) if lost[s] == best]
    return [
        SeatResult(robot, lost[seat] / rounds, won=1 / len(winners) if seat in winners else 0.0)
        for seat, robot in enumerate(seating)
    ]
