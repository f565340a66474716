"""The tables each player leads across a cluster, counted in Redis: the limit of
``hub.TABLES_PER_MASTER`` open tables per master is the cluster's, not each
node's (behind N nodes a player could otherwise open N times as many).

Per master key, a Redis sorted set of the ids of the open tables they lead,
each scored by when it lapses (Redis's clock, in ms). A new table is claimed
before it opens by one Lua script, which drops what lapsed, counts and adds
at once: creations at the same moment on several nodes cannot both slip past
the limit. Each table's owner keeps its own tables' entries alive
(``keep``, every beat), moves an entry when its table's master changes and
removes it when the table closes; a table that closed while Redis heard
nothing, or whose node died and nobody took over, lapses after
``lapse_seconds``. A table taken over is kept by its new owner from then on.
A Redis restarted empty counts again from the owners' next beat.

When Redis does not answer a claim within ``DEADLINE_SECONDS`` (or the bus
does not hear it) the node decides alone, by its own tables, as a single
server does: no creation fails for Redis's fault.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from atout.server.shared_limits import REDIS_NOW

if TYPE_CHECKING:
    from atout.server.bus import Bus

log = logging.getLogger(__name__)
PREFIX: Final = "atout:masters:"
DEADLINE_SECONDS: Final = 0.5
"""The longest a claim waits for Redis (a script of a millisecond)."""

CLAIM: Final = (
    REDIS_NOW
    + """
local table, limit, lapse = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], table) and redis.call('ZCARD', KEYS[1]) >= limit then
    return 0
end
redis.call('ZADD', KEYS[1], now + lapse, table)
redis.call('PEXPIRE', KEYS[1], lapse)
return 1
"""
)
"""1 if the table is now counted for its master (KEYS[1]), 0 if they lead too many
already; ARGV: the table, the limit, the lapse in milliseconds."""

KEEP: Final = (
    REDIS_NOW
    + """
local lapse = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now + lapse, ARGV[i + 1])
    redis.call('PEXPIRE', key, lapse)
end
return 0
"""
)
"""Count each table (ARGV[2...]) for its master (KEYS, in the same order) for
another lapse (ARGV[1], in milliseconds)."""


def key_of(master: str) -> str:
    return PREFIX + master


class Masters:
    """One node's link to the cluster's count of tables per master. What it
    changes goes in order (a lock): a table's master moved, then the table
    closed, leaves nothing counted."""

    def __init__(self, bus: Bus, lapse_seconds: float) -> None:
        self.bus = bus
        self.lapse_ms = round(lapse_seconds * 1000)
        self.kept: dict[str, str] = {}
        """This node's tables counted in Redis: table id to its master's key."""
        self._lock = asyncio.Lock()
        self._scripts: dict[str, Any] = {}

    async def claim(self, master: str, table: str, limit: int) -> bool | None:
        """Count a new table for ``master`` unless they lead ``limit`` open tables
        already: True (counted), False (refused), None (Redis did not answer:
        the node decides alone)."""
        if not self.bus.hearing:
            return None
        try:
            async with asyncio.timeout(DEADLINE_SECONDS):
                args = [table, limit, self.lapse_ms]
                counted: int = await self._script(CLAIM)(keys=[key_of(master)], args=args)
        except Exception as error:  # Redis away: the node's own count decides
            log.warning("redis: tables per master counted here (%s)", _reason(error))
            return None
        if counted:
            self.kept[table] = master
        return bool(counted)

    async def keep(self, tables: Callable[[], Mapping[str, str]]) -> None:
        """Keep counting this node's open ``tables()`` (id to master key, empty for
        none yet) for their masters; a table whose master changed is no longer
        counted for the one before, and one no longer here for nobody."""
        async with self._lock:
            now, kept = tables(), list(self.kept.items())
            for table, master in kept:
                if now.get(table) != master:
                    await self._drop(table)
            await self._count({table: master for table, master in now.items() if master})

    async def moved(self, table: str, master: str) -> None:
        """A table of this node has a new ``master`` (empty: none)."""
        async with self._lock:
            await self._drop(table)
            await self._count({table: master} if master else {})

    async def drop(self, table: str) -> None:
        """Count a table for its master no longer (closed, or never opened)."""
        async with self._lock:
            await self._drop(table)

    def forget(self, table: str) -> None:
        """A table this node no longer owns (another took it over and keeps it)."""
        self.kept.pop(table, None)

    async def _drop(self, table: str) -> None:
        master = self.kept.pop(table, None)
        if master is not None:
            await self.bus.redis.zrem(key_of(master), table)

    async def _count(self, mastered: Mapping[str, str]) -> None:
        if not mastered:
            return
        self.kept.update(mastered)
        keys = [key_of(master) for master in mastered.values()]
        args: list[Any] = [self.lapse_ms, *mastered]
        await self._script(KEEP)(keys=keys, args=args)

    def _script(self, text: str) -> Any:
        """The script, registered once (run by its hash, sent again after a Redis restart)."""
        if text not in self._scripts:
            self._scripts[text] = self.bus.redis.register_script(text)
        return self._scripts[text]


def _reason(error: Exception) -> str:
    if isinstance(error, TimeoutError):
        return f"no answer within {DEADLINE_SECONDS:g} s"
    return (str(error).splitlines() or [type(error).__name__])[0]
