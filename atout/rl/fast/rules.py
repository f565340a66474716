"""French Tarot's rules compiled for many deals at once: one int64 row per
deal in a state matrix, the table's numbers in a vector (:mod:`.table`).

The engine (:class:`atout.french.state.FrenchState`) is the reference: each
function here names the method it follows, and tests/rl/test_fast.py plays
both side by side, checking every legal-action mask, every seat to move and
every score. Actions are the integers of :mod:`atout.rl.french`. A deal is
the first of a partie (dealer seat 0), as in a learning episode.

Every compiled function lives in this one module: numba's cache checks only
the file of the function it loads, so a caller compiled in another file would
keep running an older version of a function changed here.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from atout.cards import EXCUSE, PETIT, TRUMP
from atout.french.scoring import TARGETS
from atout.french.state import BID, CALL, CHELEM, DISCARD, OVER, PLAY, POIGNEE
from atout.french.variants import Contract
from atout.rl.fast import table as T
from atout.rl.fast.cards import (
    BOUTS_HI,
    EXCUSE_HI,
    HALF_HI,
    HALF_LO,
    KINGS_LO,
    PETIT_HI,
    SPLIT,
    SUIT_LO,
    TRUMPS_HI,
)
from atout.rl.fast.jit import compiled
from atout.rl.french import BID_AT, CALL_AT, CHELEM_AT, DISCARD_AT, POIGNEE_AT
from atout.rl.spec import Mask, Tensor

Rows = npt.NDArray[np.int64]

# --- Columns of a deal's row ------------------------------------------------
HAND: Final = 0
"""Each seat's hand, two words a seat: ``HAND + 2 * seat`` (lo), ``+ 1`` (hi)."""
WON: Final = 10
"""The cards each seat won in tricks, as HAND."""
PLAYED: Final = 20
"""The cards each seat played to completed tricks, as HAND."""
DOG: Final = 30
ECART: Final = 32
SHOWN: Final = 34
"""The hi word of the poignée each seat showed (5)."""
POIGNEE_SHOWN: Final = 39
"""Each seat's poignée: 0 none, 1 simple, 2 double, 3 triple (5)."""
BIDS: Final = 44
"""Each seat's bid (a Contract), -1 before it bids (5)."""
TRICK: Final = 49
"""The cards of the current trick in playing order (5)."""
WINNER: Final = 54
"""The winner of each completed trick (24)."""
SCORE: Final = 78
"""Each seat's score once the deal is scored (5)."""
PHASE: Final = 83
TURN: Final = 84
"""The seat to act, -1 once the deal is over."""
CONTRACT: Final = 85
TAKER: Final = 86
CALLED: Final = 87
PARTNER: Final = 88
PARTNER_KNOWN: Final = 89
CHELEM_ANNOUNCED: Final = 90
BIDS_MADE: Final = 91
ASKED: Final = 92
"""Bit per seat: asked about its poignée already."""
TRICK_LEN: Final = 93
LEADER: Final = 94
LED: Final = 95
TOP_CARD: Final = 96
TOP_SEAT: Final = 97
TRICKS_DONE: Final = 98
ATTACK_TRICKS: Final = 99
EXCUSE_SEAT: Final = 100
EXCUSE_TRICK: Final = 101
PETIT_TRICK: Final = 102
CANCELLED: Final = 103
"""Why the deal ended without a score: 0 it did not, ALL_PASS, PETIT_SEC."""
WIDTH: Final = 104

ALL_PASS: Final = 1
PETIT_SEC: Final = 2
SEES_DOG_MAX: Final = int(Contract.GARDE)
GARDE_SANS: Final = int(Contract.GARDE_SANS)
TARGET_HALF: Final = np.array([2 * t for t in TARGETS], dtype=np.int64)
"""Half points the attack needs with 0, 1, 2 or 3 bouts."""
MAX_LEGAL: Final = 78
"""A bound on a position's legal actions (the most is 30: a 24-card hand and the dog)."""


# --- Words of cards ------------------------------------------------------------


