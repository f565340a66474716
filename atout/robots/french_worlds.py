"""Whole French Tarot deals consistent with one seat's view, for search.

A world gives every hidden card a place (another hand, the unseen dog, the
hidden écart) respecting what the view reveals: hand sizes, voids and failed
overtrumps shown by play, misères, poignées still to be played, the dog when
shown and the trumps discarded. The engine then replays the public history on
that deal (relabelled so that the dealer is seat 0); a world the engine
refuses anywhere is rejected, so every accepted world agrees with the view.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from atout.cards import BOUTS, EXCUSE_BIT, FULL_DECK, KINGS, TRUMPS, cards_of
from atout.french.actions import CALLS, DISCARDS, PLAYS, DealCards, Misere, Poignee, parse_action
from atout.french.dealing import dog_size
from atout.french.rules import FRENCH
from atout.french.state import MISERE, POIGNEE, FrenchState
from atout.french.variants import VARIANTS, Contract
from atout.game import IllegalAction
from atout.robots.french import BID_THRESHOLDS, bid_count, worth
from atout.robots.french_view import SEES_DOG, Known, allowed_mask

_BEFORE_CHELEM = frozenset(("bid", "call", "discard"))
"""Phases in which the chelem question is still to come."""
PILE = -1
"""Slot of the hidden pile: the unseen dog or another taker's écart."""
BID_MARGIN: Final = 8
"""Count points by which a sampled hand may miss the usual robot's count for its bid.
In duplicate arena against the usual robot (four players, budget 0.05), 8 beat the
former loose bounds by 1.8 points a deal over 3000 deals; 4 did worse on 200."""
_FLOORS: Final = {
    contract: max(threshold for listed, threshold in BID_THRESHOLDS if listed <= contract)
    for contract in Contract
    if contract
}
"""The count from which the usual robot bids each contract (a pousse: a prise's)."""


@dataclass
class World:
    """A sampled deal replayed to the seat's decision; seats relabelled (dealer = 0)."""

    state: FrenchState
    shift: int
    """Real seat = (sim seat + shift) % seats."""
    hands: dict[int, int]
    """Real seat -> sampled current hand (the viewer's own included)."""


def _slots(known: Known) -> tuple[dict[int, int], dict[int, int], dict[int, int], int]:
    """(capacity, allowed cards, forced cards) per slot and the pool of cards to place."""
    me, taker = known.me, known.taker
    pool = known.unseen
    capacity: dict[int, int] = {}
    allowed: dict[int, int] = {}
    forced: dict[int, int] = {}
    dog_pile = 0
    shown_dog = known.dog is not None and known.contract in SEES_DOG
    if known.taker is not None and me != taker and shown_dog:
        assert known.dog is not None
        dog_pile = known.dog & ~known.played & ~known.discarded_trumps
        pool |= dog_pile
    for seat in known.order:
        if seat == me:
            continue
        capacity[seat] = known.hand_sizes[seat]
        allowed[seat] = allowed_mask(known, seat) & (~dog_pile if seat != taker else FULL_DECK)
        poignee = known.poignees.get(seat, 0)
        if poignee & EXCUSE_BIT:  # the Excuse stands for a trump: there is no other
            allowed[seat] &= ~TRUMPS | poignee
        shown = poignee & ~known.played & ~known.discarded_trumps
        forced[seat] = shown & pool
    size = dog_size(known.active)
    pile = size
    allowed[PILE] = FULL_DECK
    if taker is not None and known.contract in SEES_DOG and known.dog is not None:
        # The dog was shown: what stays hidden is the écart, unless it is ours.
        pile = 0 if me == taker else size - known.discarded_trumps.bit_count()
        allowed[PILE] = FULL_DECK & ~TRUMPS & ~KINGS & ~BOUTS
    if pile:
        capacity[PILE] = pile
        forced[PILE] = 0
    return capacity, allowed, forced, pool


def sample_hands(known: Known, rng: random.Random, tries: int = 30) -> dict[int, int] | None:
    """Place the hidden cards: slot -> cards (PILE for the hidden dog or écart), or None."""
    capacity, allowed, forced, pool = _slots(known)
    for _ in range(tries):
        placed = {slot: forced[slot] for slot in capacity}
        room = {slot: capacity[slot] - forced[slot].bit_count() for slot in capacity}
        rest = cards_of(pool & ~sum(forced.values()))
        rng.shuffle(rest)
        choices = {c: [s for s in capacity if allowed[s] >> c & 1] for c in rest}
        rest.sort(key=lambda c: len(choices[c]))
        ok = all(r >= 0 for r in room.values())
        for card in rest if ok else ():
            open_slots = [s for s in choices[card] if room[s] > 0]
            if not open_slots:
                ok = False
                break
            slot = rng.choices(open_slots, weights=[room[s] for s in open_slots])[0]
            placed[slot] |= 1 << card
            room[slot] -= 1
        if ok and all(r == 0 for r in room.values()):
            return placed
    return None


