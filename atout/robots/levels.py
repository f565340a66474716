"""The robot levels by name, each playing both games."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from atout.robots.base import RandomRobot, Robot

LEVELS: Final = ("random", "heuristic", "strong")


class _ByGame:
    """One robot per game behind one ``choose``, picked by the view's ``game``."""

    def __init__(self, name: str, builders: Mapping[str, Callable[[], Robot]]) -> None:
        self.name = name
        self._builders = builders
        self._robots: dict[str, Robot] = {}

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        game = str(view["game"])
        robot = self._robots.get(game)
        if robot is None:
            robot = self._robots[game] = self._builders[game]()
        return robot.choose(view, legal, seed, budget)


def make_robot(level: str, budget: float | None = None) -> Robot:
    """A robot of ``level`` (random, heuristic, strong) for either game.

    ``budget`` is the strong robot's default thinking time per decision in
    seconds. A robot remembers what it saw in the current round, so give
    each seat its own robot.
    """
    if level == "random":
        return RandomRobot()
    if level == "heuristic":
        return _ByGame(level, {"africain": _africain_heuristic, "french": _french_heuristic})
    if level == "strong":
        seconds = 0.5 if budget is None else budget
        return _ByGame(
            level,
            {
                "africain": lambda: _africain_search(seconds),
                "french": lambda: _french_search(seconds),
            },
        )
    raise ValueError(f"unknown robot level {level!r} (known: {', '.join(LEVELS)})")


def _africain_heuristic() -> Robot:
    from atout.robots.africain import AfricainHeuristic

    return AfricainHeuristic()


def _french_heuristic() -> Robot:
    from atout.robots.french import FrenchHeuristic

    return FrenchHeuristic()


def _africain_search(budget: float) -> Robot:
    from atout.robots.africain import AfricainSearch

    return AfricainSearch(budget=budget)


def _french_search(budget: float) -> Robot:
    from atout.robots.french_search import FrenchSearch

    return FrenchSearch(budget=budget)
