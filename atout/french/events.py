"""Events describing one applied action, built from the states before and after it.

The rules act only in :meth:`FrenchState.step`; this module reads what the step
changed and says it, tagging each event with the seats allowed to see it
(``to=None``: everyone, spectators included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import TRUMPS, card_text
from atout.french.actions import (
    Bid,
    Call,
    ChelemChoice,
    DealCards,
    DealSeed,
    Discard,
    Misere,
    Play,
    Poignee,
)
from atout.french.variants import Contract
from atout.french.view import cards_json, deal_summary
from atout.game import Action, Event

if TYPE_CHECKING:
    from atout.french.state import FrenchState


def _dog_events(after: FrenchState) -> list[Event]:
    contract = Contract(after.contract)
    if contract.sees_dog:
        return [Event("dog", {"shown": True, "cards": cards_json(after.dog)})]
    side = "taker" if contract == Contract.GARDE_SANS else "defence"
    return [Event("dog", {"shown": False, "counts_for": side})]


def _deal_events(before: FrenchState, after: FrenchState) -> list[Event]:
    dealer = before.dealer if before.score is None else (before.dealer + 1) % before.seats
    events = [Event("deal", {"dealer": dealer, "number": before.deals_played + 1})]
    for seat, hand in enumerate(after.dealt):
        if hand:
            events.append(
                Event("hand", {"seat": seat, "cards": cards_json(hand)}, frozenset({seat}))
            )
    if after.cancelled == "petit_sec":
        seat = next(s for s, h in enumerate(after.dealt) if h & (TRUMPS | 1 << 77) == 1 << 56)
        events.append(Event("petit_sec", {"seat": seat, "cards": cards_json(after.dealt[seat])}))
        events.append(Event("redeal", {"reason": "petit_sec", "dealer": after.dealer}))
    return events


def _play_events(before: FrenchState, card: int, after: FrenchState) -> list[Event]:
    seat = before.turn
    events = [Event("play", {"seat": seat, "card": card_text(card)})]
    if card == before.called:
        alone = after.partner == after.taker
        events.append(Event("partner", {"seat": after.partner, "alone": alone}))
    if len(after.tricks) > len(before.tricks):
        leader, cards, winner = after.tricks[-1]
        data = {
            "number": len(after.tricks),
            "leader": leader,
            "cards": [card_text(c) for c in cards],
            "winner": winner,
        }
        events.append(Event("trick", data))
    if after.deal_over and not before.deal_over:
        events.append(Event("deal_end", deal_summary(after)))
        if after.is_over:
            events.append(Event("game_end", after.result()))
    return events


def events_of(before: FrenchState, action: Action, after: FrenchState) -> list[Event]:
    """The events caused by ``action``, which turned ``before`` into ``after``."""
    seat = before.turn
    if isinstance(action, Play):
        return _play_events(before, action.card, after)
    if isinstance(action, DealSeed | DealCards):
        return _deal_events(before, after)
    if isinstance(action, Bid):
        events = [Event("bid", {"seat": seat, "bid": action.contract.text})]
        if after.cancelled == "all_pass":
            events.append(Event("redeal", {"reason": "all_pass", "dealer": after.dealer}))
        elif after.phase != before.phase:
            taker = after.taker
            contract = Contract(after.contract).text
            events.append(Event("contract", {"taker": taker, "contract": contract}))
            if after.called < 0 and len(after.order) != 5:
                events.extend(_dog_events(after))
        return events
    if isinstance(action, Call):
        return [Event("call", {"seat": seat, "card": card_text(action.card)}), *_dog_events(after)]
    if isinstance(action, Discard):
        card = card_text(action.card)
        events = [Event("discard", {"seat": seat, "card": card}, frozenset({seat}))]
        if TRUMPS >> action.card & 1:
            events.append(Event("trump_discarded", {"seat": seat, "card": card}))
        if after.phase != before.phase:
            events.append(Event("ecart_done", {"seat": seat}))
        return events
    if isinstance(action, ChelemChoice):
        return [Event("chelem", {"seat": seat, "announced": action.announce})]
    if isinstance(action, Misere):
        return [Event("misere", {"seat": seat, "kinds": list(action.kinds)})]
    assert isinstance(action, Poignee)
    return [Event("poignee", {"seat": seat, "cards": cards_json(action.cards)})]
