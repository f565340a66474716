"""Many games stepped together: one integer action per game, arrays back.

Batched policies (a network evaluating N positions at once) step N tables per
call; each row is the seat to move in that game. A game that ends is reset at
once, so every row always waits for a decision.

Two backends give the same episodes: the engine's (:class:`EngineGames`, every
game and table) and, with the ``fast`` extra, compiled code
(:class:`atout.rl.fast.vector.CompiledGames`: French Tarot with the FFT
rules), checked against the engine by tests/rl/test_fast.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from atout.rl.episode import Episode

if TYPE_CHECKING:
    from atout.rl.fast.vector import CompiledGames
from atout.rl.spec import Mask, Tensor

Batch = tuple[Tensor, Mask, npt.NDArray[np.int64]]
"""Observations [n, obs_size] of the seats to move, masks [n, num_actions], seats [n]."""


class VectorGames:
    """``n`` episodes of one table, dealt from ``seed``, ``seed + 1`` ...; with
    ``observe=False`` the observations are left out (shape [n, 0]) for speed;
    ``n`` below 1 is refused (ValueError).

    ``compiled``: None steps in compiled code when it can (the ``fast`` extra is
    installed, the table is French with the FFT rules), the engine otherwise;
    True demands compiled code (ValueError saying why not); False keeps the
    engine. Both give the same episodes, observations, masks and rewards.
    """

    def __init__(
        self,
        n: int,
        game: str = "french",
        players: int = 4,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        observe: bool = True,
        compiled: bool | None = None,
    ) -> None:
        if n < 1:
            raise ValueError(f"n is the number of games stepped together, at least 1 (not {n})")
        backend: EngineGames | CompiledGames | None = None
        refusal = _compiled_refusal(game) if compiled is not False else "not asked"
        if refusal is None:
            from atout.rl.fast.table import UnsupportedTable
            from atout.rl.fast.vector import CompiledGames

            try:
                backend = CompiledGames(n, players, variant, options, seed, observe)
            except UnsupportedTable:
                if compiled:
                    raise
        elif compiled:
            raise ValueError(f"no compiled path here: {refusal}")
        if backend is None:
            episodes = [Episode(game, players, variant, options, seed + i) for i in range(n)]
            backend = EngineGames(episodes, observe)
        self.backend = backend
        self.spec = self.backend.spec
        self.compiled = not isinstance(self.backend, EngineGames)

    def reset(self) -> Batch:
        """Deal every game; the first decision of each."""
        return self.backend.reset()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Tensor, Mask, npt.NDArray[np.int64], npt.NDArray[np.float32], Mask]:
        """Play ``actions[i]`` in game ``i``: the next batch, each game's rewards per
        seat [n, players] and whether it ended [n] (then it was reset). ValueError,
        changing nothing, when ``actions`` is not one legal action per game."""
        return self.backend.step(actions)


def _compiled_refusal(game: str) -> str | None:
    """Why the compiled path cannot play these games, or None."""
    from atout.rl.fast import available

    if not available():
        return "install the 'fast' extra (numba): pip install 'atout[fast]'"
    if game != "french":
        return "it plays French Tarot only"
    return None


class EngineGames:
    """VectorGames' engine backend: one :class:`Episode` per game, all of one table."""

    def __init__(self, episodes: list[Episode], observe: bool) -> None:
        self.episodes = episodes
        self.spec = episodes[0].spec
        self.observe = observe
        self.players = episodes[0].players

    def reset(self) -> Batch:
        """Deal every game; the first decision of each."""
        for episode in self.episodes:
            episode.reset()
        return self._batch()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Tensor, Mask, npt.NDArray[np.int64], npt.NDArray[np.float32], Mask]:
        """Play ``actions[i]`` in game ``i``: the next batch, each game's rewards per
        seat [n, players] and whether it ended [n] (then it was reset). ValueError,
        changing nothing, when an action is not legal (as the compiled backend)."""
        chosen = np.asarray(actions, dtype=np.int64)
        if chosen.shape != (len(self.episodes),):
            raise ValueError(f"one action per game: expected shape ({len(self.episodes)},)")
        for i, episode in enumerate(self.episodes):
            if int(chosen[i]) not in episode.legal():
                legal = sorted(episode.legal())
                raise ValueError(f"game {i}: action {chosen[i]} is not legal now (legal: {legal})")
        rewards = np.zeros((len(self.episodes), self.players), dtype=np.float32)
        done = np.zeros(len(self.episodes), dtype=np.bool_)
        for i, episode in enumerate(self.episodes):
            rewards[i] = episode.step(int(chosen[i]))
            if episode.done:
                done[i] = True
                episode.reset()
        obs, masks, seats = self._batch()
        return obs, masks, seats, rewards, done

    def _batch(self) -> Batch:
        n, spec = len(self.episodes), self.spec
        obs = np.zeros((n, spec.obs_size if self.observe else 0), dtype=np.float32)
        masks = np.zeros((n, spec.num_actions), dtype=np.bool_)
        seats = np.zeros(n, dtype=np.int64)
        for i, episode in enumerate(self.episodes):
            seat = seats[i] = episode.to_move
            masks[i, list(episode.legal())] = True
            if self.observe:
                obs[i] = episode.observe(seat)
        return obs, masks, seats


def sample(masks: Mask, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per row of ``masks``."""
    return np.asarray(np.argmax(rng.random(masks.shape) * masks, axis=1), dtype=np.int64)
