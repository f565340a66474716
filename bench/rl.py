"""Decisions per second of the batched stepper (atout.rl.vector), random legal
actions chosen from the masks with numpy: with the observation tensors a
policy needs, and without (masks only); French Tarot through the engine and,
with the ``fast`` extra, through compiled code. Run with
``uv run python bench/rl.py [seconds per figure] [games per batch]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from atout.rl.fast import available
from atout.rl.vector import VectorGames, sample


def rate(
    game: str, players: int, n: int, observe: bool, compiled: bool, seconds: float
) -> tuple[float, float]:
    """Decisions and finished episodes per second of CPU time."""
    games = VectorGames(n, game, players, observe=observe, compiled=compiled)
    _, masks, _ = games.reset()
    rng = np.random.default_rng(0)
    decisions = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, masks, _, _, done = games.step(sample(masks, rng))
        decisions += n
        episodes += int(done.sum())
    elapsed = time.process_time() - start
    return decisions / elapsed, episodes / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    backends = (False, True) if available() else (False,)
    for game, players in (("french", 4), ("french", 5), ("africain", 3)):
        for compiled in backends if game == "french" else (False,):
            for observe in (False, True):
                decisions, episodes = rate(game, players, n, observe, compiled, seconds)
                what = "tensors and masks" if observe else "masks only"
                how = "compiled" if compiled else "engine"
                print(
                    f"{game} {players} players, {how}, {n} games a batch, {what}: "
                    f"{decisions:8.0f} decisions/s, {episodes:6.1f} episodes/s"
                )


if __name__ == "__main__":
    main()
