"""Choosing among options scored on the same sampled deals, with a default to beat.

Search robots score every option on the same sampled deals, so options are
compared deal by deal. With few deals the best mean is often noise (and the
largest of several noisy means is biased upward), so a sound default, the
usual robot's choice, is kept unless another option clearly beats it.
"""

from __future__ import annotations

from typing import Final

CONFIDENCE: Final = 1.0
"""Standard errors by which an option must beat the default to replace it."""


def pick(scores: list[list[float]], default: int) -> int:
    """The index of the option with the largest mean gain over ``default``, deal by
    deal, among those gaining over ``CONFIDENCE`` standard errors; else ``default``.

    ``scores[i][k]`` is option ``i``'s score on sampled deal ``k``.
    """
    base = scores[default]
    n = len(base)
    if n < 2:
        return default
    best, best_gain = default, 0.0
    for i, values in enumerate(scores):
        diffs = [v - b for v, b in zip(values, base, strict=True)]
        gain = sum(diffs) / n
        spread = (sum((d - gain) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
        if gain > CONFIDENCE * spread and gain > best_gain:
            best, best_gain = i, gain
    return best
