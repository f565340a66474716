"""The robots the server seats: those of ``atout.robots``, one per seat and game.

A robot sees exactly what its seat sees (``state.view(seat)``) and the texts of
the legal actions; it never reads the full state. It remembers what it saw in
the round, so a seat keeps its robot for the game while the seat's occupant
stays the same, and gets a new one otherwise. Robots think in a small thread
pool so that a slow decision never holds up the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from atout.robots.base import Robot
from atout.robots.levels import make_robot

THINKING_THREADS: Final = 4


def thinking_pool() -> Executor:
    """The threads robots think in, shared by every table of a server."""
    return ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="robot")


@dataclass
class SeatRobots:
    """A table's robots: for each seat, the robot of its current owner."""

    _robots: dict[int, tuple[Hashable, Robot]] = field(default_factory=dict)

    def robot(self, seat: int, owner: Hashable, level: str) -> Robot:
        """The seat's robot for ``owner`` (the game and the seat's occupant): a new
        one of ``level`` when the owner changed."""
        kept = self._robots.get(seat)
        if kept is None or kept[0] != owner:
            kept = self._robots[seat] = (owner, make_robot(level))
        return kept[1]


def think(
    pool: Executor, robot: Robot, view: Mapping[str, Any], legal: Sequence[str], seed: int
) -> asyncio.Future[str]:
    """The robot's choice, computed in ``pool``; the result arrives in the running loop."""
    return asyncio.get_running_loop().run_in_executor(
        pool, partial(robot.choose, view, legal, seed)
    )
