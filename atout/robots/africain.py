"""Tarot Africain robots: a rule-of-thumb player and a sampling searcher.

Both read only their seat's view. Cards played earlier in a round are not in
the view (only the current and the last trick are), so each robot remembers
what it saw during the round; a robot seated mid-round simply knows less.

Card strengths: a trump is its card number (56-76), the Excuse played high is
78 and played low -1, so a trick's winner is the highest strength.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout.africain.variants import Variant, variant_of_rules
from atout.africain.worlds import DECK, Worlds
from atout.cards import EXCUSE, EXCUSE_BIT, TRUMPS, cards_of, mask_of, parse_card
from atout.robots import cores
from atout.robots.base import seeded

HIGH: Final = EXCUSE + 1
LOW: Final = -1
NOTHING: Final = -2
"""Strength of an empty trick's top card: everything beats it."""


def _strength(card: int, high: bool | None) -> int:
    if card != EXCUSE:
        return card
    return HIGH if high else LOW


def _play_text(card: int, high: bool | None) -> str:
    if card == EXCUSE:
        return "play:EX:high" if high else "play:EX:low"
    return f"play:T{card - 55}"


def _trick_plays(trick: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(seat, strength) of a trick in the view's notation."""
    out = []
    for play in trick:
        card = parse_card(play["card"])
        high = None if "excuse" not in play else play["excuse"] == "high"
        out.append((int(play["seat"]), _strength(card, high)))
    return out


# --- Rules of thumb ---------------------------------------------------------


def win_chance(card: int, unknown: int, opponents: int) -> float:
    """Chance that ``card`` beats ``opponents`` cards drawn from ``unknown``.

    The Excuse among the unknown cards counts half: its holder may play it low.
    """
    pool = unknown.bit_count()
    if card == EXCUSE:
        return 1.0
    if not pool or not opponents:
        return 1.0
    above = (unknown & TRUMPS & ~((2 << card) - 1)).bit_count() + (
        0.5 if unknown & EXCUSE_BIT else 0.0
    )
    return float(max(0.0, (pool - above) / pool) ** opponents)


def expected_tricks(hand: int, unknown: int, opponents: int) -> float:
    """Rough number of tricks ``hand`` wins: each trump's win chance, the Excuse one half."""
    total = 0.5 if hand & EXCUSE_BIT else 0.0
    for card in cards_of(hand & TRUMPS):
        total += win_chance(card, unknown, opponents)
    return total


def nearest_bid(target: float, legal: Sequence[int]) -> int:
    """The legal bid closest to ``target`` (ties to the lower bid)."""
    return min(legal, key=lambda b: (abs(b - target), b))


def heuristic_play(
    hand: int, top: int, after: int, need: int, unknown: int
) -> tuple[int, bool | None]:
    """The card (and the Excuse's value) a sensible player chooses.

    ``top`` is the trick's highest strength so far, ``after`` how many players
    still play to it, ``need`` the tricks still missing to the bid (zero or
    less: every further trick is a loss), ``unknown`` the cards that others may hold.
    """
    trumps = cards_of(hand & TRUMPS)
    has_excuse = bool(hand & EXCUSE_BIT)
    outstanding = unknown & TRUMPS
    best_out = outstanding.bit_length() - 1 if after else NOTHING
    if need > 0:
        sure = [c for c in trumps if c > top and c > best_out]
        if sure:
            return sure[0], None
        if has_excuse:
            return EXCUSE, True
        winners = [c for c in trumps if c > top]
        if winners and (after == 0 or need * 2 >= len(trumps)):
            return (winners[0] if after == 0 else winners[-1]), None
        return trumps[0], None
    losers = [c for c in trumps if c < top]
    if losers:
        return losers[-1], None
    if has_excuse:
        return EXCUSE, False
    if after == 0:
        return trumps[-1], None
    return trumps[0], None


# --- The one-card round -------------------------------------------------------


def _visible_top(cards: Mapping[int, int], bids: Sequence[int | None], skip: int) -> int:
    """Highest strength among the visible cards of every seat but ``skip``.

    A visible Excuse counts high when its holder bid one trick, low otherwise.
    """
    top = NOTHING
    for seat, card in cards.items():
        if seat == skip:
            continue
        strength = card if card != EXCUSE else (HIGH if bids[seat] == 1 else LOW)
        top = max(top, strength)
    return top


def _meets(card: int, top: int, bid: int) -> bool:
    """Whether holding ``card`` against ``top`` makes exactly ``bid`` (0 or 1) tricks."""
    return card == EXCUSE or (card > top) == (bid == 1)


def blind_bid_chances(
    me: int, cards: Mapping[int, int], bids: Sequence[int | None], order: Sequence[int]
) -> tuple[float, float]:
    """(chance bid 0 is made, chance bid 1 is made) in the one-card round.

    ``cards`` holds the cards ``me`` sees (every other seat's). Earlier bidders
    saw ``me``'s card: a bid that a sensible player would only make if ``me``'s
    card were high (or low) shifts the odds, so each possible own card is
    weighted by how well it explains those bids.
    """
    seen = mask_of(cards.values())
    candidates = cards_of(DECK & ~seen)
    weights = []
    for card in candidates:
        weight = 1.0
        world = dict(cards)
        world[me] = card
        for seat in order:
            bid = bids[seat]
            if bid is None or seat == me:
                continue
            hidden = DECK & ~mask_of(c for s, c in world.items() if s != seat)
            top = _visible_top(world, bids, seat)
            options = cards_of(hidden)
            one = sum(_meets(c, top, 1) for c in options)
            zero = sum(_meets(c, top, 0) for c in options)
            expected = 1 if one > zero else 0
            weight *= 0.85 if bid == expected else 0.15
        weights.append(weight)
    total = sum(weights) or 1.0
    top = _visible_top(cards, bids, me)
    p0 = sum(w for c, w in zip(candidates, weights, strict=True) if _meets(c, top, 0)) / total
    p1 = sum(w for c, w in zip(candidates, weights, strict=True) if _meets(c, top, 1)) / total
    return p0, p1


# --- What a seat knows -------------------------------------------------------


@dataclass
class Seen:
    """What a seat knows of the current round, read from its view and its memory."""

    me: int
    size: int
    seats: tuple[int, ...]
    """Seats in the round from the dealer, in playing order."""
    hand: int
    bids: list[int | None]
    won: list[int]
    trick: list[tuple[int, int]]
    played: int
    """Cards known to be played this round (current trick included)."""
    others_cards: dict[int, int]
    """One-card round: the cards seen on the others' foreheads."""
    legal: list[str]
    variant: Variant
    """The rules in force: the loss rule, the lives and the remontée count in a search."""
    lives: list[int]
    worlds: Worlds
    """The other hands this seat's view (and memory) allows."""

    @property
    def unknown(self) -> int:
        """Cards that may be in another seat's hand."""
        return DECK & ~self.hand & ~self.played & ~mask_of(self.others_cards.values())


class Memory:
    """Cards a seat saw played in the current round (the view only keeps the last trick)."""

    def __init__(self) -> None:
        self._played: dict[int, tuple[int, int]] = {}
        """viewer -> (round, cards played)."""

    def update(self, view: Mapping[str, Any]) -> int:
        """Record the cards of ``view``'s current and last trick; all cards seen this round."""
        viewer, round_ = int(view["viewer"]), int(view["round"])
        known_round, played = self._played.get(viewer, (round_, 0))
        if known_round != round_:
            played = 0
        for play in (*view["trick"], *view["last_trick"]):
            played |= 1 << parse_card(play["card"])
        self._played[viewer] = (round_, played)
        return played


def read_view(view: Mapping[str, Any], legal: Sequence[str], memory: Memory) -> Seen:
    """The knowledge of ``view``'s seat in the current round."""
    me = int(view["viewer"])
    players = int(view["players"])
    dealer = int(view["dealer"])
    in_round = view["in_round"]
    seats = tuple(s for s in ((dealer + i) % players for i in range(players)) if in_round[s])
    hand = mask_of(parse_card(c) for c in view["hand"] or ())
    others = {
        s: parse_card(h[0])
        for s, h in enumerate(view["hands"])
        if s != me and h and int(view["hand_size"]) == 1
    }
    played = memory.update(view)
    return Seen(
        me=me,
        size=int(view["hand_size"]),
        seats=seats,
        hand=hand,
        bids=list(view["bids"]),
        won=list(view["tricks"]),
        trick=_trick_plays(view["trick"]),
        played=played,
        others_cards=others,
        legal=list(legal),
        variant=variant_of_rules(view["rules"]),
        lives=list(view["lives"]),
        worlds=Worlds(view, played),
    )


def _legal_bids(legal: Sequence[str]) -> list[int]:
    return [int(a[4:]) for a in legal if a.startswith("bid:")]


def _trick_top(trick: Sequence[tuple[int, int]]) -> int:
    return max((s for _, s in trick), default=NOTHING)


class AfricainHeuristic:
    """Bids from each card's chance to win, plays to make its bid exactly."""

    name = "heuristic"

    def __init__(self) -> None:
        self.memory = Memory()

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        seen = read_view(view, legal, self.memory)
        if legal[0].startswith("bid:"):
            return f"bid:{heuristic_bid(seen)}"
        return _heuristic_card(seen)


def heuristic_bid(seen: Seen) -> int:
    """The bid closest to the expected number of tricks (one-card round: the likelier result)."""
    bids = _legal_bids(seen.legal)
    if seen.size == 1:
        p0, p1 = blind_bid_chances(seen.me, seen.others_cards, seen.bids, seen.seats)
        return nearest_bid(1.0 if p1 > p0 else 0.0, bids)
    return nearest_bid(expected_tricks(seen.hand, seen.unknown, len(seen.seats) - 1), bids)


def _heuristic_card(seen: Seen) -> str:
    if seen.size == 1 or not seen.hand & ~EXCUSE_BIT:
        # Only the Excuse is left to choose: high exactly when a trick is missing.
        need = (seen.bids[seen.me] or 0) - seen.won[seen.me]
        return _play_text(EXCUSE, need > 0)
    after = len(seen.seats) - len(seen.trick) - 1
    need = (seen.bids[seen.me] or 0) - seen.won[seen.me]
    card, high = heuristic_play(seen.hand, _trick_top(seen.trick), after, need, seen.unknown)
    return _play_text(card, high)


# --- Search ---------------------------------------------------------------


def play_out(
    hands: list[int],
    bids: Sequence[int],
    won: list[int],
    seats: Sequence[int],
    trick: list[tuple[int, int]],
    leader: int,
    played: int,
) -> list[int]:
    """Finish a round with every seat playing :func:`heuristic_play`; tricks won per seat."""
    n = len(seats)
    order_index = {s: i for i, s in enumerate(seats)}
    while True:
        while len(trick) < n:
            seat = seats[(order_index[leader] + len(trick)) % n]
            hand = hands[seat]
            if not hand:
                return won
            unknown = DECK & ~hand & ~played
            card, high = heuristic_play(
                hand, _trick_top(trick), n - len(trick) - 1, bids[seat] - won[seat], unknown
            )
            hands[seat] = hand & ~(1 << card)
            played |= 1 << card
            trick.append((seat, _strength(card, high)))
        winner = max(trick, key=lambda p: p[1])[0]
        won[winner] += 1
        trick = []
        leader = winner
        if not hands[winner]:
            return won


class AfricainSearch:
    """Tries each legal action on deals sampled from what the seat knows.

    Other hands are drawn by the engine's sampler (:mod:`atout.africain.worlds`)
    from what the seat saw; the rest of the round is played out with the
    rule-of-thumb player, and the action losing the fewest lives on average
    under the table's rules (loss rule and remontée) is chosen. The number of sampled deals is
    fixed per core in use (see :mod:`atout.robots.cores`), so a seed gives one
    answer; ``budget`` only stops the loop early.
    """

    name = "strong"

    def __init__(self, worlds: int = 300, budget: float = 0.5) -> None:
        self.memory = Memory()
        self.worlds = worlds
        self.budget = budget

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        seen = read_view(view, legal, self.memory)
        if len(legal) == 1:
            return legal[0]
        if seen.size == 1 or not seen.hand & ~EXCUSE_BIT:
            if legal[0].startswith("bid:"):
                return f"bid:{heuristic_bid(seen)}"
            return _heuristic_card(seen)
        rng = seeded(seed, view)
        seconds = budget if budget is not None else self.budget
        deadline = time.monotonic() + seconds
        worlds = min(400, max(16, int(600 * seconds)))
        shares = cores.spread_seeded(_score_share, (seen, legal, worlds), rng, deadline)
        totals = [sum(t) for t in zip(*shares, strict=True)]
        return legal[totals.index(min(totals))]


def _score_share(
    seen: Seen, legal: Sequence[str], worlds: int, rng: random.Random, deadline: float
) -> list[float]:
    """Each action's lives lost, summed over one share's sampled deals."""
    return [sum(lost) for lost in outcomes(seen, legal, worlds, rng, deadline)]


def outcomes(
    seen: Seen, legal: Sequence[str], worlds: int, rng: random.Random, deadline: float
) -> list[list[float]]:
    """Each action's lives lost (see :func:`_outcome`), deal by deal, on the same
    sampled deals: at least 8 of them, then up to ``worlds`` before ``deadline``."""
    lost: list[list[float]] = [[] for _ in legal]
    for world in range(worlds):
        if world >= 8 and time.monotonic() > deadline:
            break
        hands = seen.worlds.sample(rng)
        for i, action in enumerate(legal):
            lost[i].append(_outcome(seen, hands, action))
    return lost


def _outcome(seen: Seen, dealt: list[int], action: str) -> float:
    """Lives ``seen.me`` loses (minus a little of the others' losses) after ``action``."""
    hands = dealt[:]
    me = seen.me
    bids: list[int] = [b if b is not None else 0 for b in seen.bids]
    trick = list(seen.trick)
    played = seen.played
    if action.startswith("bid:"):
        bids[me] = int(action[4:])
        start = seen.seats.index(me) + 1
        total = sum(bids[s] for s in seen.seats[:start])
        for seat in seen.seats[start:]:
            unknown = DECK & ~hands[seat]
            target = expected_tricks(hands[seat], unknown, len(seen.seats) - 1)
            allowed = [
                b for b in range(seen.size + 1) if seat != seen.seats[-1] or total + b != seen.size
            ]
            bids[seat] = nearest_bid(target, allowed)
            total += bids[seat]
        leader = seen.seats[0]
    else:
        body = action[5:]
        card = parse_card(body.split(":")[0])
        high = None if card != EXCUSE else body.endswith("high")
        hands[me] &= ~(1 << card)
        played |= 1 << card
        trick.append((me, _strength(card, high)))
        n = len(seen.seats)
        leader = trick[0][0]
        if len(trick) == n:
            winner = max(trick, key=lambda p: p[1])[0]
            won = seen.won[:]
            won[winner] += 1
            if not hands[winner]:
                return _score(seen, bids, won)
            trick, leader = [], winner
    won = play_out(hands, bids, seen.won[:], seen.seats, trick, leader, played)
    return _score(seen, bids, won)


def _score(seen: Seen, bids: Sequence[int], won: Sequence[int]) -> float:
    """Lives ``seen.me`` loses, less a tenth of the others' losses (remontées count as gains)."""
    change = seen.variant.round_change(seen.seats, bids, won, seen.lives)
    others = sum(change[s] for s in seen.seats if s != seen.me)
    return -change[seen.me] + 0.1 * others
