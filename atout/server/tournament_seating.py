"""Who may sit where at a tournament's server table, and when its game starts.

The movement puts one player in each seat (``atout.tournament.online.seat_players``);
a player is an account or a guest key, never a name. Only that player may take
the seat. The game starts by itself when every player holding a place at the
table is seated and connected, or when the table's wait ends; robots play the
seats still empty, and a player who comes later (or comes back after leaving)
takes the seat from its robot at the next deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from atout.refusals import Refusal
from atout.server.clients import Client
from atout.server.seat import Seat


@dataclass
class Reservation:
    """A tournament table's seats as the movement gives them."""

    tournament: int
    """The tournament the table plays a position of (its game's end is entered there)."""
    keys: tuple[str | None, ...]
    """The key of the player each seat is for; None: no one holds that place (a robot)."""
    start_at: float | None
    """When the game starts by itself (``time.monotonic``); None once it started."""
    arriving: dict[int, Client] = field(default_factory=dict)
    """Seats whose player came while a robot played them: theirs from the next deal."""

    def seat_for(self, key: str, asked: int | None) -> int:
        """The seat ``key`` may take; a Refusal saying why not."""
        if key not in self.keys:
            raise Refusal("tournament_not_your_table")
        seat = self.keys.index(key)
        if asked is not None and asked != seat:
            raise Refusal("tournament_your_seat", seat=seat + 1)
        return seat

    def ready(self, seats: Sequence[Seat | None]) -> bool:
        """Whether every player holding a place here sits in it, connected."""
        return all(
            key is None or (seat is not None and seat.key == key and seat.client is not None)
            for key, seat in zip(self.keys, seats, strict=True)
        )
