"""Scoring a French robot's options on the same sampled deals, on every core in use.

Every decision of the strong robot, a card or a bid, is taken the same way:
sample deals consistent with the view (the engine's :mod:`atout.french.worlds`,
narrowed to deals that fit the bids as the usual robot makes them), apply each
option to each deal, finish
the deal (play-out, exact search, or a simulated auction), and keep each
option's scores deal by deal. The deals are shared out over the cores in use
(see :mod:`atout.robots.cores`), each share with its own seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.french.knowledge import Known
from atout.french.state import FrenchState
from atout.french.variants import Contract
from atout.french.worlds import Worlds
from atout.robots import cores
from atout.robots.french import BID_THRESHOLDS, bid_count, worth
from atout.robots.paired import settled

MISSES: Final = 3
"""Failed samplings in a row (each of many tries) after which a share gives up."""
CHECK_EVERY: Final = 8
"""Deals sampled between two looks at whether the decision is settled."""
BID_MARGIN: Final = 8
"""Count points by which a sampled hand may miss the usual robot's count for its bid.
In duplicate arena against the usual robot (four players, budget 0.05), 8 beat the
former loose bounds by 1.8 points a deal over 3000 deals; 4 did worse on 200."""
_FLOORS: Final = {
    contract: max(threshold for listed, threshold in BID_THRESHOLDS if listed <= contract)
    for contract in Contract
    if contract
}
"""The count from which the usual robot bids each contract (a pousse: a prise's)."""


def fits_bids(known: Known, dealt: Mapping[int, int]) -> bool:
    """Whether the sampled hands fit the bids, give or take ``BID_MARGIN`` points of the
    usual robot's count: a seat that passed was worth no contract above the standing
    one, a seat that bid was worth its contract and no stronger one.

    People and other robots bid otherwise (a searching robot bids gardes on hands
    the usual count puts near a prise), hence the margin, and a view no sampled
    deal fits is sampled without the bids (see :meth:`Worlds.sample`).
    """
    variant = known.variant
    imposed = variant.imposed_contract != "none"
    least = Contract[variant.imposed_contract.upper()] if imposed else Contract.PASS
    standing = Contract.PASS
    for seat, bid in known.bids:
        contract = Contract[bid.upper()]
        # under an imposed contract the passes, and the taker's bid unless it chose
        # (``imposed_minimum``), are the rules' and say nothing of the hands
        chosen = not imposed or (contract and variant.imposed_minimum)
        if seat != known.me and chosen:
            count = bid_count(dealt[seat], known.active)
            if worth(count - BID_MARGIN, variant.contracts) > max(contract, standing):
                return False
            if contract > least and count + BID_MARGIN < _FLOORS[contract]:
                return False
        standing = max(standing, contract)
    return True


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

    sampler: Worlds
    """The worlds of the view deciding."""
    options: Sequence[Any]
    apply: Callable[[FrenchState, Any], None]
    finish: Callable[[FrenchState, int], float]
    """The score of the seat given (the view's) at the end of the deal."""
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
        world = task.sampler.sample(rng, fits=fits_bids)
        if world is None:  # an unlikely view: try again, up to MISSES times in a row
            misses += 1
            if misses == MISSES:
                break
            continue
        misses = 0
        me = world.turn
        for i, option in enumerate(task.options):
            state = world.clone()
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
