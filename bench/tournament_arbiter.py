"""What the arbiter's adjustments cost the ranking and the state's reload: a
tournament with every result entered, then one play in ten cancelled and one
penalty a table (every check and the ranking run again on each reload).

Run: ``uv run python -m bench.tournament_arbiter``. Each figure is the best of 3 runs.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from atout.tournament import arbiter
from atout.tournament.adjustments import Adjustment
from atout.tournament.event import Tournament, new_setup
from atout.tournament.report import ranking_rows
from atout.tournament.state import from_json, to_json
from bench.tournament import best, filled


def adjusted(tournament: Tournament) -> Tournament:
    plays = sorted(tournament.results)
    for play in plays[::10]:
        arbiter.adjust(tournament, Adjustment(0, "cancel", "bench", "cli", "cli", play=play))
    for seating in tournament.movement.seatings[: tournament.movement.tables]:
        penalty = Adjustment(
            0,
            "penalty",
            "bench",
            "cli",
            "cli",
            entrant=seating.seats[0],
            board=seating.boards[0],
            amount=Fraction(10),
        )
        arbiter.adjust(tournament, penalty)
    return tournament


def main() -> None:
    print("tables x seats: ranking | reload, without and with adjustments (seconds)")
    for tables in (5, 14, 30):
        tournament = filled(new_setup("individual", 4, tables))
        plain = (
            best(partial(ranking_rows, tournament)),
            best(partial(from_json, to_json(tournament))),
        )
        adjusted(tournament)
        count = len(tournament.adjustments)
        rank = best(partial(ranking_rows, tournament))
        reload = best(partial(from_json, to_json(tournament)))
        print(
            f"{tables:>3} x 4: {plain[0]:.3f} | {plain[1]:.3f} -> {rank:.3f} | {reload:.3f}"
            f" ({count} adjustments, {len(tournament.results)} plays)"
        )


if __name__ == "__main__":
    main()
