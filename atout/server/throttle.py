"""Throttles whose memory is bounded whatever a flood sends: a fixed number of
keys (client addresses, account names) is remembered, the oldest forgotten.

``Rate`` lets a key act ``burst`` times at once and then ``per_second`` on
average (guest creation, registrations, connections, friend requests,
invitations). ``Backoff`` lets a key fail ``free`` times, then makes each
further try wait twice as long as the last, up to ``longest`` seconds, until a
success (logins, invitation codes).

Each node counts in its own memory. In a cluster the per-account throttles
(sign-ins per account name, friend requests, invitations) and those guarding
accounts and tables per address (new accounts, new guests and their
invitations, sign-in failures, wrong invitation codes) are counted once for
every node, in Redis (``shared_limits``): a limit must not grow with the nodes
a round-robin proxy spreads the tries over. Those guarding a node's own
connections and sockets stay its own.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Generic, TypeVar

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection, Request

    from atout.server.shared_limits import SharedLimits

KEYS_KEPT: Final = 50_000
V = TypeVar("V")


@dataclass
class _Bounded(Generic[V]):
    """A dict keeping its ``limit`` most recently used keys."""

    limit: int = KEYS_KEPT
    items: OrderedDict[str, V] = field(default_factory=OrderedDict)

    def get(self, key: str) -> V | None:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def put(self, key: str, value: V) -> None:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.limit:
            self.items.popitem(last=False)

    def drop(self, key: str) -> None:
        self.items.pop(key, None)


@dataclass
class Rate:
    """A token bucket per key."""

    burst: float
    per_second: float
    _buckets: _Bounded[tuple[float, float]] = field(default_factory=_Bounded)

    def wait(self, key: str) -> float:
        """0 and one token taken when ``key`` may act now, else the seconds to wait."""
        now = time.monotonic()
        tokens, stamp = self._buckets.get(key) or (self.burst, now)
        tokens = min(self.burst, tokens + (now - stamp) * self.per_second)
        if tokens < 1:
            self._buckets.put(key, (tokens, now))
            return (1 - tokens) / self.per_second
        self._buckets.put(key, (tokens - 1, now))
        return 0.0


@dataclass
class Backoff:
    """Failures per key, with a doubling wait once the free ones are used up;
    a key that has not failed for ``window`` seconds starts again."""

    free: int
    first: float = 1.0
    longest: float = 300.0
    window: float = 900.0
    _state: _Bounded[tuple[int, float, float]] = field(default_factory=_Bounded)
    """failures, until when the key waits, last failure"""

    def wait(self, key: str) -> float:
        """Seconds ``key`` must still wait before its next try (0: it may try)."""
        _, until, _ = self._state.get(key) or (0, 0.0, 0.0)
        return max(0.0, until - time.monotonic())

    def failed(self, key: str) -> None:
        """Count a failure (or a try not yet known to succeed: counted before the
        check, concurrent tries cannot slip past the free ones together)."""
        now = time.monotonic()
        failures, until, last = self._state.get(key) or (0, 0.0, now)
        failures = 1 if now - last > self.window else failures + 1
        extra = failures - self.free
        if extra >= 0:
            until = now + min(self.longest, self.first * 2**extra)
        self._state.put(key, (failures, until, now))

    def attempt(self, key: str) -> float:
        """``wait``, and when it is 0 the try counted as failed (``failed``) at once."""
        wait = self.wait(key)
        if not wait:
            self.failed(key)
        return wait

    def forgive(self, key: str) -> None:
        """Take back one counted try that succeeded."""
        failures, until, last = self._state.get(key) or (0, 0.0, 0.0)
        if failures > 1:
            self._state.put(key, (failures - 1, until, last))
        else:
            self._state.drop(key)

    def succeeded(self, key: str) -> None:
        self._state.drop(key)


@dataclass
class Guards:
    """Every throttle of one server, per client address unless said otherwise.
    Addresses in ``exempt`` (a load generator, a trusted proxy's own checks)
    pass the per-address ones."""

    login_address: Backoff = field(default_factory=lambda: Backoff(free=20, longest=300))
    login_name: Backoff = field(default_factory=lambda: Backoff(free=5, longest=900))
    """Per account name: the one that a spread-out guessing attack cannot dodge."""
    registrations: Rate = field(default_factory=lambda: Rate(burst=5, per_second=5 / 3600))
    guests: Rate = field(default_factory=lambda: Rate(burst=20, per_second=1 / 6))
    connections: Rate = field(default_factory=lambda: Rate(burst=30, per_second=1))
    codes: Backoff = field(default_factory=lambda: Backoff(free=5, longest=600))
    """Wrong invitation codes."""
    friend_requests: Rate = field(default_factory=lambda: Rate(burst=20, per_second=20 / 3600))
    """Per account: friend requests, found or not (no spam, no probing names)."""
    invitations: Rate = field(default_factory=lambda: Rate(burst=10, per_second=1 / 60))
    """Per account (a guest: per address, as a guest is cheap to make): invitations
    by name to a table, found or not (no flooding anyone's sockets)."""
    tournaments: Rate = field(default_factory=lambda: Rate(burst=10, per_second=10 / 3600))
    """New tournaments (duplicate or libre): a guest is cheap to make, and a new
    one every 6 s could each keep 100 tournaments."""
    sockets_per_address: int = 40
    exempt: frozenset[str] = frozenset()
    shared: SharedLimits | None = None
    """In a cluster: where the per-account throttles, and the per-address ones
    but connections and sockets, are counted for every node."""

    def holder(self, request: Request) -> str | None:
        """The client address a request's jobs are counted against (one at a
        time: a replay, an export, a review), None for an address trusted to
        check its own clients (``exempt``)."""
        address = client_address(request)
        return None if address in self.exempt else address

    def wait(self, throttle: Rate | Backoff, address: str) -> float:
        """Seconds before ``address`` may go on; 0 takes the chance."""
        if address in self.exempt:
            return 0.0
        return throttle.wait(address)

    async def take_address(self, throttle: Rate | Backoff, kind: str, address: str) -> float:
        """As ``wait``, counted for every node of a cluster (behind a round-robin
        proxy one address would have each node's allowance). 0 takes a rate's
        token (new accounts, new guests), or counts a backoff's try as failed
        until ``forgive_address`` (a password, an invitation code: concurrent
        tries cannot slip past the free ones together)."""
        if address in self.exempt:
            return 0.0
        return await self._take(throttle, kind, f"a:{address}")

    async def forgive_address(self, throttle: Backoff, kind: str, address: str) -> None:
        """Take back a try of ``take_address`` that succeeded, or was not made."""
        if address in self.exempt:
            return
        if self.shared is None:
            throttle.forgive(f"a:{address}")
        else:
            await self.shared.forgive(throttle, kind, f"a:{address}")

    async def try_sign_in(self, name_key: str) -> float:
        """Seconds before account ``name_key`` may try a password; 0 counts the
        try as failed until ``signed_in`` (concurrent tries cannot slip past the
        free ones together)."""
        return await self._take(self.login_name, "login", name_key)

    async def signed_in(self, name_key: str) -> None:
        self.login_name.succeeded(name_key)
        if self.shared is not None:
            await self.shared.forget("login", name_key)

    async def try_friend_request(self, user: int) -> float:
        """Seconds before player ``user`` may ask for a friend; 0 takes the chance."""
        return await self._take(self.friend_requests, "friends", f"u:{user}")

    async def try_invite(self, user: int | None, address: str) -> float:
        """Seconds before a player (``user``, or a guest from ``address``) may
        invite someone to a table; 0 takes the chance."""
        if user is None:
            return await self.take_address(self.invitations, "invites", address)
        return await self._take(self.invitations, "invites", f"u:{user}")

    async def _take(self, throttle: Rate | Backoff, kind: str, key: str) -> float:
        if self.shared is None:
            return take(throttle, key)
        return await self.shared.take(throttle, kind, key)


def take(throttle: Rate | Backoff, key: str) -> float:
    """A try of ``key``, counted in this node's memory: 0 when it may go on."""
    return throttle.wait(key) if isinstance(throttle, Rate) else throttle.attempt(key)


def client_address(connection: HTTPConnection) -> str:
    """The address a request or a websocket comes from (a trusted proxy's
    client's, when the server reads its forwarded header)."""
    return connection.client.host if connection.client else "unknown"
