"""Random full French Tarot deals per second on one core, at 3, 4 and 5 players.

Two paths: ``apply`` (legality checks plus events, what a server runs) and
``step`` (the same rules without building events, what rollouts use). Run with
``uv run python bench/engine.py [seconds per figure]``.
"""

from __future__ import annotations

import random
import sys
import time

from atout.french.rules import FRENCH
from atout.french.state import DEAL, FrenchState


def random_deal(state: FrenchState, rng: random.Random, events: bool) -> None:
    """Play one deal from a fresh seed with uniformly random legal actions."""
    act = state.apply if events else state.step
    act(FRENCH.deal_action(state, rng.getrandbits(32)))
    while state.phase != DEAL and not state.is_over:
        actions = state.legal_actions()
        act(actions[int(rng.random() * len(actions))])


def deals_per_second(players: int, events: bool, seconds: float) -> float:
    """Completed deals (redeals not counted) per second of this process's CPU time."""
    rng = random.Random(players)
    done = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            state = FRENCH.new(players)
            while not state.is_over:
                random_deal(state, rng, events)
            done += 1
        elapsed = time.process_time() - start
    return done / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (3, 4, 5):
        fast = deals_per_second(players, False, seconds)
        full = deals_per_second(players, True, seconds)
        print(
            f"{players} players: {fast:8.0f} deals/s (step), {full:8.0f} deals/s (apply + events)"
        )


if __name__ == "__main__":
    main()
