"""One learning episode at a table, the part every adapter shares: the engine's
state, deals drawn from a seeded generator, integer actions, rewards.

An episode is one French deal (a deal cancelled after the bidding, all
passing, ends it with no points; a petit sec at the first deal is dealt
again) or one whole Africain game. Rewards are the changes of each seat's
score (French points, Africain lives).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.game import CHANCE, Action, GameState
from atout.registry import game_rules
from atout.rl.spec import GameSpec, Mask, Tensor, legal_map, make_spec, mask_of


class Episode:
    """A table whose chance actions are dealt from ``random.Random(seed)``."""

    def __init__(
        self,
        game: str = "french",
        players: int = 4,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> None:
        self.rules = game_rules(game)
        self.variant = variant or self.rules.default_variant
        self.options = dict(options or {})
        self.spec: GameSpec = make_spec(game, players, self.variant, self.options)
        self.players = players
        self.rng = random.Random(seed)
        self.state: GameState = self.rules.new(players, self.variant, self.options)
        self.done = True
        self._legal: dict[int, Action] | None = None

    def reset(self, seed: int | None = None) -> None:
        """A new episode (from ``seed`` when given), dealt up to its first decision."""
        if seed is not None:
            self.rng.seed(seed)
        while True:
            self.state = self.rules.new(self.players, self.variant, self.options)
            self._legal = None
            self.done = False
            self._deal()
            if not self.done:
                return

    @property
    def to_move(self) -> int:
        """The seat to act (-1 once the episode is over)."""
        return -1 if self.done else int(self.state.to_move or 0)

    def legal(self) -> dict[int, Action]:
        """The legal actions of the seat to move, by integer (empty once over)."""
        if self._legal is None:
            self._legal = {} if self.done else legal_map(self.spec, self.state)
        return self._legal

    def mask(self) -> Mask:
        """The legal-action mask of the seat to move."""
        return mask_of(self.spec, self.legal())

    def observe(self, seat: int) -> Tensor:
        """``seat``'s observation tensor."""
        return self.spec.observe(self.state.view(seat))

    def step(self, index: int) -> list[float]:
        """Play integer ``index`` for the seat to move; each seat's reward.

        ValueError when the episode is over or the action is not legal now."""
        if self.done:
            raise ValueError("the episode is over: reset it")
        action = self.legal().get(index)
        if action is None:
            raise ValueError(f"action {index} is not legal now (legal: {sorted(self.legal())})")
        return self.apply(action)

    def apply(self, action: Action) -> list[float]:
        """Play an engine action for the seat to move (a robot's); each seat's reward."""
        if self.done:
            raise ValueError("the episode is over: reset it")
        before = self.spec.score(self.state)
        self.state.step(action)
        self._legal = None
        self._deal()
        after = self.spec.score(self.state)
        return [a - b for a, b in zip(after, before, strict=True)]

    def _deal(self) -> None:
        """Deal while a deal is due and the episode goes on; mark it done at its end."""
        state = self.state
        while True:
            if self.spec.episode_over(state):
                self.done = True
                return
            if state.to_move != CHANCE:
                return
            state.step(self.rules.deal_action(state, self.rng.getrandbits(48)))
