"""What each viewer may see of a French Tarot state, as a JSON-ready dict.

A seat sees its own hand and what the rules make public or show to it (the dog
when turned, its own écart, discarded trumps, poignées, the called partner once
known); a spectator sees public information only; once the deal is scored,
everyone sees the whole deal. OMNISCIENT sees everything. Only the seat asked
whether it shows a poignée (or declares a misère) sees that question: the
others see it about to play, since being asked tells who holds many trumps.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast, get_args

from atout.cards import CLUBS, DIAMONDS, EXCUSE, FIRST_TRUMP, HEARTS, SPADES, TRUMPS
from atout.french.actions import CARD_TEXTS
from atout.french.dealing import petit_sec_seat
from atout.french.observation import (
    OBSERVATION_VERSION,
    DealSummary,
    FrenchObservation,
    FrenchRulesBlock,
    PetitSec,
    Phase,
    rules_block,
)
from atout.french.scoring import POIGNEE_SIZES, PoigneeSize
from atout.french.variants import Contract
from atout.game import OMNISCIENT

if TYPE_CHECKING:
    from atout.french.state import FrenchState


PHASE_NAMES: Final[tuple[Phase, ...]] = get_args(Phase)
"""The phases as views name them, by the numbers ``atout.french.state`` gives them."""

REMEMBERED_HANDS: Final = 1 << 14
"""Bit sets whose texts are remembered: a view shows each seat's hand at every
action, while a hand changes at one action in four (the dog, the écart, never);
a few thousand tables' worth."""


def cards_json(mask: int) -> list[str]:
    """A bit set as card texts in reading order (a list of its own)."""
    return list(_texts(mask))


@lru_cache(maxsize=REMEMBERED_HANDS)
def _texts(mask: int) -> tuple[str, ...]:
    """``hand_texts(mask)`` as a tuple, from the texts of its parts in reading
    order: a thousand tables' hands miss the cache, and a miss then costs a few
    look-ups instead of sorting and writing every card."""
    texts: tuple[str, ...] = ()
    for first, width, table in _PARTS:
        part = mask >> first & ((1 << width) - 1)
        if part:
            found = table.get(part)
            if found is None:
                found = table[part] = tuple(
                    CARD_TEXTS[first + i] for i in range(width - 1, -1, -1) if part >> i & 1
                )
            texts += found
    return texts


_PARTS: Final[tuple[tuple[int, int, dict[int, tuple[str, ...]]], ...]] = tuple(
    (first, width, {})
    for first, width in (
        (EXCUSE, 1),
        (FIRST_TRUMP + 11, 10),
        (FIRST_TRUMP, 11),
        *((suit * 14, 14) for suit in (SPADES, HEARTS, CLUBS, DIAMONDS)),
    )
)
"""(first card, width, texts by part) of a hand's parts in reading order
(``cards.sort_key``: the Excuse, the trumps high to low in two parts, then
each suit high to low), each part's texts made once (at most 16384 per suit)."""


def poignee_size(state: FrenchState, shown: int) -> PoigneeSize | None:
    """``simple``, ``double`` or ``triple`` for the trumps shown, None when none."""
    sizes = state.variant.poignee_trumps[state.active]
    count = shown.bit_count()
    return POIGNEE_SIZES[sizes.index(count)] if count in sizes else None


_BID_TEXTS: Final = tuple(c.text for c in Contract)
"""Each bid's text by its number (an enum's lookup costs more than the rest of a bid)."""
_SEES_DOG: Final = tuple(c.sees_dog for c in Contract)


def _contract_text(contract: int) -> str | None:
    return _BID_TEXTS[contract] if contract else None


def deal_summary(state: FrenchState) -> DealSummary:
    """The whole of a scored deal: hands as dealt, dog, écart, outcome and scores."""
    score = state.score
    outcome = state.outcome
    assert score is not None and outcome is not None
    return {
        "hands": {str(s): cards_json(state.dealt[s]) for s in state.order},
        "dog": cards_json(state.dog),
        "ecart": cards_json(state.ecart),
        "contract": _contract_text(state.contract),
        "taker": state.taker,
        "partner": outcome.partner,
        "attack_half_points": outcome.attack_half_points,
        "bouts": outcome.bouts,
        "petit_au_bout": outcome.petit_au_bout,
        "chelem": outcome.chelem,
        "made": score.made,
        "scores": list(score.scores),
        "breakdown": dict(score.breakdown),
    }


def partner_for(state: FrenchState, viewer: int, everything: bool) -> int | None:
    """The called partner's seat if ``viewer`` may know it."""
    if state.partner < 0:
        return None
    dog_shown = _SEES_DOG[state.contract] and state.dog >> state.called & 1
    holder = viewer == state.partner and state.dealt[viewer] >> state.called & 1
    if everything or state.partner_known or dog_shown or holder:
        return state.partner
    return None


