"""Building a deal: from a seed the way a dealer deals, or checked from explicit cards.

The dealer gives packets of 3 cards (4 at 3 players) counter-clockwise starting
with the player on their right, and puts single cards in the dog between
packets, never the first or the last card of the pack (FFT, "La distribution").
"""

from __future__ import annotations

import random

from atout.cards import DECK_SIZE, EXCUSE_BIT, FULL_DECK, PETIT_BIT, TRUMPS, hand_texts
from atout.game import IllegalAction


def dog_size(active: int) -> int:
    """Cards in the dog: 3 at 5 players, 6 otherwise."""
    return 3 if active == 5 else 6


def hand_size(active: int) -> int:
    """Cards in each hand: 24, 18 or 15."""
    return (DECK_SIZE - dog_size(active)) // active


def deal_from_seed(seed: int, order: tuple[int, ...], seats: int) -> tuple[tuple[int, ...], int]:
    """Hands (one bit set per seat, empty for a seat sitting out) and dog dealt from ``seed``.

    ``order`` lists the seats receiving cards, starting right of the dealer.
    """
    rng = random.Random(seed)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    active = len(order)
    packet = 4 if active == 3 else 3
    packets = (DECK_SIZE - dog_size(active)) // packet
    dog_gaps = set(rng.sample(range(1, packets), dog_size(active)))
    hands = [0] * seats
    dog = 0
    pos = 0
    for index in range(packets):
        if index in dog_gaps:
            dog |= 1 << deck[pos]
            pos += 1
        seat = order[index % active]
        for card in deck[pos : pos + packet]:
            hands[seat] |= 1 << card
        pos += packet
    return tuple(hands), dog


def check_deal(hands: tuple[int, ...], dog: int, order: tuple[int, ...], seats: int) -> None:
    """Raise IllegalAction unless the hands and dog are a valid deal for these seats."""
    active = len(order)
    if len(hands) != seats:
        raise IllegalAction("deal_hands", seats=seats, got=len(hands))
    size = hand_size(active)
    seen = 0
    for seat, hand in enumerate(hands):
        expected = size if seat in order else 0
        if hand.bit_count() != expected:
            raise IllegalAction("seat_cards", seat=seat, expected=expected, got=hand.bit_count())
        if seen & hand:
            raise IllegalAction("dealt_twice", cards=hand_texts(seen & hand))
        seen |= hand
    if dog.bit_count() != dog_size(active):
        raise IllegalAction("dog_size", size=dog_size(active), got=dog.bit_count())
    if seen & dog:
        raise IllegalAction("in_hand_and_dog", cards=hand_texts(seen & dog))
    missing = FULL_DECK & ~(seen | dog)
    if missing:
        raise IllegalAction("missing_cards", cards=hand_texts(missing))


def petit_sec_seat(hands: tuple[int, ...], excuse_protects: bool) -> int:
    """The first seat whose only trump is the Petit, or -1. With ``excuse_protects``
    the Excuse counts as a second trump (FFT: "il n'a pas l'Excuse")."""
    guard = TRUMPS | EXCUSE_BIT if excuse_protects else TRUMPS
    return next((s for s, hand in enumerate(hands) if hand & guard == PETIT_BIT), -1)
