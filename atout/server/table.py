"""One table: its seats, its game and the asyncio task that is its only writer.

The task takes commands from a queue, checks actions with the engine on a copy
of the game, has the writer store each accepted action, and only then adopts
the copy and sends each viewer one ``update``: the action's events it may see
and its view of the game as it now stands (write-ahead). While the store fails
the table waits, says so, and tries again: it never runs ahead of its log.
Timers (time per turn, robot moves, reconnection grace) live in the same loop,
so no lock is ever needed. What the table sends is written in ``broadcast``,
and how a restart rebuilds it in ``table_restore``.

This module holds the task and the commands for the table as a whole (its
options, its chat). ``Table`` is put together from ``table_base`` (its state,
its storage, who sees what) and one mixin per concern: ``table_seats`` (who
sits where), ``table_game`` (the game's course) and ``table_clock`` (the turn
clock).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from pydantic import ValidationError

from atout.refusals import Refusal
from atout.server import broadcast, protocol, tablestore
from atout.server.clients import Client
from atout.server.table_base import RETRY_SECONDS, Context, TableError
from atout.server.table_clock import Clock
from atout.server.table_game import Playing
from atout.server.table_seats import Seating

__all__ = ["RETRY_SECONDS", "Context", "Table", "TableError"]

log = logging.getLogger(__name__)


class Table(Seating, Playing, Clock):
    """A table: its state (``TableBase``) with every concern's commands, served by its task."""

    # ----- the task ---------------------------------------------------------------

    async def run(self) -> None:
        """Serve commands and timers until the table closes.

        Due timers run before the next command and commands are taken one at a
        time, so neither a robot streak nor a busy queue starves the other.
        """
        self._schedule()
        while not self.closed:
            if self.state is not None and self.state.is_over:  # a restart found it over
                await self._finish()
            if self._next_timer() <= time.monotonic():
                try:
                    await self._fire_timers()
                except Exception:  # an engine or robot bug must not kill the table
                    log.exception("table %s: timer failed", self.id)
                    self.robot_at = self.turn_deadline = time.monotonic() + 1.0
                await asyncio.sleep(0)
            if self.queue:
                await self._command(*self.queue.take())
                continue
            timeout = self._next_timer() - time.monotonic()
            if timeout > 0 and await self.queue.wait(timeout):
                await self._command(*self.queue.take())

    async def _command(self, client: Client | None, message: Any) -> None:
        try:
            if client is None:
                await message()
            else:
                await self._handle(client, message)
        except TableError as error:
            if client is not None:
                client.send_text(protocol.error(error, self.id))
        except Exception:
            log.exception("table %s: command failed", self.id)
            if client is not None:
                client.send_text(protocol.error(Refusal("internal_error"), self.id))
        self._schedule()

    def _next_timer(self) -> float:
        times = [t for t in (self.turn_deadline, self.robot_at) if t is not None]
        times += [s.grace_until for s in self.seats if s and s.grace_until is not None]
        if self.reservation is not None and self.reservation.start_at is not None:
            times.append(self.reservation.start_at)
        return min(times, default=time.monotonic() + 3600)

    async def _fire_timers(self) -> None:
        now = time.monotonic()
        await self._start_when_due()
        for seat_no, seat in enumerate(self.seats):
            if seat and seat.grace_until is not None and seat.grace_until <= now:
                seat.grace_until = None
                seat.stayed_away = self.state is not None
                await self._vacate(seat_no)  # its socket is gone: no client to drop
                if self.state is None:
                    broadcast.table_event(self, "table.left", {"seat": seat_no, "name": seat.name})
                    await self._pass_mastery()
                else:
                    broadcast.table_event(
                        self, "table.abandoned", {"seat": seat_no, "name": seat.name}
                    )
                    broadcast.info_changed(self)
                    await self._end_if_all_agree()
        if self.robot_at is not None and self.robot_at <= now:
            await self._robot_move()
        elif self.turn_deadline is not None and self.turn_deadline <= now:
            to_move = self._to_move()
            seat = self.seats[to_move]
            if seat is not None:
                seat.awaiting = False
            # Said before the robot's move, so that its player knows the move
            # about to come is not theirs (everyone saw the seat's clock run).
            if self._timed_out != self._turn_started:
                self._timed_out = self._turn_started
                broadcast.table_event(self, "table.timed_out", {"seat": to_move})
            await self._robot_move()
        self._schedule()

    # ----- commands ---------------------------------------------------------------

    async def _handle(self, client: Client, message: Any) -> None:
        handler = getattr(self, f"_on_{message.type}")
        await handler(client, message)

    async def opened(self) -> None:
        """Store a table the server opened for players to come (a tournament's)."""
        await self._store_new()
        self.ctx.on_change(self)
        await self._start_when_due()  # at once if no one holds a place here

    async def created(self, client: Client) -> None:
        """Store the new table, then seat its creator."""
        await self._store_new()
        await self._on_sit(client, protocol.Sit(type="sit", table=self.id))

    async def _store_new(self) -> None:
        await self._write(
            tablestore.create_table,
            self.id,
            self.options.model_dump(),
            self.master,
            self.master_name,
            self.invite_code,
        )

    async def _on_chat(self, client: Client, message: protocol.Chat) -> None:
        if client not in self.spectators:
            seat_no = self._played_by(client)
            if seat_no is None:
                raise TableError("not_at_table")
            if self._lost(seat_no):  # left the game, hears nothing of it: watch to chat
                raise TableError("left_game")
        line = {
            "name": client.identity.name,
            "user": client.identity.user_id,
            "text": message.text,
            "time": int(time.time()),
        }
        self.chat.append(line)
        broadcast.table_event(self, "table.chat", line)

    async def _on_options(self, client: Client, message: protocol.Options) -> None:
        if self.reservation is not None:
            raise TableError("tournament_table_options")
        if client.key != self.master or self._played_by(client) is None:
            raise TableError("master_options")
        try:
            options = message.options.apply_to(self.options)
        except ValidationError as error:
            refused = protocol.invalid(error)
            raise TableError(refused.code, **refused.params) from None
        if options.players != len(self.seats):
            if self.state is not None:
                raise TableError("players_between_games")
            if any(self.seats[options.players :]):
                raise TableError("free_last_seats")
            self.seats = (self.seats + [None] * 5)[: options.players]
        if options.competitive and any(s and s.user is None for s in self.seats):
            raise TableError("guests_seated")
        changed = sorted(
            k for k, v in options.model_dump().items() if getattr(self.options, k) != v
        )
        self.options = options
        await self._persist_table()
        broadcast.table_event(
            self, "table.options", {"options": options.model_dump(), "changed": changed}
        )
        if not options.spectators:
            self._dismiss_spectators()

    def _dismiss_spectators(self) -> None:
        """Spectators turned off: those watching go too (a player who left the game
        watches it still, as a player)."""
        dismissed = [c for c in self.spectators if self._seat_of(c) is None]
        for client in dismissed:
            self.spectators.discard(client)
            client.send({"type": "left", "table": self.id, "reason": "no_spectators"})
        if dismissed:
            broadcast.info_changed(self)
