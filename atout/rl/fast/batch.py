"""Many French deals in compiled code: deal, legal-action masks, step, scores.

:class:`FrenchBatch` is the low-level batch (explicit deals in, integer
actions of :mod:`atout.rl.french`, masks and scores out); VectorGames builds
learning episodes on it. Its rules are the engine's, compiled
(:mod:`atout.rl.fast.rules`), and tests/rl/test_fast.py checks them against
the engine decision by decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.french.dealing import check_deal
from atout.french.state import DEAL, OVER
from atout.rl.fast import rules as R
from atout.rl.fast.cards import split
from atout.rl.fast.table import new_state, table_numbers
from atout.rl.french import NUM_ACTIONS, layout
from atout.rl.spec import Mask, Tensor

Rows = npt.NDArray[np.int64]
Deal = tuple[Sequence[int], int]
"""One hand (an engine bit set) per seat, and the dog."""


class FrenchBatch:
    """``n`` deals of one French table, each row waiting for a deal until
    :meth:`deal` gives it one. Rows are deals; every deal is the first of a
    partie (dealer seat 0), as in a learning episode."""

    def __init__(
        self,
        n: int,
        players: int = 4,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        state = new_state(players, variant, options)
        self.players = players
        self.order = state.order
        self.table = table_numbers(state)
        self.rows = np.zeros((n, R.WIDTH), dtype=np.int64)
        self.rows[:, R.PHASE] = DEAL
        self.rows[:, R.TURN] = -1
        self.masks: Mask = np.zeros((n, NUM_ACTIONS), dtype=np.bool_)
        """The legal actions of each row's seat to move (none while it waits for a deal)."""
        self._legal = np.zeros(R.MAX_LEGAL, dtype=np.int64)
        self.layout = layout(players)
        self._at = np.array([self.layout.at[block] for block in R.OBS_BLOCKS], dtype=np.int64)

    def deal(self, which: Sequence[int] | npt.NDArray[np.int64], deals: Sequence[Deal]) -> None:
        """Give row ``which[i]`` the deal ``deals[i]`` (checked like the engine's
        explicit deals: IllegalAction for a wrong one); a petit sec cancels it at once."""
        rows = np.asarray(which, dtype=np.int64)
        if rows.shape != (len(deals),) or ((rows < 0) | (rows >= len(self.rows))).any():
            raise ValueError(f"one deal per row, rows 0..{len(self.rows) - 1}")
        size = self.players + 1
        lo = np.zeros((len(deals), size), dtype=np.int64)
        hi = np.zeros((len(deals), size), dtype=np.int64)
        for i, (hands, dog) in enumerate(deals):
            check_deal(tuple(hands), dog, self.order, self.players)
            for s, cards in enumerate((*hands, dog)):
                lo[i, s], hi[i, s] = split(cards)
        R.deal_rows(self.rows, self.table, rows, lo, hi)
        R.mask_rows(self.rows, self.table, rows, self.masks, self._legal)

    def step(self, actions: npt.ArrayLike) -> None:
        """Play ``actions[g]`` in every deal still going (other rows' entries are
        ignored). ValueError, changing nothing, when one is not legal."""
        chosen = np.ascontiguousarray(actions, dtype=np.int64)
        if chosen.shape != (len(self.rows),):
            raise ValueError(f"one action per deal: expected shape ({len(self.rows)},)")
        bad = R.step_rows(self.rows, self.table, chosen, self.masks, self._legal)
        if bad >= 0:
            legal = np.flatnonzero(self.masks[bad]).tolist()
            raise ValueError(f"deal {bad}: action {chosen[bad]} is not legal now (legal: {legal})")

    def play_random(self, decisions: int, seed: int = 0) -> tuple[int, int]:
        """Uniformly random play inside compiled code, dealing at random as deals
        end: the decisions made (at least ``decisions``) and the deals scored."""
        made, scored = R.play_random(self.rows, self.table, decisions, seed)
        R.mask_rows(self.rows, self.table, np.arange(len(self.rows)), self.masks, self._legal)
        return int(made), int(scored)

    def observe(self, viewers: npt.ArrayLike | None = None) -> Tensor:
        """Each row's observation tensor [n, obs_size] (the layout of
        :mod:`atout.rl.french`) for ``viewers[g]``, by default the seat to move; a
        row of zeros for -1 (a deal over or not dealt)."""
        seats = self.to_move if viewers is None else np.asarray(viewers, dtype=np.int64)
        if seats.shape != (len(self.rows),) or ((seats < -1) | (seats >= self.players)).any():
            raise ValueError(f"one viewer per deal, a seat 0..{self.players - 1} or -1")
        seats = np.where(self.to_move >= 0, seats, -1)
        out = np.zeros((len(self.rows), self.layout.size), dtype=np.float32)
        R.observe_rows(self.rows, self.table, self._at, seats, out)
        return out

    @property
    def to_move(self) -> npt.NDArray[np.int64]:
        """Each row's seat to act, -1 when its deal is over or not dealt."""
        return self.rows[:, R.TURN]

    @property
    def over(self) -> Mask:
        """Rows whose deal ended: scored, all passed, or a petit sec."""
        over: Mask = self.rows[:, R.PHASE] == OVER
        return over

    @property
    def cancelled(self) -> Mask:
        """Rows whose deal ended without a score (all passed, petit sec)."""
        cancelled: Mask = self.rows[:, R.CANCELLED] != 0
        return cancelled

    @property
    def scores(self) -> Rows:
        """Each seat's score of each row's deal [n, players], 0 until scored."""
        return self.rows[:, R.SCORE : R.SCORE + self.players]
