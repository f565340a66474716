"""The robots the server seats: the only module to swap when real robots exist.

A robot sees exactly what its seat sees (``state.view(seat)``) and the texts of
the legal actions; it never reads the full state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Robot(Protocol):
    """Chooses an action for one seat."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], seed: int) -> str:
        """One of ``legal``, chosen from the seat's ``view``; ``seed`` makes it repeatable."""
        ...


class RandomRobot:
    """Plays a uniformly random legal action: a stand-in until real robots exist."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], seed: int) -> str:
        return random.Random(seed).choice(list(legal))


def robot_for(level: str) -> Robot:
    """The robot of a table's ``robot_level`` option."""
    if level == "random":
        return RandomRobot()
    raise ValueError(f"unknown robot level {level!r}")
