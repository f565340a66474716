"""Exact play of a deal's last tricks on one sampled world.

With few cards left every card and every reply can be tried: alpha-beta over
the remaining plays gives the score a seat gets when both sides play
perfectly on that world, where a play-out would only guess at the Petit au
bout or at who wins the last points.
"""

from __future__ import annotations

import math

from atout.cards import EXCUSE, FULL_DECK, HALF_POINTS, PETIT
from atout.french.actions import PLAYS
from atout.french.state import FrenchState


def interchangeable(low: int, high: int, gone: int) -> bool:
    """Whether playing ``low`` or ``high`` (``low < high``) changes no trick.

    They do not when both are of one suit (or both trumps), worth the same
    points, and every card ranked between them is in ``gone``: in the same
    hand or out of play. The Petit is never merged (with the 21): where it
    falls decides the Petit au bout.
    """
    if EXCUSE in (low, high) or low == PETIT or HALF_POINTS[low] != HALF_POINTS[high]:
        return False
    if (low >= 56) != (high >= 56) or (high < 56 and low // 14 != high // 14):
        return False
    between = ((1 << high) - 1) & ~((2 << low) - 1)
    return between & ~gone == 0


def distinct(mask: int, gone: int) -> list[int]:
    """The cards of ``mask`` with interchangeable ones merged (the lowest kept)."""
    kept: list[int] = []
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if not kept or not interchangeable(kept[-1], card, gone):
            kept.append(card)
    return kept


def solve(state: FrenchState, seat: int, alpha: float = -math.inf, beta: float = math.inf) -> float:
    """``seat``'s score at the end of the deal when both sides play perfectly.

    The sides are the attack (taker and partner) and the defence; a seat's
    score grows with its side's, so one side maximizes what the other minimizes.
    """
    if state.score is not None:
        return float(state.score.scores[seat])
    attack = (state.taker, state.partner)
    mover = state.turn
    maximizing = (mover in attack) == (seat in attack)
    live = 0
    for other, hand in enumerate(state.hands):
        if other != mover:
            live |= hand
    for card in state.trick:
        live |= 1 << card
    best = -math.inf if maximizing else math.inf
    for card in distinct(state.play_mask(), FULL_DECK & ~live):
        child = state.clone()
        child.step(PLAYS[card])
        value = solve(child, seat, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best
