"""Throttles whose memory is bounded whatever a flood sends: a fixed number of
keys (client addresses, account names) is remembered, the oldest forgotten.

``Rate`` lets a key act ``burst`` times at once and then ``per_second`` on
average (guest creation, registrations, connections, friend requests). ``Backoff`` lets a key
fail ``free`` times, then makes each further try wait twice as long as the
last, up to ``longest`` seconds, until a success (logins, invitation codes).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Final, Generic, TypeVar

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
    sockets_per_address: int = 40
    exempt: frozenset[str] = frozenset()

    def wait(self, throttle: Rate | Backoff, address: str, key: str | None = None) -> float:
        """Seconds before ``address`` (or ``key``) may go on; 0 takes the chance."""
        if key is None and address in self.exempt:
            return 0.0
        return throttle.wait(key if key is not None else address)
