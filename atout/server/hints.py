"""Hints at practice tables: the strong robot's suggestion for a player's own decision,
computed in a worker process (niced, of its own: a hint scores a hundred sampled
deals, a second of CPU that must not hold the tables' loop), from that seat's view
only. A bounded number may wait for the worker; one more is refused (``server_busy``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.analysis.hints import hint_dict
from atout.server.offload import Workers

workers = Workers(processes=1, waiting=4)
"""This process's workers for hints."""


async def suggest(view: Mapping[str, Any], legal: Sequence[str]) -> dict[str, Any]:
    """The hint for the seat whose ``view`` it is (Busy when the workers are full)."""
    return await workers.run(hint_dict, (dict(view), list(legal)))
