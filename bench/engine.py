"""Random full French Tarot deals per second on one core, at 3, 4 and 5 players.

Three paths: ``apply`` (legality checks plus events, what a server runs),
``step`` (the same rules without building events) and ``mask`` (``step`` with
cards drawn from the legal bit set instead of an action list, what rollouts
use). Each picks uniformly among the legal actions. Run with
``uv run python bench/engine.py [seconds per figure]``.
"""

from __future__ import annotations

import random
import sys
import time

from atout.french.actions import PLAYS
from atout.french.rules import FRENCH
from atout.french.state import DEAL, PLAY, FrenchState

PATHS = ("apply", "step", "mask")


def random_deal(state: FrenchState, rng: random.Random, path: str) -> None:
    """Play one deal from a fresh seed with uniformly random legal actions."""
    act = state.apply if path == "apply" else state.step
    act(FRENCH.deal_action(state, rng.getrandbits(32)))
    while state.phase != DEAL and not state.is_over:
        if path == "mask" and state.phase == PLAY:
            mask = state.legal_cards()
            for _ in range(int(rng.random() * mask.bit_count())):
                mask &= mask - 1  # drop the lowest cards to reach the chosen one
            act(PLAYS[(mask & -mask).bit_length() - 1])
        else:
            actions = state.legal_actions()
            act(actions[int(rng.random() * len(actions))])


def deals_per_second(players: int, path: str, seconds: float) -> float:
    """Completed deals (redeals not counted) per second of this process's CPU time."""
    rng = random.Random(players)
    done = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            state = FRENCH.new(players)
            while not state.is_over:
                random_deal(state, rng, path)
            done += 1
        elapsed = time.process_time() - start
    return done / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (3, 4, 5):
        figures = ", ".join(
            f"{deals_per_second(players, path, seconds):6.0f} ({path})" for path in PATHS
        )
        print(f"{players} players, deals/s: {figures}")


if __name__ == "__main__":
    main()
