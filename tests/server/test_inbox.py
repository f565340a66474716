"""A table's inbox (``atout.server.inbox``): items in order, a wait that ends
when one comes or when its time is up, and a cancelled wait that loses nothing."""

from __future__ import annotations

import asyncio
import time

from atout.server.inbox import Inbox


def test_items_come_out_in_the_order_they_went_in() -> None:
    inbox: Inbox[int] = Inbox()
    for item in (3, 1, 2):
        inbox.put(item)
    assert [inbox.take() for _ in range(3)] == [3, 1, 2]
    assert not inbox


def test_a_wait_ends_when_an_item_comes_or_when_its_time_is_up() -> None:
    async def scenario() -> tuple[bool, float, bool, float]:
        inbox: Inbox[str] = Inbox()
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        loop.call_later(0.05, inbox.put, "act")
        came = await inbox.wait(5.0)
        woken_after = time.monotonic() - started
        inbox.take()
        started = time.monotonic()
        timed_out = await inbox.wait(0.05)
        return came, woken_after, timed_out, time.monotonic() - started

    came, woken_after, timed_out, waited = asyncio.run(scenario())
    assert came and woken_after < 1.0  # woken by the item, long before 5 s
    assert not timed_out and waited >= 0.04


def test_a_cancelled_wait_leaves_the_items_there() -> None:
    async def scenario() -> list[int]:
        inbox: Inbox[int] = Inbox()
        waiting = asyncio.create_task(inbox.wait(5.0))
        await asyncio.sleep(0.01)
        inbox.put(7)  # comes as the wait is cancelled
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        inbox.put(8)
        assert await inbox.wait(0.0)  # an item is there: no wait at all
        return [inbox.take(), inbox.take()]

    assert asyncio.run(scenario()) == [7, 8]
