"""What moves between the nodes of a cluster, over Redis (``atout[redis]``):
pub/sub messages to one node (a command for a table it owns, an update for a
client connected to it) or to all (lobby changes, invitations, takeovers), and
the lobby itself, a Redis hash of the public tables' info kept by their owners.

Messages are JSON objects. They leave through one queue drained by one task:
what is queued meanwhile for one channel goes as one JSON array, all channels in
one pipeline, so publishing never waits on the event loop, a busy node pays one
Redis message per channel and round rather than one per update, and messages
to a channel arrive in the order they were sent. Redis keeps nothing that must last: a lost
message is a command a client sends again, or an update the node makes good once
its link works again (``lost``, then ``back``: see ``resync``).

A message goes once or not at all, as an update applied twice would show a
game the table never had. So the Redis client retries nothing (redis-py
retries three times by default): a publish Redis carried out but did not
answer (killed meanwhile, or paused past ``IO_SECONDS``) would reach its
subscribers twice. And it waits ``IO_SECONDS`` at most: a Redis that stops
answering without closing its sockets (a paused process, a host gone) loses
the node's messages, made good as any loss, rather than holding them in a
queue that grows until it answers, while the other nodes, hearing nothing
of this one, let its clients go (``cluster``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import orjson

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger(__name__)
ALL: Final = "atout:all"
"""The channel every node listens to."""
LOBBY: Final = "atout:lobby"
"""The hash of the public tables: table id to its info as JSON."""
CONNECT_SECONDS: Final = 3.0
IO_SECONDS: Final = 5.0
"""The longest a node waits for Redis to answer a command, and listens to a
link that hears nothing."""
LISTEN_SECONDS: Final = 1.0
"""How long the listening link waits for a message before probing itself."""


class BusError(RuntimeError):
    """Redis cannot be used as configured; the message says what to do."""


def node_channel(node: str) -> str:
    """The channel one node listens to."""
    return f"atout:node:{node}"


def check(url: str) -> None:
    """Fail early, with a message for a person, when Redis is unusable: the extra
    not installed, or the server not answering."""
    try:
        import redis
    except ModuleNotFoundError:
        raise BusError(
            "--redis-url needs the Redis client: install atout with its extra "
            "(pip install 'atout[redis]')"
        ) from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=CONNECT_SECONDS)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError) as error:
        raise BusError(f"Redis at {url} cannot be reached ({error})") from None


Op = tuple[str, str, str, bytes | None]
"""(command, key or channel, field, payload): publish, probe (an empty message
to a channel), hset or hdel."""


class Bus:
    """One node's link to the others."""

    def __init__(
        self,
        url: str,
        node: str,
        heard: Callable[[dict[str, Any]], None],
        lost: Callable[[], None],
        back: Callable[[], None],
    ) -> None:
        self.url = url
        self.node = node
        self.heard = heard
        """Called on the event loop with each message for this node or for all."""
        self.lost = lost
        """Called when messages may have been lost: some failed to go, or the
        link that hears them broke."""
        self.back = back
        """Called once the link hears again after a loss."""
        self._unsure = False
        self.replaced = 0
        """Listening links taken for dead (nothing heard) or broken, and replaced."""
        self._out: asyncio.Queue[Op] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: Redis | None = None

    async def start(self) -> None:
        from redis.asyncio import Redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff
        from redis.exceptions import ConnectionError as Broken

        # A connection found broken is tried again once, at once, on a new one: the
        # pool's connections to a Redis that restarted failed once each (the lobby
        # then listed this node's tables only), however late they were used. A
        # timeout is not tried again: a hung Redis costs IO_SECONDS, not twice.
        self._redis = Redis.from_url(
            self.url,
            socket_connect_timeout=CONNECT_SECONDS,
            socket_timeout=IO_SECONDS,
            retry=Retry(NoBackoff(), 1, supported_errors=(Broken,)),
        )
        pubsub = await self._subscribe()
        self._tasks = [
            asyncio.create_task(self._listen(pubsub), name="bus-listen"),
            asyncio.create_task(self._send(), name="bus-send"),
        ]

    async def stop(self) -> None:
        """Send what is queued, then stop."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(2.0):
                while not self._out.empty():
                    await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(TimeoutError):  # a stop must end, whatever Redis does
            async with asyncio.timeout(CONNECT_SECONDS):
                await asyncio.gather(*self._tasks, return_exceptions=True)
                if self._redis is not None:
                    await self._redis.aclose()

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message to a channel (``ALL`` or ``node_channel``)."""
        self._out.put_nowait(("publish", channel, "", orjson.dumps(message)))

    def list_table(self, table: str, info: dict[str, Any] | None) -> None:
        """Put a public table's info in the lobby, or take it out (None), and tell
        every node's lobby watchers."""
        if info is None:
            self._out.put_nowait(("hdel", LOBBY, table, None))
            self.publish(ALL, {"lobby_remove": table})
        else:
            self._out.put_nowait(("hset", LOBBY, table, orjson.dumps(info)))
            self.publish(ALL, {"lobby_update": info})

    @property
    def hearing(self) -> bool:
        """False from a loss of messages until the listening link hears again."""
        return not self._unsure

    @property
    def redis(self) -> Redis:
        """The node's client, once started, for the other state nodes share in
        Redis (``shared_limits``): it tries a broken connection again once, on a new
        one, and waits ``IO_SECONDS`` at most."""
        assert self._redis is not None
        return self._redis

    async def lobby(self) -> list[dict[str, Any]]:
        """The public tables of every node."""
        assert self._redis is not None
        return [orjson.loads(text) for text in await self._redis.hvals(LOBBY)]

    async def _subscribe(self) -> Any:
        """A new listening link: its own connection, subscribed to this node's channels."""
        assert self._redis is not None
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(ALL, node_channel(self.node))
        return pubsub

    async def _listen(self, pubsub: Any) -> None:
        """Hear the messages for this node. The link is known to hear only by
        hearing: when nothing came for ``LISTEN_SECONDS`` this node sends itself
        an empty message, and a link that heard nothing for ``IO_SECONDS`` of
        listening is taken for dead (its host vanished, or hung) and replaced.
        Only listening counts: a wait that took longer than it should, because
        this node was paused (a frozen VM) or its loop held, counts as no more
        than twice its length, so a node that wakes reads what came meanwhile,
        waiting in its link, rather than dropping the link unread (a new link
        hears only what comes next, and the node would count what it missed as
        lost). After a loss the link counts as back once it heard a message and
        Redis answers a PING."""
        assert self._redis is not None
        loop = asyncio.get_running_loop()
        silent = 0.0  # seconds this link listened and heard nothing
        while True:
            try:
                asked = loop.time()
                message = await pubsub.get_message(timeout=LISTEN_SECONDS)
                if message is None:
                    silent += min(loop.time() - asked, 2 * LISTEN_SECONDS)
                    if silent > IO_SECONDS:
                        raise TimeoutError(f"nothing heard for {IO_SECONDS:g} s")
                    self._out.put_nowait(("probe", node_channel(self.node), "", None))
                    continue
                silent = 0.0
                if self._unsure:  # hearing proves the link, not that Redis takes commands
                    await self._redis.ping()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: a new link, the node goes on
                log.error("redis: cannot listen (%s); retrying", str(error).splitlines()[0])
                self.replaced += 1
                self._lose()
                pubsub = await self._resubscribe(pubsub)
                silent = 0.0
                continue
            if self._unsure:
                self._unsure = False
                log.warning("redis: listening again")
                self.back()
            for one in orjson.loads(message["data"]):
                try:
                    self.heard(one)
                except Exception:  # one bad message must not stop the node hearing
                    log.exception("bus: a message could not be handled")

    async def _resubscribe(self, pubsub: Any) -> Any:
        """Drop a listening link that failed and open another, a second later: a
        link to a vanished host never closes by itself, and nothing comes on it."""
        with contextlib.suppress(Exception):
            await pubsub.aclose()
        while True:
            await asyncio.sleep(1.0)
            try:
                return await self._subscribe()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.error("redis: cannot subscribe (%s)", str(error).splitlines()[0])

    async def _send(self) -> None:
        assert self._redis is not None
        while True:
            ops = [await self._out.get()]
            while not self._out.empty():
                ops.append(self._out.get_nowait())
            pipe = self._redis.pipeline(transaction=False)
            batches: dict[str, list[bytes]] = {}
            for command, key, field, payload in ops:
                if command == "publish":
                    assert payload is not None
                    batches.setdefault(key, []).append(payload)
                elif command == "probe":
                    batches.setdefault(key, [])
                elif command == "hset":
                    assert payload is not None
                    pipe.hset(key, field, payload)
                else:
                    pipe.hdel(key, field)
            for channel, payloads in batches.items():
                pipe.publish(channel, b"[" + b",".join(payloads) + b"]")
            try:
                await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.error("redis: %d messages lost (%s)", len(ops), str(error).splitlines()[0])
                self._lose()

    def _lose(self) -> None:
        self._unsure = True
        self.lost()
