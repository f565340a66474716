"""Means with 95% confidence intervals and latency percentiles for arena reports."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean, 95% normal interval and sample size of ``values`` (None when empty)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "low": None, "high": None, "n": 1}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile (0-1) of ``values`` by nearest rank, None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def latency(values: Sequence[float]) -> dict[str, Any]:
    """p50, p95 and max of decision times in milliseconds."""
    ms = [v * 1000 for v in values]
    return {
        "decisions": len(ms),
        "p50_ms": percentile(ms, 0.5),
        "p95_ms": percentile(ms, 0.95),
        "max_ms": max(ms) if ms else None,
    }
