"""The server tables that play tournament positions online: opening them with
their boards, giving a restarted server their boards back, and reading the
results of their finished games.

Store reads here run in threads; the replays of games run in worker processes
(``atout.tournament.documents``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from atout.server.protocol import TableOptions
from atout.server.store import ActionRow, GameRow, Store, TournamentRow
from atout.tournament.online import table_boards
from atout.tournament.state import from_json

TURN_SECONDS = 90.0


def table_options(players: int, boards: int) -> TableOptions:
    """A tournament table: FFT rules at the imposed Garde, one deal a board."""
    return TableOptions(
        game="french",
        players=players,
        variant="fft",
        turn_seconds=TURN_SECONDS,
        rounds=boards,
        rules={"imposed_contract": "garde"},
    )


def tournament_boards(store: Store) -> dict[str, tuple[str, ...]]:
    """The boards of every table playing a tournament, by table id."""
    found: dict[str, tuple[str, ...]] = {}
    with store.session() as db:
        rows = db.execute(select(TournamentRow.state, TournamentRow.tables)).all()
    for state, tables in rows:
        if not tables:
            continue
        tournament = from_json(state)
        for table_id, (position, table) in tables.items():
            found[table_id] = table_boards(tournament, position, table)
    return found


def finished_count(store: Store, tables: dict[str, Any]) -> int:
    """How many games of these tables have finished."""
    with store.session() as db:
        found = db.scalar(
            select(func.count()).where(GameRow.table_id.in_(list(tables)), GameRow.status == "over")
        )
    return int(found or 0)


def finished_games(store: Store, tables: dict[str, Any]) -> list[tuple[int, int, list[str]]]:
    """(position, table, actions) of each finished game of these tables."""
    games = []
    with store.session() as db:
        rows = db.execute(
            select(GameRow.id, GameRow.table_id).where(
                GameRow.table_id.in_(list(tables)), GameRow.status == "over"
            )
        ).all()
        for game_id, table_id in rows:
            actions = db.scalars(
                select(ActionRow.text).where(ActionRow.game_id == game_id).order_by(ActionRow.index)
            ).all()
            position, table = tables[table_id]
            games.append((position, table, list(actions)))
    return games
