"""A table's commands, waited for until its next timer is due.

Every command a table takes went through an ``asyncio.Queue`` awaited under
``asyncio.timeout``: a Timeout object, its context manager's coroutines, a
timer handle and, on Python 3.11, a ``getpid`` call each time the queue or the
timeout looked for the running loop; five microseconds of the event loop per
command at best, four times that among a thousand tables' cold data. Here a
command is one append, and waiting is one future and one timer handle.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """Items in the order they came, for one task to take."""

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def put(self, item: T) -> None:
        self._items.append(item)
        if self._waiter is not None:
            _wake(self._waiter)

    def __bool__(self) -> bool:
        return bool(self._items)

    def take(self) -> T:
        """The oldest item (IndexError if there is none)."""
        return self._items.popleft()

    async def wait(self, seconds: float) -> bool:
        """Wait until an item is there, at most ``seconds``: whether one is. A
        cancelled wait leaves the items where they are."""
        if self._items:
            return True
        loop = asyncio.get_running_loop()
        self._waiter = waiter = loop.create_future()
        timer = loop.call_later(seconds, _wake, waiter)
        try:
            await waiter
        finally:
            timer.cancel()
            self._waiter = None
        return bool(self._items)


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
