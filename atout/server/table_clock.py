"""A table's turn clock: when a robot moves, and how long a human has to.

``Clock`` is the mixin of ``Table`` (``table``) that sets the times its task
(``Table.run``) waits for: a robot's move (after its delay, and the pause that
lets people see a completed trick) or a human's deadline, whose clock runs
once per turn and carries over a restart (``resume_turn``). The fields it
sets are ``table_base``'s.
"""

from __future__ import annotations

import time

from atout.game import CHANCE, SPECTATOR
from atout.server.table_base import TableBase


class Clock(TableBase):
    """The turn clock: a robot's time to move, a human's deadline."""

    def _schedule(self) -> None:
        """Set the clocks for whoever is to move now."""
        self.robot_at = self.turn_deadline = None
        if self.state is None or self.state.is_over:
            return
        if self.thinking == (self.game_id, self.actions):
            return  # the robot's answer is the next move
        to_move = self._to_move()
        now = time.monotonic()
        if to_move == CHANCE:
            self.robot_at = max(now, self.pause_until)
            return
        seat = self.seats[to_move]
        if seat is None or seat.robot_plays:
            delay = 0.0 if self._secret_question(to_move) else self.ctx.robot_delay
            self.robot_at = max(now + delay, self.pause_until)
        elif self._turn_started != (self.game_id, self.public_moves):
            self._turn_started = (self.game_id, self.public_moves)
            self._turn_until = now + self.options.turn_seconds
            self.turn_deadline = self._turn_until
        else:
            self.turn_deadline = self._turn_until

    def _secret_question(self, seat: int) -> bool:
        """Whether ``seat`` answers a question the others do not see (a poignée):
        a robot answers it at once, lest its longer wait tell them."""
        assert self.state is not None
        return bool(self.state.view(seat)["phase"] != self.state.view(SPECTATOR)["phase"])

    def turn_left(self) -> float | None:
        """The seconds left to the human seat to move, starting its clock if its
        turn is new; None when no clock runs (a robot's move, or no game)."""
        self._schedule()
        if self.turn_deadline is None:
            return None
        return max(0.0, self._turn_until - time.monotonic())

    def resume_turn(self, until: float) -> None:
        """Let the turn under way run until ``until`` (a restart's clock)."""
        self._turn_started = (self.game_id, self.public_moves)
        self._turn_until = until
