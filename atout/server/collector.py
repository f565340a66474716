"""When the serving process collects its cyclic garbage: on a clock as well as
on allocations, and never again through what survived a full collection.

CPython 3.11 collects young objects once its count of allocations, less
deallocations, passes a threshold. A server that replaces every table's state
at each action frees older objects as fast as it makes young ones: the count
stays low while the young generation grows to every table's latest state and
every socket's pending read. At 1,000 tables one young collection walked some
100,000 objects, a pause of 100 ms for every table. Collected on a clock too,
the young generation holds a tenth of a second's survivors (pauses of about
25 ms). A full collection walked every connection's and table's lasting
objects (400,000 at 1,000 tables, 80 ms); what survives one is frozen, so
that the next ones walk only what came since. A frozen object still goes when
nothing refers to it; only a cycle of them would stay, so a thaw every ten
minutes lets one full collection free those.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any, Final

log = logging.getLogger(__name__)
YOUNG_OBJECTS: Final = 20_000
"""Tracked objects allocated (less those freed) between two collections of young
objects; Python's default, 700, collected several times per action, promoting
the objects of actions under way (views, messages), whose full collections then
walked every table: 7% of the CPU at 300 tables, about 1% with this."""
MIDDLE_EVERY: Final = 3
"""Young collections between two of the middle generation (Python's default, 10,
let it grow to a second's survivors: 100 ms pauses)."""
YOUNG_SECONDS: Final = 0.1
THAW_SECONDS: Final = 600.0


def install() -> None:
    """The serving process's policy (the server's own: tests run many servers in
    one process): what exists by now lives as long as the process, young
    objects wait for ``YOUNG_OBJECTS``, and a full collection's survivors are frozen."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, MIDDLE_EVERY, gc.get_threshold()[2])
    if _freeze_after_full not in gc.callbacks:
        gc.callbacks.append(_freeze_after_full)


def _freeze_after_full(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()


async def run(young_seconds: float = YOUNG_SECONDS, thaw_seconds: float = THAW_SECONDS) -> None:
    """Collect young objects on a clock (a task of the serving loop; the older
    generations' turns still come with allocations), and thaw the frozen
    objects every ``thaw_seconds``."""
    thaw_at = time.monotonic() + thaw_seconds
    while True:
        await asyncio.sleep(young_seconds)
        if time.monotonic() >= thaw_at:
            thaw_at = time.monotonic() + thaw_seconds
            gc.unfreeze()
            started = time.perf_counter()
            freed = gc.collect()
            log.debug("thawed: %d objects freed in %.3f s", freed, time.perf_counter() - started)
        else:
            gc.collect(0)
