"""A tournament table whose players change from deal to deal (triplettes: each
board's attacker and the defending triplette, ``atout.tournament.lineups``).

Before each deal is dealt, so that no hand reaches anyone but its player, the
table's seats are given to that deal's players: a player already seated moves
with their seat (its connection, its time away), one watching the table (or
waiting for their seat) sits down, a seat whose player is not here is played by
a robot, and whoever has no seat at this deal watches it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from atout.server.clients import Client
from atout.server.seat import Seat


def deal_seats(
    seats: Sequence[Seat | None], watching: Collection[Client], keys: Sequence[str | None]
) -> tuple[list[Seat | None], set[Client]]:
    """The seats for a deal of ``keys``' players, and the clients who watch it."""
    held = {seat.key: seat for seat in seats if seat is not None and not seat.abandoned}
    here = {client.key: client for client in watching if not client.closed}
    new: list[Seat | None] = []
    for key in keys:
        seat = held.get(key) if key is not None else None
        client = here.get(key) if key is not None else None
        if seat is None and client is not None:
            identity = client.identity
            seat = Seat(client.key, identity.user_id, identity.name, client.ip, client)
        new.append(seat)
    seated = {seat.key for seat in new if seat is not None}
    away = {s.client for s in seats if s is not None and s.client and s.key not in seated}
    return new, {c for c in away | set(watching) if c.key not in seated and not c.closed}
