"""Time the strong robot's review of a game at the default budget.

Games are played by the rule-of-thumb robots from fixed seeds (French Tarot: 4
players, 4 deals, as a table of one round deals; Tarot Africain: 4 players, a
whole game), then seat 0 is reviewed with ``DEFAULT_DEALS`` sampled deals per
decision on one core. Prints seconds per game, per deal and per reviewed decision,
and the CPU seconds the review used (the same on a busy machine, where the wall
time is not).

    python3 -m uv run python bench/analysis.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from atout.analysis import Budget, analyse
from atout.analysis.review import DEFAULT_DEALS
from atout.match import Match, seed_sequence
from atout.records import Record
from atout.registry import game_rules
from atout.robots import make_robot


def played(game: str, seed: int, deals: int | None) -> Record:
    """A game of heuristic robots from ``seed``."""
    rules = game_rules(game)
    options = {"deals": deals} if deals else {}
    match = Match.new(rules, 4, None, options, seed_sequence(range(seed * 1000, seed * 1000 + 999)))
    robots = {seat: make_robot("heuristic") for seat in range(4)}
    match.play(lambda seat: robots[seat].choose(match.view(seat), match.legal(), seed))
    return Record(game, 4, rules.default_variant, options, tuple(match.log))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for game, deals in (("french", 4), ("africain", None)):
        total = cpu = decisions = rounds = 0.0
        for seed in range(args.games):
            record = played(game, seed, deals)
            started, used = time.perf_counter(), time.process_time()
            review = analyse(record, 0, Budget(DEFAULT_DEALS, seed))
            total += time.perf_counter() - started
            cpu += time.process_time() - used
            decisions += len(review.decisions)
            rounds += sum(1 for a in record.actions if a.startswith("deal:"))
        print(
            f"{game}: {total / args.games:.1f} s per game, {cpu / args.games:.1f} s of CPU "
            f"({total / rounds:.2f} s per deal, {1000 * total / decisions:.0f} ms per "
            f"reviewed decision; {decisions / args.games:.0f} decisions per game, "
            f"{DEFAULT_DEALS} sampled deals each, {args.games} games)"
        )


if __name__ == "__main__":
    main()
