"""The rule-of-thumb French Tarot robot: hand evaluation and usual play technique.

Bidding counts the hand the classic way (bouts, trumps, honours, short suits);
the écart builds voids and puts points aside; play follows the usual advice:
hunt or protect the Petit, give points to a partner's winning trick, save
points with the Excuse, keep the 21 for tricks worth taking.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from atout.cards import (
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    KING,
    KINGS,
    PETIT,
    SUIT_MASKS,
    SUITS,
    TRUMP,
    TRUMPS,
    VINGT_ET_UN,
    card_text,
    cards_of,
    hand_text,
    parse_card,
)
from atout.french.knowledge import Known, read
from atout.french.variants import Contract

BID_THRESHOLDS: Final = (
    (Contract.GARDE_CONTRE, 84),
    (Contract.GARDE_SANS, 72),
    (Contract.GARDE, 58),
    (Contract.PRISE, 42),
)
"""Counts (see :func:`bid_count`) from which a contract is bid, strongest first."""
_TABLE_SHIFT: Final = {3: -4, 4: 0, 5: 6}
"""Count correction by table size: more players, a lesser hand is worth as much."""


def suit_of(card: int) -> int:
    """Suit 0-3, TRUMP for trumps and the Excuse."""
    return TRUMP if card >= 56 else card // 14


def hand_points(hand: int, active: int) -> float:
    """The classic bidding count, scaled to an 18-card hand."""
    trumps = (hand & TRUMPS).bit_count()
    points = 2.0 * trumps
    if hand >> VINGT_ET_UN & 1:
        points += 10
    if hand & EXCUSE_BIT:
        points += 8
    if hand >> PETIT & 1:
        points += 8 if trumps >= 6 else 5 if trumps >= 4 else 0
    points += sum(1 for c in cards_of(hand & TRUMPS) if c >= 56 + 15)
    for suit in SUITS:
        held = hand & SUIT_MASKS[suit]
        length = held.bit_count()
        ranks = {c % 14 + 1 for c in cards_of(held)}
        if KING in ranks:
            points += 6
        if KING - 1 in ranks:
            points += 4 if KING in ranks else 2
        if KING - 2 in ranks:
            points += 2
        if KING - 3 in ranks:
            points += 1
        if length == 0:
            points += 6
        elif length == 1:
            points += 3
        elif length >= 5:
            points += 2 * (length - 4)
    size = hand.bit_count() or 1
    return points * 18 / size if active != 4 else points


def bid_count(hand: int, active: int) -> float:
    """The count bids are made on: the classic count corrected for the table size."""
    return hand_points(hand, active) + _TABLE_SHIFT[active]


def worth(count: float, contracts: Collection[Contract]) -> Contract:
    """The strongest of ``contracts`` a hand of this count is worth (PASS for none)."""
    for contract, threshold in BID_THRESHOLDS:
        if count >= threshold and contract in contracts:
            return contract
    return Contract.PASS


def choose_bid(known: Known, legal: Sequence[str]) -> str:
    """The highest contract the hand is worth among the legal bids, else pass, or
    the weakest contract when passing is not allowed (the match's imposed choice)."""
    contracts = {Contract[a[4:].upper()] for a in legal}
    chosen = worth(bid_count(known.hand, known.active), contracts)
    return f"bid:{(chosen if chosen in contracts else min(contracts)).text}"


def choose_call(known: Known, legal: Sequence[str]) -> str:
    """Call in the suit where the hand holds most (the partner then helps there)."""

    def weight(text: str) -> tuple[int, int]:
        card = parse_card(text[5:])
        held = known.hand & SUIT_MASKS[card // 14]
        return (sum(HALF_POINTS[c] for c in cards_of(held)), held.bit_count())

    outside = [a for a in legal if not known.hand >> parse_card(a[5:]) & 1]
    return max(outside or list(legal), key=weight)


def choose_discard(known: Known, legal: Sequence[str]) -> str:
    """Discard toward a void in the shortest suit, high points first; trumps lowest first."""
    hand = known.hand
    options = [parse_card(a[8:]) for a in legal]

    def rank(card: int) -> tuple[int, int, int]:
        if card >= 56:
            return (1, 0, card)
        suit = card // 14
        held = hand & SUIT_MASKS[suit]
        king = int(bool(held & KINGS))
        return (0, king * 20 + held.bit_count(), -HALF_POINTS[card] * 20 - card % 14)

    return f"discard:{card_text(min(options, key=rank))}"


def choose_chelem(known: Known) -> str:
    """Announce a chelem only with a hand that wins every trick by itself."""
    hand = known.hand
    trumps = (hand & TRUMPS).bit_count()
    suits_ok = all(
        not hand & SUIT_MASKS[s]
        or (hand & KINGS & SUIT_MASKS[s] and (hand & SUIT_MASKS[s]).bit_count() <= 2)
        for s in SUITS
    )
    big = hand >> VINGT_ET_UN & 1 and hand & EXCUSE_BIT
    return "chelem:yes" if big and suits_ok and trumps * 4 >= hand.bit_count() * 3 else "chelem:no"


def choose_poignee(known: Known, legal: Sequence[str]) -> str:
    """The attack shows its largest poignée, keeping the Petit hidden when it can."""
    if len(legal) == 1 or known.my_side != "attack":
        return "poignee:none"
    sizes = [len(a[8:].split()) for a in legal if a != "poignee:none"]
    size = max(sizes)
    trumps = cards_of(known.hand & TRUMPS | (known.ecart or 0) & TRUMPS)
    shown = [c for c in trumps if c != PETIT][:size]
    if len(shown) < size:
        shown = trumps[:size]
    if len(shown) < size:
        shown.append(EXCUSE)
    return "poignee:" + hand_text(sum(1 << c for c in shown))


def choose_misere(legal: Sequence[str]) -> str:
    """Misères are free points: announce every one the hand allows."""
    return max(legal, key=len)


# --- Card play ---------------------------------------------------------------


def _winner(trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(seat, card) currently winning ``trick`` (which is not empty)."""
    led = next((suit_of(c) for _, c in trick if c != EXCUSE), -1)
    best: tuple[int, int] | None = None
    for seat, card in trick:
        if card == EXCUSE:
            continue
        suit = suit_of(card)
        if (
            best is None
            or (suit == TRUMP and card > best[1])
            or (suit == led and best[1] < 56 and card > best[1])
        ):
            best = (seat, card)
    return best if best is not None else trick[0]


def _higher_unseen(known: Known, card: int) -> int:
    """Unseen cards able to beat ``card`` when it leads or tops a trick."""
    unseen = known.unseen & ~known.hand
    if card >= 56:
        return unseen & TRUMPS & ~((2 << card) - 1)
    above = unseen & SUIT_MASKS[card // 14] & ~((2 << card) - 1)
    return above


def _points(trick: Sequence[tuple[int, int]]) -> int:
    return sum(HALF_POINTS[c] for _, c in trick)


def choose_card(known: Known, legal: Sequence[str]) -> str:
    """A card by the usual technique (see the module docstring)."""
    options = sorted(parse_card(a[5:]) for a in legal)
    if len(options) == 1:
        return f"play:{card_text(options[0])}"
    card = _lead(known, options) if not known.trick else _follow(known, options)
    return f"play:{card_text(card)}"


def _excuse_now(known: Known, options: list[int]) -> bool:
    """Play the Excuse before the last trick, where it would be lost."""
    return EXCUSE in options and known.hand.bit_count() <= 2


def _lead(known: Known, options: list[int]) -> int:
    if _excuse_now(known, options):
        return EXCUSE
    plain = [c for c in options if c != EXCUSE]
    if not plain:
        return EXCUSE
    trumps = [c for c in plain if c >= 56]
    suits = [c for c in plain if c < 56]
    attacking = known.my_side == "attack"
    outstanding = (known.unseen & TRUMPS).bit_count()
    if attacking and trumps and (len(trumps) >= outstanding or not suits):
        # Draw the defence's trumps (and hunt the Petit) from the top.
        top = trumps[-1]
        if top == PETIT and len(trumps) > 1:
            top = trumps[-2]
        return top if not _higher_unseen(known, top) else trumps[0] if trumps[0] != PETIT else top
    masters = [c for c in suits if not _higher_unseen(known, c) and c % 14 + 1 >= KING - 1]
    for card in masters:
        if not _someone_cuts(known, card // 14):
            return card
    if suits:
        # A low card of the longest suit without honours at risk.
        def key(card: int) -> tuple[int, int]:
            return (
                -(known.hand & SUIT_MASKS[card // 14]).bit_count(),
                HALF_POINTS[card] * 20 + card,
            )

        low = [c for c in suits if HALF_POINTS[c] == 1]
        return min(low or suits, key=key)
    safe = [c for c in trumps if c != PETIT]
    return safe[0] if safe else trumps[0]


def _someone_cuts(known: Known, suit: int) -> bool:
    """Whether an opponent is known void in ``suit`` (and may trump)."""
    return any(
        suit in known.voids.get(seat, ()) and TRUMP not in known.voids.get(seat, ())
        for seat in known.order
        if not known.teammates(seat, known.me)
    )


def _follow(known: Known, options: list[int]) -> int:
    trick = known.trick
    winner_seat, top = _winner(trick)
    after = [
        known.order[(known.order.index(trick[0][0]) + i) % known.active]
        for i in range(len(trick) + 1, known.active)
    ]
    friends_winning = known.teammates(winner_seat, known.me)
    opponents_after = [s for s in after if not known.teammates(s, known.me)]
    points = _points(trick)
    plain = [c for c in options if c != EXCUSE]
    if not plain:
        return EXCUSE
    beats = [c for c in plain if _beats(c, top, trick)]
    secure_top = not opponents_after or not _higher_unseen(known, top)
    if friends_winning and (secure_top or not opponents_after):
        return _give_points(plain, known)
    if beats:
        sure = [c for c in beats if not opponents_after or not _higher_unseen(known, c)]
        valuable = points >= 8 or any(c == PETIT for _, c in trick)
        if sure:
            choice = min(sure, key=lambda c: (c == VINGT_ET_UN and not valuable, c))
            if choice == VINGT_ET_UN and not valuable and len(sure) == 1 and len(beats) > 1:
                return _cheapest(beats, known)
            if choice != PETIT or not opponents_after:
                return choice
        if not opponents_after:
            return min(beats)
    if EXCUSE in options and (
        _excuse_now(known, options) or min(HALF_POINTS[c] for c in plain) >= 5
    ):
        return EXCUSE
    return _cheapest(plain, known)


def _beats(card: int, top: int, trick: Sequence[tuple[int, int]]) -> bool:
    if card >= 56:
        return top < 56 or card > top
    led = next((suit_of(c) for _, c in trick if c != EXCUSE), -1)
    return top < 56 and card // 14 == led and card > top


def _give_points(options: list[int], known: Known) -> int:
    """Load the partner's trick: the most points, but no trump worth keeping."""
    suits = [c for c in options if c < 56]
    if suits:
        return max(suits, key=lambda c: (HALF_POINTS[c], c))
    trumps = [c for c in options if c >= 56]
    if PETIT in trumps:
        return PETIT
    return min(trumps)


def _cheapest(options: list[int], known: Known) -> int:
    """The card costing least: low points, never the Petit or the 21 when avoidable."""

    def cost(card: int) -> tuple[int, int]:
        if card >= 56:
            penalty = 50 if card in (PETIT, VINGT_ET_UN) else 5
            return (penalty + HALF_POINTS[card], card)
        short = (known.hand & SUIT_MASKS[card // 14]).bit_count()
        return (HALF_POINTS[card] * 3, short * 14 + card % 14)

    return min(options, key=cost)


class FrenchHeuristic:
    """Answers every French Tarot decision by rules of thumb, in milliseconds."""

    name = "heuristic"

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        return decide(read(view), legal)


def decide(known: Known, legal: Sequence[str]) -> str:
    """The heuristic answer to any decision, from the seat's knowledge."""
    kind = legal[0].split(":", 1)[0]
    if kind == "bid":
        return choose_bid(known, legal)
    if kind == "call":
        return choose_call(known, legal)
    if kind == "discard":
        return choose_discard(known, legal)
    if kind == "chelem":
        return choose_chelem(known)
    if kind == "poignee":
        return choose_poignee(known, legal)
    if kind == "misere":
        return choose_misere(legal)
    return choose_card(known, legal)
