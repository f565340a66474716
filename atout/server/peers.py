"""What a node knows of the other nodes of its cluster, from the summary each
one publishes every ``BEAT`` seconds: that it is alive, which registered users
have a socket open on it, and where they sit.

The summary is the whole state, not a change: a node that joins knows the
others after one beat, and one that stops beating is forgotten after
``FORGOTTEN`` seconds (its clients' stand-ins at this node's tables are then
disconnected, so their seats start their grace period).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

BEAT: Final = 2.0
FORGOTTEN: Final = 3 * BEAT


@dataclass(frozen=True, slots=True)
class SeatedAt:
    """A table as friends' presence needs it: who sits there, and who it lets in
    without its code (``Table.opens_to``, as its owner answered it)."""

    table: str
    seated: frozenset[str]
    """Keys of the registered players seated (not abandoned)."""
    public: bool
    admitted: frozenset[str]
    """Keys a private table lets in: its master, the invited, the seated."""
    master: str

    def opens_to(self, key: str, friend_keys: set[str]) -> bool:
        """Whether ``key`` (whose friends have ``friend_keys``) may enter without the code."""
        return self.public or key in self.admitted or self.master in friend_keys

    def wire(self) -> list[Any]:
        return [self.table, sorted(self.seated), self.public, sorted(self.admitted), self.master]

    @classmethod
    def read(cls, wire: list[Any]) -> SeatedAt:
        table, seated, public, admitted, master = wire
        return cls(table, frozenset(seated), public, frozenset(admitted), master)


@dataclass
class Peer:
    online: set[int]
    tables: list[SeatedAt]
    heard: float = field(default_factory=time.monotonic)


@dataclass
class Peers:
    """The other nodes, as last heard."""

    node: str
    known: dict[str, Peer] = field(default_factory=dict)

    def summary(self, online: Iterable[int | None], tables: Iterable[SeatedAt]) -> dict[str, Any]:
        """This node's beat."""
        users = sorted({user for user in online if user is not None})
        return {"beat": self.node, "online": users, "tables": [t.wire() for t in tables]}

    def heard(self, beat: dict[str, Any]) -> None:
        if beat["beat"] != self.node:
            tables = [SeatedAt.read(t) for t in beat["tables"]]
            self.known[beat["beat"]] = Peer(set(beat["online"]), tables)

    def seen(self, node: str) -> None:
        """A message came from ``node`` (a client's command): a node not heard
        beating yet is known from now on, so that it is forgotten if it falls
        silent. Its first beat may have come before this node listened, and one
        paused before its second was never let go of, its clients' seats kept."""
        if node != self.node and node not in self.known:
            self.known[node] = Peer(set(), [])

    def forget_silent(self) -> dict[str, Peer]:
        """Forget the nodes silent too long; returns them, as last heard."""
        now = time.monotonic()
        silent = [node for node, peer in self.known.items() if now - peer.heard > FORGOTTEN]
        return {node: self.known.pop(node) for node in silent}

    def online(self, besides: str | None = None) -> set[int]:
        """The users with a socket open on another node (but ``besides``)."""
        return set().union(*(p.online for node, p in self.known.items() if node != besides))

    def first(self, besides: str | None = None) -> bool:
        """Whether this node comes first by name of those it knows alive (but
        ``besides``): the one that speaks for them all of what they all see (a
        node gone silent, or heard again: the one heard again, which may come
        first by name, is left out, or nobody would speak of its return)."""
        return all(self.node < node for node in self.known if node != besides)

    def tables(self) -> list[SeatedAt]:
        return [table for peer in self.known.values() for table in peer.tables]
