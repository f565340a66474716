"""The hub routes each client's messages: lobby and table creation itself,
everything about a table to that table's queue. It also rebuilds every open
table from the store when the server starts. It reads the store in threads and
writes through the writer, so the event loop never waits on either."""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Connection
from sqlalchemy.exc import SQLAlchemyError

from atout.game import GameRules
from atout.refusals import Refusal
from atout.server import friends, protocol, tablestore
from atout.server.accounts import Identity, Known, add_guest, guest_key, identify
from atout.server.clients import Client
from atout.server.robots import Thinking
from atout.server.store import Store, TableRow
from atout.server.table import Context, Table
from atout.server.table_base import TableBase
from atout.server.table_replay import replay
from atout.server.table_restore import Played, restore, stored_game
from atout.server.table_seats import part_at
from atout.server.throttle import Guards
from atout.server.tournament_seating import Reservation
from atout.server.tournament_tables import TableSetup, table_setups
from atout.server.writer import StorageError, Writer

if TYPE_CHECKING:
    from atout.server.tournament_live import Live

log = logging.getLogger(__name__)
TABLES_PER_MASTER: Final = 5
Offer = tuple[str, int | None, set[str]]
"""A table offered to a friend of those seated there (``Hub.presence``): its id,
the user id of its master if private (whom a block keeps apart from it), and the
friends seated there."""


@dataclass(frozen=True, slots=True)
class Revocation:
    """Sessions ended: ``session`` (a token's hash: a logout), or every session
    of ``user`` but ``keep`` (a password change, and the session it opened)."""

    session: str | None
    user: int | None
    keep: str | None = None

    def ends(self, session: str | None, user: int | None) -> bool:
        """Whether a connection of ``session`` of ``user`` is ended."""
        if session is not None and session == self.session:
            return True
        return (
            user is not None and user == self.user and (self.keep is None or session != self.keep)
        )


@dataclass(eq=False)
class _Lookup:
    """A hello's token being read, and the revocations heard meanwhile."""

    heard: list[Revocation] = field(default_factory=list)


