"""The typed shape of what a French Tarot viewer is shown (``state.view(viewer)``).

An observation is JSON-ready and carries its ``rules`` block, the whole
variant, so that robots, the terminal and the browser read the rules from it
instead of working them out again. ``docs/observation.schema.json`` is
generated from these types (``python -m atout.observation_schema``).
"""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import TypedDict

from atout.french.dealing import dog_size, hand_size
from atout.french.scoring import PoigneeSize
from atout.french.variants import Variant
from atout.rules_cache import rules_block_of

OBSERVATION_VERSION: Literal[2] = 2
"""Raised whenever a key changes meaning or disappears."""


class FrenchRulesBlock(TypedDict):
    """The rules in force, the same at every seat for the whole game."""

    game: Literal["french"]
    variant: str
    players: int
    """Seats at the table."""
    active_players: int
    """Players dealt in (the dealer sits out in the 5-seat mort form)."""
    hand_size: int
    dog_size: int
    ecart_size: int
    """Cards the taker puts aside after taking the dog (Prise, Pousse, Garde)."""
    contracts: list[str]
    """The contracts one may bid, weakest first (``pass`` is always allowed)."""
    multipliers: dict[str, int]
    poignee_trumps: list[int]
    """Trumps to show for a simple, double and triple poignée at this table."""
    options: dict[str, Any]
    """Every other field of the variant: ``variant_of_rules`` rebuilds it exactly."""


def rules_block(variant: Variant, players: int, active: int) -> FrenchRulesBlock:
    """The rules block of a game of ``variant`` at ``players`` seats, ``active`` dealt in
    (built once: ``atout.rules_cache``)."""
    return rules_block_of(variant, (players, active), lambda: _built(variant, players, active))


def _built(variant: Variant, players: int, active: int) -> FrenchRulesBlock:
    return {
        "game": "french",
        "variant": variant.name,
        "players": players,
        "active_players": active,
        "hand_size": hand_size(active),
        "dog_size": dog_size(active),
        "ecart_size": dog_size(active),
        "contracts": [c.text for c in variant.contracts],
        "multipliers": {c.text: m for c, m in variant.multipliers.items()},
        "poignee_trumps": list(variant.poignee_trumps[active]),
        "options": variant.options(),
    }


class SeatBid(TypedDict):
    seat: int
    bid: str


class SeatCard(TypedDict):
    seat: int
    card: str


class PoigneeShown(TypedDict):
    seat: int
    size: PoigneeSize | None
    cards: list[str]


class MisereDeclared(TypedDict):
    seat: int
    kind: str


class TrickDone(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class PetitSec(TypedDict):
    seat: int
    cards: list[str]


class DealSummary(TypedDict):
    """The whole of a scored deal, shown to everyone once it is over."""

    hands: dict[str, list[str]]
    dog: list[str]
    ecart: list[str]
    contract: str | None
    taker: int
    partner: int | None
    attack_half_points: int
    bouts: int
    petit_au_bout: Literal["attack", "defense"] | None
    """The side that took the Petit to the last trick."""
    chelem: Literal["attack", "defense"] | None
    made: bool
    scores: list[int]
    breakdown: dict[str, int]


Phase = Literal["deal", "bid", "call", "discard", "chelem", "misere", "poignee", "play", "over"]
"""A deal's phases in their order (``atout.french.view.PHASE_NAMES``)."""


class FrenchObservation(TypedDict):
    """One viewer's view of a French Tarot game; None marks what it may not see."""

    version: Literal[2]
    game: Literal["french"]
    rules: FrenchRulesBlock
    players: int
    viewer: int
    """A seat, -1 for a spectator, -2 for an omniscient replay."""
    deals: int
    deals_played: int
    dealer: int
    sitting_out: int | None
    order: list[int]
    """The seats dealt in, from the dealer's right."""
    phase: Phase
    """The seat asked a question (``misere``, ``poignee``) sees it; the others
    see ``play``, as the question is a secret."""
    to_move: int | None
    """A seat, -3 when a deal is due, None once the game is over."""
    totals: list[int]
    hand: list[str] | None
    hands: dict[str, list[str]] | None
    hand_sizes: list[int]
    bids: list[SeatBid]
    contract: str | None
    taker: int | None
    called: str | None
    partner: int | None
    chelem_announced: bool
    dog: list[str] | None
    ecart: list[str] | None
    discarded_trumps: list[str]
    poignees: list[PoigneeShown]
    miseres: list[MisereDeclared]
    trick: list[SeatCard]
    tricks: list[TrickDone]
    cancelled: str | None
    petit_sec: PetitSec | None
    legal: list[str] | None
    """The actions the viewer may take now, None when it is not its turn."""
    deal: DealSummary | None
