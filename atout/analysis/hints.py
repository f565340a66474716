"""A hint for the seat to move in a practice game: the strong robot's suggestion and
its reason, the expected scores of the best few options.

It is computed from the seat's view alone (the view is all a hint is given), so
it never tells the player more than the player may know: only what the robot
would infer from the same cards. Announcements the robot does not search get
its rule-of-thumb answer without scores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.analysis.review import SHOWN, Option, analyst
from atout.robots.levels import make_robot

HINT_DEALS: Final = 100
"""Sampled deals a hint scores the options on."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The action to take now, and the best options with their expected scores
    (empty when the decision is answered by rule of thumb)."""

    action: str
    options: list[Option]
    deals: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "options": [
                {"action": o.action, "expected": round(o.expected, 2)} for o in self.options
            ],
            "deals": self.deals,
        }


def hint(
    view: Mapping[str, Any], legal: Sequence[str], deals: int = HINT_DEALS, seed: int = 0
) -> Hint:
    """The strong robot's suggestion for ``view``'s seat among ``legal`` actions."""
    judge = analyst(str(view["game"]))
    scored = judge.score(view, legal, (), random.Random(f"hint/{seed}"), deals)
    if scored is None:
        action = make_robot("strong", budget=0.1).choose(view, legal, seed)
        return Hint(action, [], 0)
    means = scored.means()
    ranking = scored.ranking()
    best = [Option(scored.labels[i], means[i]) for i in ranking[:SHOWN]]
    return Hint(scored.moves[ranking[0]], best, scored.deals)


def hint_dict(asked: tuple[Mapping[str, Any], Sequence[str]]) -> dict[str, Any]:
    """:func:`hint` of (view, legal) as JSON, for a worker process (top-level, picklable)."""
    return hint(*asked).to_dict()
