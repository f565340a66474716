"""Tarot Africain rule sets as data.

The engine reads fields of :class:`Variant`, never a variant's name. ``standard``
is the game of seed 000 as docs/rules.md reads it; ``cinq`` also seats 5 players, whose
hands start at 4 cards because the 22 cards cannot give 5 to each. Any field but
the name can be overridden with an options mapping, e.g.
``get_variant("standard", {"lives": 10, "loss": "difference"})``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from atout.variant_options import choose_variant

LossRule = Literal["missing", "difference"]

DECK_CARDS = 22
"""The 21 trumps and the Excuse."""
MIN_PLAYERS = 2


@dataclass(frozen=True, slots=True)
class Variant:
    """One rule set of Tarot Africain (see docs/rules.md, section Tarot Africain)."""

    name: str
    lives: int = 14
    """Lives each player starts with (one sorted suit pack: 14 cards)."""
    hand_sizes: tuple[int, ...] = (5, 4, 3, 2, 1)
    """Cards dealt in the successive rounds of a cycle. Sizes that would need
    more than 22 cards for the game's number of players are skipped (5 players:
    4, 3, 2, 1); the sequence is fixed when the game starts."""
    loss: LossRule = "missing"
    """``missing``: lose the tricks missing to the bid; ``difference``: lose
    ``|bid - tricks|``."""
    remontee: bool = True
    """A player who alone lost no life in a round regains one (up to ``lives``)."""
    max_players: int = 4
    """2 to this many players may sit (at most 5)."""

    def sizes_for(self, players: int) -> tuple[int, ...]:
        """The cycle of hand sizes for ``players`` seats."""
        return tuple(h for h in self.hand_sizes if h * players <= DECK_CARDS)

    def check_players(self, players: int) -> None:
        """Raise ValueError unless ``players`` may play this variant."""
        if not MIN_PLAYERS <= players <= self.max_players:
            raise ValueError(
                f"Tarot Africain ({self.name}) is played by {MIN_PLAYERS} to "
                f"{self.max_players} players, not {players}"
            )
        if not self.sizes_for(players):
            raise ValueError(f"no hand size in {self.hand_sizes} fits {players} players")

    def life_loss(self, bid: int, tricks: int) -> int:
        """Lives lost by a player who bid ``bid`` and won ``tricks``."""
        if self.loss == "difference":
            return abs(bid - tricks)
        return max(0, bid - tricks)

    def round_change(
        self, seats: Sequence[int], bids: Sequence[int], tricks: Sequence[int], lives: Sequence[int]
    ) -> dict[int, int]:
        """Each seat's change of lives at the end of a round (negative: lives lost), the
        remontée included: the only seat that lost nothing regains one, up to ``lives``."""
        change = {s: -self.life_loss(bids[s], tricks[s]) for s in seats}
        unscathed = [s for s in seats if change[s] == 0]
        if self.remontee and len(unscathed) == 1 and lives[unscathed[0]] < self.lives:
            change[unscathed[0]] = 1
        return change

    def options(self) -> dict[str, Any]:
        """Every field but the name, JSON-ready: ``get_variant(name, options())``
        gives this variant back."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
            for f in dataclasses.fields(self)
            if f.name != "name"
        }


def variant_of_rules(rules: Mapping[str, Any]) -> Variant:
    """The variant an observation's ``rules`` block describes (ValueError if none)."""
    return get_variant(rules["variant"], rules["options"])


STANDARD = Variant(name="standard")
CINQ = Variant(name="cinq", max_players=5)

VARIANTS: Mapping[str, Variant] = {v.name: v for v in (STANDARD, CINQ)}


def _checked(variant: Variant) -> Variant:
    """``variant`` if its values make sense, else ValueError saying which does not."""
    if variant.lives < 1:
        raise ValueError(f"option 'lives' must be at least 1, got {variant.lives}")
    if not variant.hand_sizes or any(not 1 <= h <= DECK_CARDS // 2 for h in variant.hand_sizes):
        raise ValueError(
            f"option 'hand_sizes' needs sizes from 1 to {DECK_CARDS // 2}, got {variant.hand_sizes}"
        )
    if variant.loss not in get_args(LossRule):
        raise ValueError(f"option 'loss' is 'missing' or 'difference', got {variant.loss!r}")
    if not MIN_PLAYERS <= variant.max_players <= 5:
        raise ValueError(f"option 'max_players' is 2 to 5, got {variant.max_players}")
    return variant


def _option_value(key: str, value: Any, current: Any) -> Any:
    """``value`` converted to the field's type (a JSON list becomes a tuple) or ValueError."""
    if isinstance(current, tuple):
        if isinstance(value, list | tuple) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return tuple(value)
        raise ValueError(f"option {key!r} expects a list of integers, got {value!r}")
    expected = type(current)
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise ValueError(f"option {key!r} expects {expected.__name__}, got {value!r}")
    return value


def get_variant(name: str = "standard", options: Mapping[str, Any] | None = None) -> Variant:
    """The named variant with ``options`` overriding fields; ValueError names what is wrong."""
    return _checked(choose_variant("Tarot Africain", VARIANTS, name, options, _option_value))
