"""Helpers to build French Tarot states from hand-written cards and to play them out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from atout.cards import FULL_DECK, cards_of, parse_hand
from atout.french.actions import DealCards, FrenchAction
from atout.french.dealing import dog_size, hand_size
from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.game import Event


def explicit_deal(
    players: int, hands: Mapping[int, str], dog: str = "", order: Sequence[int] | None = None
) -> DealCards:
    """A deal giving the written cards to those seats and the rest, lowest first, to the others.

    ``order`` lists the seats receiving cards (all by default); the dog is filled last.
    """
    seats = list(order) if order is not None else list(range(players))
    active = len(seats)
    masks = [0] * players
    used = parse_hand(dog)
    for seat, text in hands.items():
        masks[seat] = parse_hand(text)
        used |= masks[seat]
    free = cards_of(FULL_DECK & ~used)
    for seat in seats:
        while masks[seat].bit_count() < hand_size(active):
            masks[seat] |= 1 << free.pop(0)
    dog_mask = parse_hand(dog)
    while dog_mask.bit_count() < dog_size(active):
        dog_mask |= 1 << free.pop(0)
    return DealCards(tuple(masks), dog_mask)


def new_state(players: int, deal: DealCards, **options: object) -> FrenchState:
    """A one-deal partie (dealer seat 0) after the explicit ``deal``."""
    state = FRENCH.new(players, options=dict(options))
    state.apply(deal)
    return state


def act(state: FrenchState, *texts: str) -> list[Event]:
    """Apply actions written as text, returning all their events."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(FRENCH.parse_action(text))
    return events


def legal(state: FrenchState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def play_out(state: FrenchState, scripts: Mapping[int, Sequence[str]] | None = None) -> list[Event]:
    """Finish the deal: each seat plays its script in order, then its first legal action."""
    queues = {seat: list(cards) for seat, cards in (scripts or {}).items()}
    events: list[Event] = []
    while not state.deal_over:
        seat = state.turn
        action: FrenchAction = state.legal_actions()[0]
        if state.phase == 7 and queues.get(seat):
            action = FRENCH.parse_action("play:" + queues[seat].pop(0))
        events += state.apply(action)
    return events
