"""Who may sit where at a tournament's server table, and when its game starts.

The movement puts one player in each seat (``atout.tournament.online.seat_players``);
a player is an account or a guest key, never a name. Only that player may take
the seat. The game starts by itself when every player holding a place at the
table is seated and connected, or when the table's wait ends; robots play the
seats still empty, and a player who comes later (or comes back after leaving)
takes the seat from its robot at the next deal. In triplettes who sits where
changes from board to board (``lineups``): the table seats each board's players
before dealing it (``atout.server.tournament_lineups``), and a player whose
board is not the one being played watches until it comes.
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
    lineups: tuple[tuple[str | None, ...], ...] = ()
    """The keys seat by seat at each deal, when they change from deal to deal."""

    def given(
        self, keys: tuple[str | None, ...], lineups: tuple[tuple[str | None, ...], ...], deal: int
    ) -> None:
        """Who now holds each place, ``deal`` (from 0) being the deal in play."""
        self.lineups = lineups
        self.keys = lineups[min(max(deal, 0), len(lineups) - 1)] if lineups else keys

    def seat_for(self, key: str, asked: int | None) -> int | None:
        """The seat ``key`` may take; None: not at this deal, only at a later one; a
        Refusal saying why not."""
        if key not in self.keys and any(key in keys for keys in self.lineups):
            return None
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