def _petit_sec(state: FrenchState) -> PetitSec | None:
    if state.cancelled != "petit_sec":
        return None
    seat = petit_sec_seat(state.dealt, state.variant.petit_sec_excuse_protects)
    return {"seat": seat, "cards": cards_json(state.dealt[seat])}


_QUESTIONS = frozenset(("misere", "poignee"))
"""Phases asked only of the seats that qualify, shown to the others as play."""


def rules_of(state: FrenchState) -> FrenchRulesBlock:
    """The rules block of the game ``state`` belongs to."""
    return rules_block(state.variant, state.seats, state.active)


def public_phase(state: FrenchState) -> Phase:
    """The phase as those not asked see it: a seat answering a question (a
    poignée, a misère) is, to the others, about to play."""
    phase = PHASE_NAMES[state.phase]
    return "play" if phase in _QUESTIONS else phase


def view_of(state: FrenchState, viewer: int) -> FrenchObservation:
    """The JSON-ready view of ``state`` for ``viewer`` (a seat, SPECTATOR or OMNISCIENT)."""
    return cast(FrenchObservation, shared_of(state) | own_of(state, viewer))


def shared_of(state: FrenchState) -> dict[str, Any]:
    """The sections of the view that are the same for every viewer."""
    taker = state.taker
    return {
        "version": OBSERVATION_VERSION,
        "game": "french",
        "rules": rules_of(state),
        "players": state.seats,
        "deals": state.deals_total,
        "deals_played": state.deals_played,
        "dealer": state.dealer,
        "sitting_out": state.dealer if state.variant.dealer_sits_out else None,
        "order": list(state.order),
        "to_move": state.to_move,
        "totals": list(state.totals),
        "hand_sizes": [h.bit_count() for h in state.hands],
        "bids": [{"seat": s, "bid": _BID_TEXTS[b]} for s, b in state.bids],
        "contract": _contract_text(state.contract) if taker >= 0 else None,
        "taker": taker if taker >= 0 else None,
        "called": CARD_TEXTS[state.called] if state.called >= 0 else None,
        "chelem_announced": state.chelem_announced,
        "discarded_trumps": cards_json(state.ecart & TRUMPS),
        "poignees": [
            {"seat": s, "size": poignee_size(state, m), "cards": cards_json(m)}
            for s, m in state.poignees
        ],
        "miseres": [{"seat": s, "kind": k} for s, k in state.miseres],
        "trick": [
            {"seat": s, "card": CARD_TEXTS[c]}
            for s, c in zip(state.trick_seats, state.trick, strict=True)
        ],
        "tricks": [
            {
                "leader": leader,
                "cards": [*map(CARD_TEXTS.__getitem__, cards)],
                "winner": winner,
            }
            for leader, cards, winner in state.tricks
        ],
        "cancelled": state.cancelled or None,
        "petit_sec": _petit_sec(state),
        "deal": deal_summary(state) if state.deal_over else None,
    }


OwnKey = tuple[str, int, str, int | None, int | None, int | None, int | None]
"""What a viewer's own sections show when it is not to move and the deal is
not over: the game, the viewer, the phase as it sees it, its hand, the
partner it knows and the dog and écart it sees (bit sets, None when hidden)."""


def _own_facts(state: FrenchState, viewer: int, everything: bool) -> OwnKey:
    taker = state.taker
    dog_shown = everything or (
        _SEES_DOG[state.contract] and state.phase not in (0, 1, 2) and taker >= 0
    )
    phase = PHASE_NAMES[state.phase]
    if phase in _QUESTIONS and not everything and viewer != state.to_move:
        phase = public_phase(state)
    return (
        "french",
        viewer,
        phase,
        state.hands[viewer] if 0 <= viewer < state.seats else None,
        partner_for(state, viewer, everything),
        state.dog if dog_shown else None,
        state.ecart if everything or viewer == taker >= 0 else None,
    )


def own_key(state: FrenchState, viewer: int) -> OwnKey | None:
    """A key that determines ``own_of(state, viewer)`` (see ``GameState.own_key``):
    None for the seat to move (its legal actions) and once everything shows."""
    if viewer == state.to_move or viewer == OMNISCIENT or state.deal_over:
        return None
    return _own_facts(state, viewer, False)


def own_of(state: FrenchState, viewer: int) -> dict[str, Any]:
    """The sections of ``viewer``'s view that depend on who views: what it
    holds and knows, the phase as it sees it, its legal actions."""
    everything = viewer == OMNISCIENT or state.deal_over
    _, _, phase, hand, partner, dog, ecart = _own_facts(state, viewer, everything)
    return {
        "viewer": viewer,
        "phase": phase,
        "hand": None if hand is None else cards_json(hand),
        "hands": (
            {str(s): cards_json(state.hands[s]) for s in state.order} if everything else None
        ),
        "partner": partner,
        "dog": None if dog is None else cards_json(dog),
        "ecart": None if ecart is None else cards_json(ecart),
        "legal": (
            list(state.legal_texts()) if hand is not None and viewer == state.to_move else None
        ),
    }
