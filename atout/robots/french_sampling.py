"""Scoring a French robot's options on the same sampled deals, on every core in use.

Every decision of the strong robot, a card or a bid, is taken the same way:
sample deals consistent with the view, apply each option to each deal, finish
the deal (play-out, exact search, or a simulated auction), and keep each
option's scores deal by deal. The deals are shared out over the cores in use
(see :mod:`atout.robots.cores`), each share with its own seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.french.state import FrenchState
from atout.robots import cores
from atout.robots.french_view import Known
from atout.robots.french_worlds import sample_world
from atout.robots.paired import settled

MISSES: Final = 3
"""Failed samplings in a row (each of many tries) after which a share gives up."""
CHECK_EVERY: Final = 8
"""Deals sampled between two looks at whether the decision is settled."""


class Clock:
    """A sampling loop's deadline, kept even by its last round: the loop stops when
    a round as slow as the slowest so far would end past it."""

    def __init__(self, deadline: float) -> None:
        self.last = time.monotonic()
        self.deadline = deadline
        self.slowest = 0.0

    def out_of_time(self) -> bool:
        """Call once per round, before it starts."""
        now = time.monotonic()
        self.slowest = max(self.slowest, now - self.last)
        self.last = now
        return now + self.slowest > self.deadline


@dataclass(frozen=True)
class Task:
    """What to score: options, how to apply one, how to finish the deal."""

    known: Known
    variant: str
    options: Sequence[Any]
    apply: Callable[[FrenchState, Any], None]
    finish: Callable[[FrenchState, int], float]
    """The score of the seat given (the view's, relabelled) at the end of the deal."""
    worlds: int
    """Deals one share samples if time allows."""
    minimum: int = 1
    """Deals sampled whatever the clock says."""
    settle: bool = False
    """Stop sampling once one option clearly beats every other (see :func:`paired.settled`)."""


def score_share(task: Task, rng: random.Random, deadline: float) -> list[list[float]]:
    """Each option's scores over one share's sampled deals (empty when none was found)."""
    clock = Clock(deadline)
    scores: list[list[float]] = [[] for _ in task.options]
    misses = 0
    for _ in range(task.worlds):
        if clock.out_of_time() and len(scores[0]) >= task.minimum:
            break
        world = sample_world(task.known, rng, task.variant)
        if world is None:  # an unlikely view: try again, up to MISSES times in a row
            misses += 1
            if misses == MISSES:
                break
            continue
        misses = 0
        me = world.state.turn
        for i, option in enumerate(task.options):
            state = world.state.clone()
            task.apply(state, option)
            scores[i].append(task.finish(state, me))
        if task.settle and len(scores[0]) % CHECK_EVERY == 0 and settled(scores):
            break
    return scores


def score(task: Task, rng: random.Random, seconds: float) -> list[list[float]]:
    """Each option's scores, deal by deal, over every share (this process uses ``rng``)."""
    deadline = time.monotonic() + seconds
    results = cores.spread_seeded(score_share, (task,), rng, deadline)
    return [[s for result in results for s in result[i]] for i in range(len(task.options))]
