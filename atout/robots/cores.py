"""Spreading a search robot's sampled deals over the machine's cores.

Sampled deals are independent, so one decision can sample in several
processes at once: the calling one, and helper processes kept warm in a pool
(started by the commands that play against people: ``atout play`` and
``atout serve``). Each share of the deals has its own seed, so a decision
depends on its seed and the number of shares, not on which process ran what.
A helper's share that comes back after the deadline is left out, so a busy
machine costs strength, never time.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Final, TypeVar

Result = TypeVar("Result")

LATE: Final = 0.05
"""Seconds past the deadline a helper's share is still waited for."""

WATCH: Final = 1.0
"""Seconds between a helper's checks that the process it helps is still there."""

_pool: ProcessPoolExecutor | None = None
_helpers = 0


def use_cores(count: int | None = None) -> int:
    """Let searches use ``count`` cores (default: every core); the number in use.

    Starts the helper processes and imports the robots in them now, so that
    the first decision does not pay for it.
    """
    global _pool, _helpers
    wanted = max(1, count or os.cpu_count() or 1) - 1
    if wanted != _helpers:
        stop()
    if wanted and _pool is None:
        context = multiprocessing.get_context("forkserver")
        _pool = ProcessPoolExecutor(
            wanted, mp_context=context, initializer=_warm, initargs=(os.getpid(),)
        )
        for future in [_pool.submit(_ready) for _ in range(wanted)]:
            future.result()
    _helpers = wanted
    return 1 + wanted


def shares() -> int:
    """Processes a decision's sampled deals are spread over (1 when cores are not in use)."""
    return 1 + _helpers


def stop() -> None:
    """Stop the helper processes; searches run in the calling process only."""
    global _pool, _helpers
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
    _pool, _helpers = None, 0


atexit.register(stop)


def spread(
    work: Callable[..., Result], shares_args: Sequence[tuple[object, ...]], deadline: float
) -> list[Result]:
    """``work(*args)`` for each share: the first here, the others in helpers.

    Results come in share order; a helper's share missing ``deadline`` (a
    ``time.monotonic()`` time) by more than ``LATE`` is left out.
    """
    pool = _pool
    futures = [pool.submit(work, *args) for args in shares_args[1:]] if pool else []
    results = [work(*shares_args[0])]
    for future in futures:
        try:
            results.append(future.result(timeout=max(0.0, deadline - time.monotonic()) + LATE))
        except FutureTimeout:
            future.cancel()
    return results


def spread_seeded(
    work: Callable[..., Result], args: tuple[object, ...], rng: random.Random, deadline: float
) -> list[Result]:
    """``work(*args, generator, deadline)`` for each share (see :func:`spread`).

    This process's share draws from ``rng``; each helper's from a generator
    seeded from ``rng``'s state and the share's number, drawing nothing from
    ``rng``: with one share, a decision is what it is without helpers.
    """
    base = hash(rng.getstate())
    seeds: list[random.Random | str] = [rng]
    seeds += [f"{base}/{share}" for share in range(1, shares())]
    return spread(_seeded, [(work, args, seed, deadline) for seed in seeds], deadline)


def _seeded(
    work: Callable[..., Result],
    args: tuple[object, ...],
    seed: random.Random | str,
    deadline: float,
) -> Result:
    generator = seed if isinstance(seed, random.Random) else random.Random(seed)
    return work(*args, generator, deadline)


def _warm(parent: int) -> None:
    """Import the search robots once in each helper, and watch the parent process.
    A helper ignores Ctrl-C (sent to every process of a terminal's command): its
    parent stops it, and a helper interrupted itself printed a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import atout.robots.french_contract
    import atout.robots.french_search  # noqa: F401

    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    """End this helper once ``parent`` is gone, even killed without a chance to stop it."""
    while True:
        time.sleep(WATCH)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(0)


def _ready() -> bool:
    return True
