"""A table's numbered event stream, kept so that a returning client gets
exactly the events it missed (filtered for it) instead of a whole new view."""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from atout.server.clients import Client, encode

KEPT: Final = 5000


@dataclass(frozen=True, slots=True)
class Numbered:
    seq: int
    text: str
    """The encoded message, shared by every viewer allowed to see it."""
    to: frozenset[int] | None

    def visible_to(self, viewer: int) -> bool:
        return self.to is None or viewer in self.to


@dataclass
class EventLog:
    """Numbers a table's events and sends each to the viewers that may see it.

    ``epoch`` changes whenever the numbering starts again (a new server
    process): numbers from another epoch mean nothing here.
    """

    table: str
    seq: int = 0
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    kept: deque[Numbered] = field(default_factory=lambda: deque(maxlen=KEPT))

    def emit(
        self,
        kind: str,
        data: dict[str, Any],
        to: frozenset[int] | None,
        audience: Iterable[tuple[Client, int]],
    ) -> None:
        """Number an event, keep it, and send it to ``audience`` (client, viewer) pairs."""
        self.seq += 1
        message = {
            "type": "event",
            "table": self.table,
            "seq": self.seq,
            "kind": kind,
            "data": data,
        }
        event = Numbered(self.seq, encode(message), to)
        self.kept.append(event)
        for client, viewer in audience:
            if event.visible_to(viewer):
                client.send_text(event.text)

    def missed(self, last_seq: int, epoch: str | None, viewer: int) -> Iterator[str] | None:
        """The encoded events after ``last_seq`` that ``viewer`` may see, or None
        when they are no longer all kept (the client needs a fresh snapshot)."""
        first = self.kept[0].seq if self.kept else self.seq + 1
        if epoch != self.epoch or last_seq + 1 < first or last_seq > self.seq:
            return None
        return (e.text for e in self.kept if e.seq > last_seq and e.visible_to(viewer))
