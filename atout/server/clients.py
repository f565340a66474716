"""A connected client as tables see it: who it is, where from, and its way out:
frames written at once when the socket takes them, else a bounded queue, so
that a slow reader never blocks a table's task."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, cast

import orjson

from atout.server.accounts import Identity

OUTGOING_LIMIT: Final = 1000
OUTGOING_CHARACTERS: Final = 8 * 2**20
"""What the texts waiting for one client may hold in all, each text counted
once however often it waits (one tournament's view, shared by every socket, is
one copy): snapshots of a table with a long chat are a few hundred kilobytes,
and a client asking for them without reading once held 1,000 of them, 70 MB a
socket."""
_ids = itertools.count(1)


def encode(message: dict[str, Any]) -> str:
    """A message's compact JSON text, non-ASCII kept as is: the same text as
    ``json.dumps(message, separators=(",", ":"), ensure_ascii=False)``, about ten
    times faster (every update is encoded once per viewer, on the event loop).
    Keys must be strings (orjson refuses others, where json would turn an int into
    a string): the engines' views, events and results have string keys only."""
    return orjson.dumps(message).decode()


Send = Callable[[dict[str, Any]], Awaitable[None]]
"""The ASGI ``send`` of a websocket connection."""


@dataclass(eq=False)
class Client:
    """One websocket connection; ``send`` never blocks.

    A text goes out at once, in the caller's own step, when nothing is waiting
    before it and the socket's ``send`` finishes without suspending (its transport
    is writable): no queue, no task to wake. Otherwise it waits in ``out``, in
    order, for ``drain``, the connection's writer task; a client that lets
    ``OUTGOING_LIMIT`` texts, or ``OUTGOING_CHARACTERS`` characters, pile up there
    is disconnected."""

    identity: Identity
    ip: str
    key: str
    """Stable identity across connections: ``u:<user id>`` or ``g:<guest secret hash>``."""
    session: str | None = None
    """The hash of a user's session token: logout closes its connections."""
    out: deque[str | _Unfinished] = field(default_factory=deque)
    """What is not written yet, oldest first; the head stays until written."""
    id: int = field(default_factory=lambda: next(_ids))
    waiting: int = 0
    """The characters of the texts in ``out``, each text once."""
    _texts: dict[int, int] = field(default_factory=dict, init=False, repr=False)
    """How often each text in ``out`` waits there, by its ``id``."""
    closed: bool = False
    close_code: int = 1000
    """The websocket close code the writer sends (1008 for a flood)."""
    _send: Send | None = field(default=None, init=False, repr=False)
    """The socket's ``send`` while texts may go out at once (see ``drain``)."""
    _wake: asyncio.Future[None] | None = field(default=None, init=False, repr=False)
    """What ``drain`` waits on, with nothing to write (a plain future: an
    ``asyncio.Queue`` would ask for the running loop, a ``getpid`` on 3.11)."""

    def send(self, message: dict[str, Any]) -> None:
        """Send or queue a message; a client too slow to keep up is disconnected."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send or queue an already encoded message (one encoding for many viewers)."""
        if self.closed:
            return
        if self.out or self._send is None:
            self._queue(text, text)
            return
        sending = cast(Coroutine[Any, Any, None], self._send(_frame(text)))
        try:
            blocked = sending.send(None)
        except StopIteration:
            return  # written
        except Exception:  # the socket is gone: the reader sees it close
            self._send = None
            return
        self._queue(_Unfinished(sending, blocked, text), text)

    def _queue(self, waiting: str | _Unfinished, text: str) -> None:
        """Put ``waiting`` (``text``, or its send begun) in ``out`` for ``drain``, or
        close a client whose queue is full."""
        new = 0 if id(text) in self._texts else len(text)
        if len(self.out) >= OUTGOING_LIMIT or self.waiting + new > OUTGOING_CHARACTERS:
            if isinstance(waiting, _Unfinished):
                waiting.sending.close()
            self.close()
            return
        self.out.append(waiting)
        self._texts[id(text)] = self._texts.get(id(text), 0) + 1
        self.waiting += new
        self._woken()

    def _written(self, text: str) -> None:
        """Forget a text of ``out`` once written."""
        left = self._texts.pop(id(text)) - 1
        if left:
            self._texts[id(text)] = left
        else:
            self.waiting -= len(text)

    def close(self, code: int = 1000) -> None:
        """Ask the writer to close the socket with ``code`` once ``out`` is written."""
        if not self.closed:
            self.closed, self.close_code = True, code
            self._woken()

    async def drain(self, send: Send) -> None:
        """The writer: from now on texts go out through ``send``, at once when
        they can, else here in order; once closed, the close frame. Ends quietly
        when the socket fails (its reader then sees the disconnection)."""
        self._send = send
        loop = asyncio.get_running_loop()
        try:
            while True:
                while self.out:
                    head = self.out[0]
                    await (send(_frame(head)) if isinstance(head, str) else head)
                    self.out.popleft()
                    self._written(head if isinstance(head, str) else head.text)
                if self.closed:
                    break
                self._wake = loop.create_future()
                await self._wake
            await send({"type": "websocket.close", "code": self.close_code})
        except Exception:
            self._send = None

    def _woken(self) -> None:
        if self._wake is not None:
            if not self._wake.done():
                self._wake.set_result(None)
            self._wake = None


def _frame(text: str) -> dict[str, Any]:
    return {"type": "websocket.send", "text": text}


@dataclass
class _Unfinished:
    """A ``send`` that suspended at its first step (a transport not writable):
    awaited, it runs to its end as the task it never had would have."""

    sending: Coroutine[Any, Any, None]
    blocked: Any
    """What it yielded: the future it waits for (None: a bare yield)."""
    text: str

    def __await__(self) -> Generator[Any, None, None]:
        blocked = self.blocked
        while True:
            try:
                yield blocked
            except BaseException as error:  # cancelled: it is told, as a task would
                step = partial(self.sending.throw, error)
            else:  # what it waited for is done: it reads the outcome itself
                step = partial(self.sending.send, None)
            try:
                blocked = step()
            except StopIteration:
                return


@dataclass
class RateLimiter:
    """Token bucket: ``rate`` messages a second on average, bursts up to ``burst``."""

    rate: float
    burst: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0
    """Messages refused in the flood under way: counted again from 0 once the
    client has slowed down long enough for its whole burst to come back, so that
    a client bursting now and then is never taken for one that keeps flooding."""

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= self.burst:
            self.refused = 0
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
