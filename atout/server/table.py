"""One table: its seats, its game and the asyncio task that is its only writer.

The task takes commands from a queue, checks actions with the engine on a copy
of the game, has the writer store each accepted action, and only then adopts
the copy and sends each viewer one ``update``: the action's events it may see
and its view of the game as it now stands (write-ahead). While the store fails
the table waits, says so, and tries again: it never runs ahead of its log.
Timers (time per turn, robot moves, reconnection grace) live in the same loop,
so no lock is ever needed. What the table sends is written in ``broadcast``,
and how a restart rebuilds it in ``table_restore``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from pydantic import ValidationError

from atout.game import (
    CHANCE,
    SPECTATOR,
    Action,
    ActionSyntaxError,
    DealSummary,
    Event,
    GameRules,
    GameState,
    IllegalAction,
)
from atout.match import Chance, Match
from atout.refusals import Refusal
from atout.server import broadcast, friends, hints, ledger, protocol, tablestore
from atout.server.accounts import user_ids
from atout.server.clients import Client
from atout.server.eventlog import EventLog, Numbered
from atout.server.inbox import Inbox
from atout.server.metrics import Metrics
from atout.server.protocol import TableOptions
from atout.server.robots import Thinking
from atout.server.seat import Seat
from atout.server.shown import Shown
from atout.server.throttle import Guards
from atout.server.tournament_lineups import deal_seats
from atout.server.tournament_seating import Reservation
from atout.server.writer import StorageError, Writer

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_SECONDS: Final = (0.2, 0.5, 1.0, 2.0)
"""Waits between tries of a failed write (the last one repeats)."""


@dataclass
class Context:
    """What every table shares with the server."""

    writer: Writer
    rules: Callable[[str], GameRules]
    guards: Guards = field(default_factory=Guards)
    grace_seconds: float = 180.0
    robot_delay: float = 0.0
    trick_pause: float = 0.0
    """Extra wait before a robot moves after a completed trick, so people see it."""
    on_change: Callable[[Table], None] = lambda table: None
    on_close: Callable[[Table], None] = lambda table: None
    on_game_over: Callable[[Table], None] = lambda table: None
    """Told once a game's end is stored (a tournament collects its results)."""
    notify: Callable[[int, dict[str, Any]], None] = lambda user, message: None
    """Send a message to every open socket of a user (an invitation)."""
    pool: Thinking = field(default_factory=Thinking)
    """Where robots think (``robots``): a worker process."""
    metrics: Metrics = field(default_factory=Metrics)
    tournament_wait: float = 60.0
    """Seconds a tournament table waits for its players before robots take the
    empty seats and its game starts."""


class TableError(Refusal):
    """A refused command, by its code and parameters; the error goes to its sender only."""


