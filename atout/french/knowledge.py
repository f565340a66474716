"""What a French Tarot seat knows, read from its observation only.

Besides the visible cards this gathers what play has revealed: a seat that
did not follow the led suit is void in it; one that neither followed nor
trumped has no trump; one that did not overtrump holds no trump above the
trick's top. The world sampler (:mod:`atout.french.worlds`) and the robots
both start from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from atout.cards import (
    BOUTS,
    EXCUSE,
    EXCUSE_BIT,
    FULL_DECK,
    HONOURS,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    mask_of,
    parse_card,
)
from atout.french.variants import Variant, variant_of_rules

CONTRACT_RANK: Final = {
    "pass": 0,
    "prise": 1,
    "pousse": 2,
    "garde": 3,
    "garde_sans": 4,
    "garde_contre": 5,
}
"""Contract names of the view, weakest first (the engine's Contract order)."""
SEES_DOG: Final = frozenset(("prise", "pousse", "garde"))
NO_TRUMP_CAP: Final = 99


def cards(texts: Any) -> int:
    """A bit set from a list of card texts (None: no card)."""
    return mask_of(parse_card(t) for t in texts or ())


@dataclass
class Known:
    """One seat's knowledge of the deal in progress."""

    me: int
    seats: int
    order: tuple[int, ...]
    dealer: int
    phase: str
    hand: int
    hand_sizes: list[int]
    contract: str | None
    taker: int | None
    called: int | None
    partner: int | None
    dog: int | None
    ecart: int | None
    discarded_trumps: int
    played: int
    trick: list[tuple[int, int]]
    tricks: list[tuple[int, tuple[int, ...], int]]
    bids: list[tuple[int, str]]
    poignees: dict[int, int]
    miseres: dict[int, list[str]]
    chelem_announced: bool
    variant: Variant
    """The rules in force, options included."""
    voids: dict[int, set[int]] = field(default_factory=dict)
    """Suits (0-3, TRUMP) a seat is known to lack."""
    trump_cap: dict[int, int] = field(default_factory=dict)
    """A seat holds no trump at or above this card number."""

    @property
    def active(self) -> int:
        """Players in the deal."""
        return len(self.order)

    def side_of(self, seat: int) -> str:
        """'attack' or 'defence' as far as this seat knows (unknown partner: defence)."""
        if seat == self.taker or (self.partner is not None and seat == self.partner):
            return "attack"
        return "defence"

    @property
    def my_side(self) -> str:
        """This seat's side (a seat holding the called card knows it is the partner)."""
        if self.called is not None and self.hand >> self.called & 1:
            return "attack"
        return self.side_of(self.me)

    def teammates(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` are known to play on the same side."""
        if a == b:
            return True
        if self.active == 5 and self.partner is None:
            # Unknown partner: only the called card's holder knows it plays with the taker.
            return self.me in (a, b) and self.my_side == "attack" and self.taker in (a, b)
        return self.side_of(a) == self.side_of(b)

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in other hands, the hidden dog or the hidden écart."""
        seen = self.hand | self.played | (self.ecart or 0) | self.discarded_trumps
        if self.dog is not None and self.me == self.taker:
            seen |= self.dog
        return FULL_DECK & ~seen


def read(view: Mapping[str, Any]) -> Known:
    """The knowledge of ``view``'s seat."""
    tricks = [
        (int(t["leader"]), tuple(parse_card(c) for c in t["cards"]), int(t["winner"]))
        for t in view["tricks"]
    ]
    trick = [(int(p["seat"]), parse_card(p["card"])) for p in view["trick"]]
    played = 0
    for _, played_cards, _ in tricks:
        played |= mask_of(played_cards)
    played |= mask_of(c for _, c in trick)
    miseres: dict[int, list[str]] = {}
    for m in view["miseres"]:
        miseres.setdefault(int(m["seat"]), []).append(str(m["kind"]))
    known = Known(
        me=int(view["viewer"]),
        seats=int(view["players"]),
        order=tuple(view["order"]),
        dealer=int(view["dealer"]),
        phase=str(view["phase"]),
        hand=cards(view["hand"]),
        hand_sizes=list(view["hand_sizes"]),
        contract=view["contract"],
        taker=view["taker"],
        called=parse_card(view["called"]) if view["called"] else None,
        partner=view["partner"],
        dog=cards(view["dog"]) if view["dog"] is not None else None,
        ecart=cards(view["ecart"]) if view["ecart"] is not None else None,
        discarded_trumps=cards(view["discarded_trumps"]),
        played=played,
        trick=trick,
        tricks=tricks,
        bids=[(int(b["seat"]), str(b["bid"])) for b in view["bids"]],
        poignees={int(p["seat"]): cards(p["cards"]) for p in view["poignees"]},
        miseres=miseres,
        chelem_announced=bool(view["chelem_announced"]),
        variant=variant_of_rules(view["rules"]),
    )
    order = known.order
    for leader, played_cards, _ in tricks:
        start = order.index(leader)
        _learn(known, [(order[(start + i) % len(order)], c) for i, c in enumerate(played_cards)])
    _learn(known, trick)
    for seat, kinds in miseres.items():
        if "sans_atouts" in kinds:
            known.voids.setdefault(seat, set()).add(TRUMP)
    return known


def _learn(known: Known, plays: list[tuple[int, int]]) -> None:
    """Voids and trump ceilings revealed by the plays of one trick."""
    led = -1
    top = -1
    for seat, card in plays:
        if card == EXCUSE:
            continue
        suit = TRUMP if card >= 56 else card // 14
        if led < 0:
            led = suit
        elif suit != led:
            known.voids.setdefault(seat, set()).add(led)
            if suit != TRUMP:
                known.voids[seat].add(TRUMP)
        if suit == TRUMP:
            if top >= 56 and card < top:
                known.trump_cap[seat] = min(known.trump_cap.get(seat, NO_TRUMP_CAP), top + 1)
            top = max(top, card) if top >= 56 else card
        elif suit == led and top < 56:
            top = max(top, card)


def allowed_mask(known: Known, seat: int) -> int:
    """Cards ``seat`` may still hold given the voids, trump ceilings and misères."""
    mask = FULL_DECK
    for suit in known.voids.get(seat, ()):
        mask &= ~(TRUMPS if suit == TRUMP else SUIT_MASKS[suit])
    cap = known.trump_cap.get(seat)
    if cap is not None:
        mask &= ~(TRUMPS & ~((1 << cap) - 1))
    kinds = known.miseres.get(seat, [])
    if "sans_atouts" in kinds:
        mask &= ~(TRUMPS | EXCUSE_BIT)
    if "sans_points" in kinds:
        mask &= ~(BOUTS | HONOURS)
    return mask
