"""Events describing one applied action, built from the states before and after it.

The rules act only in :meth:`FrenchState.step`; this module reads what the step
changed and says it, tagging each event with the seats allowed to see it
(``to=None``: everyone, spectators included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from atout.cards import TRUMPS
from atout.french.actions import (
    CARD_TEXTS,
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
from atout.french.dealing import petit_sec_seat
from atout.french.variants import Contract
from atout.french.view import cards_json, deal_summary, poignee_size
from atout.game import Action, Event

if TYPE_CHECKING:
    from atout.french.state import FrenchState


class Before(NamedTuple):
    """The few facts of the state before an action that its events need."""

    turn: int
    phase: int
    dealer: int
    deals_played: int
    deal_over: bool
    called: int
    tricks: int

    @classmethod
    def of(cls, state: FrenchState) -> Before:
        """Take the facts from ``state`` (cheaper than a clone)."""
        return cls(
            state.turn,
            state.phase,
            state.dealer,
            state.deals_played,
            state.deal_over,
            state.called,
            len(state.tricks),
        )


def _dog_events(after: FrenchState) -> list[Event]:
    contract = Contract(after.contract)
    if contract.sees_dog:
        return [Event("dog", {"shown": True, "cards": cards_json(after.dog)})]
    side = "taker" if contract == Contract.GARDE_SANS else "defence"
    return [Event("dog", {"shown": False, "counts_for": side})]


def _deal_events(before: Before, after: FrenchState) -> list[Event]:
    dealer = before.dealer if not before.deal_over else (before.dealer + 1) % after.seats
    events = [Event("deal", {"dealer": dealer, "number": before.deals_played + 1})]
    for seat, hand in enumerate(after.dealt):
        if hand:
            events.append(
                Event("hand", {"seat": seat, "cards": cards_json(hand)}, frozenset({seat}))
            )
    if after.cancelled == "petit_sec":
        seat = petit_sec_seat(after.dealt, after.variant.petit_sec_excuse_protects)
        events.append(Event("petit_sec", {"seat": seat, "cards": cards_json(after.dealt[seat])}))
        events.append(Event("redeal", {"reason": "petit_sec", "dealer": after.dealer}))
    elif after.taker >= 0:  # an imposed contract: the deal itself named the taker
        contract = Contract(after.contract).text
        events.append(Event("contract", {"taker": after.taker, "contract": contract}))
        if len(after.order) != 5:
            events.extend(_dog_events(after))
    return events


def _play_events(before: Before, card: int, after: FrenchState) -> list[Event]:
    seat = before.turn
    events = [Event("play", {"seat": seat, "card": CARD_TEXTS[card]})]
    if card == before.called:
        alone = after.partner == after.taker
        events.append(Event("partner", {"seat": after.partner, "alone": alone}))
    if len(after.tricks) > before.tricks:
        leader, cards, winner = after.tricks[-1]
        data = {
            "number": len(after.tricks),
            "leader": leader,
            "cards": [CARD_TEXTS[c] for c in cards],
            "winner": winner,
        }
        events.append(Event("trick", data))
    if after.deal_over and not before.deal_over:
        events.append(Event("deal_end", deal_summary(after)))
        if after.is_over:
            events.append(Event("game_end", after.result()))
    return events


def events_of(before: Before, action: Action, after: FrenchState) -> list[Event]:
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
        return [Event("call", {"seat": seat, "card": CARD_TEXTS[action.card]}), *_dog_events(after)]
    if isinstance(action, Discard):
        card = CARD_TEXTS[action.card]
        events = [Event("discard", {"seat": seat, "card": card}, frozenset({seat}))]
        if TRUMPS >> action.card & 1:
            events.append(Event("trump_discarded", {"seat": seat, "card": card}))
        if after.phase != before.phase:
            events.append(Event("ecart_done", {"seat": seat}))
        return events
    if isinstance(action, ChelemChoice):
        return [Event("chelem", {"seat": seat, "announced": action.announce})]
    # Only qualifying seats are asked, so a refusal is no event: that it
    # happened would tell who holds many trumps.
    if isinstance(action, Misere):
        kinds = list(action.kinds)
        return [Event("misere", {"seat": seat, "kinds": kinds})] if kinds else []
    assert isinstance(action, Poignee)
    if not action.cards:
        return []
    data = {
        "seat": seat,
        "size": poignee_size(after, action.cards),
        "cards": cards_json(action.cards),
    }
    return [Event("poignee", data)]