class Hub:
    """All tables of one server process and the clients talking to them."""

    def __init__(
        self,
        store: Store,
        writer: Writer,
        rules: Callable[[str], GameRules],
        guards: Guards,
        grace_seconds: float = 180.0,
        robot_delay: float = 0.0,
        trick_pause: float = 0.0,
        thinking: Thinking | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.guards = guards
        self.ctx = Context(
            writer,
            rules,
            guards,
            grace_seconds,
            robot_delay,
            trick_pause,
            self._table_changed,
            self._table_closed,
            notify=self.notify,
            pool=thinking or Thinking(),
            metrics=writer.metrics,
        )
        self.tables: dict[str, Table] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.lobby: set[Client] = set()
        self.listed: set[str] = set()
        """The tables lobby watchers may have been shown (public then): one that
        becomes private or closes is taken out of their lobby; a private table
        is never named to them."""
        self.joined: dict[Client, set[str]] = {}
        self.sockets: Counter[str] = Counter()
        """Open sockets per client address."""
        self.background: set[asyncio.Task[None]] = set()
        """Presence messages on their way (kept referenced until done)."""
        self.seated: dict[str, dict[int, str]] = {}
        """Per table, the registered players sitting there (id: name), as their
        friends were last told."""
        self.live: Live | None = None
        """Tournaments played online: their tables' ends, and who follows them."""
        self.lookups: set[_Lookup] = set()
        """The hellos whose token is being read: a ``revoke`` meanwhile is told to each."""
        self.ctx.on_game_over = self._game_over

    # ----- life cycle -------------------------------------------------------------

    async def start(self, stopped_at: float) -> None:
        """Rebuild and run every table left open by the previous run, which was
        last alive at ``stopped_at``. A table whose game cannot be rebuilt has
        that game cancelled, bets returned, and is closed: the others go on."""
        setups = await asyncio.to_thread(table_setups, self.store)
        for row in await asyncio.to_thread(tablestore.open_tables, self.store):
            try:  # before serving: nobody waits, the replays run here
                game = stored_game(self.store, row)
                played = None if game is None else (game, replay(game))
                table = self._rebuild(row, stopped_at, setups.get(row.id), played)
            except Exception:  # one unreadable log must not keep the others closed
                log.exception("table %s cannot be rebuilt from its log; closed", row.id)
                await self._give_up(row.id, row.game_id)
                continue
            self._run(table)

    def _rebuild(
        self, row: TableRow, stopped_at: float, setup: TableSetup | None, played: Played | None
    ) -> Table:
        """A table rebuilt from its stored row and its game ``played``, and a
        tournament's (``setup``) given back its boards, its seats and its game's
        start: the one way a table comes back, at a restart as at another node's
        takeover."""
        table = restore(self.ctx, row, stopped_at, played)
        if setup is not None:
            self._tournament_table(table, setup, row.game_id is None and not setup.started)
        return table

    async def _give_up(self, table_id: str, game_id: int | None) -> None:
        try:
            await self.writer.call(tablestore.give_up, table_id, game_id)
        except StorageError:
            log.error("table %s: storage failed; its game is cancelled at the next start", table_id)

    async def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        await asyncio.to_thread(self.ctx.pool.shutdown, True, True)  # a decision ends first

    def _run(self, table: Table) -> None:
        self.tables[table.id] = table
        self.tasks[table.id] = asyncio.create_task(table.run(), name=f"table-{table.id}")

    # ----- connections ------------------------------------------------------------

    async def greet(self, hello: protocol.Hello, ip: str) -> tuple[Client, dict[str, Any]]:
        """The client of a ``hello``: a session token's user, a returning guest
        (stored, so a guest survives a closed tab and a restart), or a new guest."""
        if hello.v != protocol.PROTOCOL_VERSION:
            raise protocol.ProtocolError("protocol_version", version=protocol.PROTOCOL_VERSION)
        welcome: dict[str, Any] = {"type": "welcome", "v": protocol.PROTOCOL_VERSION}
        token = hello.token
        known = await self._identified(token) if token else None
        session = None
        if known is not None:
            key, identity, session = known.key, known.identity, known.session
            if identity.guest:
                welcome["guest_token"] = token
        elif token:
            raise protocol.ProtocolError("unknown_session")
        else:
            wait = await self.guards.take_address(self.guards.guests, "guests", ip)
            if wait:
                raise protocol.ProtocolError("too_many_guests", seconds=math.ceil(wait))
            token = secrets.token_urlsafe(24)
            key = guest_key(token)
            try:  # stored before the guest hears of it
                name = await self.writer.call(
                    partial(add_guest, key=key, wanted=hello.name or "player")
                )
            except StorageError:
                raise protocol.ProtocolError("storage_unavailable") from None
            identity = Identity(None, name)
            welcome["guest_token"] = token
        welcome |= {"user": identity.user_id, "name": identity.name, "guest": identity.guest}
        client = Client(identity, ip, key, session)
        first = not self._online(identity.user_id)
        self.joined[client] = set()  # a token's: no wait since ``_identified``
        if first:
            self._tell_friends(identity)
        return client, welcome

    async def _identified(self, token: str) -> Known | None:
        """What a hello's ``token`` opens (``accounts.identify``, in a thread), or None
        when its session ended, even while it was being read: a logout or a password
        change whose ``revoke`` came meanwhile found no socket to close yet, as the
        client joins only once its token is known; this lookup hears it instead. Its
        answer is acted on with no wait in between, so that every ``revoke`` comes
        either before the join (heard here) or after it (the socket found and closed)."""
        lookup = _Lookup()
        self.lookups.add(lookup)
        try:
            known = await asyncio.to_thread(identify, self.store, token)
        except SQLAlchemyError:
            raise protocol.ProtocolError("storage_unavailable") from None
        finally:
            self.lookups.discard(lookup)
        if known is not None and any(
            r.ends(known.session, known.identity.user_id) for r in lookup.heard
        ):
            return None
        return known

    def admit(self, ip: str) -> Refusal | None:
        """Why a new socket from ``ip`` may not open, or None: it is counted
        until ``release``."""
        guards = self.guards
        if ip not in guards.exempt and self.sockets[ip] >= guards.sockets_per_address:
            return Refusal("too_many_sockets", limit=guards.sockets_per_address)
        wait = guards.wait(guards.connections, ip)
        if wait:
            return Refusal("sockets_too_fast", seconds=math.ceil(wait))
        self.sockets[ip] += 1
        return None

    def release(self, ip: str) -> None:
        self.sockets[ip] -= 1
        if not self.sockets[ip]:
            del self.sockets[ip]

    def revoke(self, session: str | None, user: int | None, keep: str | None = None) -> None:
        """Close at once the connections of an ended session, or of every session
        of ``user`` but ``keep`` (a password change, which opens that one); the
        hellos whose token is being read hear of it (``_identified``)."""
        revocation = Revocation(session, user, keep)
        for lookup in self.lookups:
            lookup.heard.append(revocation)
        for client in list(self.joined):
            if revocation.ends(client.session, client.identity.user_id):
                signed_out(client)

    def blocked(self, users: tuple[int, int]) -> None:
        """A block was made between two players: the private tables either leads
        send the other away (``table_seats.part_at``), on every node of a cluster."""
        part_at(self.tables.values(), users)

    def notify(self, user: int, message: dict[str, Any]) -> None:
        """Send ``message`` to every open socket of ``user`` (an invitation, a
        friend request)."""
        for client in self.joined:
            if client.identity.user_id == user:
                client.send(message)

    def clients_connected(self) -> int:
        """This process's sockets past their hello."""
        return len(self.joined)

    def _online(self, user: int | None) -> bool:
        return user is not None and any(c.identity.user_id == user for c in self.joined)

    def _tell_friends(self, identity: Identity) -> None:
        """Tell a registered player's friends, on their open sockets, that the
        player's first socket opened or last one closed."""
        if identity.user_id is None:
            return
        task = asyncio.create_task(self._presence_sent(identity.user_id, identity.name))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _presence_sent(self, user: int, name: str, online: bool | None = None) -> None:
        """Tell the player's friends whether they are ``online`` (None: whether a
        socket of theirs is open here)."""
        try:
            friend_ids = await asyncio.to_thread(friends.friend_ids, self.store, user)
        except SQLAlchemyError:
            log.warning("presence of user %s not sent: the store did not answer", user)
            return
        if online is None:  # read after the store answers: of two changes close together,
            online = self._online(user)  # both say the last
        message = {"type": "presence", "id": user, "name": name, "online": online}
        for friend in friend_ids:
            self.notify(friend, message)

    async def presence(self, asker: int, befriended: list[int]) -> dict[int, dict[str, Any]]:
        """Per friend of ``asker``: whether a socket of theirs is open, and the
        table they sit at if ``asker`` may enter it without a code (a public
        table, or a private one ``asker`` is invited to or whose master is a
        friend: ``Table.opens_to``) and no block between ``asker`` and its master
        (either way) would refuse them there, else None. The blocks are read in
        a thread."""
        keys = {f"u:{friend}" for friend in befriended}
        offers = self._offers(f"u:{asker}", keys)
        masters = {master for _, master, _ in offers if master is not None}
        apart = (
            await asyncio.to_thread(friends.apart_from, self.store, asker, masters)
            if masters
            else {}
        )
        seated: dict[str, str] = {}
        for table, master, there in offers:
            if master not in apart:
                for key in there:
                    seated.setdefault(key, table)
        online = self._users_online()
        return {
            friend: {"online": friend in online, "table": seated.get(f"u:{friend}")}
            for friend in befriended
        }

    def _users_online(self) -> set[int | None]:
        """The registered players with a socket open (here)."""
        return {c.identity.user_id for c in self.joined}

    def _offers(self, asker: str, keys: set[str]) -> list[Offer]:
        """The tables here that let ``asker`` (whose friends have ``keys``) in
        without a code and where one of ``keys`` is seated."""
        found: list[Offer] = []
        for table in self.tables.values():
            if table.closed or not table.opens_to(asker, table.master in keys):
                continue
            there = {s.key for s in table.seats if s is not None and not s.abandoned} & keys
            if there:
                found.append((table.id, private_master(table.options.private, table.master), there))
        return found

    def dispatch(self, client: Client, message: Any) -> None:
        """Act on one validated message."""
        if isinstance(message, protocol.Hello):
            client.send_text(protocol.error(Refusal("hello_again")))
        elif isinstance(message, protocol.Ping):
            client.send({"type": "pong"})
        elif isinstance(message, protocol.Lobby):
            self._lobby(client, message.subscribe)
        elif isinstance(message, protocol.Create):
            self._create(client, message.options)
        elif isinstance(message, protocol.Follow):
            if self.live is None:
                client.send_text(protocol.error(Refusal("no_tournament")))
            else:
                self.live.follow(client, message.tournament, message.follow)
        else:
            table = self.tables.get(message.table)
            if table is None or table.closed:
                client.send_text(protocol.error(Refusal("no_table", table=message.table)))
                return
            self.joined[client].add(table.id)
            table.submit(client, message)

    def disconnected(self, client: Client) -> None:
        """The client's socket closed: tell every table it touched."""
        self.lobby.discard(client)
        if self.live is not None:
            self.live.forget(client)
        touched = self.joined.pop(client, None)
        if touched is None:
            return
        for table_id in touched:
            table = self.tables.get(table_id)
            if table is not None and not table.closed:
                table.submit(None, lambda t=table: t.disconnected(client))
        if not self._online(client.identity.user_id):
            self._tell_friends(client.identity)

    # ----- lobby ------------------------------------------------------------------

    def _lobby(self, client: Client, subscribe: bool) -> None:
        if subscribe:
            self.lobby.add(client)
        else:
            self.lobby.discard(client)
        shown = self._public()
        self.listed.update(t.id for t in shown)
        client.send({"type": "lobby", "tables": [t.info() for t in shown]})

    def _public(self) -> list[Table]:
        """This process's tables the lobby shows."""
        return [t for t in self.tables.values() if not t.options.private and not t.closed]

    def _create(self, client: Client, options: protocol.TableOptions) -> None:
        refusal = self._creation_refused(client, options)
        if refusal is not None:
            client.send_text(protocol.error(refusal))
            return
        self._open(client, options, new_table_id())

    def _creation_refused(self, client: Client, options: protocol.TableOptions) -> Refusal | None:
        """Why this server refuses the client a new table, if it does: a guest's
        competitive table, or one more than ``TABLES_PER_MASTER`` led here."""
        if client.identity.guest and options.competitive:
            return Refusal("guests_practice")
        if self._mastered(client.key) >= TABLES_PER_MASTER:
            return Refusal("too_many_tables", limit=TABLES_PER_MASTER)
        return None

    def _mastered(self, key: str) -> int:
        """The open tables of this server whose master is ``key``."""
        return sum(1 for t in self.tables.values() if t.master == key and not t.closed)

    def _open(self, client: Client, options: protocol.TableOptions, table_id: str) -> None:
        """Open a new table ``table_id`` whose master is ``client``, who sits down."""
        code = secrets.token_urlsafe(12)  # 96 bits
        table = Table(self.ctx, table_id, options, client.key, code, client.identity.name)
        self._run(table)
        self.joined[client].add(table_id)
        table.submit(None, partial(table.created, client))

    def open_table(self, table_id: str, options: protocol.TableOptions, setup: TableSetup) -> None:
        """Open a tournament's table for its players to come, with no master until the
        first sits down, dealing the boards of ``setup``."""
        table = Table(self.ctx, table_id, options, "", secrets.token_urlsafe(12), "")
        self._tournament_table(table, setup, True)
        self._run(table)
        table.submit(None, table.opened)

    def _tournament_table(self, table: Table, setup: TableSetup, waits: bool) -> None:
        """Give a tournament's table its boards and seats; one whose game has not
        started yet starts it after the whole wait."""
        table.boards = setup.boards
        start_at = time.monotonic() + self.ctx.tournament_wait if waits else None
        table.reservation = Reservation(setup.tournament, setup.keys, start_at)
        table.reservation.given(setup.keys, setup.lineups, table.dealt - 1)
        table.submit(
            None, partial(table.reserve, setup.keys, setup.lineups)
        )  # seats whose place changed

    def _game_over(self, table: TableBase) -> None:
        if table.reservation is not None and self.live is not None:
            self.live.settle_soon(table.reservation.tournament)

    async def claim(self, tables: list[str]) -> list[str]:
        """Those of a tournament's tables, stored in it but never opened, that this
        server opens: on one server, all of them (``ClusterHub``: those whose
        lease it takes)."""
        return tables

    def claim_new(self, db: Connection, tables: list[str]) -> None:
        """Inside the write that adds ``tables`` to a tournament: take them for this
        server to open (``ClusterHub``: their leases; one server owns every table)."""

    def share_tournament(self, tournament_id: int, version: int) -> None:
        """Tell the other servers of a tournament's new version (``ClusterHub``;
        one server has none)."""

    def _table_changed(self, table: TableBase) -> None:
        self._seating(
            table.id,
            {
                s.user: s.name
                for s in table.seats
                if s is not None and s.user is not None and not s.abandoned
            },
        )
        self._changed(table)

    def _table_closed(self, table: TableBase) -> None:
        self._seating(table.id, {})
        self._closed(table)

    def _seating(self, table_id: str, now: dict[int, str]) -> None:
        """Tell the friends of whoever sat down at or left a table, as their page
        shows the table a friend sits at (``presence``)."""
        before = self.seated.pop(table_id, {})
        if now:
            self.seated[table_id] = now
        for user in now.keys() ^ before.keys():
            self._tell_friends(Identity(user, now.get(user) or before[user]))

    def _changed(self, table: TableBase) -> None:
        if table.options.private:
            self._unlist(table.id)
            return
        self.listed.add(table.id)
        message = {"type": "lobby_update", "table": table.info()}
        for client in self.lobby:
            client.send(message)

    def _closed(self, table: TableBase) -> None:
        self.tables.pop(table.id, None)
        self.tasks.pop(table.id, None)
        self._unlist(table.id)

    def _unlist(self, table_id: str) -> None:
        if table_id in self.listed:
            self.listed.discard(table_id)
            for client in self.lobby:
                client.send({"type": "lobby_remove", "table": table_id})


def signed_out(client: Client) -> None:
    """Tell a client its session ended, and close its socket."""
    client.send_text(protocol.error(Refusal("signed_out")))
    client.close()


def new_table_id() -> str:
    """A new table's id (48 random bits, letters and digits)."""
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def private_master(private: bool, master: str) -> int | None:
    """The user id of a private table's registered master, whose blocks keep its
    table shut (``Seating._may_enter``); None for a public table or a guest's."""
    return int(master[2:]) if private and master.startswith("u:") else None
