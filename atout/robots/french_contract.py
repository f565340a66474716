"""The strong French robot's contract decisions by simulation: bid, king call, écart.

The score of a deal is decided mostly before the first card: whether to take,
at which multiplier, and with which écart. Each option is tried on the same
sampled deals (worlds consistent with the view, see
:mod:`atout.french.worlds`); the rest of the deal is simulated, the
other seats bidding, calling and discarding by models of the usual robot and
the cards played out by the search's fast policy. The option with the best
mean score for the seat is chosen, so passing is weighed against defending
whatever the next seats take.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final, TypeVar

from atout.cards import HALF_POINTS, KINGS, SUIT_MASKS, SUITS, TRUMPS, cards_of, parse_card
from atout.french.actions import BIDS, CALLS, CHELEM_NO, DISCARDS
from atout.french.dealing import dog_size
from atout.french.scoring import taker_shares
from atout.french.state import BID, CALL, CHELEM, DEAL, DISCARD, FrenchState
from atout.french.variants import Contract
from atout.french.worlds import Worlds
from atout.robots.french import bid_count, choose_bid, choose_call, worth
from atout.robots.french_sampling import Task, score
from atout.robots.french_search import play_out
from atout.robots.paired import pick

DEALS_PER_SECOND: Final = 2300
"""Whole deals (auction to last card) one core simulates per second."""
MIN_WORLDS: Final = 4
"""Sampled deals tried at least, however small the budget."""
TAKER_EDGE: Final = 12.0
"""Points per multiplier the searching taker scores above the play-outs' fast policy,
for each share of the contract it holds (one per defender, less the partner's):
the play-outs play the attack worse than the search does. By duplicate arena against
the usual robot at four players and budget 0.05, 10 beat 6 and 15; the default
budget's search, with ten times the samples, plays the attack better still (it made
80% of its contracts at 10), hence a little more."""

Option = TypeVar("Option")


def model_bid(state: FrenchState) -> Contract:
    """The bid the usual (heuristic) robot makes with the hand of the seat to move."""
    contract = worth(bid_count(state.hands[state.turn], len(state.order)), state.variant.contracts)
    return contract if contract > state.contract else Contract.PASS


def model_call(state: FrenchState) -> int:
    """A King (or lower honour) outside the taker's hand, in its strongest suit."""
    hand = state.hands[state.taker]
    allowed = state.callable_mask()
    outside = allowed & ~hand or allowed

    def weight(card: int) -> tuple[int, int, int]:
        held = hand & SUIT_MASKS[card // 14]
        return (sum(HALF_POINTS[c] for c in cards_of(held)), held.bit_count(), -card)

    return max(cards_of(outside), key=weight)


def ecart_candidates(hand: int, allowed: int, size: int) -> list[int]:
    """Écarts worth comparing (bit sets of ``size`` cards from ``allowed``), best guess first.

    Voids come first (every short suit without its King emptied, alone or with
    another), then the rest is filled with the most valuable cards of the
    shortest suits; trumps go only when the rules force them, lowest first.
    """
    plain = allowed & ~TRUMPS
    if plain.bit_count() < size:
        trumps = cards_of(allowed & TRUMPS)
        return [plain | sum(1 << c for c in trumps[: size - plain.bit_count()])]

    def filler(base: int, by_points: bool) -> int:
        def key(card: int) -> tuple[int, int, int]:
            held = hand & ~base & SUIT_MASKS[card // 14]
            short = int(bool(held & KINGS)) * 20 + held.bit_count()
            if by_points:
                return (-HALF_POINTS[card], short, -card)
            return (short, -HALF_POINTS[card], -card)

        rest = sorted(cards_of(plain & ~base), key=key)
        return base | sum(1 << c for c in rest[: size - base.bit_count()])

    voidable = [
        hand & SUIT_MASKS[s]
        for s in SUITS
        if hand & SUIT_MASKS[s] and hand & SUIT_MASKS[s] & ~allowed == 0
    ]
    bases = [0]
    for k in (1, 2):
        for group in combinations(voidable, k):
            cards = sum(group)
            if cards.bit_count() <= size:
                bases.append(cards)
    bases.sort(key=lambda b: -b.bit_count())
    out: list[int] = []
    for base in bases:
        for by_points in (False, True):
            ecart = filler(base, by_points)
            if ecart not in out:
                out.append(ecart)
    return out


def model_ecart(state: FrenchState) -> int:
    """The first candidate écart for the taker about to discard."""
    size = dog_size(len(state.order)) - state.ecart.bit_count()
    return ecart_candidates(state.hands[state.taker], state.discard_mask(), size)[0]


def first_discard(ecart: int) -> int:
    """Plain cards first: a trump may go only once the plain ones are out."""
    plain = ecart & ~TRUMPS
    return ((plain or ecart) & -(plain or ecart)).bit_length() - 1


def finish(state: FrenchState, seat: int) -> float:
    """Simulate the rest of the deal (models, then play-out); ``seat``'s score, 0 if all pass."""
    while True:
        phase = state.phase
        if phase == BID:
            state.step(BIDS[model_bid(state)])
        elif phase == CALL:
            state.step(CALLS[model_call(state)])
        elif phase == DISCARD:
            apply_ecart(state, model_ecart(state))
        elif phase == CHELEM:
            state.step(CHELEM_NO)
        elif phase == DEAL:
            return 0.0
        else:
            break
    score = play_out(state, seat)
    if seat == state.taker:
        multiplier = state.variant.multipliers[Contract(state.contract)]
        partnered = state.partner not in (-1, state.taker)
        shares = taker_shares(len(state.order), partnered, state.variant)
        score += TAKER_EDGE * multiplier * shares
    return score


def compare(
    sampler: Worlds,
    options: Sequence[Option],
    apply: Callable[[FrenchState, Option], None],
    rng: random.Random,
    seconds: float,
) -> list[list[float]]:
    """Each option's scores over the same sampled deals (empty lists when none was found)."""
    worlds = max(MIN_WORLDS, int(seconds * DEALS_PER_SECOND / len(options)))
    task = Task(sampler, options, apply, finish, worlds, MIN_WORLDS)
    return score(task, rng, seconds)


def _bid(state: FrenchState, contract: Contract) -> None:
    state.step(BIDS[contract])


def _call(state: FrenchState, card: int) -> None:
    state.step(CALLS[card])


def apply_ecart(state: FrenchState, ecart: int) -> None:
    """Discard the cards of ``ecart`` (bit set) one by one, plain cards first."""
    while ecart:
        card = first_discard(ecart)
        ecart ^= 1 << card
        state.step(DISCARDS[card])


def search_bid(sampler: Worlds, legal: Sequence[str], rng: random.Random, seconds: float) -> str:
    """The legal bid with the best simulated score, the usual robot's unless clearly beaten."""
    default = legal.index(choose_bid(sampler.known, legal))
    options = [Contract[a[4:].upper()] for a in legal]
    return legal[pick(compare(sampler, options, _bid, rng, seconds), default)]


def search_call(sampler: Worlds, legal: Sequence[str], rng: random.Random, seconds: float) -> str:
    """The legal call with the best simulated score, the usual robot's unless clearly beaten."""
    default = legal.index(choose_call(sampler.known, legal))
    options = [parse_card(a[5:]) for a in legal]
    return legal[pick(compare(sampler, options, _call, rng, seconds), default)]


def search_ecart(sampler: Worlds, allowed: int, rng: random.Random, seconds: float) -> int:
    """The rest of the écart (bit set) with the best simulated score."""
    known = sampler.known
    size = dog_size(known.active) - (known.ecart or 0).bit_count()
    options = ecart_candidates(known.hand, allowed, size)
    if len(options) == 1:
        return options[0]
    return options[pick(compare(sampler, options, apply_ecart, rng, seconds), 0)]
