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
from typing import Any, Literal, get_type_hints

from atout.refusals import TableRefused
from atout.variant_options import NUMBER_LIMIT, OptionError, choose_variant, option_value

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
        """Raise ValueError unless ``players`` may play this variant, coded
        (:class:`atout.refusals.TableRefused`): OptionError
        ``option_players`` naming the option (``max_players``, ``hand_sizes``) that
        keeps them from it when the variant it changes would let them play."""
        if not MIN_PLAYERS <= players <= self.max_players:
            self._check_option(players)
            raise TableRefused(
                "africain_players",
                variant=self.name,
                min=MIN_PLAYERS,
                max=self.max_players,
                players=players,
            )
        if not self.sizes_for(players):
            self._check_option(players)
            raise TableRefused("africain_hand_sizes", sizes=list(self.hand_sizes), players=players)

    def _check_option(self, players: int) -> None:
        named = VARIANTS.get(self.name)
        if named is None or named == self or players < MIN_PLAYERS:
            return
        try:
            named.check_players(players)
        except ValueError:
            return  # the named variant itself refuses them
        option = "max_players" if players > self.max_players else "hand_sizes"
        raise OptionError("option_players", option=option, players=players)

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


_FIELD_TYPES: Mapping[str, Any] = get_type_hints(Variant)

BOUNDS: Mapping[str, tuple[int, int]] = {
    "lives": (1, NUMBER_LIMIT),
    "hand_sizes": (1, DECK_CARDS // 2),
    "max_players": (MIN_PLAYERS, 5),
}
"""Each number option's bounds: a life at least, hands of 1 to 11 cards (two
players share the 22), tables of 2 to 5."""


def get_variant(name: str = "standard", options: Mapping[str, Any] | None = None) -> Variant:
    """The named variant with ``options`` overriding fields; ValueError for an
    unknown variant, OptionError naming an option and what is wrong with it."""
    return choose_variant(
        "Tarot Africain",
        VARIANTS,
        name,
        options,
        lambda key, value, current: option_value(key, value, _FIELD_TYPES[key]),
        bounds=BOUNDS,
    )
