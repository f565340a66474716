"""A tournoi libre as JSON (the command line's state file, the server's stored
document), its ranking and results as rows, and the server's work on it.

The plan is stored, not made again from a seed, so a file keeps its tables
whatever a later atout's plan search does. Each table's sheet is stored as
written: its deals in ``atout sheet``'s deal form, or the bilans alone. The
functions at the end take and return JSON-ready values only: the server runs
them in its worker processes, as :mod:`.documents` does for duplicates.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from atout.cards import Language
from atout.sheet import NAME_LENGTH, DealEntry, InputError, parse, score_sheet, sheet_view
from atout.text import PlainText, no_controls
from atout.tournament.boards import TournamentError
from atout.tournament.libre import (
    LIBRE_FORMS,
    MAX_DEALS,
    MAX_POSITIONS,
    SEATS,
    Libre,
    LibreForm,
    LibreSetup,
    TableResult,
    ranked,
)
from atout.tournament.libre_plan import MAX_PLAYERS, repeats
from atout.tournament.libre_printout import plan_html, slips_html

FORMAT: Final = "atout-libre"
VERSION: Final = 1
BILAN: Final = 1_000_000
"""A bilan's bound: far above a position's (a deal's score is a few thousand at most)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LibreChoices(_Strict):
    """What the organiser chooses (the server's create body, without the seed)."""

    name: PlainText = Field(default="", max_length=64)
    form: LibreForm = "individual"
    names: list[
        Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), AfterValidator(no_controls)]
    ] = Field(min_length=3, max_length=MAX_PLAYERS)
    positions: int = Field(default=5, ge=1, le=MAX_POSITIONS)
    deals: int = Field(default=5, ge=1, le=MAX_DEALS)


class TableEntry(_Strict):
    """One table's sheet at one position: ``deals`` as ``atout sheet`` takes them,
    or ``bilans`` (one per seat, in seat order) copied from a paper sheet."""

    position: int = Field(ge=1, le=MAX_POSITIONS)
    table: int = Field(ge=1, le=MAX_PLAYERS)
    deals: list[DealEntry] | None = Field(default=None, max_length=MAX_DEALS)
    bilans: list[Annotated[int, Field(ge=-BILAN, le=BILAN)]] | None = Field(
        default=None, min_length=3, max_length=5
    )


def to_json(libre: Libre) -> dict[str, Any]:
    setup = libre.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "form": setup.form,
        "names": list(setup.names),
        "positions": setup.positions,
        "deals": setup.deals,
        "tables": len(libre.plan[0]),
        "plan": [[[p + 1 for p in table] for table in tables] for tables in libre.plan],
        "sheets": [
            {"position": p + 1, "table": t + 1, **_written(result)}
            for (p, t), result in sorted(libre.results.items())
        ],
    }


def _written(result: TableResult) -> dict[str, Any]:
    if result.deals:
        return {"deals": [deal.model_dump() for deal in result.deals]}
    return {"bilans": list(result.bilans)}


def is_libre(document: Any) -> bool:
    return isinstance(document, dict) and document.get("format") == FORMAT


def from_json(data: Any) -> Libre:
    """A tournoi libre from :func:`to_json`'s form; TournamentError on anything amiss."""
    if not is_libre(data):
        raise TournamentError("tournament_format")
    if data.get("version") != VERSION:
        raise TournamentError("tournament_version", version=str(data.get("version")))
    try:
        form = data["form"]
        if form not in LIBRE_FORMS:
            raise TournamentError("tournament_form", forms=[str(f) for f in LIBRE_FORMS])
        setup = LibreSetup(
            form, tuple(str(n) for n in data["names"]), data["positions"], data["deals"]
        )
        plan = tuple(
            tuple(tuple(p - 1 for p in table) for table in tables) for tables in data["plan"]
        )
        libre = Libre.with_plan(setup, plan)
        for sheet in data["sheets"]:
            enter(libre, json.dumps(sheet))
    except (KeyError, TypeError) as error:
        raise TournamentError("tournament_field", field=str(error).strip("'")) from None
    return libre


def enter(libre: Libre, text: str | bytes) -> TableEntry:
    """Enter one table's sheet given as :class:`TableEntry` JSON."""
    try:
        entry: TableEntry = parse(TableEntry, text)
    except InputError as error:
        raise error.carried_by(TournamentError("tournament_deal", reason=str(error))) from None
    if (entry.deals is None) == (entry.bilans is None):
        raise TournamentError("libre_deals_or_bilans")
    if entry.bilans is not None:
        libre.enter_bilans(entry.position - 1, entry.table - 1, entry.bilans)
    else:
        libre.enter_deals(entry.position - 1, entry.table - 1, entry.deals or [])
    return entry


