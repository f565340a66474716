"""Whole French Tarot deals consistent with one viewer's observation, for search.

OpenSpiel calls this ResampleFromInfostate. A world gives every hidden card a
place (another hand, the unseen dog, the hidden écart) respecting what the
observation reveals: hand sizes, voids and failed overtrumps shown by play,
misères, poignées still to be played, the King called, the dog when shown and
the trumps discarded. The engine then replays the public history on that deal,
at the real seats and dealer, with the observation's rules (options included,
so in the 5-seat "mort" form the dealer's seat holds no cards); a world the
engine refuses anywhere is rejected, so an accepted world shows its viewer the
very observation it was sampled from.

A caller may narrow the worlds further with a ``fits`` predicate on the hands
as dealt (a robot checks them against the bids it would have made); a view no
sampled deal fits is then sampled without it (see :meth:`Worlds.sample`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from atout.cards import BOUTS, EXCUSE_BIT, FULL_DECK, KING, KINGS, TRUMPS, cards_of, suit_card
from atout.french.actions import CALLS, DISCARDS, PLAYS, DealCards, Misere, Poignee, parse_action
from atout.french.dealing import dog_size, hand_size
from atout.french.knowledge import SEES_DOG, Known, allowed_mask, read
from atout.french.state import MISERE, PHASE_NAMES, POIGNEE, FrenchState
from atout.game import IllegalAction

PILE: Final = -1
"""Slot of the hidden pile: the unseen dog or another taker's écart."""
_BEFORE_CHELEM: Final = frozenset(("bid", "call", "discard", "chelem"))
"""Phases in which the chelem question is still unanswered."""
_IN_DEAL: Final = frozenset(("bid", "call", "discard", "chelem", "misere", "poignee", "play"))
"""Phases with a deal in progress (nothing is hidden between deals)."""

Fits = Callable[[Known, Mapping[int, int]], bool]
"""Whether hands as dealt (seat -> cards) are acceptable to the caller."""


class Worlds:
    """The worlds one seat's observation allows; :meth:`sample` draws one.

    Built once per observation (reading it, the slots and the starting state),
    then sampled as often as a search needs.
    """

    def __init__(self, observation: Mapping[str, Any]) -> None:
        known = read(observation)
        if known.phase not in _IN_DEAL:
            raise ValueError(f"no deal in progress to sample (phase {known.phase!r})")
        if not 0 <= known.me < known.seats:
            raise ValueError("worlds are sampled for a seat's observation")
        self.known = known
        self.to_move: int | None = observation["to_move"]
        start = FrenchState(known.seats, known.variant, int(observation["deals"]))
        start._new_deal(known.dealer)  # the deal in progress, at its real dealer
        start.deals_played = int(observation["deals_played"])
        start.totals = list(observation["totals"])
        self._start = start
        self._capacity, self._allowed, self._forced, self._pool = _slots(known)

    def hands(self, rng: random.Random, tries: int = 30) -> dict[int, int] | None:
        """Place the hidden cards: slot -> cards (PILE for the hidden dog or écart), or None."""
        capacity, allowed, forced = self._capacity, self._allowed, self._forced
        for _ in range(tries):
            placed = {slot: forced[slot] for slot in capacity}
            room = {slot: capacity[slot] - forced[slot].bit_count() for slot in capacity}
            rest = cards_of(self._pool & ~sum(forced.values()))
            rng.shuffle(rest)
            choices = {c: [s for s in capacity if allowed[s] >> c & 1] for c in rest}
            rest.sort(key=lambda c: len(choices[c]))
            ok = all(r >= 0 for r in room.values())
            for card in rest if ok else ():
                open_slots = [s for s in choices[card] if room[s] > 0]
                if not open_slots:
                    ok = False
                    break
                slot = rng.choices(open_slots, weights=[room[s] for s in open_slots])[0]
                placed[slot] |= 1 << card
                room[slot] -= 1
            if ok and all(r == 0 for r in room.values()):
                return placed
        return None

    def dealt(self, placed: Mapping[int, int]) -> tuple[dict[int, int], int]:
        """The hands as dealt (seat -> cards) and the dog, for placed hidden cards."""
        known = self.known
        order = known.order
        current = {seat: placed.get(seat, 0) for seat in order}
        current[known.me] = known.hand
        for leader, cards, _ in known.tricks:
            start = order.index(leader)
            for i, card in enumerate(cards):
                current[order[(start + i) % len(order)]] |= 1 << card
        for seat, card in known.trick:
            current[seat] |= 1 << card
        dog = known.dog if known.dog is not None else placed.get(PILE, 0)
        if self._dog_taken():
            taker = known.taker
            assert taker is not None
            current[taker] = (current[taker] | self._ecart(placed)) & ~dog
        return current, dog

    def _dog_taken(self) -> bool:
        known = self.known
        return known.contract in SEES_DOG and known.taker is not None and known.dog is not None

    def _ecart(self, placed: Mapping[int, int]) -> int:
        """The écart so far: the viewer's own, else the hidden pile and the trumps shown."""
        known = self.known
        if known.me == known.taker:
            return known.ecart or 0
        return placed.get(PILE, 0) | known.discarded_trumps

    def build(self, placed: Mapping[int, int], fits: Fits | None = None) -> FrenchState | None:
        """Replay the public history on the placed cards; None if the engine (or
        ``fits``) refuses the deal."""
        known = self.known
        dealt, dog = self.dealt(placed)
        if fits is not None and not fits(known, dealt):
            return None
        state = self._start.clone()
        try:
            state.step(DealCards(tuple(dealt.get(s, 0) for s in range(known.seats)), dog))
            while len(state.bids) < len(known.bids):  # an imposed contract's are the deal's
                state.step(parse_action(f"bid:{known.bids[len(state.bids)][1]}"))
            if known.called is not None:
                state.step(CALLS[known.called])
            if self._dog_taken():
                for card in cards_of(self._ecart(placed)):  # suit cards first, trumps last
                    state.step(DISCARDS[card])
            if known.taker is not None and known.phase not in _BEFORE_CHELEM:
                state.step(parse_action(f"chelem:{'yes' if known.chelem_announced else 'no'}"))
            plays = [c for _, cards, _ in known.tricks for c in cards]
            for card in plays + [c for _, c in known.trick]:
                _answer_questions(state, known, final=False)
                state.step(PLAYS[card])
            _answer_questions(state, known, final=True)
        except (IllegalAction, ValueError):
            return None
        if state.to_move != self.to_move:
            return None
        return state

    def sample(
        self, rng: random.Random, tries: int = 40, fits: Fits | None = None
    ) -> FrenchState | None:
        """A world agreeing with the observation, or None when none was found in
        ``tries`` samples (fitting ``fits``), then a quarter as many more without it."""
        extra = tries // 4 if fits is not None else 0
        for attempt in range(tries + extra):
            placed = self.hands(rng)
            if placed is None:
                continue
            world = self.build(placed, fits if attempt < tries else None)
            if world is not None:
                return world
        return None


