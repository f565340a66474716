"""VectorGames' compiled backend: the same episodes as the engine's backend
(:class:`atout.rl.vector.EngineGames`), dealt from the same seeds by the
engine's own dealer, stepped by :class:`~atout.rl.fast.batch.FrenchBatch`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.french.dealing import deal_from_seed
from atout.rl.fast.batch import FrenchBatch
from atout.rl.spec import GameSpec, Mask, Tensor, make_spec

Batch = tuple[Tensor, Mask, npt.NDArray[np.int64]]


class CompiledGames:
    """``n`` French episodes, episode ``i`` dealt from ``random.Random(seed + i)``
    exactly as :class:`atout.rl.episode.Episode` deals it: a 48-bit seed per
    deal, a petit sec dealt again, all passing ending the episode unscored."""

    def __init__(
        self,
        n: int,
        players: int,
        variant: str | None,
        options: Mapping[str, Any] | None,
        seed: int,
        observe: bool,
    ) -> None:
        self.batch = FrenchBatch(n, players, variant, options)
        self.observe = observe
        self.spec: GameSpec = make_spec("french", players, variant, options)
        self.players = players
        self.rngs = [random.Random(seed + i) for i in range(n)]

    def reset(self) -> Batch:
        """Deal every game; the first decision of each."""
        self._deal(range(len(self.rngs)))
        return self._batch()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Tensor, Mask, npt.NDArray[np.int64], npt.NDArray[np.float32], Mask]:
        """As :meth:`atout.rl.vector.VectorGames.step`."""
        batch = self.batch
        batch.step(actions)
        done = batch.over.copy()
        rewards = np.where(done[:, None], batch.scores, 0).astype(np.float32)
        self._deal(np.flatnonzero(done).tolist())
        obs, masks, seats = self._batch()
        return obs, masks, seats, rewards, done

    def _deal(self, which: Sequence[int]) -> None:
        """Deal these rows from their generators until none is a petit sec."""
        batch, order, players = self.batch, self.batch.order, self.players
        pending = list(which)
        while pending:
            deals = [deal_from_seed(self.rngs[g].getrandbits(48), order, players) for g in pending]
            batch.deal(pending, deals)
            pending = [g for g in pending if batch.cancelled[g]]

    def _batch(self) -> Batch:
        batch, n = self.batch, len(self.rngs)
        obs = batch.observe() if self.observe else np.zeros((n, 0), dtype=np.float32)
        return obs, batch.masks.copy(), batch.to_move.copy()
