"""What the store keeps of tables and their games, written by each table's task.

Each function is one transaction, so a crash between two of them leaves the
store in a state the next start can rebuild from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.server import ledger
from atout.server.results import DealSummary, settle
from atout.server.store import ActionRow, GameRow, Store, TableRow

StoredSeat = Mapping[str, Any] | None
"""A seat as stored: None for a robot, else {"key", "user", "name", "ip"}."""


def create_table(
    store: Store, table_id: str, options: dict[str, Any], master: str, invite_code: str
) -> None:
    with store.session.begin() as db:
        db.add(
            TableRow(
                id=table_id,
                options=options,
                seats=[None] * options["players"],
                master=master,
                invite_code=invite_code,
                invited=[],
            )
        )


def open_tables(store: Store) -> list[TableRow]:
    """The tables left open by the previous run of the server."""
    with store.session() as db:
        return list(db.scalars(select(TableRow).where(TableRow.status != "closed")).all())


def save_table(
    store: Store,
    table_id: str,
    options: dict[str, Any],
    seats: Sequence[StoredSeat],
    master: str,
    invited: Sequence[str],
) -> None:
    with store.session.begin() as db:
        row = _table(db, table_id)
        row.options, row.seats = options, [dict(s) if s else None for s in seats]
        row.master, row.invited = master, list(invited)


def close_table(store: Store, table_id: str) -> None:
    with store.session.begin() as db:
        _table(db, table_id).status = "closed"


def start_game(
    store: Store,
    table_id: str,
    options: dict[str, Any],
    engine_options: dict[str, Any],
    seats: Sequence[StoredSeat],
) -> int:
    """Record a new game and collect the bets; LedgerError if a player cannot pay."""
    ips = [s["ip"] for s in seats if s]
    users = [s["user"] for s in seats if s and s["user"] is not None]
    with store.session.begin() as db:
        game = GameRow(
            table_id=table_id,
            game=options["game"],
            players=options["players"],
            variant=options["variant"],
            engine_options=engine_options,
            table_options=options,
            seats=[dict(s) if s else None for s in seats],
            shared_ip=len(ips) != len(set(ips)),
        )
        db.add(game)
        db.flush()
        if options["competitive"]:
            ledger.collect_bets(db, game.id, users, options["bet"])
        table = _table(db, table_id)
        table.status, table.game_id = "playing", game.id
        return game.id


def mark_abandoned(store: Store, game_id: int, seats: Sequence[StoredSeat]) -> None:
    """Remember who abandoned the game: they forfeit their bet if it is cancelled."""
    with store.session.begin() as db:
        game = db.get(GameRow, game_id)
        if game is not None:
            game.abandoned = [dict(s) for s in seats if s]


def finish_game(
    store: Store, table_id: str, game_id: int, result: dict[str, Any], deals: Sequence[DealSummary]
) -> bool:
    """Settle a finished game; returns whether it was unscored for a shared IP."""
    with store.session.begin() as db:
        game = _game(db, game_id)
        settle(db, game, result, deals)
        _no_game(db, table_id)
        return game.shared_ip


def cancel_game(store: Store, table_id: str, game_id: int) -> None:
    """The amicable end: bets back, except those of players who abandoned."""
    with store.session.begin() as db:
        game = _game(db, game_id)
        game.status = "cancelled"
        forfeits = {s["user"] for s in game.abandoned if s.get("user") is not None}
        seated = [s["user"] for s in game.seats if s and s.get("user") is not None]
        ledger.refund(db, game.id, [u for u in seated if u not in forfeits], sorted(forfeits))
        _no_game(db, table_id)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game being played, as the store holds it: enough to replay it."""

    id: int
    game: str
    players: int
    table_options: dict[str, Any]
    abandoned_keys: frozenset[str]
    actions: tuple[str, ...]


def load_game(store: Store, game_id: int) -> StoredGame:
    with store.session() as db:
        game = _game(db, game_id)
        texts = db.scalars(
            select(ActionRow.text).where(ActionRow.game_id == game_id).order_by(ActionRow.index)
        ).all()
        return StoredGame(
            game.id,
            game.game,
            game.players,
            dict(game.table_options),
            frozenset(s["key"] for s in game.abandoned),
            tuple(texts),
        )


def _no_game(db: Session, table_id: str) -> None:
    table = _table(db, table_id)
    table.status, table.game_id = "waiting", None


def _table(db: Session, table_id: str) -> TableRow:
    row = db.get(TableRow, table_id)
    assert row is not None, f"table {table_id} is not stored"
    return row


def _game(db: Session, game_id: int) -> GameRow:
    row = db.get(GameRow, game_id)
    assert row is not None, f"game {game_id} is not stored"
    return row
