"""Rebuilding a table after a restart or a takeover, from its stored row and
its game's log.

A game is its log: the table's game is replayed action by action
(``table_replay``: at a takeover, in a worker process), and what the table
keeps of it (its count of actions, its deal summaries) is counted again as it
was while it was played. Only the clocks need the time the server was down,
which counts for nobody.
"""

from __future__ import annotations

import time

from atout.server import tablestore
from atout.server.protocol import TableOptions
from atout.server.seat import Seat
from atout.server.store import Store, TableRow
from atout.server.table import Context, Table
from atout.server.table_replay import Replayed
from atout.server.tablestore import StoredGame

Played = tuple[StoredGame, Replayed]
"""A table's game as stored, and its log replayed."""


def stored_game(store: Store, row: TableRow) -> StoredGame | None:
    """The table's game as stored, None between games (a database read: off the loop)."""
    return None if row.game_id is None else tablestore.load_game(store, row.game_id)


def restore(ctx: Context, row: TableRow, stopped_at: float, played: Played | None) -> Table:
    """Rebuild a table from its row and its game ``played`` (None between games).

    ``stopped_at`` is when the previous server was last alive: the time left
    on the turn clock and on grace periods then is what players get now, the
    time the server was down counting for nobody. Players who were connected
    get the whole grace time to come back, and meanwhile keep their clock."""
    now = time.monotonic()
    seats = [
        Seat.restored(s, now, now + ctx.grace_seconds, stopped_at) if s else None for s in row.seats
    ]
    table = Table(
        ctx,
        row.id,
        TableOptions.model_validate(row.options),
        row.master,
        row.invite_code,
        row.master_name,
        set(row.invited),
        seats,
    )
    if played is None:
        return table
    game, replayed = played
    options = TableOptions.model_validate(game.table_options)
    table.begin(ctx.rules(game.game), replayed.state, game.id, options, replayed)
    table.votes = set(row.votes)
    for seat in table.seats:
        if seat and seat.key in game.abandoned_keys:
            seat.abandoned = True
    left = options.turn_seconds - max(0.0, stopped_at - game.turn_started)
    table.resume_turn(now + min(options.turn_seconds, max(0.0, left)))
    return table
