"""A tournament's ranking and results as rows: for the terminal, the web page and exports.

Percentages are shown to two decimals and PM to three, as the rulebook prints
them; the exact values stay fractions and thousandths inside the ranking.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from atout.tournament.boards import ORIENTATIONS
from atout.tournament.event import TEAM_SEATS, Tournament
from atout.tournament.state import deal_json


def _percent(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 2)


LINES = ("NS", "EW")
"""A triplette's line: North-South or East-West."""


def ranking_rows(tournament: Tournament, general: bool = False) -> list[dict[str, Any]]:
    """The ranking, best first: individual players and triplettes by the classement
    alterné (or général), with their attack, defence and global percentages;
    quadrettes and the match's two teams by PM."""
    setup = tournament.setup
    names = setup.names
    if setup.form in ("quadrettes", "teams"):
        return [
            {
                "rank": rank,
                "team": team + 1,
                "names": [names[p] for p in setup.members(team)],
                "pm": points / 1000,
            }
            for rank, (team, points) in enumerate(tournament.team_points(), start=1)
        ]
    rows = []
    for rank, standing in enumerate(tournament.standings(general), start=1):
        if setup.form == "triplettes":
            who: dict[str, Any] = {
                "team": standing.player + 1,
                "names": [names[p] for p in setup.members(standing.player)],
                "line": LINES[standing.orientation],
            }
        else:
            who = {
                "player": standing.player + 1,
                "name": names[standing.player],
                "orientation": ORIENTATIONS[setup.players][standing.orientation],
            }
        rows.append(
            {
                "rank": rank,
                **who,
                "boards": len(standing.notes),
                "attack": _percent(standing.attack),
                "defence": _percent(standing.defence),
                "overall": _percent(standing.overall),
            }
        )
    return rows


def result_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """One row per play entered: where, who, the contract and each seat's score (in the
    team forms: the attacker and the two teams, since who defends where is free)."""
    setup = tournament.setup
    labels = ORIENTATIONS[setup.players]
    rows = []
    for key, outcome in sorted(tournament.results.items()):
        position, table, board = key
        seating = tournament.movement.at(position, table)
        score = tournament.scores[key]
        deal = deal_json(outcome)
        row: dict[str, Any] = {
            "board": board,
            "position": position + 1,
            "table": table + 1,
            "contract": deal["contract"],
            "taker": labels[outcome.taker],
            "points": deal["points"],
            "bouts": outcome.bouts,
            "made": score.made,
            "score": score.breakdown["per_defender"],
        }
        if setup.form in TEAM_SEATS:
            attack = seating.seats[outcome.taker]
            row["attacker"] = setup.names[tournament.attackers[key]]
            row["attack_team"] = attack + 1
            row["defence_team"] = seating.seats[(outcome.taker + 1) % setup.players] + 1
        else:
            for seat, label in enumerate(labels):
                row[f"{label}_player"] = setup.names[seating.seats[seat]]
                row[f"{label}_score"] = score.scores[seat]
        rows.append(row)
    return rows


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """Rows as CSV with a header line (lists joined by ' / ')."""
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: " / ".join(v) if isinstance(v, list) else v for k, v in row.items()})
    return out.getvalue()
