"""A Gymnasium environment for one seat, the other seats played by atout robots.

Observations are the seat's float32 tensor; the legal-action mask is in
``info["action_mask"]`` and ``action_masks()`` (what maskable agents read).
The reward is the seat's score change since its previous decision (French
points at the end of the deal, Africain lives).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from atout.rl.episode import Episode
from atout.rl.spec import Mask, Tensor
from atout.robots import LEVELS, make_robot
from atout.robots.base import Robot


class AtoutEnv(gymnasium.Env[Tensor, np.int64]):
    """``AtoutEnv("french", 4, opponents="heuristic")``; ``seat=None`` draws the
    learner's seat at each reset. An illegal action raises ValueError, or, when
    ``illegal_reward`` is set, ends the episode with that reward. A seat not at
    the table or an unknown robot level is refused here (ValueError), not at reset."""

    def __init__(
        self,
        game: str = "french",
        players: int = 4,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: str = "random",
        seat: int | None = None,
        budget: float | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        self.episode = Episode(game, players, variant, options)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(
                f"no seat {seat} at a table of {players}: seats are 0 to {players - 1}"
            )
        if opponents not in LEVELS:
            raise ValueError(f"unknown robot level {opponents!r} (known: {', '.join(LEVELS)})")
        spec = self.episode.spec
        self.observation_space = spaces.Box(-np.inf, np.inf, (spec.obs_size,), np.float32)
        self.action_space = spaces.Discrete(spec.num_actions)
        self.opponents = opponents
        self.budget = budget
        self.illegal_reward = illegal_reward
        self.fixed_seat = seat
        self.seat = 0
        self._robots: dict[int, Robot] = {}
        self._decisions = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        super().reset(seed=seed)
        self.episode.reset(int(self.np_random.integers(2**62)))
        players = self.episode.players
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else int(self.np_random.integers(players))
        )
        self._robots = {
            s: make_robot(self.opponents, self.budget) for s in range(players) if s != self.seat
        }
        self._decisions = int(self.np_random.integers(2**31))
        self._robots_play()  # no score changes before a seat's first decision
        return self._observation(), {"action_mask": self.action_masks()}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Tensor, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.illegal_reward is not None and int(action) not in self.episode.legal():
            self.episode.done = True
            obs = self._observation()
            return obs, self.illegal_reward, True, False, {"action_mask": self.action_masks()}
        reward = self.episode.step(int(action))[self.seat]
        reward += self._robots_play()
        done = self.episode.done
        return self._observation(), reward, done, False, {"action_mask": self.action_masks()}

    def action_masks(self) -> Mask:
        """The learner's legal actions (all False once the episode is over)."""
        return self.episode.mask()

    def _observation(self) -> Tensor:
        return self.episode.observe(self.seat)

    def _robots_play(self) -> float:
        """Let the robots act until the learner's turn or the end; the learner's reward."""
        episode = self.episode
        reward = 0.0
        while not episode.done and episode.to_move != self.seat:
            seat = episode.to_move
            view = episode.state.view(seat)
            self._decisions += 1
            text = self._robots[seat].choose(view, view["legal"], self._decisions, self.budget)
            reward += episode.apply(episode.rules.parse_action(text))[self.seat]
        return reward
