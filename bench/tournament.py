"""What a duplicate tournament costs the server: creating it (boards and movement),
entering every result, and ranking, for club and large sizes.

Run: ``uv run python bench/tournament.py``. Each figure is the best of 3 runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.event import MOVEMENTS, Setup, Tournament, new_setup
from atout.tournament.movement import _multipliers
from atout.tournament.report import ranking_rows
from atout.tournament.state import from_json, to_json


def best(work: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def created(setup: Setup) -> Tournament:
    """A new tournament, its movement searched afresh (not from the cache)."""
    _multipliers.cache_clear()
    return Tournament.create(setup, seed=1)


def filled(setup: Setup) -> Tournament:
    tournament = Tournament.create(setup, seed=1)
    for position, table, board in tournament.missing():
        taker = tournament.board(board).taker
        attacker = tournament.attackers_for((position, table, board))[0]
        points = 30 + (position * 7 + table * 3 + board) % 40
        outcome = DealOutcome(
            setup.players,
            Contract.GARDE,
            taker,
            taker if setup.players == 5 else None,
            2 * points,
            1,
        )
        tournament.record(position, table, board, outcome, attacker)
    return tournament


def main() -> None:
    print("tables x seats: create | every result entered | ranking | reload from JSON (seconds)")
    print("(entering: every play of every position; ranking: the form's, as the page shows it)")
    sizes = [
        (
            f"{tables:>3} x {players}",
            Setup(
                "individual",
                players,
                tables,
                tables,
                players,
                tuple(map(str, range(tables * players))),
            ),
        )
        for tables, players in ((5, 4), (7, 5), (8, 5), (14, 4), (30, 4))
    ]
    sizes += [
        (
            f"triplettes {tables} tables, {movement}",
            new_setup("triplettes", 4, tables, movement=movement),
        )
        for movement in MOVEMENTS
        for tables in (5, 30)
    ]
    sizes.append(("team match, 6 boards a quarter", new_setup("teams", 4, 2, per_position=6)))
    for label, setup in sizes:
        create = best(partial(created, setup))
        tournament = filled(setup)
        fill = best(partial(filled, setup))
        rank = best(partial(ranking_rows, tournament))
        reload = best(partial(from_json, to_json(tournament)))
        plays = len(tournament.results)
        print(
            f"{label}: {create:.3f} | {fill:.3f} ({plays} plays) | "
            f"{rank:.3f} | {reload:.3f}   meets once: {tournament.movement.meets_once}, "
            f"boards once: {tournament.movement.boards_once}"
        )


if __name__ == "__main__":
    main()
