"""What the store keeps of tables and their games.

The writing functions take a session and run as the writer's jobs, each one
transaction, so a crash between two of them leaves the store in a state the
next start can rebuild from. The reading ones serve that start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from atout.game import DealSummary
from atout.server import ledger
from atout.server.results import settle, settlement
from atout.server.store import ActionRow, GameRow, GameSeat, Store, TableRow

StoredSeat = Mapping[str, Any] | None
"""A seat as stored: None for a robot, else {"key", "user", "name", "ip", "away_until"?}."""

LINEUPS: Final = "lineups"
"""The key of a game's ``table_options`` listing its seats at each deal where they
changed, ``[{"deal": from 0, "seats": [{"user", "name"} or None]}]``: a game's
record, not a table option (kept out of the options a restart reads)."""
TOURNAMENT: Final = "tournament"
"""The key of a duplicate tournament's game's ``table_options`` naming the
tournament (its number): the game's record is hidden until the tournament is
over (``atout.server.tournament_privacy``). Not a table option either."""
RECORD_ONLY: Final = frozenset({LINEUPS, TOURNAMENT})
"""The keys of a game's ``table_options`` that are no table option."""


def create_table(
    db: Session,
    table_id: str,
    options: dict[str, Any],
    master: str,
    master_name: str,
    invite_code: str,
) -> None:
    db.add(
        TableRow(
            id=table_id,
            options=options,
            seats=[None] * options["players"],
            master=master,
            master_name=master_name,
            invite_code=invite_code,
            invited=[],
            votes=[],
        )
    )


def open_tables(store: Store) -> list[TableRow]:
    """The tables left open by the previous run of the server."""
    with store.session() as db:
        return list(db.scalars(select(TableRow).where(TableRow.status != "closed")).all())


def save_table(
    db: Session,
    table_id: str,
    options: dict[str, Any],
    seats: Sequence[StoredSeat],
    master: str,
    master_name: str,
    invited: Sequence[str],
    votes: Sequence[int],
) -> None:
    row = _table(db, table_id)
    row.options, row.seats = options, [dict(s) if s else None for s in seats]
    row.master, row.master_name = master, master_name
    row.invited, row.votes = list(invited), list(votes)


def close_table(db: Session, table_id: str) -> None:
    _table(db, table_id).status = "closed"


def give_up(db: Session, table_id: str, game_id: int | None) -> None:
    """Close a table that cannot be rebuilt, its game (if any) cancelled."""
    if game_id is not None:
        cancel_game(db, table_id, game_id)
    close_table(db, table_id)


def start_game(
    db: Session,
    table_id: str,
    options: dict[str, Any],
    engine_options: dict[str, Any],
    seats: Sequence[StoredSeat],
) -> int:
    """Record a new game and collect the bets; LedgerError if a player cannot pay."""
    ips = [s["ip"] for s in seats if s]
    users = [s["user"] for s in seats if s and s["user"] is not None]
    game = GameRow(
        table_id=table_id,
        game=options["game"],
        players=options["players"],
        variant=options["variant"],
        engine_options=engine_options,
        table_options=options,
        seats=[_without_away(s) if s else None for s in seats],
        # unscored for it: a practice game scores nothing anyway, and is not marked
        shared_ip=bool(options["competitive"]) and len(ips) != len(set(ips)),
    )
    db.add(game)
    db.flush()
    for seat, s in enumerate(seats):
        if s and s["user"] is not None:
            db.add(GameSeat(game_id=game.id, seat=seat, user_id=s["user"]))
    if options["competitive"]:
        ledger.collect_bets(db, game.id, users, options["bet"])
    table = _table(db, table_id)
    table.status, table.game_id, table.votes = "playing", game.id, []
    return game.id