@compiled
def popcount(x: int) -> int:
    """Cards in one word."""
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@compiled
def half_points(lo: int, hi: int) -> int:
    """Half points of the cards in a pair of words (:func:`atout.cards.mask_points`)."""
    total = 0
    for c in range(SPLIT):
        if lo >> c & 1:
            total += HALF_LO[c]
    for c in range(len(HALF_HI)):
        if hi >> c & 1:
            total += HALF_HI[c]
    return total


@compiled
def lowest_bits(x: int, count: int) -> int:
    """The ``count`` lowest set bits of ``x``."""
    out = 0
    while count > 0:
        low = x & -x
        out |= low
        x ^= low
        count -= 1
    return out


# --- Deals -------------------------------------------------------------------


@compiled
def deal(rows: Rows, table: Rows, g: int, lo: Rows, hi: Rows) -> None:
    """Start deal ``g`` from hands ``lo[s], hi[s]`` (the dog at ``players``):
    FrenchState._deal, cancelling a petit sec (the Excuse protects)."""
    players = table[T.PLAYERS]
    rows[g, :] = 0
    for s in range(players):
        rows[g, HAND + 2 * s] = lo[s]
        rows[g, HAND + 2 * s + 1] = hi[s]
        rows[g, BIDS + s] = -1
    rows[g, DOG] = lo[players]
    rows[g, DOG + 1] = hi[players]
    for column in (TAKER, CALLED, PARTNER, LEADER, LED, TOP_CARD, TOP_SEAT):
        rows[g, column] = -1
    for column in (EXCUSE_SEAT, EXCUSE_TRICK, PETIT_TRICK):
        rows[g, column] = -1
    for s in range(players):
        if hi[s] & (TRUMPS_HI | EXCUSE_HI) == PETIT_HI:
            rows[g, PHASE] = OVER
            rows[g, TURN] = -1
            rows[g, CANCELLED] = PETIT_SEC
            return
    rows[g, PHASE] = BID
    rows[g, TURN] = 1 % players


# --- Legal actions ------------------------------------------------------------


