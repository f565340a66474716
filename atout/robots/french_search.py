"""The strong French Tarot robot: determinized search over sampled deals.

For a card to play it samples deals consistent with the view (see
:mod:`atout.french.worlds`), tries every legal card in each and plays
the deal out on the engine with a fast rule-of-thumb policy, then plays the
card with the best mean score for its seat. Once few cards are left, each
sampled deal is solved exactly instead (see :mod:`atout.robots.french_endgame`).
Every card of a world is tried against the same sampled hands, so differences
between cards are not noise between deals. (An exact search at the end of
every play-out cost four fifths of the time for little gain: more sampled
deals pay more.) Bids, the King call and the écart are chosen by simulation
too (see :mod:`atout.robots.french_contract`); chelem and poignée use the
heuristic.

The number of sampled deals follows the time budget, so one seed gives one
answer; the budget's deadline only cuts the loop short on a slow or busy machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from atout.cards import (
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    VINGT_ET_UN,
    card_text,
    cards_of,
    mask_of,
    parse_card,
)
from atout.french.actions import NO_MISERE, NO_POIGNEE, PLAYS
from atout.french.knowledge import Known, cards
from atout.french.state import MISERE, POIGNEE, FrenchState
from atout.french.worlds import Worlds
from atout.robots.base import seeded
from atout.robots.french import decide
from atout.robots.french_endgame import distinct, solve
from atout.robots.french_sampling import Task, score

ROLLOUTS_PER_SECOND: Final = 2900
"""Play-outs one core runs per second, used to turn a budget into a sample count."""
EXACT_CARDS: Final = 12
"""Cards left in all hands from which each sampled deal is solved exactly."""
EXACT_WORLDS_PER_SECOND: Final = 200
"""Sampled deals solved exactly per second (every option of each) near the end."""
_CHEAP: Final = tuple(
    (HALF_POINTS[c] * 100 + (50 if c in (PETIT, VINGT_ET_UN) else 0) + c % 14) for c in range(78)
)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _cheapest(mask: int) -> int:
    best, cost = -1, 1 << 30
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if card == EXCUSE:
            continue
        value = _CHEAP[card] + (20 if card >= 56 else 0)
        if value < cost:
            best, cost = card, value
    return best


def rollout_card(state: FrenchState) -> int:
    """A quick sensible card for the player to move (the play-outs' policy).

    Play-outs see every hand, so a follower knows what the players still to
    play can beat: it loads a trick its side surely wins (saving the Petit
    there), takes one with the cheapest card nobody after it can beat, and
    otherwise plays cheap. Contract searches rely on these play-outs too, so a
    policy that threw honours under the other side's trumps misjudged bids.
    """
    mask = state.legal_cards()
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    if mask & EXCUSE_BIT and state.hands[state.turn].bit_count() <= 2:
        return EXCUSE
    if state.led < 0:  # leading, or following the Excuse
        return _lead(state, mask)
    return _follow(state, mask)


def _lead(state: FrenchState, mask: int) -> int:
    seat = state.turn
    hand = state.hands[seat]
    plain = mask & ~EXCUSE_BIT
    attack = (state.taker, state.partner)
    trumps = plain & TRUMPS
    if trumps and seat in attack:
        # Draw the defence's trumps while holding at least as many, from the top.
        defence = 0
        for other in state.order:
            if other not in attack:
                defence |= state.hands[other]
        defence &= TRUMPS
        if trumps.bit_count() >= defence.bit_count() > 0:
            top = trumps.bit_length() - 1
            if top > defence.bit_length() - 1:
                return top
            return _lowest(trumps & ~(1 << PETIT) or trumps)
    suits = plain & ~TRUMPS
    if suits:
        cut = _cut_suits(state, seat in attack)
        kings = [c for c in (13, 27, 41, 55) if suits >> c & 1 and not cut >> c & 1]
        if kings:
            return kings[0]
        if seat not in attack and suits & cut:
            return _cheapest(suits & cut)  # make the attack spend its trumps
        return _cheapest(suits)
    trumps = plain & ~(1 << PETIT) or plain
    return _lowest(trumps) if hand.bit_count() > 3 else trumps.bit_length() - 1


def _threats(state: FrenchState, attack: tuple[int, int], attacking: bool) -> tuple[int, int]:
    """The best card of the led suit and the best trump that the other side's
    players still to play in this trick can put on it (-1: none)."""
    led = state.led
    best_follow = best_trump = -1
    other = state.nxt[state.turn]
    for _ in range(len(state.order) - 1 - len(state.trick)):
        if (other in attack) != attacking:
            hand = state.hands[other]
            follow = hand & SUIT_MASKS[led] if led != TRUMP else 0
            if follow:
                best_follow = max(best_follow, follow.bit_length() - 1)
            elif hand & TRUMPS:
                best_trump = max(best_trump, (hand & TRUMPS).bit_length() - 1)
        other = state.nxt[other]
    return best_follow, best_trump


def _follow(state: FrenchState, mask: int) -> int:
    """Follow a trick (``mask`` holds two cards or more, so ``plain`` one at least)."""
    plain = mask & ~EXCUSE_BIT
    attack = (state.taker, state.partner)
    attacking = state.turn in attack
    best_follow, best_trump = _threats(state, attack, attacking)

    def beaten(card: int) -> bool:
        if card >= 56:
            return best_trump > card
        return best_follow > card or best_trump >= 0

    top = state.top_card
    cheapest = _cheapest(plain)
    if (state.top_seat in attack) == attacking and not beaten(top):
        suits = plain & ~TRUMPS
        if suits:  # load the trick
            return max(cards_of(suits), key=lambda c: HALF_POINTS[c] * 20 + c)
        if plain >> PETIT & 1:
            return PETIT  # saved
        return cheapest
    if top >= 56:
        winners = plain & TRUMPS & ~((2 << top) - 1)
    else:
        follow = plain & SUIT_MASKS[state.led]
        winners = follow & ~((2 << top) - 1) if follow else plain & TRUMPS
    sure = 0
    for card in cards_of(winners):
        if not beaten(card):
            sure |= 1 << card
    if sure >> PETIT & 1:
        return PETIT
    if sure & ~(1 << VINGT_ET_UN):
        return _lowest(sure & ~(1 << VINGT_ET_UN))
    if sure and (sum(HALF_POINTS[c] for c in state.trick) >= 6 or PETIT in state.trick):
        return VINGT_ET_UN
    if mask & EXCUSE_BIT and HALF_POINTS[cheapest] >= 5:
        return EXCUSE
    return cheapest


def _cut_suits(state: FrenchState, attacking: bool) -> int:
    """The suits (a bit set of their cards) the other side would trump if led."""
    cut = 0
    attack = (state.taker, state.partner)
    for other in state.order:
        hand = state.hands[other]
        if (other in attack) != attacking and hand & TRUMPS:
            for suit_mask in SUIT_MASKS:
                if not hand & suit_mask:
                    cut |= suit_mask
    return cut


def _play(state: FrenchState, card: int) -> None:
    state.step(PLAYS[card])


def play_out(state: FrenchState, seat: int) -> float:
    """Finish the deal with :func:`rollout_card`; ``seat``'s score."""
    while state.score is None:
        if state.phase == MISERE:
            state.step(NO_MISERE)
        elif state.phase == POIGNEE:
            state.step(NO_POIGNEE)
        else:
            state.step(PLAYS[rollout_card(state)])
    return float(state.score.scores[seat])


def distinct_cards(known: Known, legal: Sequence[str]) -> list[str]:
    """The legal plays with interchangeable cards merged (the lowest kept).

    Two cards of one suit (or two trumps) worth the same points are
    interchangeable when every card ranked between them is in the hand or
    out of play (in an earlier trick or the écart): whichever is played, every
    trick goes the same way. Searching one of them leaves more time for deals.
    """
    trick = mask_of(c for _, c in known.trick)
    gone = known.hand | known.played & ~trick | (known.ecart or 0) | known.discarded_trumps
    by_card = {parse_card(action[5:]): action for action in legal}
    return [by_card[card] for card in distinct(mask_of(by_card), gone)]


class FrenchSearch:
    """Determinized search for the cards; the heuristic for the other decisions."""

    name = "strong"

    def __init__(self, budget: float = 0.5) -> None:
        self.budget = budget
        self._ecart = 0
        """The écart planned at the first discard (cards, the ones already discarded too)."""

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        if len(legal) == 1:
            return legal[0]
        sampler = Worlds(view)
        known = sampler.known
        seconds = self.budget if budget is None else budget
        rng = seeded(seed, view)
        if not legal[0].startswith("play:"):
            return self._contract(sampler, legal, rng, seconds)
        options = distinct_cards(known, legal)
        if len(options) == 1:
            return options[0]
        exact = sum(known.hand_sizes) <= EXACT_CARDS
        if exact:
            worlds = max(2, int(seconds * EXACT_WORLDS_PER_SECOND))
        else:
            worlds = max(2, int(seconds * ROLLOUTS_PER_SECOND / len(options)))
        cards = [parse_card(a[5:]) for a in options]
        finish = solve if exact else play_out
        task = Task(sampler, cards, _play, finish, worlds, settle=True)
        scores = score(task, rng, seconds)
        if not scores[0]:
            return decide(known, legal)
        totals = [sum(values) for values in scores]
        return options[totals.index(max(totals))]

    def _contract(
        self, sampler: Worlds, legal: Sequence[str], rng: random.Random, seconds: float
    ) -> str:
        """Bid, call and écart by simulation (see french_contract); the rest by rule of thumb."""
        from atout.robots import french_contract as contract

        kind = legal[0].split(":", 1)[0]
        if kind == "bid":
            return contract.search_bid(sampler, legal, rng, seconds)
        if kind == "call":
            return contract.search_call(sampler, legal, rng, seconds)
        if kind == "discard":
            return self._discard(sampler, legal, rng, seconds)
        return decide(sampler.known, legal)

    def _discard(
        self, sampler: Worlds, legal: Sequence[str], rng: random.Random, seconds: float
    ) -> str:
        """The next card of the écart planned at the first discard (planned again if it
        no longer fits the hand)."""
        from atout.robots import french_contract as contract

        known = sampler.known
        allowed = cards(a[8:] for a in legal)
        plan = self._ecart & ~(known.ecart or 0)
        if not plan or plan & ~known.hand or (known.ecart or 0) & ~self._ecart:
            found = contract.search_ecart(sampler, allowed, rng, seconds)
            self._ecart = (known.ecart or 0) | found
            plan = found
        card = contract.first_discard(plan & allowed or plan)
        return f"discard:{card_text(card)}"
