"""Random Tarot Africain games per second on one core, at 2 to 5 players.

Run: ``uv run python bench/africain.py [games]``.
"""

from __future__ import annotations

import sys

from atout.africain.simulate import simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"Tarot Africain, {games} uniformly random games per player count")
    for players in (2, 3, 4, 5):
        stats = simulate(
            players, games, seed=players, variant="cinq" if players == 5 else "standard"
        )
        print(
            f"{players} players: {stats['games_per_second']:>8} games/s "
            f"{stats['rounds_per_second']:>9} rounds/s "
            f"({stats['rounds_per_game']} rounds per game, invariants "
            f"{'ok' if stats['invariants_ok'] else 'BROKEN'})"
        )


if __name__ == "__main__":
    main()
