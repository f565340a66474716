"""Decision latency of each robot level: p50 / p95 / max over the decisions of some deals.

Usage: uv run python bench/robots.py [--game french] [--players 4] [--deals 3] [--budget 0.5]
       [--cores 2]
Prints figures; asserts nothing (timings are machine-dependent).
"""

from __future__ import annotations

import argparse
import random
import time

from atout.arena.stats import latency
from atout.game import CHANCE
from atout.registry import game_rules
from atout.robots import LEVELS, make_robot
from atout.robots.cores import use_cores


def measure(game: str, players: int, level: str, deals: int, budget: float) -> dict[str, object]:
    """Play ``deals`` deals (Africain: rounds) with robots of ``level``; time every decision."""
    rules = game_rules(game)
    rng = random.Random(1)
    times: list[float] = []
    for deal in range(deals):
        state = rules.new(players)
        robots = [make_robot(level, budget) for _ in range(players)]
        dealt = 0
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if mover == CHANCE:
                if dealt == (1 if game == "french" else 5):
                    break
                state.apply(rules.deal_action(state, rng.getrandbits(32)))
                dealt += 1
                continue
            legal = [str(a) for a in state.legal_actions()]
            start = time.perf_counter()
            choice = robots[mover].choose(state.view(mover), legal, deal)
            times.append(time.perf_counter() - start)
            state.apply(rules.parse_action(choice))
    return latency(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="french")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--cores", type=int, default=1, help="Cores a decision is spread over.")
    args = parser.parse_args()
    use_cores(args.cores)
    for level in LEVELS:
        figures = measure(args.game, args.players, level, args.deals, args.budget)
        print(f"{args.game} {args.players}p {level:9s} budget {args.budget}: {figures}")


if __name__ == "__main__":
    main()