def ranking_rows(libre: Libre) -> list[dict[str, Any]]:
    """The ranking, best first: players with each position's bilan, or teams with
    their members' totals (``players``: a number each, in the order of ``names``).
    A player (team) without a sheet entered yet has no ``rank`` and comes last."""
    setup = libre.setup
    totals = libre.totals()
    if setup.team_size > 1:
        teams = libre.team_totals()
        return [
            {
                "rank": rank,
                "team": team + 1,
                "names": [setup.names[p] for p in setup.members(team)],
                "total": teams[team],
                "players": [totals[p] for p in setup.members(team)],
            }
            for rank, team in ranked(teams, libre.teams_played())
        ]
    bilans = libre.bilans()
    return [
        {
            "rank": rank,
            "player": player + 1,
            "name": setup.names[player],
            "total": totals[player],
            **{f"position_{p + 1}": bilan for p, bilan in enumerate(bilans[player])},
        }
        for rank, player in ranked(totals, libre.played())
    ]


RESULT_COLUMNS: Final = ("position", "table", "seat", "player", "name", "deals", "bilan")
"""The keys of :func:`result_rows`, for the header of an export without any."""


def result_rows(libre: Libre) -> list[dict[str, Any]]:
    """One row per player per sheet entered: where they sat and their bilan."""
    rows = []
    for (position, table), result in sorted(libre.results.items()):
        seats = libre.seats(position, table)
        for seat, (player, bilan) in enumerate(zip(seats, result.bilans, strict=True)):
            rows.append(
                {
                    "position": position + 1,
                    "table": table + 1,
                    "seat": SEATS[len(seats)][seat],
                    "player": player + 1,
                    "name": libre.setup.names[player],
                    "deals": len(result.deals),
                    "bilan": bilan,
                }
            )
    return rows


# ----- the server's work, in worker processes ------------------------------------------


def create(choices: dict[str, Any]) -> dict[str, Any]:
    """A new document from checked :class:`LibreChoices` and a ``seed``."""
    setup = LibreSetup(
        choices["form"], tuple(choices["names"]), choices["positions"], choices["deals"]
    )
    return to_json(Libre.create(setup, choices["seed"]))


def record(job: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """The document with one table's sheet entered (a :class:`TableEntry` as JSON)."""
    document, entry = job
    libre = from_json(document)
    enter(libre, json.dumps(entry))
    return to_json(libre)


def view(document: dict[str, Any]) -> dict[str, Any]:
    """What anyone with the tournament's number may see: the plan, every sheet with
    its scores and running totals, the ranking."""
    libre = from_json(document)
    setup = libre.setup
    sheets = []
    for (position, table), result in sorted(libre.results.items()):
        entry: dict[str, Any] = {"position": position + 1, "table": table + 1}
        if result.deals:
            scored = score_sheet(libre.sheet(position, table, result.deals))
            entry["deals"] = sheet_view(scored)["deals"]
        entry["bilans"] = list(result.bilans)
        sheets.append(entry)
    return {
        "kind": "libre",
        "form": setup.form,
        "names": list(setup.names),
        "positions": setup.positions,
        "deals": setup.deals,
        "teams": [
            [p + 1 for p in setup.members(team)]
            for team in range(len(setup.names) // setup.team_size)
        ]
        if setup.team_size > 1
        else [],
        "plan": [
            {
                "position": position + 1,
                "table": table + 1,
                "seats": [p + 1 for p in players],
                "labels": list(SEATS[len(players)]),
            }
            for position, tables in enumerate(libre.plan)
            for table, players in enumerate(tables)
        ],
        "repeats": repeats(libre.plan),
        "sheets": sheets,
        "results": result_rows(libre),
        "ranking": ranking_rows(libre),
        "missing": len(libre.missing()),
    }


def printout(job: tuple[dict[str, Any], str, Language]) -> str:
    """The printable table plan or slips (``"plan"`` / ``"slips"``) as an HTML page
    in the page's language."""
    document, what, lang = job
    libre = from_json(document)
    return plan_html(libre, lang) if what == "plan" else slips_html(libre, lang)
