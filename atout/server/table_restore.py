"""Rebuilding a table after a restart, from its stored row and its game's log.

A game is its log: the table's game is replayed action by action, and what the
table keeps of it (its count of actions, its deal summaries) is counted again
as it was while it was played. Only the clocks need the time the server was
down, which counts for nobody.
"""

from __future__ import annotations

import time

from atout.server import tablestore
from atout.server.protocol import TableOptions
from atout.server.seat import Seat
from atout.server.store import TableRow
from atout.server.table import Context, Table, new_state


def restore(ctx: Context, row: TableRow, stopped_at: float) -> Table:
    """Rebuild a table from the store, replaying its current game's log.

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
    if row.game_id is None:
        return table
    game = tablestore.load_game(ctx.writer.store, row.game_id)
    options = TableOptions.model_validate(game.table_options)
    rules = ctx.rules(game.game)
    table.begin(rules, new_state(rules, options), game.id, options)
    assert table.match is not None
    for events in table.match.follow(game.actions):
        table.took(events)
    table.votes = set(row.votes)
    for seat in table.seats:
        if seat and seat.key in game.abandoned_keys:
            seat.abandoned = True
    left = options.turn_seconds - max(0.0, stopped_at - game.turn_started)
    table.resume_turn(now + min(options.turn_seconds, max(0.0, left)))
    return table
