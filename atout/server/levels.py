"""Levels from XP: the level a player's experience total has reached.

Level ``n`` needs ``50 × n × (n − 1)`` XP in all, so each level asks 100 XP
more than the one before: 0, 100, 300, 600, 1000, 1500... (level 1 at 0 XP).
A four-player win gives 40 XP and a loss 5 (``atout.server.results``): the
first levels come within an evening, later ones take weeks. Competitive games
only earn XP, so practice never changes a level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

STEP: Final = 100
"""XP the climb from level n to n + 1 asks more than the one from n − 1 to n."""


def threshold(level: int) -> int:
    """The XP total that reaches ``level`` (1 or more)."""
    if level < 1:
        raise ValueError("levels start at 1")
    return STEP * level * (level - 1) // 2


@dataclass(frozen=True, slots=True)
class Level:
    """A level with the XP totals at which it began and the next one begins."""

    level: int
    floor: int
    next: int

    def as_dict(self, xp: int) -> dict[str, int]:
        """The JSON of a profile: level, its floor, the next level's XP and the progress."""
        return {"level": self.level, "floor": self.floor, "next": self.next, "xp": xp}


def level_of(xp: int) -> Level:
    """The level an XP total has reached (negative totals count as 0)."""
    xp = max(0, xp)
    # The largest n with 50 n (n - 1) <= xp, then corrected for float rounding.
    n = max(1, int((1 + math.sqrt(1 + 8 * xp / STEP)) / 2))
    while threshold(n + 1) <= xp:
        n += 1
    while threshold(n) > xp:
        n -= 1
    return Level(n, threshold(n), threshold(n + 1))
