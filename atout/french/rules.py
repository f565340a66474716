"""French Tarot as a :class:`atout.game.GameRules`: ``FRENCH.new(4, "fft")``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.french.actions import DealSeed, FrenchAction, parse_action
from atout.french.state import FrenchState
from atout.french.variants import get_variant
from atout.game import GameRules, GameState


class FrenchRules:
    """Builds French Tarot parties and reads their actions."""

    name = "french"

    def new(
        self, players: int, variant: str = "fft", options: Mapping[str, Any] | None = None
    ) -> FrenchState:
        """A new partie; ``options`` override variant fields, plus ``deals`` (default 1)."""
        fields = dict(options or {})
        deals = fields.pop("deals", 1)
        if not isinstance(deals, int) or isinstance(deals, bool):
            raise ValueError(f"option 'deals' expects int, got {deals!r}")
        return FrenchState(players, get_variant(variant, fields), deals)

    def parse_action(self, text: str) -> FrenchAction:
        """Read an action's text form (``play:KH``, ``bid:garde``...)."""
        return parse_action(text)

    def deal_action(self, state: GameState, seed: int) -> DealSeed:
        """The chance action dealing the next deal from ``seed``."""
        return DealSeed(seed)


FRENCH = FrenchRules()
_CHECK: GameRules = FRENCH  # mypy verifies that FrenchRules implements the protocol
