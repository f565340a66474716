"""A table's numbered event stream, kept so that a returning client gets
exactly the events it missed (filtered for it) instead of a whole snapshot.

The log only numbers and keeps events; the table decides how they travel (an
action's events inside each viewer's ``update``, the table's own events as
``event`` messages), so the same entry serves a live message and a resume.

Kept events are plain tuples of numbers, strings and bytes (their data as
JSON), which the garbage collector stops tracking: a thousand tables keeping
their last 5000 events as objects held some twelve million tracked objects,
and each full collection walked them all while every table waited (over a
second). A resume, which is rare, reads them back.
"""

from __future__ import annotations

import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final

import orjson

from atout.game import Event

KEPT: Final = 5000


@dataclass(frozen=True, slots=True)
class Numbered:
    """An event with its number. It keeps the engine's (or the table's) Event,
    whose ``visible_to`` is the one rule of who may see it: the log never
    decides that itself."""

    seq: int
    event: Event

    @property
    def entry(self) -> dict[str, Any]:
        """``{seq, kind, data}``: the event as clients receive it."""
        return {"seq": self.seq, "kind": self.event.kind, "data": self.event.data}


@dataclass
class EventLog:
    """Numbers a table's events without gaps and keeps the last ``KEPT``.

    ``epoch`` changes whenever the numbering starts again (a new server
    process): numbers from another epoch mean nothing here.
    """

    seq: int = 0
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    kept: deque[tuple[int, str, bytes, int | None]] = field(
        default_factory=lambda: deque(maxlen=KEPT)
    )
    """Per event: its number, kind, data (JSON) and the bit set of the seats
    that may see it (None: everyone)."""

    def number(self, event: Event) -> Numbered:
        """Give an event the next number and keep it for later resumes."""
        self.seq += 1
        to = None if event.to is None else sum(1 << seat for seat in event.to)
        self.kept.append((self.seq, event.kind, orjson.dumps(event.data), to))
        return Numbered(self.seq, event)

    def missed(self, last_seq: int, epoch: str | None, viewer: int) -> list[dict[str, Any]] | None:
        """The events after ``last_seq`` that ``viewer`` may see, or None when
        they are no longer all kept (the client needs a fresh snapshot)."""
        first = self.kept[0][0] if self.kept else self.seq + 1
        if epoch != self.epoch or last_seq + 1 < first or last_seq > self.seq:
            return None
        missed = []
        for seq, kind, data, to in self.kept:
            if seq > last_seq:
                seats = None if to is None else frozenset(_seats(to))
                event = Event(kind, orjson.loads(data), seats)
                if event.visible_to(viewer):
                    missed.append(Numbered(seq, event).entry)
        return missed


def _seats(mask: int) -> list[int]:
    return [seat for seat in range(mask.bit_length()) if mask >> seat & 1]
