"""How much an action lost, and the mark it earns (lichess's ?!, ?, ??).

An action's loss is the expected score of the best action found less that of
the action taken, both measured on the same sampled deals, so their
difference is compared deal by deal (:func:`atout.robots.paired.gain`). A
loss earns a mark only when it reaches the game's threshold *and* exceeds
``SIGNIFICANCE`` standard errors: with a few dozen deals per decision, a small
difference between two close actions is noise, and a mark must not be.

French Tarot losses are counted in card points: the seat's score is divided
by its stake in the deal (the contract's multiplier times the seat's shares
of the score, 1 before a contract stands), so a King given to the other side
costs about 4 whether the seat defends a prise or takes a garde against three
players. Tarot Africain losses are counted in lives.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from atout.robots.paired import gain


class Mark(Enum):
    """A decision's mark, weakest first."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The chess annotation: ?!, ? or ??."""
        return {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Losses from which each mark is given, in the game's unit."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, loss: float) -> Mark | None:
        """The mark a loss of this size earns, if any (its significance aside)."""
        if loss >= self.blunder:
            return Mark.BLUNDER
        if loss >= self.mistake:
            return Mark.MISTAKE
        if loss >= self.inaccuracy:
            return Mark.INACCURACY
        return None


THRESHOLDS: Final = {
    "french": Thresholds("card points", inaccuracy=1.5, mistake=3.0, blunder=8.0),
    "africain": Thresholds("lives", inaccuracy=0.15, mistake=0.3, blunder=0.6),
}
"""French Tarot: a low card given where a lower one would do is an inaccuracy
(1.5), a King or a Queen given away a mistake (3), a bout lost or a contract
thrown a blunder (8: a bout is worth 4.5 and moves the taker's target by 5 or
more). Tarot Africain: a bid or card that loses a third of a life on average
is a mistake, over half a life a blunder."""

SIGNIFICANCE: Final = 2.0
"""Standard errors by which a loss must exceed zero to be marked at all."""


@dataclass(frozen=True, slots=True)
class Loss:
    """The taken action's loss against the best one found, with its standard error,
    both already divided by the seat's stake."""

    value: float
    error: float

    def mark(self, thresholds: Thresholds) -> Mark | None:
        """The mark this loss earns: large enough and not noise."""
        if self.value <= SIGNIFICANCE * self.error:
            return None
        return thresholds.mark(self.value)


def loss(best: Sequence[float], taken: Sequence[float], stake: float) -> Loss:
    """The loss of ``taken`` against ``best`` (scores on the same deals), per stake."""
    if len(best) < 2:
        mean = sum(best) / len(best) - sum(taken) / len(taken) if best else 0.0
        return Loss(mean / stake, math.inf)
    mean, error = gain(list(best), list(taken))
    return Loss(mean / stake, error / stake)
