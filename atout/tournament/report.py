"""A tournament's ranking and results as rows: for the terminal, the web page and exports.

Percentages are shown to two decimals and PM to three, as the rulebook prints
them; the exact values stay fractions and thousandths inside the ranking.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from atout.text import inert_cell
from atout.tournament.adjustments import Adjustment
from atout.tournament.boards import ORIENTATIONS
from atout.tournament.event import TEAM_SEATS, Setup, Tournament
from atout.tournament.ranking import rounded, shared_ranks
from atout.tournament.state import deal_json


def _percent(value: Fraction | None) -> float | None:
    return None if value is None else rounded(value, 2)


LINES = ("NS", "EW")
"""A triplette's line: North-South or East-West."""


def ranking_rows(tournament: Tournament, general: bool = False) -> list[dict[str, Any]]:
    """The ranking, best first: individual players and triplettes by the classement
    alterné (or général), with their attack, defence and global percentages;
    quadrettes and the match's two teams by PM, with the boards their PM count.
    An entrant without a result yet has no ``rank`` (None) and comes last
    (:func:`~atout.tournament.ranking.shared_ranks`)."""
    setup = tournament.setup
    names = setup.names
    if setup.form in ("quadrettes", "teams"):
        boards = tournament.team_boards()
        rows = [
            {
                "rank": rank,
                "team": team + 1,
                "names": [names[p] for p in setup.members(team)],
                "boards": boards[team],
                "pm": points / 1000,
            }
            for rank, (team, points) in _ranked_teams(tournament)
        ]
        return _marked(tournament, rows, "team")
    rows = []
    for rank, standing in tournament.ranked(general):
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
    return _marked(tournament, rows, "team" if setup.form == "triplettes" else "player")


def _ranked_teams(tournament: Tournament) -> list[tuple[int | None, tuple[int, int]]]:
    """Each team's rank and (team, PM in thousandths), best first, equal PM sharing a
    rank; the teams without a result yet after them, unranked, in the order of numbers."""
    counted = tournament.teams_counted()
    points = tournament.team_points()
    order = [p for p in points if p[0] in counted] + sorted(
        p for p in points if p[0] not in counted
    )
    keys = [points if team in counted else None for team, points in order]
    return list(zip(shared_ranks(keys), order, strict=True))


def _marked(tournament: Tournament, rows: list[dict[str, Any]], who: str) -> list[dict[str, Any]]:
    """Each row with the numbers of the adjustments touching its entrant, when the
    tournament has any (the rows of others are as they were)."""
    if not tournament.adjustments:
        return rows
    touching: dict[int, list[int]] = {}
    for adjustment in tournament.adjustments:
        for entrant in _touched(tournament, adjustment):
            touching.setdefault(entrant, []).append(adjustment.number)
    return [
        row | {"adjustments": [f"#{n}" for n in touching.get(row[who] - 1, [])]} for row in rows
    ]


def _touched(tournament: Tournament, adjustment: Adjustment) -> set[int]:
    """The entrants (players, or teams in the team forms) an adjustment changes."""
    if adjustment.entrant is not None:
        return {adjustment.entrant}
    if adjustment.play is None:
        return set()
    seats = tournament.movement.at(*adjustment.play[:2]).seats
    if tournament.setup.form == "quadrettes":
        return {seat // tournament.setup.team_size for seat in seats}
    return set(seats)


ADJUSTMENT_COLUMNS: Final = (
    *("number", "kind", "position", "table", "board", "entrant", "attack_note"),
    *("defence_note", "score", "amount", "unit", "reason", "by"),
)
"""The keys of :func:`adjustment_rows`, for the header of an export without any."""


def adjustment_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """One row per adjustment of the arbiter's: what, where, why and by whom."""
    setup = tournament.setup
    rows = []
    for a in tournament.adjustments:
        position, table, board = a.play if a.play is not None else (None, None, a.board)
        rows.append(
            {
                "number": a.number,
                "kind": a.kind,
                "position": None if position is None else position + 1,
                "table": None if table is None else table + 1,
                "board": board,
                "entrant": None if a.entrant is None else a.entrant + 1,
                "attack_note": _percent(a.attack_note) if a.kind == "cancel" else None,
                "defence_note": _percent(a.defence_note) if a.kind == "cancel" else None,
                "score": a.score,
                "amount": float(a.amount) if a.kind == "penalty" else None,
                "unit": ("PM" if setup.form in ("quadrettes", "teams") else "%")
                if a.kind == "penalty"
                else None,
                "reason": a.reason,
                "by": a.by_name,
            }
        )
    return rows


def result_columns(setup: Setup) -> list[str]:
    """The keys of :func:`result_rows`, for the header of an export without any."""
    where = ["board", "position", "table", "contract", "taker", "points", "bouts", "made", "score"]
    if setup.form in TEAM_SEATS:
        return [*where, "attacker", "attack_team", "defence_team"]
    labels = ORIENTATIONS[setup.players]
    return [*where, *(f"{label}_{what}" for label in labels for what in ("player", "score"))]


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


def csv_text(rows: Sequence[dict[str, Any]], columns: Sequence[str] = ()) -> str:
    """Rows as CSV with a header line (lists joined by ' / '): the rows' keys, or
    ``columns`` when there are no rows (a spreadsheet still reads its columns).
    Text never reads as a formula (``inert_cell``): anyone may download an export,
    and an organiser types the names."""
    if not rows and not columns:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0] if rows else columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _cell(value) for key, value in row.items()})
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A row's value as its cell: a list joined by ' / ', text made inert."""
    if isinstance(value, list):
        value = " / ".join(map(str, value))
    return inert_cell(value) if isinstance(value, str) else value
