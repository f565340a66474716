"""Tarot Africain decisions scored by the strong robot's own search.

Hands are sampled from what the seat saw (its view, and for an analysis the
tricks of the round it watched: the view keeps only the last one); each bid or
card is tried on every sampled deal and the round played out by the rule-of-thumb
player (:func:`atout.robots.africain.outcomes`). The score is the lives the seat
keeps, so higher is better as in French Tarot. The one-card round and a hand of
the Excuse alone are not searched (the robot does not search them either).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.analysis.marks import THRESHOLDS
from atout.analysis.scored import Scored
from atout.cards import EXCUSE_BIT
from atout.game import GameState
from atout.robots.africain import Memory, outcomes, read_view


def score_decision(
    view: Mapping[str, Any],
    legal: Sequence[str],
    taken: Sequence[str],
    memory: Memory,
    rng: random.Random,
    deals: int,
) -> Scored | None:
    """The seat's options scored on ``deals`` sampled deals; None when not searched."""
    seen = read_view(view, legal, memory)
    if len(legal) == 1 or seen.size == 1 or not seen.hand & ~EXCUSE_BIT:
        return None
    lost = outcomes(seen, legal, deals, rng, math.inf)
    scores = [[-value for value in values] for values in lost]
    labels = list(legal)
    return Scored(labels, labels, scores, labels.index(taken[0]) if taken else None)


class AfricainAnalyst:
    """What a review needs of Tarot Africain; it remembers the tricks the seat saw."""

    thresholds = THRESHOLDS["africain"]

    def __init__(self) -> None:
        self.memory = Memory()

    def taken(self, actions: Sequence[str], index: int) -> tuple[str, ...]:
        return (actions[index],)

    def watch(self, view: Mapping[str, Any]) -> None:
        """Note the cards of the seat's current and last trick."""
        self.memory.update(view)

    def searches(self, legal: Sequence[str]) -> bool:
        return True

    def score(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        taken: Sequence[str],
        rng: random.Random,
        deals: int,
    ) -> Scored | None:
        return score_decision(view, legal, taken, self.memory, rng, deals)

    def stake(self, state: GameState, seat: int) -> float:
        """Lives are counted as they are."""
        return 1.0
