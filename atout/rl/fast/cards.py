"""Hands as two int64 words for compiled code (the functions reading them are in
:mod:`.rules`): ``lo`` holds the suit cards 0-55
(bit c for card c), ``hi`` the trumps T1-T21 (bits 0-20) and the Excuse (bit
21). Following suit reads ``lo`` only and trumping ``hi`` only, so the rules of
:mod:`atout.french.state` stay bit operations. The masks are cut from
:mod:`atout.cards`, not written again."""

from __future__ import annotations

from typing import Final

import numpy as np

from atout.cards import BOUTS, EXCUSE, FIRST_TRUMP, HALF_POINTS, KINGS, PETIT, SUIT_MASKS, TRUMPS

SPLIT: Final = FIRST_TRUMP
"""The first card of the ``hi`` word."""
LOW_CARDS: Final = (1 << SPLIT) - 1
SUIT_LO: Final = np.array(SUIT_MASKS, dtype=np.int64)
KINGS_LO: Final = KINGS
TRUMPS_HI: Final = TRUMPS >> SPLIT
EXCUSE_HI: Final = 1 << (EXCUSE - SPLIT)
PETIT_HI: Final = 1 << (PETIT - SPLIT)
BOUTS_HI: Final = BOUTS >> SPLIT
HALF_LO: Final = np.array(HALF_POINTS[:SPLIT], dtype=np.int64)
HALF_HI: Final = np.array(HALF_POINTS[SPLIT:], dtype=np.int64)


def split(mask: int) -> tuple[int, int]:
    """An engine bit set (Python int) as its ``lo`` and ``hi`` words."""
    return mask & LOW_CARDS, mask >> SPLIT
