"""What every part of a table builds on: its state, its storage and who is who.

``Table`` (``table``) is this base with one mixin per concern: who sits where
(``table_seats``), the game's course (``table_game``) and the turn clock
(``table_clock``). The base holds the table's fields, the durable writes
through which every change is stored before anyone hears of it, what a table
stores of itself, and who sees what. It names the few methods one concern
calls in another, so that each mixin type-checks on its own. ``broadcast`` and
the server's callbacks (``Context``) take a ``TableBase``: that is all a
mixin's ``self`` is known to be.
"""

from __future__ import annotations

import asyncio
import secrets
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from atout.game import SPECTATOR, GameRules, GameState
from atout.match import Chance, Match
from atout.refusals import Refusal
from atout.server import broadcast, tablestore
from atout.server.clients import Client
from atout.server.eventlog import EventLog
from atout.server.inbox import Inbox
from atout.server.metrics import Metrics
from atout.server.protocol import TableOptions
from atout.server.robots import Thinking
from atout.server.seat import Seat
from atout.server.shown import Shown
from atout.server.table_replay import GameCounts
from atout.server.throttle import Guards
from atout.server.tournament_seating import Reservation
from atout.server.writer import StorageError, Writer

T = TypeVar("T")
RETRY_SECONDS: Final = (0.2, 0.5, 1.0, 2.0)
"""Waits between tries of a failed write (the last one repeats)."""
CHAT_KEPT: Final = 50
"""Chat lines a table keeps for the snapshot of a page drawn anew."""


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
    on_change: Callable[[TableBase], None] = lambda table: None
    on_close: Callable[[TableBase], None] = lambda table: None
    on_game_over: Callable[[TableBase], None] = lambda table: None
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
class TableBase(GameCounts, ABC):
    """A table's fields and what every concern of it uses (``Table`` is the whole);
    the counts of its game are ``GameCounts``'s."""

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
    ended: dict[str, Any] | None = None
    """How the last game ended (its ``table.game_over`` or ``table.game_cancelled``
    data), until the next starts: a page drawn again after it still shows it."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    """The last chat lines (each a ``table.chat`` event's data), for the snapshot
    of a page drawn anew. Kept in memory only: a restart or a takeover starts
    the table's chat empty, as chat is no part of its log."""
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
    robots: frozenset[int] = frozenset()
    """The seats abandoned as of the game's record's latest lineup (after a
    restart: none, and the next deal's lineup is written again, the same)."""
    reservation: Reservation | None = None
    """A tournament table's seats: who may sit where, and when its game starts by itself."""
    invitations: dict[str, float] = field(default_factory=dict)
    """Name keys of the players invited lately, each with when (``time.monotonic``)
    another invitation to this table may be sent them: one at a time each."""

    _turn_started: tuple[int | None, int] = (None, -1)
    """The turn whose clock runs: a game and its count of public moves, so that a
    seat's secret answer (no poignée to show) keeps its clock running, as the
    others, who see it about to play, see it."""
    _turn_until: float = 0.0
    _timed_out: tuple[int | None, int] = (None, -1)
    """The turn whose clock ran out, told once (``table.timed_out``) though the
    robot makes its several moves (an écart's cards)."""

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

    def turn_id(self) -> str:
        """The decision the game is at, as a ``turn`` names it and an ``act`` may
        quote it back: the game and its number of actions, the same after a
        restart or a takeover (both come from the log)."""
        return f"{self.game_id}.{self.actions}"

    def _to_move(self) -> int:
        assert self.state is not None
        to_move = self.state.to_move
        assert to_move is not None
        return to_move

    # ----- the task's queue and durable writes ------------------------------------

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

    # ----- what a table stores of itself ------------------------------------------

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
        """Close an empty table for good; those still watching it are told
        (``left`` ``table_closed``): their page would offer seats at a table
        that no longer is."""
        await self._write(tablestore.close_table, self.id)
        self.closed = True
        for client in self.spectators:
            client.send({"type": "left", "table": self.id, "reason": "table_closed"})
        self.spectators.clear()
        self.ctx.on_close(self)

    # ----- who sees what (``broadcast`` tells them) --------------------------------

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
        seat_no = None if client is None else self._seat_of(client)
        member = seat_no is not None and not self._lost(seat_no)  # left: no longer told the code
        return {
            "id": self.id,
            "options": self.options.model_dump(),
            "master": self.master_name,
            # who the master is, for a client: names of guests may be alike
            "master_seat": next(
                (i for i, s in enumerate(self.seats) if s is not None and s.key == self.master),
                None,
            ),
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

    # ----- what one concern calls in another (``Table`` has them all) -------------

    @abstractmethod
    def _schedule(self) -> None:
        """In ``Clock`` (``table_clock``)."""

    @abstractmethod
    def turn_left(self) -> float | None:
        """In ``Clock`` (``table_clock``)."""

    @abstractmethod
    async def _start_when_due(self) -> None:
        """In ``Playing`` (``table_game``)."""

    @abstractmethod
    async def _end_if_all_agree(self) -> None:
        """In ``Playing`` (``table_game``)."""

    @abstractmethod
    async def _new_deal(self) -> None:
        """In ``Seating`` (``table_seats``)."""

    @abstractmethod
    async def _seat_deal(self, reservation: Reservation) -> None:
        """In ``Seating`` (``table_seats``)."""

    @abstractmethod
    async def _pass_mastery(self) -> None:
        """In ``Seating`` (``table_seats``)."""

    @abstractmethod
    async def part_blocked(self) -> None:
        """In ``Seating`` (``table_seats``)."""
