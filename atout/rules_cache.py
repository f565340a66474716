"""Rules blocks built once per variant and table size, not at every view.

Building a game's rules block (contracts, multipliers, options...) was 60% of
the cost of a French view, and every action gives a view to every seat and
spectator. A variant is immutable but not hashable (it holds dicts), so the
cache is keyed by its identity and keeps it alive, which also makes an
identity reused by another object impossible. Each view gets its own copy of
the block's top level; the lists and dicts inside are shared, so whoever reads
an observation must not change them in place (nothing in atout does).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Final, TypeVar

Block = TypeVar("Block")

LIMIT: Final = 512
"""Blocks kept at most; past it the cache starts again (variants made on the fly)."""

_blocks: dict[tuple[int, ...], tuple[object, object]] = {}


def rules_block_of(variant: object, sizes: tuple[int, ...], build: Callable[[], Block]) -> Block:
    """``build()`` for this ``variant`` and table ``sizes``, built the first time only."""
    key = (id(variant), *sizes)
    hit = _blocks.get(key)
    if hit is None or hit[0] is not variant:
        if len(_blocks) >= LIMIT:
            _blocks.clear()
        hit = (variant, build())
        _blocks[key] = hit
    block: Block = hit[1]  # type: ignore[assignment]
    return copy.copy(block)
