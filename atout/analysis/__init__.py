"""The strong robot's review of a recorded game, and its hints during practice games.

For one seat, each decision is scored by the robot's search on deals sampled
from that seat's observation only, the action taken against the best found,
and marked as lichess does (:mod:`atout.analysis.marks`). Pure: no I/O, no clock;
the work is a number of sampled deals per decision, drawn from a seed.
"""

from atout.analysis.marks import Mark, Thresholds
from atout.analysis.review import Budget, Decision, Option, Review, analyse

__all__ = ["Budget", "Decision", "Mark", "Option", "Review", "Thresholds", "analyse"]
