"""A human's seat at a table, as the table holds it, as the store keeps it and
as a restart finds it again: the two last are each other's inverse, so they
live side by side."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from atout.server.clients import Client


@dataclass
class Seat:
    """A human's seat; ``None`` in ``Table.seats`` is a robot's."""

    key: str
    user: int | None
    name: str
    ip: str
    client: Client | None = None
    grace_until: float | None = None
    abandoned: bool = False
    stayed_away: bool = False
    """Abandoned because the grace time ran out (not left): told so on returning.
    Not stored: after a restart the seat is only abandoned."""
    awaiting: bool = False
    """Rebuilt after a restart: the player keeps their turn clock until they return."""

    @property
    def robot_plays(self) -> bool:
        return self.abandoned or (self.client is None and not self.awaiting)

    def stored(self) -> dict[str, Any]:
        """The seat as the store keeps it; a player away keeps their grace's end."""
        stored: dict[str, Any] = {"key": self.key, "user": self.user, "name": self.name}
        stored["ip"] = self.ip
        if self.client is None and self.grace_until is not None and not self.awaiting:
            stored["away_until"] = time.time() + self.grace_until - time.monotonic()
        return stored

    @classmethod
    def restored(
        cls, stored: dict[str, Any], now: float, full_grace: float, stopped_at: float
    ) -> Seat:
        """A seat as a restart finds it: a player who was away keeps what was left
        of their grace period; one who was connected waits with the whole of it."""
        seat = cls(stored["key"], stored["user"], stored["name"], stored["ip"])
        away_until = stored.get("away_until")
        if isinstance(away_until, int | float):
            seat.grace_until = now + max(0.0, away_until - stopped_at)
        else:
            seat.grace_until, seat.awaiting = full_grace, True
        return seat