def _plausible(known: Known, dealt: dict[int, int], contracts: Collection[Contract]) -> bool:
    """Whether the sampled hands fit the bids, give or take ``BID_MARGIN`` points of the
    usual robot's count: a seat that passed was worth no contract above the standing
    one, a seat that bid was worth its contract and no stronger one.

    People and other robots bid otherwise (a searching robot bids gardes on hands
    the usual count puts near a prise), hence the margin, and a view no sampled
    deal fits is sampled without the bids (see :func:`sample_world`).
    """
    standing = Contract.PASS
    for seat, bid in known.bids:
        contract = Contract[bid.upper()]
        if seat != known.me:
            count = bid_count(dealt[seat], known.active)
            if worth(count - BID_MARGIN, contracts) > max(contract, standing):
                return False
            if contract and count + BID_MARGIN < _FLOORS[contract]:
                return False
        standing = max(standing, contract)
    return True


def build_world(
    known: Known, placed: dict[int, int], variant: str, check_bids: bool = True
) -> World | None:
    """Replay the public history on the sampled deal; None if the engine refuses it.

    With ``check_bids`` a deal whose hands do not fit the bids is refused too.
    """
    n = known.seats
    shift = known.dealer

    def sim(seat: int) -> int:
        return (seat - shift) % n

    current = {seat: placed.get(seat, 0) for seat in known.order}
    current[known.me] = known.hand
    played_by = dict.fromkeys(known.order, 0)
    order = known.order
    for leader, cards, _ in known.tricks:
        start = order.index(leader)
        for i, card in enumerate(cards):
            played_by[order[(start + i) % len(order)]] |= 1 << card
    for seat, card in known.trick:
        played_by[seat] |= 1 << card
    dealt = {s: current[s] | played_by[s] for s in order}
    pile = placed.get(PILE, 0)
    taker = known.taker
    dog = 0
    dog_taken = known.contract in SEES_DOG and taker is not None and known.dog is not None
    if dog_taken:
        ecart = known.ecart if known.me == taker else pile | known.discarded_trumps
        assert ecart is not None and known.dog is not None and taker is not None
        dog = known.dog
        dealt[taker] = (dealt[taker] | ecart) & ~dog
    elif known.dog is not None:
        dog = known.dog
    else:
        dog = pile
    if check_bids and not _plausible(known, dealt, VARIANTS[variant].contracts):
        return None
    hands = [0] * n
    for seat in order:
        hands[sim(seat)] = dealt[seat]
    try:
        state = FRENCH.new(n, variant)
        state.step(DealCards(tuple(hands), dog))
        for _, bid in known.bids:
            state.step(parse_action(f"bid:{bid}"))
        if known.called is not None:
            state.step(CALLS[known.called])
        if dog_taken:
            ecart = known.ecart if known.me == taker else pile | known.discarded_trumps
            assert ecart is not None
            for card in cards_of(ecart):  # suit cards first: trumps only when unavoidable
                state.step(DISCARDS[card])
        if taker is not None and known.phase not in _BEFORE_CHELEM:
            state.step(parse_action(f"chelem:{'yes' if known.chelem_announced else 'no'}"))
        plays = [c for _, cards, _ in known.tricks for c in cards] + [c for _, c in known.trick]
        for card in plays:
            _answer_questions(state, known, shift)
            state.step(PLAYS[card])
        _answer_questions(state, known, shift)
    except (IllegalAction, ValueError, AssertionError):
        return None
    if state.turn != sim(known.me):
        return None
    return World(state, shift, current)


def _answer_questions(state: FrenchState, known: Known, shift: int) -> None:
    """Answer the misère and poignée questions the way the view says each seat did."""
    while state.phase in (MISERE, POIGNEE):
        seat = (state.turn + shift) % known.seats
        if state.phase == MISERE:
            state.step(Misere(tuple(known.miseres.get(seat, ()))))  # type: ignore[arg-type]
        else:
            state.step(Poignee(known.poignees.get(seat, 0)))


def sample_world(known: Known, rng: random.Random, variant: str, tries: int = 40) -> World | None:
    """A world agreeing with the view, or None when none was found in ``tries`` samples
    fitting the bids, then a quarter as many more that need not fit them."""
    for attempt in range(tries + tries // 4):
        placed = sample_hands(known, rng)
        if placed is None:
            continue
        world = build_world(known, placed, variant, check_bids=attempt < tries)
        if world is not None:
            return world
    return None
