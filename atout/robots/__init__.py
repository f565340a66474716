"""Robots for every decision of both games: ``make_robot("strong")``.

See :mod:`atout.robots.base` for the interface: a robot gets its seat's view,
the legal action texts, a seed and a time budget, and returns an action text.
"""

from atout.robots.base import RandomRobot, Robot
from atout.robots.levels import LEVELS, make_robot

__all__ = ["LEVELS", "RandomRobot", "Robot", "make_robot"]