def sample_world(
    observation: Mapping[str, Any], rng: random.Random, tries: int = 40, fits: Fits | None = None
) -> FrenchState | None:
    """One world for a seat's observation (see :class:`Worlds`), or None if none was found."""
    return Worlds(observation).sample(rng, tries, fits)


def _slots(known: Known) -> tuple[dict[int, int], dict[int, int], dict[int, int], int]:
    """(capacity, allowed cards, forced cards) per slot and the pool of cards to place."""
    me, taker = known.me, known.taker
    pool = known.unseen
    capacity: dict[int, int] = {}
    allowed: dict[int, int] = {}
    forced: dict[int, int] = {}
    dog_pile = 0
    shown_dog = known.dog is not None and known.contract in SEES_DOG
    if taker is not None and me != taker and shown_dog:
        assert known.dog is not None
        dog_pile = known.dog & ~known.played & ~known.discarded_trumps
        pool |= dog_pile
    for seat in known.order:
        if seat == me:
            continue
        capacity[seat] = known.hand_sizes[seat]
        allowed[seat] = allowed_mask(known, seat) & (~dog_pile if seat != taker else FULL_DECK)
        poignee = known.poignees.get(seat, 0)
        if poignee & EXCUSE_BIT:  # the Excuse stands for a trump: there is no other
            allowed[seat] &= ~TRUMPS | poignee
        shown = poignee & ~known.played & ~known.discarded_trumps
        forced[seat] = shown & pool
    if taker is not None and taker != me and known.called is not None:
        _call_bounds(known, taker, known.called, dog_pile, allowed, forced, pool)
    size = dog_size(known.active)
    pile = size
    allowed[PILE] = FULL_DECK
    if taker is not None and known.contract in SEES_DOG and known.dog is not None:
        # The dog was shown: what stays hidden is the écart so far, unless it is ours.
        ecart = size
        if known.phase == "discard":
            ecart = hand_size(known.active) + size - known.hand_sizes[taker]
        pile = 0 if me == taker else ecart - known.discarded_trumps.bit_count()
        allowed[PILE] = FULL_DECK & ~TRUMPS & ~KINGS & ~BOUTS
    if pile:
        capacity[PILE] = pile
        forced[PILE] = 0
    return capacity, allowed, forced, pool


def _call_bounds(
    known: Known,
    taker: int,
    called: int,
    dog_pile: int,
    allowed: dict[int, int],
    forced: dict[int, int],
    pool: int,
) -> None:
    """What the King call tells of the taker's hand as dealt: a Queen (or lower) is
    called only by a taker holding every card of each higher rank, and where the
    variant forbids calling oneself, the called card is not the taker's (unless the
    shown dog brought it)."""
    rank = called % 14 + 1
    for higher in range(rank + 1, KING + 1):
        forced[taker] |= sum(1 << suit_card(s, higher) for s in range(4)) & pool
    if not known.variant.king_call_self and not dog_pile >> called & 1:
        allowed[taker] &= ~(1 << called)


def _answer_questions(state: FrenchState, known: Known, final: bool) -> None:
    """Answer the misère and poignée questions the way the observation says each seat
    did. At the end of the history (``final``) the viewer's own question stays open
    when the observation shows it asked, and another seat's stays open unless the
    observation shows its announcement (being asked is all the viewer cannot see)."""
    while state.phase in (MISERE, POIGNEE):
        seat = state.turn
        misere = state.phase == MISERE
        kinds = tuple(known.miseres.get(seat, ()))
        shown = known.poignees.get(seat, 0)
        if final:
            if seat == known.me and PHASE_NAMES[state.phase] == known.phase:
                return
            if seat != known.me and not (shown or (kinds and misere)):
                return
        if misere:
            state.step(Misere(kinds))  # type: ignore[arg-type]
        else:
            state.step(Poignee(shown))
