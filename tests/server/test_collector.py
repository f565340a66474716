"""The serving process's garbage collection (``atout.server.collector``): young
objects collected on a clock, a full collection's survivors frozen, and a
cycle that died frozen freed at the next thaw. Each test puts the process's
own policy back: the other tests' servers run in this process."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from atout.server import collector


class Node:
    """A cycle, as the collector alone can free it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def own_policy() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)
    if collector._freeze_after_full in gc.callbacks:
        gc.callbacks.remove(collector._freeze_after_full)
    gc.unfreeze()
    gc.collect()


def test_what_survives_a_full_collection_is_frozen_and_a_cycle_made_since_is_not() -> None:
    collector.install()
    lasting = Node()
    gc.collect()  # a full collection: its survivors are frozen
    assert gc.get_freeze_count() > 0
    assert not any(o is lasting for o in gc.get_objects())  # no generation walks it now
    later = weakref.ref(Node())  # a cycle made after, dead at once
    gc.collect()
    assert later() is None  # collected: only survivors were frozen


def test_the_clock_collects_young_objects_without_being_asked() -> None:
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    async def a_few_ticks() -> None:
        gc.disable()  # no collection on allocations: only the clock's
        gc.callbacks.append(seen)
        try:
            task = asyncio.create_task(collector.run(young_seconds=0.02, thaw_seconds=60))
            await asyncio.sleep(0.3)
            task.cancel()
        finally:
            gc.callbacks.remove(seen)
            gc.enable()

    asyncio.run(a_few_ticks())
    assert len(collections) >= 5 and 0 in collections


def test_a_cycle_that_died_frozen_is_freed_at_the_thaw() -> None:
    collector.install()
    dead = Node()
    gone = weakref.ref(dead)
    gc.collect()  # survives, so is frozen
    del dead  # now garbage, but frozen: no collection looks at it
    gc.collect()
    assert gone() is not None

    async def until_thawed() -> None:
        task = asyncio.create_task(collector.run(young_seconds=0.02, thaw_seconds=0.05))
        await asyncio.sleep(0.3)
        task.cancel()

    asyncio.run(until_thawed())
    assert gone() is None