@compiled
def play_mask(rows: Rows, g: int) -> tuple[int, int]:
    """Cards the seat to move may play: FrenchState.play_mask."""
    seat = rows[g, TURN]
    hand_lo = rows[g, HAND + 2 * seat]
    hand_hi = rows[g, HAND + 2 * seat + 1]
    led = rows[g, LED]
    if led < 0:
        lo, hi = hand_lo, hand_hi
        called = rows[g, CALLED]
        if called >= 0 and rows[g, TRICK_LEN] == 0 and rows[g, TRICKS_DONE] == 0:
            lo = hand_lo & ~SUIT_LO[called // 14] | hand_lo & (1 << called)
            if lo == 0 and hi == 0:
                lo = hand_lo
    elif led != TRUMP and hand_lo & SUIT_LO[led]:
        lo, hi = hand_lo & SUIT_LO[led], hand_hi & EXCUSE_HI
    else:
        lo, hi = 0, hand_hi & TRUMPS_HI
        if hi == 0:
            lo, hi = hand_lo, hand_hi
        else:
            top = rows[g, TOP_CARD]
            if top >= SPLIT and hi >> (top - SPLIT + 1):
                hi = hi >> (top - SPLIT + 1) << (top - SPLIT + 1)
            hi |= hand_hi & EXCUSE_HI
    keep_excuse = rows[g, CHELEM_ANNOUNCED] and seat == rows[g, TAKER] and _slam_may_stand(rows, g)
    if keep_excuse and hi & EXCUSE_HI and (lo != 0 or hi != EXCUSE_HI):
        hi ^= EXCUSE_HI
    return lo, hi


@compiled
def discard_mask(rows: Rows, table: Rows, g: int) -> tuple[int, int]:
    """Cards the taker may put in the écart: FrenchState.discard_mask."""
    taker = rows[g, TAKER]
    plain = rows[g, HAND + 2 * taker] & ~KINGS_LO
    left = table[T.DOG_SIZE] - popcount(rows[g, ECART]) - popcount(rows[g, ECART + 1])
    if popcount(plain) >= left:
        return plain, 0
    return plain, rows[g, HAND + 2 * taker + 1] & ~BOUTS_HI


@compiled
def callable_mask(rows: Rows, g: int) -> int:
    """5 players, the cards the taker may call: FrenchState.callable_mask with
    ``king_call_self`` (the FFT's)."""
    hand = rows[g, HAND + 2 * rows[g, TAKER]]
    mask = 0
    for step in range(4):  # King, Queen, Knight, Jack
        mask = 0
        for suit in range(4):
            mask |= 1 << (suit * 14 + 13 - step)
        if hand & mask != mask:
            break
    return mask | KINGS_LO


@compiled
def poignee_trumps(rows: Rows, g: int, seat: int) -> int:
    """The hi word of trumps ``seat`` may show: FrenchState._poignee_trumps."""
    trumps: int = rows[g, HAND + 2 * seat + 1] & TRUMPS_HI
    if seat == rows[g, TAKER]:
        trumps |= rows[g, ECART + 1] & TRUMPS_HI
    return trumps


@compiled
def poignee_reach(rows: Rows, table: Rows, g: int, seat: int) -> int:
    """How many poignée sizes ``seat`` can show (the Excuse standing in for one
    trump): FrenchState.poignee_choices."""
    have = popcount(poignee_trumps(rows, g, seat))
    if rows[g, HAND + 2 * seat + 1] & EXCUSE_HI:
        have += 1
    reach = 0
    for size in range(3):
        if have >= table[T.POIGNEE_SIZE + size]:
            reach = size + 1
    return reach


@compiled
def _cards_into(lo: int, hi: int, at: int, out: Rows, k: int) -> int:
    for c in range(SPLIT):
        if lo >> c & 1:
            out[k] = at + c
            k += 1
    for c in range(22):
        if hi >> c & 1:
            out[k] = at + SPLIT + c
            k += 1
    return k


@compiled
def legal_into(rows: Rows, table: Rows, g: int, out: Rows) -> int:
    """Write the legal actions of deal ``g`` into ``out``, rising; their count
    (0 once the deal is over): FrenchState.legal_actions as integers."""
    phase = rows[g, PHASE]
    if phase == PLAY:
        lo, hi = play_mask(rows, g)
        return _cards_into(lo, hi, 0, out, 0)
    if phase == DISCARD:
        lo, hi = discard_mask(rows, table, g)
        return _cards_into(lo, hi, DISCARD_AT, out, 0)
    if phase == BID:
        out[0] = BID_AT
        k = 1
        for contract in range(rows[g, CONTRACT] + 1, 6):
            if table[T.MULTIPLIER + contract]:
                out[k] = BID_AT + contract
                k += 1
        return k
    if phase == CALL:
        mask = callable_mask(rows, g)
        k = 0
        for place in range(16):
            if mask >> (place // 4 * 14 + 13 - place % 4) & 1:
                out[k] = CALL_AT + place
                k += 1
        return k
    if phase == CHELEM:
        out[0] = CHELEM_AT
        out[1] = CHELEM_AT + 1
        return 2
    if phase == POIGNEE:
        reach = poignee_reach(rows, table, g, rows[g, TURN])
        for size in range(reach + 1):
            out[size] = POIGNEE_AT + size
        return reach + 1
    return 0


# --- Actions -------------------------------------------------------------------


@compiled
def _enter_turn(rows: Rows, table: Rows, g: int, seat: int) -> None:
    """FrenchState._enter_turn without misères (not an FFT announcement)."""
    rows[g, TURN] = seat
    if rows[g, TRICKS_DONE] or rows[g, ASKED] >> seat & 1:
        rows[g, PHASE] = PLAY
    elif poignee_reach(rows, table, g, seat):
        rows[g, PHASE] = POIGNEE
    else:
        rows[g, ASKED] |= 1 << seat
        rows[g, PHASE] = PLAY


@compiled
def _sees_dog(contract: int) -> bool:
    """Contract.sees_dog: prise, pousse and garde take the dog in hand."""
    return 0 < contract <= SEES_DOG_MAX


@compiled
def _after_call(rows: Rows, g: int) -> None:
    taker = rows[g, TAKER]
    rows[g, TURN] = taker
    if _sees_dog(rows[g, CONTRACT]):
        rows[g, HAND + 2 * taker] |= rows[g, DOG]
        rows[g, HAND + 2 * taker + 1] |= rows[g, DOG + 1]
        rows[g, PHASE] = DISCARD
    else:
        rows[g, PHASE] = CHELEM


@compiled
def _bid(rows: Rows, table: Rows, g: int, contract: int) -> None:
    """FrenchState._bid: all passing cancels the deal; at 5 the taker calls."""
    seat = rows[g, TURN]
    players = table[T.PLAYERS]
    if contract:
        rows[g, CONTRACT] = contract
        rows[g, TAKER] = seat
    rows[g, BIDS + seat] = contract
    rows[g, BIDS_MADE] += 1
    if rows[g, BIDS_MADE] < players:
        rows[g, TURN] = (seat + 1) % players
    elif rows[g, CONTRACT] == 0:
        rows[g, PHASE] = OVER
        rows[g, TURN] = -1
        rows[g, CANCELLED] = ALL_PASS
    elif players == 5:
        rows[g, PHASE] = CALL
        rows[g, TURN] = rows[g, TAKER]
    else:
        _after_call(rows, g)


@compiled
def _call(rows: Rows, table: Rows, g: int, place: int) -> None:
    """FrenchState._call: the partner holds the card, else the taker plays alone."""
    card = place // 4 * 14 + 13 - place % 4
    rows[g, CALLED] = card
    rows[g, PARTNER] = rows[g, TAKER]
    for s in range(table[T.PLAYERS]):
        if rows[g, HAND + 2 * s] >> card & 1:
            rows[g, PARTNER] = s
    _after_call(rows, g)


@compiled
def _discard(rows: Rows, table: Rows, g: int, card: int) -> None:
    taker = rows[g, TAKER]
    word, bit = (0, card) if card < SPLIT else (1, card - SPLIT)
    rows[g, HAND + 2 * taker + word] ^= 1 << bit
    rows[g, ECART + word] |= 1 << bit
    if popcount(rows[g, ECART]) + popcount(rows[g, ECART + 1]) == table[T.DOG_SIZE]:
        rows[g, PHASE] = CHELEM


@compiled
def _poignee(rows: Rows, table: Rows, g: int, size: int) -> None:
    """FrenchState._poignee, showing the canonical cards: the lowest trumps, or
    every trump and the Excuse."""
    seat = rows[g, TURN]
    if size:
        trumps = poignee_trumps(rows, g, seat)
        count = table[T.POIGNEE_SIZE + size - 1]
        shown = lowest_bits(trumps, count) if popcount(trumps) >= count else trumps | EXCUSE_HI
        rows[g, SHOWN + seat] = shown
        rows[g, POIGNEE_SHOWN + seat] = size
    rows[g, ASKED] |= 1 << seat
    _enter_turn(rows, table, g, seat)


@compiled
def _in_attack(rows: Rows, g: int, seat: int) -> bool:
    return bool(seat == rows[g, TAKER] or seat == rows[g, PARTNER])


@compiled
def _slam_may_stand(rows: Rows, g: int) -> bool:
    """FrenchState._slam_may_stand: every trick to the attack, as far as the taker knows."""
    taker, partner = rows[g, TAKER], rows[g, PARTNER]
    others = 0
    for t in range(rows[g, TRICKS_DONE]):
        if rows[g, WINNER + t] != taker:
            others |= 1 << rows[g, WINNER + t]
    if others == 0:
        return True
    if partner < 0:
        return False
    if _partner_seen(rows, g, taker):
        return bool(others == 1 << partner)
    return others & (others - 1) == 0


@compiled
def _all_to(rows: Rows, g: int, attack: bool) -> bool:
    """Whether every completed trick went to the attack (``attack``) or to the defence."""
    won = rows[g, ATTACK_TRICKS]
    return bool(won == rows[g, TRICKS_DONE] if attack else won == 0)


@compiled
def _play(rows: Rows, table: Rows, g: int, card: int) -> None:
    """FrenchState._play."""
    seat = rows[g, TURN]
    players = table[T.PLAYERS]
    word, bit = (0, card) if card < SPLIT else (1, card - SPLIT)
    rows[g, HAND + 2 * seat + word] ^= 1 << bit
    length = rows[g, TRICK_LEN]
    if length == 0:
        rows[g, LEADER] = seat
    rows[g, TRICK + length] = card
    rows[g, TRICK_LEN] = length + 1
    if card == rows[g, CALLED]:
        rows[g, PARTNER_KNOWN] = 1
    if card == PETIT:
        rows[g, PETIT_TRICK] = rows[g, TRICKS_DONE]
    if card == EXCUSE:
        rows[g, EXCUSE_SEAT] = seat
        rows[g, EXCUSE_TRICK] = rows[g, TRICKS_DONE]
    else:
        led = rows[g, LED]
        if led < 0:
            led = TRUMP if card >= SPLIT else card // 14
            rows[g, LED] = led
        if card > rows[g, TOP_CARD] and (card >= SPLIT or card // 14 == led):
            rows[g, TOP_CARD] = card
            rows[g, TOP_SEAT] = seat
    if length + 1 < players:
        if rows[g, TRICKS_DONE]:
            rows[g, TURN] = (seat + 1) % players
        else:
            _enter_turn(rows, table, g, (seat + 1) % players)
    else:
        _end_trick(rows, table, g)


@compiled
def _end_trick(rows: Rows, table: Rows, g: int) -> None:
    """FrenchState._end_trick: the Excuse wins the last trick of a slam."""
    players = table[T.PLAYERS]
    done = rows[g, TRICKS_DONE]
    winner = rows[g, TOP_SEAT]
    last = done == table[T.HAND_SIZE] - 1
    if last and rows[g, EXCUSE_TRICK] == done:
        excuse_seat = rows[g, EXCUSE_SEAT]
        if _all_to(rows, g, _in_attack(rows, g, excuse_seat)):
            winner = excuse_seat
    rows[g, WINNER + done] = winner
    leader = rows[g, LEADER]
    for i in range(players):
        card = rows[g, TRICK + i]
        word, bit = (0, card) if card < SPLIT else (1, card - SPLIT)
        rows[g, WON + 2 * winner + word] |= 1 << bit
        rows[g, PLAYED + 2 * ((leader + i) % players) + word] |= 1 << bit
    if _in_attack(rows, g, winner):
        rows[g, ATTACK_TRICKS] += 1
    rows[g, TRICKS_DONE] = done + 1
    rows[g, TRICK_LEN] = 0
    for column in (LEADER, LED, TOP_CARD, TOP_SEAT):
        rows[g, column] = -1
    if last:
        _finish(rows, table, g)
    else:
        rows[g, TURN] = winner


@compiled
def apply(rows: Rows, table: Rows, g: int, action: int) -> None:
    """Play legal ``action`` in deal ``g`` (not checked: see :func:`legal_into`)."""
    if action < DISCARD_AT:
        _play(rows, table, g, action)
    elif action < CALL_AT:
        _discard(rows, table, g, action - DISCARD_AT)
    elif action < BID_AT:
        _call(rows, table, g, action - CALL_AT)
    elif action < CHELEM_AT:
        _bid(rows, table, g, action - BID_AT)
    elif action < POIGNEE_AT:
        announce = action - CHELEM_AT
        rows[g, CHELEM_ANNOUNCED] = announce
        _enter_turn(rows, table, g, rows[g, TAKER] if announce else 1 % table[T.PLAYERS])
    else:
        _poignee(rows, table, g, action - POIGNEE_AT)


# --- End of the deal ----------------------------------------------------------------


@compiled
def _attack_half_points(rows: Rows, g: int) -> tuple[int, int]:
    """The attack's half points after the Excuse exchange, and its bouts:
    FrenchState._attack with ``excuse_last_trick`` "other_side"."""
    taker, partner = rows[g, TAKER], rows[g, PARTNER]
    lo = rows[g, WON + 2 * taker]
    hi = rows[g, WON + 2 * taker + 1]
    if partner >= 0:
        lo |= rows[g, WON + 2 * partner]
        hi |= rows[g, WON + 2 * partner + 1]
    contract = rows[g, CONTRACT]
    if _sees_dog(contract):
        lo |= rows[g, ECART]
        hi |= rows[g, ECART + 1]
    elif contract == GARDE_SANS:
        lo |= rows[g, DOG]
        hi |= rows[g, DOG + 1]
    exchange = 0
    excuse_seat = rows[g, EXCUSE_SEAT]
    if excuse_seat >= 0:
        owner = _in_attack(rows, g, excuse_seat)
        excuse_trick = rows[g, EXCUSE_TRICK]
        winner = _in_attack(rows, g, rows[g, WINNER + excuse_trick])
        keeps = owner
        if excuse_trick == rows[g, TRICKS_DONE] - 1 and not _all_to(rows, g, winner):
            keeps = not owner
        if keeps != winner:
            hi ^= EXCUSE_HI
        if keeps == owner and owner != winner:
            exchange = -1 if owner else 1
    return half_points(lo, hi) + exchange, popcount(hi & BOUTS_HI)


@compiled
def _finish(rows: Rows, table: Rows, g: int) -> None:
    """Score the deal: FrenchState._finish and atout.french.scoring.score_deal
    for the FFT structure (petit au bout a bonus, poignées to the deal's
    winner unmultiplied, partner's third)."""
    players = table[T.PLAYERS]
    taker, partner = rows[g, TAKER], rows[g, PARTNER]
    half, bouts = _attack_half_points(rows, g)
    final = rows[g, TRICKS_DONE] - 1
    final_winner = rows[g, WINNER + final]
    excuse_won = final_winner == rows[g, EXCUSE_SEAT] and rows[g, EXCUSE_TRICK] == final
    petit = 0
    petit_trick = rows[g, PETIT_TRICK]
    if petit_trick == final or (excuse_won and petit_trick == final - 1):
        petit = 1 if _in_attack(rows, g, final_winner) else -1
    multiplier = table[T.MULTIPLIER + rows[g, CONTRACT]]
    margin = half - TARGET_HALF[bouts]
    result = 1 if margin >= 0 else -1
    difference = (abs(margin) + 1) // 2
    per_defender = result * (table[T.PRIME] + difference) * multiplier
    per_defender += petit * table[T.PETIT_AU_BOUT] * multiplier
    for s in range(players):
        size = rows[g, POIGNEE_SHOWN + s]
        if size:
            per_defender += result * table[T.POIGNEE_BONUS + size - 1]
    announced = rows[g, CHELEM_ANNOUNCED]
    if _all_to(rows, g, True):
        if announced:
            per_defender += table[T.CHELEM_ANNOUNCED_MADE]
        else:
            per_defender += table[T.CHELEM_UNANNOUNCED_MADE]
    else:
        if announced:
            per_defender += table[T.CHELEM_ANNOUNCED_FAILED]
        if _all_to(rows, g, False):
            per_defender -= table[T.CHELEM_DEFENCE]
    with_partner = players == 5 and partner != taker
    defenders = players - 2 if with_partner else players - 1
    for s in range(players):
        rows[g, SCORE + s] = -per_defender
    attack = per_defender * defenders
    if with_partner:
        rows[g, SCORE + partner] = per_defender
        attack -= per_defender
    rows[g, SCORE + taker] = attack
    rows[g, PHASE] = OVER
    rows[g, TURN] = -1


# --- Observations --------------------------------------------------------------

OBS_BLOCKS: Final = (
    "hand",
    "played",
    "trick",
    "dog",
    "ecart",
    "poignees",
    "called",
    "phase",
    "to_move",
    "dealer",
    "leader",
    "taker",
    "partner",
    "bids",
    "contract",
    "chelem",
    "hand_sizes",
    "points",
    "tricks_done",
)
"""The blocks of :func:`atout.rl.french.layout` written here, in the order of
the offsets vector ``at`` (the others, misères, sitting out and totals, stay 0
in an FFT deal that is the first of its partie)."""
(
    AT_HAND,
    AT_PLAYED,
    AT_TRICK,
    AT_DOG,
    AT_ECART,
    AT_POIGNEES,
    AT_CALLED,
    AT_PHASE,
    AT_TO_MOVE,
    AT_DEALER,
    AT_LEADER,
    AT_TAKER,
    AT_PARTNER,
    AT_BIDS,
    AT_CONTRACT,
    AT_CHELEM,
    AT_HAND_SIZES,
    AT_POINTS,
    AT_TRICKS_DONE,
) = range(len(OBS_BLOCKS))


@compiled
def _write_cards(x: Tensor, base: int, lo: int, hi: int) -> None:
    for c in range(SPLIT):
        if lo >> c & 1:
            x[base + c] = 1.0
    for c in range(22):
        if hi >> c & 1:
            x[base + SPLIT + c] = 1.0


@compiled
def _write_card(x: Tensor, base: int, card: int) -> None:
    x[base + card] = 1.0


@compiled
def _partner_seen(rows: Rows, g: int, viewer: int) -> bool:
    """atout.french.view.partner_for during a deal: played, turned up with the
    dog, or the viewer holding the called card."""
    partner, called = rows[g, PARTNER], rows[g, CALLED]
    if partner < 0:
        return False
    in_dog = rows[g, DOG] >> called & 1 == 1
    shown = _sees_dog(rows[g, CONTRACT]) and in_dog
    return bool(rows[g, PARTNER_KNOWN] or shown or (viewer == partner and not in_dog))


@compiled
def observe(rows: Rows, table: Rows, at: Rows, g: int, viewer: int, x: Tensor) -> None:
    """Write ``viewer``'s tensor of deal ``g`` into zeros ``x``: FrenchSpec.observe
    of the engine's view of a deal in progress (atout.french.view.view_of)."""
    n = table[T.PLAYERS]
    size = table[T.HAND_SIZE]
    phase, turn, taker = rows[g, PHASE], rows[g, TURN], rows[g, TAKER]
    _write_cards(x, at[AT_HAND], rows[g, HAND + 2 * viewer], rows[g, HAND + 2 * viewer + 1])
    for s in range(n):
        r = (s - viewer) % n
        lo, hi = rows[g, PLAYED + 2 * s], rows[g, PLAYED + 2 * s + 1]
        _write_cards(x, at[AT_PLAYED] + 78 * r, lo, hi)
        _write_cards(x, at[AT_POIGNEES] + 78 * r, 0, rows[g, SHOWN + s])
        if rows[g, BIDS + s] >= 0:
            x[at[AT_BIDS] + 6 * r + rows[g, BIDS + s]] = 1.0
        hand = popcount(rows[g, HAND + 2 * s]) + popcount(rows[g, HAND + 2 * s + 1])
        x[at[AT_HAND_SIZES] + r] = hand / size
        won = half_points(rows[g, WON + 2 * s], rows[g, WON + 2 * s + 1])
        x[at[AT_POINTS] + r] = won / 182.0
    leader = rows[g, LEADER]
    for i in range(rows[g, TRICK_LEN]):
        r = (leader + i - viewer) % n
        _write_card(x, at[AT_TRICK] + 78 * r, rows[g, TRICK + i])
    contract = rows[g, CONTRACT]
    if _sees_dog(contract) and phase > CALL:
        _write_cards(x, at[AT_DOG], rows[g, DOG], rows[g, DOG + 1])
    ecart_hi = rows[g, ECART + 1]
    if viewer == taker:
        _write_cards(x, at[AT_ECART], rows[g, ECART], ecart_hi)
    else:
        _write_cards(x, at[AT_ECART], 0, ecart_hi & TRUMPS_HI)
    if rows[g, CALLED] >= 0:
        _write_card(x, at[AT_CALLED], rows[g, CALLED])
    shown = PLAY if phase == POIGNEE and viewer != turn else phase
    x[at[AT_PHASE] + shown] = 1.0
    x[at[AT_TO_MOVE] + (turn - viewer) % n] = 1.0
    x[at[AT_DEALER] + (0 - viewer) % n] = 1.0
    if rows[g, TRICK_LEN]:
        x[at[AT_LEADER] + (leader - viewer) % n] = 1.0
    if taker >= 0:
        x[at[AT_TAKER] + (taker - viewer) % n] = 1.0
        x[at[AT_CONTRACT] + contract] = 1.0
    if _partner_seen(rows, g, viewer):
        x[at[AT_PARTNER] + (rows[g, PARTNER] - viewer) % n] = 1.0
    x[at[AT_CHELEM]] = rows[g, CHELEM_ANNOUNCED]
    x[at[AT_TRICKS_DONE]] = rows[g, TRICKS_DONE] / size


# --- Many deals ----------------------------------------------------------------


@compiled
def deal_rows(rows: Rows, table: Rows, which: Rows, lo: Rows, hi: Rows) -> None:
    for i in range(len(which)):
        deal(rows, table, which[i], lo[i], hi[i])


@compiled
def mask_rows(rows: Rows, table: Rows, which: Rows, masks: Mask, legal: Rows) -> None:
    for g in which:
        masks[g, :] = False
        for i in range(legal_into(rows, table, g, legal)):
            masks[g, legal[i]] = True


@compiled
def step_rows(rows: Rows, table: Rows, actions: Rows, masks: Mask, legal: Rows) -> int:
    """Play ``actions[g]`` in every deal still going, after checking them all
    against ``masks``; the first deal refusing its action (nothing played), or -1."""
    n = len(rows)
    for g in range(n):
        if rows[g, TURN] >= 0 and not (0 <= actions[g] < masks.shape[1] and masks[g, actions[g]]):
            return g
    for g in range(n):
        masks[g, :] = False
        if rows[g, TURN] >= 0:
            apply(rows, table, g, actions[g])
            for i in range(legal_into(rows, table, g, legal)):
                masks[g, legal[i]] = True
    return -1


@compiled
def random_deal(rows: Rows, table: Rows, g: int, deck: Rows, lo: Rows, hi: Rows) -> None:
    """A uniformly random deal (numba's generator, not the engine's seeded dealer)."""
    for i in range(len(deck) - 1, 0, -1):
        j = np.random.randint(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    players, size = table[T.PLAYERS], table[T.HAND_SIZE]
    lo[:] = 0
    hi[:] = 0
    for position in range(len(deck)):
        owner = min(position // size, players)
        card = deck[position]
        if card < SPLIT:
            lo[owner] |= 1 << card
        else:
            hi[owner] |= 1 << (card - SPLIT)
    deal(rows, table, g, lo, hi)


@compiled
def play_random(rows: Rows, table: Rows, decisions: int, seed: int) -> tuple[int, int]:
    """Uniformly random legal actions (chosen here, from the legal list) until
    ``decisions`` are made; a deal that ends is dealt again at random. The
    decisions made and the scored deals dealt again (a deal is counted when its
    row is dealt anew)."""
    np.random.seed(seed)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    deck = np.arange(78, dtype=np.int64)
    lo = np.zeros(table[T.PLAYERS] + 1, dtype=np.int64)
    hi = np.zeros(table[T.PLAYERS] + 1, dtype=np.int64)
    made = scored = 0
    while made < decisions:
        for g in range(len(rows)):
            if rows[g, TURN] < 0:
                if rows[g, PHASE] == OVER and rows[g, CANCELLED] == 0:
                    scored += 1
                random_deal(rows, table, g, deck, lo, hi)
                continue
            k = legal_into(rows, table, g, legal)
            apply(rows, table, g, legal[np.random.randint(k)])
            made += 1
    return made, scored


@compiled
def observe_rows(rows: Rows, table: Rows, at: Rows, viewers: Rows, out: Tensor) -> None:
    """Each row's tensor for ``viewers[g]`` (a row of zeros when it is -1)."""
    for g in range(len(rows)):
        out[g, :] = 0.0
        if viewers[g] >= 0:
            observe(rows, table, at, g, viewers[g], out[g])
