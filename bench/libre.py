"""What a tournoi libre costs the server: drawing its plan, entering every table's
sheet (five deals each, scored), and the view (ranking, sheets with running
totals), for club and large sizes; and how many meetings the plan repeats (64 players
over 20 positions meet often: the plan's hardest work).

Run: ``uv run python -m bench.libre``. Each time is the best of 3 runs.
"""

from __future__ import annotations

import json
from functools import partial

from atout.tournament.libre import Libre, LibreForm, LibreSetup
from atout.tournament.libre_plan import repeats
from atout.tournament.libre_state import enter, to_json, view
from bench.tournament import best

DEALS = [
    {"contract": "garde", "taker": seat % 3, "points": 40 + seat, "bouts": 2} for seat in range(5)
]


def filled(libre: Libre) -> Libre:
    for position, tables in enumerate(libre.plan):
        for table, seats in enumerate(tables):
            deals = [{**d, "partner": 0} if len(seats) == 5 else d for d in DEALS]
            sheet = {"position": position + 1, "table": table + 1, "deals": deals}
            enter(libre, json.dumps(sheet))
    return libre


def refilled(libre: Libre) -> Libre:
    """A fresh tournament on ``libre``'s plan, every sheet entered (timed afresh each run)."""
    return filled(Libre(libre.setup, libre.plan))


def main() -> None:
    print("form        players  positions  plan (s)  repeats  every sheet (s)  view (s)")
    cases: list[tuple[LibreForm, int, int]] = [
        ("individual", 8, 5),
        ("individual", 16, 5),
        ("pairs", 24, 5),
        ("individual", 40, 5),
        ("fours", 64, 5),
        ("individual", 64, 20),
        ("individual", 200, 5),
        ("individual", 240, 20),
    ]
    for form, players, positions in cases:
        setup = LibreSetup(form, tuple(f"P{i}" for i in range(players)), positions, 5)
        plan = best(partial(Libre.create, setup, 1))
        libre = Libre.create(setup, 1)
        sheets = best(partial(refilled, libre))
        document = to_json(filled(libre))
        shown = best(partial(view, document))
        print(
            f"{form:<11} {players:>7}  {positions:>9}  {plan:>8.3f}  {repeats(libre.plan):>7}  "
            f"{sheets:>15.3f}  {shown:>8.3f}"
        )


if __name__ == "__main__":
    main()
