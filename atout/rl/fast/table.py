"""Which tables the compiled path plays, and their numbers as one int64 vector.

The compiled rules follow the FFT rulebook's structure (the engine's ``fft``
variant): every field of :class:`~atout.french.variants.Variant` that changes
how a deal is played or scored in another way must keep its FFT value, or the
table is refused with the fields named. Numbers (prime, bonuses, poignée
sizes, multipliers, the contracts one may bid) are read from the variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from atout.french.dealing import dog_size, hand_size
from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.french.variants import FFT, Contract

NUMERIC: Final = frozenset(
    {
        "name",
        "contracts",
        "multipliers",
        "prime",
        "petit_au_bout",
        "poignee_trumps",
        "poignee_bonus",
        "chelem_announced_made",
        "chelem_unannounced_made",
        "chelem_announced_failed",
        "chelem_defence",
        "misere_bonus",
        "petit_sec_same_dealer",
    }
)
"""Fields the compiled rules read as numbers, or that an episode never meets (a
petit sec ends the episode before anyone deals again)."""

PLAYERS: Final = 0
HAND_SIZE: Final = 1
DOG_SIZE: Final = 2
PRIME: Final = 3
PETIT_AU_BOUT: Final = 4
POIGNEE_SIZE: Final = 5
"""3 entries: trumps to show for a simple, double, triple poignée at this table."""
POIGNEE_BONUS: Final = 8
CHELEM_ANNOUNCED_MADE: Final = 11
CHELEM_UNANNOUNCED_MADE: Final = 12
CHELEM_ANNOUNCED_FAILED: Final = 13
CHELEM_DEFENCE: Final = 14
MULTIPLIER: Final = 15
"""6 entries by Contract: its multiplier, 0 for PASS and contracts one may not bid."""
SIZE: Final = MULTIPLIER + len(Contract)


class UnsupportedTable(ValueError):
    """A table the compiled path does not play: use the engine (``atout.rl.vector``
    without ``compiled=True``)."""


def new_state(players: int, variant: str | None, options: Mapping[str, Any] | None) -> FrenchState:
    """The engine's fresh partie for this table (its variant, seats and order),
    refusing what the compiled rules do not cover."""
    fields = dict(options or {})
    if fields.get("deals", 1) != 1:
        raise UnsupportedTable("the compiled path plays one deal per episode: drop 'deals'")
    state = FRENCH.new(players, variant or FRENCH.default_variant, fields)
    if state.variant.dealer_sits_out:
        raise UnsupportedTable("the compiled path does not play the 5-seat 'mort' form")
    differ = sorted(
        name
        for name in type(FFT).__dataclass_fields__
        if name not in NUMERIC and getattr(state.variant, name) != getattr(FFT, name)
    )
    if differ:
        raise UnsupportedTable(
            "the compiled path plays the FFT rules with their numbers changed at most; "
            f"not these options: {', '.join(differ)}"
        )
    return state


def table_numbers(state: FrenchState) -> npt.NDArray[np.int64]:
    """The rules vector the compiled functions read (offsets above)."""
    variant, players = state.variant, state.seats
    numbers = np.zeros(SIZE, dtype=np.int64)
    numbers[PLAYERS] = players
    numbers[HAND_SIZE] = hand_size(players)
    numbers[DOG_SIZE] = dog_size(players)
    numbers[PRIME] = variant.prime
    numbers[PETIT_AU_BOUT] = variant.petit_au_bout
    numbers[POIGNEE_SIZE : POIGNEE_SIZE + 3] = variant.poignee_trumps[players]
    numbers[POIGNEE_BONUS : POIGNEE_BONUS + 3] = variant.poignee_bonus
    numbers[CHELEM_ANNOUNCED_MADE] = variant.chelem_announced_made
    numbers[CHELEM_UNANNOUNCED_MADE] = variant.chelem_unannounced_made
    numbers[CHELEM_ANNOUNCED_FAILED] = variant.chelem_announced_failed
    numbers[CHELEM_DEFENCE] = variant.chelem_defence
    for contract in variant.contracts:
        numbers[MULTIPLIER + contract] = variant.multiplier(contract)
    return numbers
