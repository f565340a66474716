"""Tarot Africain hands consistent with one seat's observation, for search.

OpenSpiel calls this ResampleFromInfostate. The observation shows the seat's
own hand (in the one-card round, every other seat's card but not its own), the
trick in progress and the last one; every card not shown may be in a hidden hand
or already played in an earlier trick of the round, which the observation does
not keep. A caller that remembers more of the round (a robot watching every
trick) passes the cards it saw played. Each hidden hand gets as many cards as
its seat still holds: the hand size less the tricks done, less one if it has
played to the trick in progress.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from atout.cards import EXCUSE_BIT, TRUMPS, cards_of, mask_of, parse_card

DECK: Final = TRUMPS | EXCUSE_BIT
"""The 21 trumps and the Excuse."""


class Worlds:
    """The hands one seat's observation allows; :meth:`sample` draws them."""

    def __init__(self, observation: Mapping[str, Any], played: int = 0) -> None:
        if observation["phase"] not in ("bid", "play"):
            raise ValueError(f"no round in progress to sample (phase {observation['phase']!r})")
        players = int(observation["players"])
        size = int(observation["hand_size"])
        done = sum(observation["tricks"])
        in_trick = {int(p["seat"]) for p in observation["trick"]}
        shown = played
        for play in (*observation["trick"], *observation["last_trick"]):
            shown |= 1 << parse_card(play["card"])
        self.hands = [0] * players
        """Every seat's hand as far as it is shown (hidden ones filled by ``sample``)."""
        self.hidden: dict[int, int] = {}
        """Seat -> cards it holds that the observation hides."""
        for seat, hand in enumerate(observation["hands"]):
            if not observation["in_round"][seat]:
                continue
            if hand is None:
                self.hidden[seat] = size - done - (seat in in_trick)
            else:
                self.hands[seat] = mask_of(parse_card(c) for c in hand)
                shown |= self.hands[seat]
        self.pool = DECK & ~shown
        """Cards that may be in a hidden hand."""
        if sum(self.hidden.values()) > self.pool.bit_count():
            raise ValueError("the observation hides more cards than are left")

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's hand (empty for seats out of the round), hidden ones drawn at random."""
        pool = cards_of(self.pool)
        rng.shuffle(pool)
        hands = self.hands[:]
        for seat, count in self.hidden.items():
            hands[seat] = mask_of(pool[:count])
            del pool[:count]
        return hands


def sample_hands(observation: Mapping[str, Any], rng: random.Random, played: int = 0) -> list[int]:
    """One draw of every seat's hand for a seat's observation (see :class:`Worlds`)."""
    return Worlds(observation, played).sample(rng)
