"""The tournament work the server does on stored documents, in worker processes.

Each function takes and returns JSON-ready values only (they cross a process
boundary): a new document from the organiser's choices, a document with one
more result, and the public view of a document (movement, results, ranking; no
cards, which only the organiser prints).
"""

from __future__ import annotations

import json
from typing import Any

from atout.cards import Language
from atout.tournament import arbiter, libre_online, libre_state, sessions
from atout.tournament.boards import TournamentError
from atout.tournament.event import TEAM_SEATS, Form, Tournament, new_setup
from atout.tournament.lineups import attacker, lineups
from atout.tournament.online import (
    deal_players,
    game_results,
    seat_players,
    seat_shift,
    table_boards,
    table_rules,
)
from atout.tournament.printout import boards_html, slips_html
from atout.tournament.report import (
    ADJUSTMENT_COLUMNS,
    adjustment_rows,
    ranking_rows,
    result_columns,
    result_rows,
)
from atout.tournament.state import from_json, read_adjustment, read_deal, to_json


def create(choices: dict[str, Any]) -> dict[str, Any]:
    """A new tournament's document from checked choices (form, players, tables...):
    an option of another form, a name given twice, or a board no other table plays,
    is refused (TournamentError)."""
    form: Form = choices["form"]
    setup = new_setup(
        form,
        choices["players"],
        choices.get("tables"),
        choices.get("positions"),
        choices.get("per_position"),
        choices.get("names") or (),
        choices.get("movement"),
        choices.get("team_sizes") or (),
    )
    return to_json(Tournament.new(setup, choices["seed"]))