@dataclass
class Table:
    ctx: Context
    id: str
    options: TableOptions
    master: str
    """The master's key (``u:<id>`` or ``g:<hash>``): identity is never a name."""
    invite_code: str
    master_name: str = ""
    invited: set[str] = field(default_factory=set)
    """Keys of the accounts invited by name."""
    seats: list[Seat | None] = field(default_factory=list)
    spectators: set[Client] = field(default_factory=set)
    shown: dict[Client, Shown | None] = field(default_factory=dict)
    """The view each client was last given (its sections' JSON), which its next update patches."""
    match: Match | None = None
    """The game being played, if any: its state, log and chance."""
    game_id: int | None = None
    game_options: TableOptions | None = None
    actions: int = 0
    public_moves: int = 0
    """Actions of this game that told everyone something (see ``_turn_started``)."""
    deals: list[DealSummary] = field(default_factory=list)
    deal_ends: list[Event] = field(default_factory=list)
    """The game's deal summary events, for the score sheet of snapshots."""
    complete_actions: int = 0
    """Actions up to the end of the game's last complete deal: all that the record
    of a cancelled game shows (the unfinished deal's seed would give every hand)."""
    votes: set[int] = field(default_factory=set)
    events: EventLog = field(init=False)
    turn_deadline: float | None = None
    robot_at: float | None = None
    pause_until: float = 0.0
    thinking: tuple[int | None, int] | None = None
    """The (game, action number) a robot is deciding for in the thinking pool."""
    queue: Inbox[tuple[Client | None, Any]] = field(default_factory=Inbox)
    closed: bool = False
    hinting: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    """Seats whose hint is being computed (one at a time each), with its task."""
    boards: tuple[str, ...] = ()
    """Explicit deals (action texts), dealt in order instead of seeds: a duplicate
    tournament's boards. Never shown: the table's options and log say nothing of them
    before each is dealt."""
    dealt: int = 0
    """Deals of the current game dealt so far (counted again when a restart replays it)."""
    robots: frozenset[int] = frozenset()
    """The seats abandoned as of the game's record's latest lineup (after a
    restart: none, and the next deal's lineup is written again, the same)."""
    reservation: Reservation | None = None
    """A tournament table's seats: who may sit where, and when its game starts by itself."""

    def __post_init__(self) -> None:
        self.events = EventLog()
        if not self.seats:
            self.seats = [None] * self.options.players

    @property
    def state(self) -> GameState | None:
        """The game's state, None between games."""
        return None if self.match is None else self.match.state

    @state.setter
    def state(self, state: GameState | None) -> None:
        """Play on from ``state`` (a test's position), in a game of the table's options."""
        if state is None:
            self.match = None
        else:
            self.match = Match(self.ctx.rules(self.options.game), state, self._chance())

    @property
    def rules(self) -> GameRules | None:
        return None if self.match is None else self.match.rules

    def _chance(self) -> Chance:
        """Where the game's deals come from: the boards in order (read when a deal is
        due: a restarted table is given its boards after its game is replayed), else
        unpredictable seeds from the operating system."""

        def next_deal() -> int | str | None:
            if not self.boards:
                return secrets.randbits(63)
            return self.boards[self.dealt] if self.dealt < len(self.boards) else None

        return next_deal

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
                client.send(protocol.error(error, self.id))
        except Exception:
            log.exception("table %s: command failed", self.id)
            if client is not None:
                client.send(protocol.error(Refusal("internal_error"), self.id))
        self._schedule()

    def submit(self, client: Client | None, message: Any) -> None:
        """Queue a client's message (or, with no client, a coroutine function run
        in the task)."""
        self.queue.put((client, message))

    async def _durably(self, write: Callable[[], Awaitable[T]]) -> T:
        """Do a write until it is stored: meanwhile the table waits, keeping its
        state as stored, and tells its viewers why (``table.storage``)."""
        failures = 0
        while True:
            try:
                result = await write()
            except StorageError:
                if not failures:
                    broadcast.table_event(self, "table.storage", {"ok": False})
                await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1
                continue
            if failures:
                broadcast.table_event(self, "table.storage", {"ok": True})
            return result

    async def _write(self, work: Callable[..., T], *args: Any) -> T:
        """Run one of ``tablestore``'s writes durably."""
        return await self._durably(lambda: self.ctx.writer.call(work, *args))

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
            seat = self.seats[self._to_move()]
            if seat is not None:
                seat.awaiting = False
            await self._robot_move()
        self._schedule()

    def _to_move(self) -> int:
        assert self.state is not None
        to_move = self.state.to_move
        assert to_move is not None
        return to_move

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

    _turn_started: tuple[int | None, int] = (None, -1)
    """The turn whose clock runs: a game and its count of public moves, so that a
    seat's secret answer (no poignée to show) keeps its clock running, as the
    others, who see it about to play, see it."""
    _turn_until: float = 0.0

    # ----- commands ---------------------------------------------------------------

    async def _handle(self, client: Client, message: Any) -> None:
        handler = getattr(self, f"_on_{message.type}")
        await handler(client, message)

    def _seat_of(self, client: Client) -> int | None:
        for number, seat in enumerate(self.seats):
            if seat is not None and seat.key == client.key:
                return number
        return None

    def _played_by(self, client: Client) -> int | None:
        """The seat this socket plays, None if its player holds none here. A seat
        is played through the socket that last sat at it or resumed it: another
        socket of the same player is refused until it does (``elsewhere`` while
        that one is connected), lest it play blind, told nothing."""
        seat_no = self._seat_of(client)
        if seat_no is None:
            return None
        holder = self.seats[seat_no]
        assert holder is not None
        if holder.abandoned:  # no socket plays it: the caller says why
            return seat_no
        if holder.client is None:
            raise TableError("resume_first")
        if holder.client is not client:
            raise TableError("elsewhere")
        return seat_no

    def opens_to(self, key: str, master_friend: bool) -> bool:
        """Whether the table lets ``key`` in without its code: any public table;
        a private one its master, the players invited or seated there, and the
        master's friends (``master_friend``)."""
        return (
            not self.options.private
            or key == self.master
            or key in self.invited
            or any(s is not None and s.key == key for s in self.seats)
            or master_friend
        )

    async def _standing(self, client: Client) -> friends.Standing | None:
        """What the client is to the table's master: a friend, blocked, or neither
        (read from the store)."""
        user, master = client.identity.user_id, self.master
        if user is None or not master.startswith("u:"):
            return None
        store = self.ctx.writer.store
        return await asyncio.to_thread(friends.standing, store, int(master[2:]), user)

    async def _may_enter(self, client: Client, code: str | None) -> bool:
        """Whether the table lets this client in (``opens_to``, or its code); wrong
        invitation codes are throttled per client address, whatever the socket or
        the guest. Nothing lets in a player its master blocked."""
        if not self.options.private or client.key == self.master:
            return True
        standing = await self._standing(client)
        if standing == "blocked":
            raise TableError("blocked_by_master")
        if self.opens_to(client.key, standing == "friend"):
            return True
        if code is None:
            return False
        guards = self.ctx.guards
        wait = guards.wait(guards.codes, client.ip)
        if wait:
            raise TableError("too_many_codes", seconds=math.ceil(wait))
        if secrets.compare_digest(code.encode(), self.invite_code.encode()):
            return True
        guards.codes.failed(client.ip)
        return False

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

    async def _on_sit(self, client: Client, message: protocol.Sit) -> None:
        if self.reservation is not None:
            await self._sit_reserved(self.reservation, client, message.seat)
            return
        mine = self._seat_of(client)
        if mine is not None and message.seat not in (None, mine):
            raise TableError("seated_here")  # a player changes seats by leaving first
        if mine is not None:
            await self._sit_again(client, mine)
            return
        if not await self._may_enter(client, message.code):
            raise TableError("table_private")
        if self.state is not None:
            raise TableError("game_in_progress")
        if client.identity.guest and self.options.competitive:
            raise TableError("guests_practice")
        free = [i for i, s in enumerate(self.seats) if s is None]
        seat_no = message.seat if message.seat is not None else (free[0] if free else None)
        if seat_no is None or seat_no not in free:
            raise TableError("seat_taken" if free else "table_full")
        await self._seat(client, seat_no)

    async def _seat(self, client: Client, seat_no: int) -> None:
        """Seat the client in a free seat before a game, and tell the table."""
        self.spectators.discard(client)
        self.seats[seat_no] = Seat(
            client.key, client.identity.user_id, client.identity.name, client.ip, client
        )
        if not self.master:
            self.master, self.master_name = client.key, client.identity.name
        await self._persist_table()
        broadcast.table_event(self, "table.seated", {"seat": seat_no, "name": client.identity.name})
        broadcast.snapshot(self, client)

    async def _sit_reserved(
        self, reservation: Reservation, client: Client, asked: int | None
    ) -> None:
        """At a tournament table, only the player the movement puts in a seat takes it:
        before the game at once, during it (a robot plays the seat) at the next deal."""
        try:
            seat_no = reservation.seat_for(client.key, asked)
        except Refusal as refused:
            raise TableError(refused.code, **refused.params) from None
        if seat_no is None:  # triplettes: a player watches until their board comes
            self.spectators.add(client)
            broadcast.snapshot(self, client)
            broadcast.info_changed(self)
            return
        seat = self.seats[seat_no]
        if seat is not None and not seat.abandoned and seat.key == client.key:
            await self._sit_again(client, seat_no)
        elif self.state is None:
            await self._seat(client, seat_no)
        else:
            reservation.arriving[seat_no] = client
            self.spectators.add(client)
            broadcast.snapshot(self, client)
            broadcast.table_event(
                self, "table.arriving", {"seat": seat_no, "name": client.identity.name}
            )
        await self._start_when_due()

    async def reserve(
        self, keys: tuple[str | None, ...], lineups: tuple[tuple[str | None, ...], ...]
    ) -> None:
        """A tournament table's places now go to ``keys`` (deal by deal to
        ``lineups`` when they change: triplettes), a place taken late, or the
        organiser moved or replaced a player: a seat held by someone else is given
        up, to a robot during the game, until its new player comes."""
        reservation = self.reservation
        assert reservation is not None
        reservation.given(keys, lineups, self.dealt - 1)
        keys = reservation.keys
        for seat_no, client in list(reservation.arriving.items()):
            if client.key != keys[seat_no]:
                del reservation.arriving[seat_no]
        for seat_no, seat in enumerate(self.seats):
            if seat is None or seat.key == keys[seat_no] or seat.abandoned:
                continue
            if seat.client is not None:
                seat.client.send(protocol.error(Refusal("tournament_replaced"), self.id))
                self.spectators.add(seat.client)
            await self._vacate(seat_no)
            kind = "table.left" if self.state is None else "table.abandoned"
            broadcast.table_event(self, kind, {"seat": seat_no, "name": seat.name})
            broadcast.info_changed(self)

    async def _start_when_due(self) -> None:
        """Start a tournament table's game once its players are seated or its wait ended."""
        reservation = self.reservation
        if reservation is None or reservation.start_at is None or self.state is not None:
            return
        if reservation.ready(self.seats) or reservation.start_at <= time.monotonic():
            await self._start_game()

    async def _new_deal(self) -> None:
        """A deal is dealt: the players who came meanwhile take their seats from
        the robots, and the game's record keeps who sits where from this deal on
        when that changed: a newcomer, or a robot at a seat abandoned since (from
        the second deal: the first keeps the game's seats, as do the bets and the
        players' histories)."""
        newcomers = False
        if self.reservation and self.reservation.arriving:
            newcomers = await self._take_back(self.reservation)
        robots = frozenset(n for n, s in enumerate(self.seats) if s and s.abandoned)
        if newcomers or (self.dealt > 1 and robots != self.robots):
            await self._store_deal_seats(self.dealt - 1)
        self.robots = robots

    async def _take_back(self, reservation: Reservation) -> bool:
        """The players who came meanwhile take their seats from the robots; whether
        one was new to the seat (a substitute)."""
        newcomers = False
        for seat_no, client in list(reservation.arriving.items()):
            del reservation.arriving[seat_no]
            if client.closed or client not in self.spectators:
                continue  # gone again, or left
            self.spectators.discard(client)
            seat = self.seats[seat_no]
            if seat is None or seat.key != client.key:  # a substitute: the seat is theirs now
                identity = client.identity
                seat = Seat(client.key, identity.user_id, identity.name, client.ip)
                self.seats[seat_no] = seat
                newcomers = True
            seat.client, seat.abandoned, seat.grace_until, seat.awaiting = (
                client,
                False,
                None,
                False,
            )
            broadcast.table_event(self, "table.seated", {"seat": seat_no, "name": seat.name})
            broadcast.snapshot(self, client)
        await self._persist_game_abandoned()  # stored: a restart finds them seated
        broadcast.info_changed(self)
        return newcomers

    async def _seat_deal(self, reservation: Reservation) -> None:
        """Before a deal is dealt, its players take their seats (triplettes: they
        change from board to board), stored, so that its hands reach only them."""
        reservation.given(reservation.keys, reservation.lineups, self.dealt)
        watching = self.spectators | set(reservation.arriving.values())
        seats, self.spectators = deal_seats(self.seats, watching, reservation.keys)
        reservation.arriving.clear()
        moved = [n for n, seat in enumerate(seats) if seat is not self.seats[n]]
        if not moved:
            return
        before = {s.client for s in self.seats if s is not None and s.client is not None}
        self.seats = seats
        await self._store_deal_seats(self.dealt)
        for number in moved:
            seat = seats[number]
            if seat is not None:
                broadcast.table_event(self, "table.seated", {"seat": number, "name": seat.name})
        await self._persist_table()
        for client, _ in self.audience():
            if client in before or self._seat_of(client) is not None:
                broadcast.snapshot(self, client)

    async def _store_deal_seats(self, deal: int) -> None:
        """Keep who sits where from ``deal`` (from 0) on in the game's record: its
        players changed during the game (``tablestore.seat_deal``). A robot plays
        a seat its player abandoned, but at the first deal (``_new_deal``)."""
        assert self.game_id is not None
        robots = deal > 0  # at the first deal the game's seats stand
        stored = [None if s is None or (s.abandoned and robots) else s.stored() for s in self.seats]
        await self._write(tablestore.seat_deal, self.game_id, deal, stored)

    async def _sit_again(self, client: Client, seat_no: int) -> None:
        """A player asks for the seat they hold: answered, then the table hears of a return."""
        returned = await self._rejoin(client, seat_no)
        broadcast.snapshot(self, client)
        if returned:
            self._announce_return(seat_no)

    async def _rejoin(self, client: Client, seat_no: int) -> bool:
        """Give the seat back to this connection, silently: the caller first
        answers it, then tells the table. Whether the player came back (a new
        connection) rather than just asked again."""
        seat = self.seats[seat_no]
        assert seat is not None
        if seat.abandoned:
            raise TableError("seat_left")
        old, was_away = seat.client, "away_until" in seat.stored()
        seat.client, seat.grace_until, seat.awaiting = client, None, False
        if old is client:
            return False  # already here: nothing to tell anyone
        if was_away:  # the store no longer counts their grace period
            await self._store_table()
        if old is not None:
            old.send(protocol.error(Refusal("elsewhere"), self.id))
        return True

    def _announce_return(self, seat_no: int) -> None:
        seat = self.seats[seat_no]
        assert seat is not None
        broadcast.table_event(self, "table.returned", {"seat": seat_no, "name": seat.name})
        broadcast.info_changed(self)

    async def _on_resume(self, client: Client, message: protocol.Resume) -> None:
        """Answer with one ``update`` (the missed events, then the game as it now
        stands and the turn) or, when those events are gone, a snapshot; the
        table hears of a return only after, so the answer never repeats it."""
        seat_no = self._seat_of(client)
        lost = seat_no is not None and self._lost(seat_no)
        if lost:  # a robot plays the seat to the end of the game: the player may watch
            seat_no = None
        elif seat_no is None and client in self.spectators:
            pass  # let in already (a private table's watch link gave its code)
        elif seat_no is None and not await self._may_enter(client, None):
            raise TableError("table_private")  # the page then asks for the invitation's code
        elif seat_no is None and not await self._may_watch(client, None):
            raise TableError("no_spectators")
        returned = seat_no is not None and await self._rejoin(client, seat_no)
        viewer = self.viewer(client)
        missed = self.events.missed(message.last_seq, message.epoch, viewer)
        if missed is None:
            broadcast.snapshot(self, client)
        else:
            broadcast.resumed(self, client, missed)
        if lost:  # told why they are not playing
            client.send(protocol.error(Refusal("seat_left"), self.id))
        if seat_no is not None:
            if returned:
                self._announce_return(seat_no)
        elif client not in self.spectators:
            self.spectators.add(client)
            broadcast.info_changed(self)

    async def _may_watch(self, client: Client, code: str | None) -> bool:
        return await self._may_enter(client, code) and (
            self.options.spectators or client.key == self.master
        )

    async def _on_spectate(self, client: Client, message: protocol.Spectate) -> None:
        if self._seat_of(client) is not None:
            raise TableError("seated_here")
        if not await self._may_enter(client, message.code):
            raise TableError("table_private")
        if not await self._may_watch(client, message.code):
            raise TableError("no_spectators")
        self.spectators.add(client)
        broadcast.snapshot(self, client)
        broadcast.info_changed(self)

    async def _on_leave(self, client: Client, message: protocol.Leave) -> None:
        if client in self.spectators:
            self.spectators.discard(client)
            client.send({"type": "left", "table": self.id})
            broadcast.info_changed(self)
            return
        seat_no = self._played_by(client)
        if seat_no is None:
            raise TableError("not_at_table")
        seat = self.seats[seat_no]
        assert seat is not None
        await self._vacate(seat_no)
        if self.state is not None:
            broadcast.info_changed(self)
        client.send({"type": "left", "table": self.id})
        broadcast.table_event(
            self,
            "table.left",
            {"seat": seat_no, "name": seat.name, "abandoned": self.state is not None},
        )
        await self._pass_mastery()
        await self._end_if_all_agree()

    async def _vacate(self, seat_no: int) -> None:
        """Its player gives the seat up, stored: before a game it is free, during
        one a robot plays it (the player may come back) and it no longer votes."""
        seat = self.seats[seat_no]
        assert seat is not None
        if self.state is None:
            self.seats[seat_no] = None
            await self._persist_table()
        else:
            seat.abandoned, seat.client = True, None
            self.votes.discard(seat_no)  # only players still seated vote
            await self._persist_game_abandoned()

    async def _pass_mastery(self) -> None:
        present = [s for s in self.seats if s and not s.abandoned]
        if any(s.key == self.master for s in present):
            return
        if not present:
            if self.state is None:
                await self.close()
            return
        self.master, self.master_name = present[0].key, present[0].name
        await self._persist_table()
        broadcast.table_event(self, "table.master", {"name": self.master_name})

    async def disconnected(self, client: Client) -> None:
        """The client's socket closed: its seat waits for it for the grace time."""
        if client in self.spectators:
            self.spectators.discard(client)
            broadcast.info_changed(self)
        seat_no = self._seat_of(client)
        seat = self.seats[seat_no] if seat_no is not None else None
        if seat is None or seat.client is not client:
            return
        seat.client, seat.awaiting = None, False
        seat.grace_until = time.monotonic() + self.ctx.grace_seconds
        await self._store_table()  # a restart keeps counting their grace period
        broadcast.table_event(self, "table.disconnected", {"seat": seat_no, "name": seat.name})
        broadcast.info_changed(self)
        self._schedule()

    async def _on_invite(self, client: Client, message: protocol.Invite) -> None:
        if self._played_by(client) is None:
            raise TableError("invite_seated_only")
        found = await asyncio.to_thread(user_ids, self.ctx.writer.store, [message.name])
        if message.name not in found:
            raise TableError("no_such_name", name=message.name)
        inviter = client.identity.user_id
        store = self.ctx.writer.store
        if inviter is not None and await asyncio.to_thread(
            friends.blocked_between, store, inviter, found[message.name]
        ):
            raise TableError("player_blocked", name=message.name)
        self.invited.add(f"u:{found[message.name]}")
        await self._persist_table()
        client.send(
            {"type": "invited", "table": self.id, "name": message.name, "code": self.invite_code}
        )
        invitation = {"table": self.id, "from": client.identity.name, "code": self.invite_code}
        self.ctx.notify(found[message.name], {"type": "invitation", **invitation})

    async def _on_chat(self, client: Client, message: protocol.Chat) -> None:
        if client not in self.spectators and self._played_by(client) is None:
            raise TableError("not_at_table")
        broadcast.table_event(
            self,
            "table.chat",
            {"name": client.identity.name, "user": client.identity.user_id, "text": message.text},
        )

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

    async def _on_start(self, client: Client, message: protocol.Start) -> None:
        if self.reservation is not None:
            raise TableError("tournament_table_starts", seconds=round(self.ctx.tournament_wait))
        if client.key != self.master:
            raise TableError("master_start")
        self._played_by(client)
        if self.state is not None:
            raise TableError("game_started")
        if not any(self.seats):
            raise TableError("nobody_seated")
        await self._start_game()

    async def _start_game(self) -> None:
        """Store a new game of the table's options and tell everyone; robots play the
        empty seats."""
        if self.reservation is not None:
            self.reservation.start_at = None  # a tournament table plays one game
        rules = self.ctx.rules(self.options.game)
        try:
            state = new_state(rules, self.options)
        except ValueError as error:
            raise TableError("cannot_start", reason=str(error)[:200]) from None
        try:
            game_id = await self._write(
                tablestore.start_game,
                self.id,
                self.options.model_dump(),
                self.options.engine_options(),
                [s.stored() if s else None for s in self.seats],
            )
        except ledger.ShortOfChips as error:
            raise TableError(error.code, **error.params) from None
        self.begin(rules, state, game_id, self.options)
        broadcast.table_event(
            self, "table.game_started", {"game": game_id, "options": self.options.model_dump()}
        )
        for client, _ in self.audience():
            broadcast.snapshot(self, client)
        self.ctx.on_change(self)  # the lobby: now playing (the snapshots told the table)

    def begin(
        self, rules: GameRules, state: GameState, game_id: int, options: TableOptions
    ) -> None:
        """Play ``state``, stored as game ``game_id``: a new game, or one a restart replays."""
        self.match = Match(rules, state, self._chance())
        self.game_id, self.game_options = game_id, options
        self.actions, self.deals, self.deal_ends, self.votes = 0, [], [], set()
        self.dealt, self.robots = 0, frozenset()
        self.public_moves = 0
        self.complete_actions = 0

    async def _on_act(self, client: Client, message: protocol.Act) -> None:
        seat_no = self._played_by(client)
        if seat_no is None or self.state is None:
            raise TableError("not_playing")
        seat = self.seats[seat_no]
        assert seat is not None
        if seat.abandoned:
            raise TableError("left_game")
        await self._apply(message.action, seat_no)

    async def _on_vote(self, client: Client, message: protocol.Vote) -> None:
        if self.reservation is not None:
            raise TableError("tournament_no_vote")
        seat_no = self._played_by(client)
        if seat_no is None or self.state is None:
            raise TableError("no_game_to_end")
        seat = self.seats[seat_no]
        if seat is not None and seat.abandoned:
            raise TableError("vote_left")
        if message.agree:
            self.votes.add(seat_no)
        else:
            self.votes.clear()
        await self._store_table()  # a restart keeps the votes
        broadcast.table_event(
            self, "table.vote", {"name": client.identity.name, "agree": message.agree}
        )
        broadcast.info_changed(self)
        await self._end_if_all_agree()

    async def _end_if_all_agree(self) -> None:
        """The amicable end, once every human still in the game has voted yes:
        after a vote, and after a player who had not voted abandons."""
        voters = {i for i, s in enumerate(self.seats) if s and not s.abandoned}
        if self.state is not None and self.votes and voters <= self.votes:
            await self._cancel_game()

    async def _on_hint(self, client: Client, message: protocol.Hint) -> None:
        """The strong robot's suggestion for the asker's own decision, at a practice
        table only, from the asker's view only; sent to the asker alone, if the turn
        is still theirs when it is ready (the table goes on meanwhile)."""
        seat_no = self._played_by(client)
        if seat_no is None or self.match is None or self.game_options is None:
            raise TableError("not_playing")
        if self.game_options.competitive:
            raise TableError("hint_competitive")
        seat = self.seats[seat_no]
        if seat is not None and seat.abandoned:  # a robot plays that seat now
            raise TableError("left_game")
        if self._to_move() != seat_no:
            raise TableError("not_your_turn")
        if seat_no in self.hinting:
            raise TableError("hint_pending")
        turn = (self.game_id, self.actions)
        view, legal = self.match.view(seat_no), self.match.legal()
        self.hinting[seat_no] = asyncio.create_task(self._hint(client, seat_no, turn, view, legal))

    async def _hint(
        self,
        client: Client,
        seat_no: int,
        turn: tuple[int | None, int],
        view: Any,
        legal: list[str],
    ) -> None:
        try:
            advice = await hints.suggest(view, legal)
        except Refusal as busy:
            client.send(protocol.error(busy, self.id))
            return
        except Exception:
            log.exception("table %s: hint failed", self.id)
            client.send(protocol.error(Refusal("internal_error"), self.id))
            return
        finally:
            self.hinting.pop(seat_no, None)
        if (self.game_id, self.actions) == turn:
            client.send({"type": "hint", "table": self.id, **advice})

    # ----- the game ---------------------------------------------------------------

    async def _apply(self, action: str | Action, seat: int | None = None) -> None:
        """Check on a copy (by ``seat``, when given: the driver checks the turn),
        store, then adopt the copy and tell: nobody ever sees a state that is not
        in the log, and a failed write changes nothing."""
        assert self.match is not None and self.game_id is not None
        started = time.perf_counter()
        try:
            step = self.match.prepare(action, seat)
        except (IllegalAction, ActionSyntaxError) as error:
            raise TableError(error.code, **error.params) from None
        game_id, index, dealt = self.game_id, self.actions, self.dealt
        await self._durably(lambda: self.ctx.writer.append(game_id, index, step.text))
        events = self.match.commit(step)
        self.took(events)
        broadcast.update_all(self, [self._number(event) for event in events])
        self.ctx.metrics.applied(started)
        if self.dealt > dealt:
            await self._new_deal()
        if self.match.is_over:
            await self._finish()

    def took(self, events: list[Event]) -> None:
        """Count an action the game took and keep what the table needs of its
        events, whether it is played now or replayed after a restart."""
        self.actions += 1
        self.dealt += sum(event.kind == "deal" for event in events)
        self.public_moves += any(e.to is None for e in events)
        for event in events:
            self._remember(event)

    def _number(self, event: Event) -> Numbered:
        """Number an engine event; a trick's end pauses the robots."""
        if event.kind == "trick":
            self.pause_until = time.monotonic() + self.ctx.trick_pause
        return self.events.number(event)

    def _remember(self, event: Event) -> None:
        """Keep a deal's summary: for the results, and for the score sheet of snapshots."""
        assert self.rules is not None
        summary = self.rules.deal_summary(event, len(self.seats))
        if summary is not None:
            self.deals.append(summary)
            self.deal_ends.append(event)
            self.complete_actions = self.actions

    async def _robot_move(self) -> None:
        """Deal, or ask the mover's robot to decide in the thinking pool."""
        if self.match is None or self.match.is_over:
            return
        assert self.game_options is not None
        to_move = self._to_move()
        if to_move == CHANCE:
            if self.reservation is not None and self.reservation.lineups:
                await self._seat_deal(self.reservation)
            deal = self.match.deal_action()
            assert deal is not None  # a table's chance never runs out
            await self._apply(deal, CHANCE)
            return
        seat = self.seats[to_move]
        owner = (self.game_id, seat.key if seat else None)
        legal = self.match.legal()
        turn = self.thinking = (self.game_id, self.actions)
        choice = self.ctx.pool.think(
            (self.id, to_move),
            owner,
            self.game_options.robot_level,
            self.match.view(to_move),
            legal,
            secrets.randbits(32),
        )
        choice.add_done_callback(
            lambda done: self.submit(None, lambda: self._robot_chose(turn, legal, done))
        )

    async def _robot_chose(
        self, turn: tuple[int | None, int], legal: list[str], choice: asyncio.Future[str]
    ) -> None:
        """Play a robot's choice if the game still waits for it (a human may have
        played in the meantime); a failing robot is replaced by a random legal move."""
        if self.thinking == turn:
            self.thinking = None
        if choice.cancelled() or self.state is None or (self.game_id, self.actions) != turn:
            return
        assert self.rules is not None
        try:
            action = self.rules.parse_action(choice.result())
        except Exception:  # the robot failed, or answered no action at all
            log.exception("table %s: robot failed", self.id)
        else:
            try:
                await self._apply(action)
                return
            except TableError as error:  # illegal: refused before anything changed
                log.error("table %s: robot chose an illegal move: %s", self.id, error)
        await self._apply(self.rules.parse_action(random.choice(legal)))

    async def _finish(self) -> None:
        assert self.state is not None and self.game_id is not None
        result = dict(self.state.result())
        shared_ip = await self._write(
            tablestore.finish_game,
            self.id,
            self.game_id,
            result,
            self.deals,
            [e.data for e in self.deal_ends],
        )
        broadcast.table_event(
            self,
            "table.game_over",
            {"game": self.game_id, "result": result, "shared_ip": shared_ip},
        )
        self.ctx.on_game_over(self)
        await self._after_game()

    async def _cancel_game(self) -> None:
        assert self.game_id is not None
        await self._write(tablestore.cancel_game, self.id, self.game_id, self.complete_actions)
        broadcast.table_event(self, "table.game_cancelled", {"game": self.game_id})
        await self._after_game()

    async def _after_game(self) -> None:
        self.match, self.game_id = None, None
        self.votes.clear()
        for number, seat in enumerate(self.seats):
            if seat and (seat.abandoned or (seat.client is None and seat.grace_until is None)):
                self.seats[number] = None
        await self._persist_table()
        await self._pass_mastery()

    async def _persist_table(self) -> None:
        """Store the table, then tell the lobby and the table's clients."""
        await self._store_table()
        broadcast.info_changed(self)

    async def _store_table(self) -> None:
        """Store the table's seats, options, master, invitations and votes."""
        await self._write(
            tablestore.save_table,
            self.id,
            self.options.model_dump(),
            [s.stored() if s else None for s in self.seats],
            self.master,
            self.master_name,
            sorted(self.invited),
            sorted(self.votes),
        )

    async def _persist_game_abandoned(self) -> None:
        """Store who abandoned the game (they forfeit their bet) and the votes
        without theirs."""
        if self.game_id is not None:
            abandoned = [s.stored() for s in self.seats if s and s.abandoned]
            await self._write(tablestore.mark_abandoned, self.game_id, abandoned)
        await self._store_table()

    async def close(self) -> None:
        """Close an empty table for good."""
        await self._write(tablestore.close_table, self.id)
        self.closed = True
        self.ctx.on_close(self)

    # ----- who sees what (``broadcast`` tells them) --------------------------------

    def viewer(self, client: Client) -> int:
        """The viewer a client is: its seat, or a spectator once it left the game."""
        seat_no = self._seat_of(client)
        return SPECTATOR if seat_no is None or self._lost(seat_no) else seat_no

    def _lost(self, seat_no: int) -> bool:
        """Whether the seat's player left the game (or stayed away past the grace)."""
        seat = self.seats[seat_no]
        return seat is not None and seat.abandoned

    def audience(self) -> list[tuple[Client, int]]:
        """Everyone at the table, each with the viewer it is."""
        seen = [(s.client, i) for i, s in enumerate(self.seats) if s and s.client]
        return seen + [(c, SPECTATOR) for c in self.spectators]

    def info(self, client: Client | None = None) -> dict[str, Any]:
        """The table as the lobby and its members see it (no game state)."""
        member = client is not None and self._seat_of(client) is not None
        return {
            "id": self.id,
            "options": self.options.model_dump(),
            "master": self.master_name,
            "seats": [
                None
                if s is None
                else {
                    "name": s.name,
                    "user": s.user,  # the avatar's (``/api/avatar/<user>``); None: a guest
                    "connected": s.client is not None,
                    "robot": s.robot_plays,
                }
                for s in self.seats
            ],
            "spectators": len(self.spectators),
            "playing": self.state is not None,
            "votes": sorted(self.votes),
            "tournament": self.reservation is not None,
            **({"invite_code": self.invite_code} if member else {}),
        }


def new_state(rules: GameRules, options: TableOptions) -> GameState:
    """A new game of ``options``, before its deal."""
    assert options.variant is not None
    return rules.new(options.players, options.variant, options.engine_options())
