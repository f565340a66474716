"""The Tarot Africain entry point that records, robots, the server and the CLI use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.africain.actions import AfricainAction, Deal, parse_action
from atout.africain.state import AfricainState
from atout.africain.variants import get_variant
from atout.game import GameState


class AfricainRules:
    """Builds Tarot Africain games and reads their actions (implements GameRules)."""

    name = "africain"

    def new(
        self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None
    ) -> AfricainState:
        """A new game; ValueError for an unknown variant or option or a bad player count."""
        return AfricainState(players, get_variant(variant, options))

    def parse_action(self, text: str) -> AfricainAction:
        """Read an action's text form; ActionSyntaxError says what is wrong."""
        return parse_action(text)

    def deal_action(self, state: GameState, seed: int) -> Deal:
        """The chance action dealing the next round from ``seed``."""
        return Deal(seed=seed)

    def deal_cards(self, hands: Sequence[int]) -> Deal:
        """The explicit chance action giving ``hands[s]`` (a bit set, 0 when out) to seat s."""
        return Deal(hands=tuple(hands))


AFRICAIN = AfricainRules()
