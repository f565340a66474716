"""Choosing among options scored on the same sampled deals.

Search robots score every option on the same sampled deals, so options are
compared deal by deal: the mean gain of one over another and its standard
error. With few deals the best mean is often noise (and the largest of
several noisy means is biased upward), so a sound default, the usual robot's
choice, is kept unless another option clearly beats it; and sampling can stop
early once one option clearly beats all the others.
"""

from __future__ import annotations

from typing import Final

CONFIDENCE: Final = 1.0
"""Standard errors by which an option must beat the default to replace it."""
CLEAR: Final = 3.0
"""Standard errors by which the leading option must beat every other to settle early."""


def gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean gain of ``values`` over ``base``, deal by deal, and its standard error."""
    n = len(base)
    diffs = [v - b for v, b in zip(values, base, strict=True)]
    mean = sum(diffs) / n
    return mean, (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5


def pick(scores: list[list[float]], default: int) -> int:
    """The index of the option with the largest mean gain over ``default``, deal by
    deal, among those gaining over ``CONFIDENCE`` standard errors; else ``default``.

    ``scores[i][k]`` is option ``i``'s score on sampled deal ``k``.
    """
    base = scores[default]
    if len(base) < 2:
        return default
    best, best_gain = default, 0.0
    for i, values in enumerate(scores):
        mean, error = gain(values, base)
        if mean > CONFIDENCE * error and mean > best_gain:
            best, best_gain = i, mean
    return best


def settled(scores: list[list[float]]) -> bool:
    """Whether the option with the best total beats every other by over ``CLEAR``
    standard errors, deal by deal: more deals would not change the choice.

    Most cards are clear choices (the one card that wins the trick, the lowest
    of a suit); settling them early leaves the budget to the close ones.
    """
    totals = [sum(values) for values in scores]
    best = scores[totals.index(max(totals))]
    for values in scores:
        if values is best:
            continue
        mean, error = gain(best, values)
        if mean <= 0 or mean <= CLEAR * error:
            return False
    return True
