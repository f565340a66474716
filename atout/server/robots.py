"""The robots the server seats, thinking in a worker process of their own.

A robot sees exactly what its seat sees (``state.view(seat)``) and the texts of
the legal actions; it never reads the full state. It remembers what it saw in
the round, so a seat keeps its robot for the game while the seat's occupant
stays the same (its ``owner``), and gets a new one otherwise.

Thinking is CPU work: in the serving process, even in threads, a strong
robot's half second took the GIL from every table's messages. So robots live
and think in one worker process (spawned, at a lower CPU priority, ending with
the server), which keeps each seat's robot between its decisions. At most
``waiting`` decisions may be under way at once; beyond, a decision fails at
once, and so does one whose worker died: the table then plays a random legal
move for the seat, as for any failing robot, and the next decision starts a
new worker (whose robots start afresh from the views they are shown). A human
seat's turn clock runs all the same.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from multiprocessing import util
from typing import Any, Final

from atout.robots import cores
from atout.robots.base import Robot
from atout.robots.levels import make_robot
from atout.server.offload import deaf_to_ctrl_c, end_with_parent

WAITING: Final = 2000
"""Decisions under way at once, at most (about two per table with a robot)."""
KEPT_ROBOTS: Final = 20_000
"""Seats whose robot a worker keeps; the oldest is forgotten beyond (rebuilt if asked again)."""

Seat = tuple[str, int]
"""A table's id and a seat number."""


class RobotBusy(Exception):
    """Too many decisions under way: this one is not taken (the table plays a random move)."""


class Thinking:
    """Where the robots of every table of a server think: by default one worker
    process, started by the first decision or by ``warm``; ``threads`` (for tests that spy on
    robots) in this process instead."""

    def __init__(
        self, robot_cores: int | None = 1, threads: int = 0, waiting: int = WAITING
    ) -> None:
        self.robot_cores = robot_cores
        self.threads = threads
        self.waiting = waiting
        self._pool: Executor | None = None
        self._under_way = 0

    def warm(self) -> None:
        """Start the worker now rather than at the first decision: spawning it and
        importing the robots takes seconds, which the first robot to stand in for
        a player (or to play out a clock) would otherwise be late by."""
        if not self.threads:
            self._started()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Stop the worker; decisions under way are dropped when ``cancel_futures``."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    def think(
        self,
        seat: Seat,
        owner: Hashable,
        level: str,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
    ) -> asyncio.Future[str]:
        """The choice of ``seat``'s robot for ``owner`` (a new one of ``level`` when
        the owner changed); the result arrives in the running loop."""
        loop = asyncio.get_running_loop()
        if self._under_way >= self.waiting:
            return _failed(loop, RobotBusy(f"{self._under_way} robot decisions under way"))
        pool = self._started()
        try:
            decision = pool.submit(_decide, seat, owner, level, dict(view), list(legal), seed)
        except BrokenProcessPool as error:  # the worker died since: the next decision starts one
            self._forget(pool)
            return _failed(loop, error)
        self._under_way += 1
        decision.add_done_callback(partial(self._done, pool, loop))
        return asyncio.wrap_future(decision, loop=loop)

    def _done(self, pool: Executor, loop: asyncio.AbstractEventLoop, decision: Future[str]) -> None:
        """A decision ended (in the worker's result thread): count it, and forget a dead worker."""
        loop.call_soon_threadsafe(self._ended)
        if not decision.cancelled() and isinstance(decision.exception(), BrokenProcessPool):
            self._forget(pool)

    def _ended(self) -> None:
        self._under_way -= 1

    def _forget(self, pool: Executor) -> None:
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def _started(self) -> Executor:
        if self._pool is None:
            if self.threads:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="robot")
            else:
                pool = ProcessPoolExecutor(
                    1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_started,
                    initargs=(self.robot_cores,),
                )
                with deaf_to_ctrl_c():  # its worker starts at its first job: this one
                    pool.submit(_ready)
                self._pool = pool
        return self._pool


def _failed(loop: asyncio.AbstractEventLoop, error: Exception) -> asyncio.Future[str]:
    failed: asyncio.Future[str] = loop.create_future()
    failed.set_exception(error)
    return failed


# ----- in the worker ----------------------------------------------------------------

_robots: dict[Seat, tuple[Hashable, Robot]] = {}
"""Each seat's robot with the owner it plays for, oldest first."""


def _worker_started(robot_cores: int | None) -> None:
    """A worker yields the CPU to the server, ends with it, and spreads a strong
    robot's sampled deals over ``robot_cores`` cores (``atout.robots.cores``)."""
    end_with_parent()
    cores.use_cores(robot_cores)
    util.Finalize(None, cores.stop, exitpriority=10)  # a worker ends without exit handlers


def _ready() -> None:
    """Nothing: a worker that ran it has started and imported the robots."""


def _decide(
    seat: Seat, owner: Hashable, level: str, view: dict[str, Any], legal: list[str], seed: int
) -> str:
    """The seat's robot's choice (run where the robots live)."""
    kept = _robots.get(seat)
    if kept is None or kept[0] != owner:
        _robots.pop(seat, None)
        if len(_robots) >= KEPT_ROBOTS:
            del _robots[next(iter(_robots))]
        kept = _robots[seat] = (owner, make_robot(level))
    return kept[1].choose(view, legal, seed)
