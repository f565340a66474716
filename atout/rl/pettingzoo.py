"""A PettingZoo AEC environment: every seat is an agent (``seat_0`` ...).

Each agent observes ``{"observation": float32 tensor, "action_mask": int8 mask}``
(the classic-games convention); the mask is all zeros when it is not the
agent's turn. Rewards are given as they are scored (French: at the end of the
deal; Africain: at the end of each round, in lives).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atout.rl.episode import Episode


class AtoutAEC(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """``AtoutAEC("french", 4)``, ``AtoutAEC("africain", 3, variant="standard")``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "atout_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "french",
        players: int = 4,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.episode = Episode(game, players, variant, options)
        spec = self.episode.spec
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.agents: list[str] = []
        self.render_mode = render_mode
        space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (spec.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (spec.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.episode.to_move]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        episode = self.episode
        if seat == episode.to_move:
            mask = episode.mask().astype(np.int8)
        else:
            mask = np.zeros(episode.spec.num_actions, dtype=np.int8)
        return {"observation": episode.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        self._cumulative_rewards[agent] = 0.0
        rewards = self.episode.step(int(action))
        self.rewards = {a: rewards[s] for s, a in enumerate(self.possible_agents)}
        if self.episode.done:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.episode.to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the omniscient view's phase, turn and current trick."""
        if self.render_mode != "ansi":
            return None
        view = self.episode.state.view(-2)
        return f"phase {view['phase']}, to move {view['to_move']}, trick {view['trick']}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AtoutAEC:
    """PettingZoo's usual constructor name."""
    return AtoutAEC(**kwargs)