def seat_deal(db: Session, game_id: int, deal: int, seats: Sequence[StoredSeat]) -> None:
    """Keep who sits where from ``deal`` (from 0) on, when a game's players change
    from deal to deal (triplettes): the game's ``lineups``, and a ``game_seats`` row
    for each registered player new to the game, so that it is in their history.
    The seats at the first deal stay the game's ``seats``."""
    game = _game(db, game_id)
    people = [{"user": s["user"], "name": s["name"]} if s else None for s in seats]
    lineups = [e for e in game.table_options.get(LINEUPS, []) if e["deal"] != deal]
    lineups = sorted([*lineups, {"deal": deal, "seats": people}], key=lambda e: e["deal"])
    game.table_options = {**game.table_options, LINEUPS: lineups}
    seated = select(GameSeat).where(GameSeat.game_id == game_id)
    if deal == 0:  # nothing played yet: the seats the game started with go
        game.seats = [_without_away(s) if s else None for s in seats]
        for row in db.scalars(seated).all():
            db.delete(row)
        db.flush()
    rows = db.scalars(seated).all()
    places = {row.seat for row in rows}
    known = {row.user_id for row in rows}
    for seat, person in enumerate(people):
        if person is None or person["user"] is None or person["user"] in known:
            continue
        place = seat if seat not in places else max(places | {game.players - 1}) + 1
        db.add(GameSeat(game_id=game_id, seat=place, user_id=person["user"]))
        places.add(place)
        known.add(person["user"])


def game_lineups(game: GameRow) -> list[dict[str, Any]]:
    """A game's seats at each deal where they changed, as the outside sees them:
    ``[{"deal": from 1, "users": [id or None], "names": [name or None]}]``;
    empty for a game whose players stayed seated."""
    return [
        {
            "deal": entry["deal"] + 1,
            "users": [p["user"] if p else None for p in entry["seats"]],
            "names": [p["name"] if p else None for p in entry["seats"]],
        }
        for entry in game.table_options.get(LINEUPS, [])
    ]


def mark_abandoned(db: Session, game_id: int, seats: Sequence[StoredSeat]) -> None:
    """Remember who abandoned the game: they forfeit their bet if it is cancelled."""
    _game(db, game_id).abandoned = [_without_away(s) for s in seats if s]


def finish_game(
    db: Session,
    table_id: str,
    game_id: int,
    result: dict[str, Any],
    deals: Sequence[DealSummary],
    deal_ends: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """Settle a finished game (``deal_ends``: its deals' ``deal_end`` data);
    returns what its ``table.game_over`` tells of it: ``shared_ip`` (unscored for
    a shared IP) and ``settlement`` (``results.settlement``: each registered
    player's chips and XP, read back from what was just written, so that the table
    announces only what is committed with it)."""
    game = _game(db, game_id)
    settle(db, game, result, deals, deal_ends)
    _no_game(db, table_id)
    return {"shared_ip": game.shared_ip, "settlement": settlement(db, game)}


def cancel_game(db: Session, table_id: str, game_id: int, shown_actions: int = 0) -> None:
    """End a game unscored (the amicable end, or a game that cannot go on): bets
    back, except those of players who abandoned, which go to the bank. Its record
    will show its first ``shown_actions`` actions only (its complete deals)."""
    game = _game(db, game_id)
    game.status, game.result = "cancelled", {"shown_actions": shown_actions}
    forfeits = {s["user"] for s in game.abandoned if s.get("user") is not None}
    seated = [s["user"] for s in game.seats if s and s.get("user") is not None]
    ledger.refund(db, game.id, [u for u in seated if u not in forfeits])
    _no_game(db, table_id)


def _without_away(seat: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in seat.items() if k != "away_until"}


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game being played, as the store holds it: enough to replay it."""

    id: int
    game: str
    players: int
    table_options: dict[str, Any]
    abandoned_keys: frozenset[str]
    actions: tuple[str, ...]
    turn_started: float
    """Wall time the last action was stored (or the game started): the turn's clock began then."""


def load_game(store: Store, game_id: int) -> StoredGame:
    with store.session() as db:
        game = _game(db, game_id)
        rows = db.execute(
            select(ActionRow.text, ActionRow.at)
            .where(ActionRow.game_id == game_id)
            .order_by(ActionRow.index)
        ).all()
        return StoredGame(
            game.id,
            game.game,
            game.players,
            {k: v for k, v in game.table_options.items() if k not in RECORD_ONLY},
            frozenset(s["key"] for s in game.abandoned),
            tuple(text for text, _ in rows),
            rows[-1].at if rows else game.started,
        )


def _no_game(db: Session, table_id: str) -> None:
    table = _table(db, table_id)
    table.status, table.game_id, table.votes = "waiting", None, []


def _table(db: Session, table_id: str) -> TableRow:
    row = db.get(TableRow, table_id)
    assert row is not None, f"table {table_id} is not stored"
    return row


def _game(db: Session, game_id: int) -> GameRow:
    row = db.get(GameRow, game_id)
    assert row is not None, f"game {game_id} is not stored"
    return row