def record(job: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """The document with one table's result entered: (document, entry) in, where the
    entry has ``table``, ``board``, maybe ``position`` and ``attacker`` (from 1) and
    ``deal``. A play that has a result already is refused
    (``tournament_result_entered``): it is corrected by an adjustment, with its
    reason, kept and revocable (:func:`adjust`), never replaced without a trace."""
    document, entry = job
    tournament = from_json(document)
    table = entry["table"] - 1
    position = entry.get("position")
    attacker = entry.get("attacker")
    at = tournament.position_of(table, entry["board"]) if position is None else position - 1
    if (at, table, entry["board"]) in tournament.results:
        raise TournamentError(
            "tournament_result_entered", table=table + 1, board=entry["board"], position=at + 1
        )
    deal = read_deal(json.dumps(entry["deal"]))
    tournament.record(at, table, entry["board"], deal, None if attacker is None else attacker - 1)
    return to_json(tournament)


def adjust(job: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """The document with one adjustment of the arbiter's made: (document, request) in,
    the request in the stored form (``atout.tournament.state.adjustment_json``) with,
    for a correction, the new ``deal`` (and ``attacker``)."""
    document, request = job
    tournament = from_json(document)
    if "table" in request and "position" not in request:
        at = tournament.position_of(request["table"] - 1, request["board"])
        request = request | {"position": at + 1}
    try:
        made = read_adjustment(request, number=0)
    except (KeyError, TypeError) as error:
        raise TournamentError("tournament_field", field=str(error).strip("'")) from None
    if made.kind == "correct":
        if made.play is None or "deal" not in request:
            raise TournamentError("tournament_adjust_play")
        attacker = request.get("attacker")
        deal = read_deal(json.dumps(request["deal"]))
        arbiter.correct(
            tournament, made.play, deal, None if attacker is None else attacker - 1, made
        )
    else:
        arbiter.adjust(tournament, made)
    return to_json(tournament)


def revoke(job: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """The document with adjustment ``number`` undone: (document, number) in."""
    document, number = job
    tournament = from_json(document)
    arbiter.revoke(tournament, number)
    return to_json(tournament)


def next_session(job: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """The next session's document: (document, seed) in."""
    document, seed = job
    return to_json(sessions.next_session(from_json(document), seed))


def series(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ranking over these sessions' documents, in order."""
    return sessions.series_rows([from_json(state) for state in states])


def position_tables(job: tuple[dict[str, Any], int]) -> list[dict[str, Any]]:
    """Every table of a position (from 0) to open online: its number, the deal actions
    of its boards, its variant options, the player (number from 1) in each seat and,
    deal by deal, in each seat (they change in triplettes)."""
    document, position = job
    if libre_state.is_libre(document):
        return libre_online.position_tables(document, position)
    tournament = from_json(document)
    return [
        {
            "table": t,
            "boards": list(table_boards(tournament, position, t)),
            "rules": table_rules(tournament, position, t),
            "players": [p + 1 for p in seat_players(tournament, position, t)],
            "lineups": [
                [p + 1 for p in players] for players in deal_players(tournament, position, t)
            ],
        }
        for t in range(tournament.movement.tables)
    ]


def collect(job: tuple[dict[str, Any], list[tuple[int, int, list[str]]]]) -> dict[str, Any]:
    """The document with the results of finished online games entered:
    (document, [(position, table, actions)]) in. The attacker is the one the
    table's seats gave the board's taker (``atout.tournament.lineups``)."""
    document, games = job
    if libre_state.is_libre(document):
        return libre_online.collect(job)
    tournament = from_json(document)
    for position, table, actions in games:
        for board, outcome in game_results(tournament, position, table, actions):
            key = (position, table, board)
            tournament.record(*key, outcome, attacker(tournament, key))
    return to_json(tournament)


def view(document: dict[str, Any]) -> dict[str, Any]:
    """What anyone with the tournament's number may see. In the team forms a
    seating's ``seats`` are team numbers (from 1) and ``teams`` lists each team's
    players; ``attackers`` gives, for each board of a seating, who may attack it,
    and ``lineups`` who sits at each orientation when it is played online.
    A tournoi libre's document has its own view (:func:`.libre_state.view`)."""
    if libre_state.is_libre(document):
        return libre_state.view(document)
    tournament = from_json(document)
    movement = tournament.movement
    return {
        "form": tournament.setup.form,
        "players": tournament.setup.players,
        "tables": movement.tables,
        "positions": movement.positions,
        "boards": len(tournament.boards),
        "names": list(tournament.setup.names),
        "movement": tournament.setup.movement,
        "teams": [
            [p + 1 for p in tournament.setup.members(team)]
            for team in range(tournament.setup.teams)
        ],
        "meets_once": movement.meets_once,
        "boards_once": movement.boards_once,
        "seatings": [
            {
                "position": s.position + 1,
                "table": s.table + 1,
                "seats": [p + 1 for p in s.seats],
                "boards": list(s.boards),
                "takers": [tournament.board(b).taker for b in s.boards],
                "attackers": [
                    [p + 1 for p in tournament.attackers_for((s.position, s.table, b))]
                    for b in s.boards
                ],
                "shift": seat_shift(tournament, s.position, s.table),
                **(
                    {
                        "lineups": [
                            [p + 1 for p in seats]
                            for seats in lineups(tournament, s.position, s.table)
                        ]
                    }
                    if tournament.setup.form in TEAM_SEATS
                    else {}
                ),
            }
            for s in movement.seatings
        ],
        "results": result_rows(tournament),
        "ranking": ranking_rows(tournament),
        "missing": len(tournament.missing()),
        "adjustments": adjustment_rows(tournament),
    }


def export_columns(job: tuple[dict[str, Any], str]) -> list[str]:
    """The header of an export of ``what`` (``"results"``, ``"adjustments"``) that
    has no rows yet: a spreadsheet still reads its columns."""
    document, what = job
    if what == "ranking":  # never without rows: one per entrant
        return []
    if libre_state.is_libre(document):
        return list(libre_state.RESULT_COLUMNS)
    if what == "adjustments":
        return list(ADJUSTMENT_COLUMNS)
    return result_columns(from_json(document).setup)


def printout(job: tuple[dict[str, Any], str, Language]) -> str:
    """The printable boards or slips (``"boards"`` / ``"slips"``) as an HTML page
    in the page's language."""
    document, what, lang = job
    tournament = from_json(document)
    return boards_html(tournament, lang) if what == "boards" else slips_html(tournament, lang)
