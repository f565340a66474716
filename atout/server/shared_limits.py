"""The per-account throttles of a cluster, and its per-address ones guarding
accounts and tables (new accounts and guests, sign-in failures, wrong
invitation codes, guests' invitations), counted once for every node in Redis:
behind a round-robin proxy an account's (or an address's) tries reach every
node, and a count kept by each node would let it N times as many (a password
guessed 5 × N times before the first wait, friend requests 20 × N, accounts
created 5 × N an hour, and a player seated at tables of N nodes would send N
times the invitations).

Each try is one Lua script, the same counting as ``throttle.Backoff`` or
``throttle.Rate`` on a Redis hash per key, read, decided and written at once
(nodes trying the same key together cannot both slip past its limit) by Redis's
own clock (the nodes' clocks may differ). A key expires once it would be
forgotten or full again, so Redis keeps only the keys in use.

When Redis does not answer (the bus does not hear it, or the script fails) a
node counts the try in its own memory instead, as a single server does: a
request is never refused for Redis's fault, and an account's tries are still
limited, N times less strictly, until Redis is back. A try waits for Redis
``DEADLINE_SECONDS`` at most, not the bus's ``IO_SECONDS``: a hung Redis (a
paused process, a vanished host) answers nothing and closes nothing, and each
sign-in would wait the whole time. After a failure the node counts alone for
``RETRY_SECONDS`` without asking Redis at all, then asks it again: a hung
Redis costs the tries under way a short wait every ``RETRY_SECONDS``, not
every try a long one, and the first answer makes the counts the cluster's
again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Final

from atout.server.throttle import Backoff, Rate, take

if TYPE_CHECKING:
    from atout.server.bus import Bus

log = logging.getLogger(__name__)
PREFIX: Final = "atout:limit:"
DEADLINE_SECONDS: Final = 0.5
"""The longest a try waits for Redis: the script takes a millisecond, and a
node's loop may fall behind by a few hundred in bursts (docs/deploy.md, Capacity)."""
RETRY_SECONDS: Final = 5.0
"""How long a node counts alone, without asking Redis, after Redis failed a try."""

REDIS_NOW: Final = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
"""
"""The start of a Lua script that reads Redis's own clock as ``now`` (ms): every
node's script counts on one clock, whatever the nodes' own."""

BACKOFF: Final = (
    REDIS_NOW
    + """
local free, first, longest, window = tonumber(ARGV[1]), tonumber(ARGV[2]),
    tonumber(ARGV[3]), tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'failures', 'until', 'last')
local failures = tonumber(state[1]) or 0
local waits = tonumber(state[2]) or 0
local last = tonumber(state[3]) or now
if waits > now then
    return waits - now
end
if now - last > window then failures = 1 else failures = failures + 1 end
if failures >= free then
    waits = now + math.min(longest, first * 2 ^ (failures - free))
end
redis.call('HSET', KEYS[1], 'failures', failures, 'until', waits, 'last', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(window, waits - now)) + 1)
return 0
"""
)
"""Milliseconds the key must wait (0: the try counted as failed until forgotten);
ARGV: free, then first, longest and window in milliseconds."""

RATE: Final = (
    REDIS_NOW
    + """
local burst, per_ms = tonumber(ARGV[1]), tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(state[1]) or burst
local stamp = tonumber(state[2]) or now
tokens = math.min(burst, tokens + (now - stamp) * per_ms)
local wait = 0
if tokens < 1 then wait = math.ceil((1 - tokens) / per_ms) else tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / per_ms) + 1)
return wait
"""
)
"""Milliseconds the key must wait (0: a token taken); ARGV: burst, tokens per ms."""

FORGIVE: Final = """
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures')) or 0
if failures > 1 then
    redis.call('HINCRBY', KEYS[1], 'failures', -1)
else
    redis.call('DEL', KEYS[1])
end
return 0
"""
"""Take back one counted try of a ``BACKOFF`` key, as ``throttle.Backoff.forgive``."""


class SharedLimits:
    """One node's link to the cluster's per-account counts, through its bus's client."""

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.local = False
        """Counting in this node's memory since Redis failed a try (logged once)."""
        self._ask_at = 0.0
        """When Redis may be asked again (``time.monotonic``), after a failure."""
        self._scripts: dict[str, Any] = {}

    async def take(self, throttle: Backoff | Rate, kind: str, key: str) -> float:
        """Seconds before ``key`` may go on; 0 takes the chance, as ``throttle.take``."""
        args: list[float]
        if isinstance(throttle, Backoff):
            times = (throttle.first, throttle.longest, throttle.window)
            script, args = BACKOFF, [throttle.free, *(round(t * 1000) for t in times)]
        else:
            script, args = RATE, [throttle.burst, throttle.per_second / 1000]
        if self._asking():
            try:
                async with asyncio.timeout(DEADLINE_SECONDS):
                    waits: int = await self._script(script)(
                        keys=[PREFIX + kind + ":" + key], args=args
                    )
            except Exception as error:  # Redis away: counted here, never a 500
                self._fall_back(error)
            else:
                self._shared()
                return waits / 1000
        return take(throttle, key)

    async def forgive(self, throttle: Backoff, kind: str, key: str) -> None:
        """Take back one try of ``key`` that succeeded (counted here while Redis is away)."""
        if self._asking():
            try:
                async with asyncio.timeout(DEADLINE_SECONDS):
                    await self._script(FORGIVE)(keys=[PREFIX + kind + ":" + key])
            except Exception as error:  # counted as failed until its window ends
                self._fall_back(error)
            else:
                return
        throttle.forgive(key)

    async def forget(self, kind: str, key: str) -> None:
        """Forget ``key``'s failures (a success)."""
        if self._asking():
            try:
                async with asyncio.timeout(DEADLINE_SECONDS):
                    await self.bus.redis.delete(PREFIX + kind + ":" + key)
            except Exception as error:  # its failures expire with their window
                self._fall_back(error)

    def _asking(self) -> bool:
        """Whether to ask Redis: the bus hears it, and it failed no try for
        ``RETRY_SECONDS``. (A try timed out may still be counted by Redis, when
        it was slow rather than hung: counted twice, never less.)"""
        return self.bus.hearing and time.monotonic() >= self._ask_at

    def _script(self, text: str) -> Any:
        """The script, registered once (run by its hash, sent again after a Redis restart)."""
        if text not in self._scripts:
            self._scripts[text] = self.bus.redis.register_script(text)
        return self._scripts[text]

    def _fall_back(self, error: Exception) -> None:
        self._ask_at = time.monotonic() + RETRY_SECONDS
        if not self.local:
            self.local = True
            reason = (str(error).splitlines() or [type(error).__name__])[0]
            if isinstance(error, TimeoutError):  # the deadline's, which says nothing
                reason = f"no answer within {DEADLINE_SECONDS:g} s"
            log.error(
                "redis: shared limits (per account, and per address but sockets) counted "
                "by this node alone (%s); asking Redis again every %g s",
                reason,
                RETRY_SECONDS,
            )

    def _shared(self) -> None:
        if self.local:
            self.local = False
            log.warning("redis: shared limits counted for the cluster again")
