"""The robot interface shared by every level and both games.

A robot sees exactly what its seat sees (``state.view(seat)``, a JSON-ready
dict) and the texts of the legal actions, and returns one of those texts (or,
for a French poignée, the trumps it chooses to show). It never reads the full
state. The same view, legal actions and seed give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Robot(Protocol):
    """Chooses an action for the seat whose view it is given."""

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        """An action text for ``view``'s seat; ``budget`` caps the thinking time in seconds."""
        ...


def seeded(seed: int, view: Mapping[str, Any]) -> random.Random:
    """A generator depending on the seed and the decision point only (hence repeatable)."""
    trick_count = len(view.get("tricks", ())) if isinstance(view.get("tricks"), list) else 0
    key = (
        seed,
        view.get("viewer"),
        view.get("round", view.get("deals_played")),
        view.get("phase"),
        trick_count,
        len(view.get("trick", ())),
        len(view.get("bids", ())),
    )
    return random.Random(repr(key))


class RandomRobot:
    """Plays a uniformly random legal action: the baseline every robot must beat."""

    name = "random"

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        return seeded(seed, view).choice(list(legal))
