"""One node of a cluster: several ``atout serve`` processes on one PostgreSQL
database (what must last) and one Redis (what moves between them), the way
lichess splits lila and lila-ws.

Each table has one owner node at a time (``table_lease``): the node where it
was created, or the one that took it over when its owner stopped renewing its
lease. Any node serves any client: a command for a table owned elsewhere
travels to the owner over Redis (``bus``), where a ``RemoteClient`` stands for
the client, and what the table sends that client travels back. The lobby is a
Redis hash kept by the tables' owners; invitations and sign-outs reach every
node. When a node takes a table over, every node's clients at that table
resume there at once (a snapshot of the table rebuilt from its log). When
Redis lost messages, the clients they were for are given their tables afresh
(``resync``), and those a node let go while it heard nothing from theirs
(which a hung Redis or a paused node also makes silent) are seated again,
unless their player sat or resumed from another socket meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Container
from functools import partial
from typing import Any, Final

from sqlalchemy import Connection
from sqlalchemy.exc import SQLAlchemyError

from atout.game import GameRules
from atout.refusals import Refusal
from atout.server import accounts, friends, offload, protocol, table_lease
from atout.server.accounts import Identity
from atout.server.bus import ALL, Bus, node_channel
from atout.server.clients import Client
from atout.server.hub import (
    TABLES_PER_MASTER,
    Hub,
    Offer,
    new_table_id,
    private_master,
    signed_out,
)
from atout.server.masters import Masters
from atout.server.peers import BEAT, Peers, SeatedAt
from atout.server.resync import Resyncing
from atout.server.robots import Thinking
from atout.server.store import Store, TableRow
from atout.server.table import Table
from atout.server.table_base import TableBase
from atout.server.table_lease import Orphan, TableLease, current
from atout.server.table_replay import replay
from atout.server.table_restore import stored_game
from atout.server.throttle import Guards
from atout.server.tournament_tables import TableSetup, table_setups
from atout.server.writer import Writer

log = logging.getLogger(__name__)
TAKEN_PER_ROUND: Final = 20
"""Orphaned tables a node takes over per round: survivors share a dead node's tables."""
STOP_SECONDS: Final = 5.0
MASTERS_LAPSE_SECONDS: Final = 5 * BEAT
"""Beyond three leases, how long a table stays counted for its master once its
owner stops keeping it (``masters``): a dead owner's tables are taken over first."""
PRESENCE_WAIT: Final = 2 * BEAT
"""Before a player's last socket on a node is told closed to their friends: the
other nodes' beats since then say whether one of theirs is open."""


class RemoteClient(Client):
    """A client connected to another node, as this node's tables see it: what
    they send it travels to that node."""

    def __init__(self, bus: Bus, node: str, remote: int, about: dict[str, Any]) -> None:
        identity = Identity(about["user"], about["name"])
        super().__init__(identity, about["ip"], about["key"], about["session"])
        self.bus, self.node, self.remote = bus, node, remote

    def send_text(self, text: str) -> None:
        if not self.closed:
            self.bus.publish(node_channel(self.node), {"to": self.remote, "text": text})

    def close(self, code: int = 1000) -> None:
        """The socket's own node closes it (with its usual code: what a table
        closes a remote client for is not a flood, which that node handles)."""
        if not self.closed:
            self.closed = True
            self.bus.publish(node_channel(self.node), {"close": self.remote})


class ClusterHub(Hub):
    """The hub of one node: its own tables, plus the routes to the others'."""

    def __init__(
        self,
        store: Store,
        writer: Writer,
        rules: Callable[[str], GameRules],
        guards: Guards,
        grace_seconds: float,
        robot_delay: float,
        trick_pause: float,
        thinking: Thinking,
        *,
        redis_url: str,
        lease_seconds: float,
    ) -> None:
        super().__init__(
            store, writer, rules, guards, grace_seconds, robot_delay, trick_pause, thinking
        )
        self.node = writer.owner
        writer.fence = partial(table_lease.fence, node=self.node)  # per table, by its lease
        writer.on_lost = self._lose  # those tables stop before their tasks hear of it
        self.ttl = lease_seconds
        self.bus = Bus(redis_url, self.node, self._heard, self._messages_lost, self._bus_back)
        self.resyncing = Resyncing()
        self.leases: dict[str, TableLease] = {}
        self.owners: dict[str, str] = {}
        """Owner node of tables elsewhere, as last heard."""
        self.local: dict[int, Client] = {}
        """This node's own sockets, by client id."""
        self.proxies: dict[tuple[str, int], RemoteClient] = {}
        self.let_go: dict[str, tuple[float, list[tuple[RemoteClient, list[str]]]]] = {}
        """By node gone silent: when its clients' stand-ins were let go, and the
        tables each was at (``_let_go``), for as long as their seats wait."""
        self.went_silent: dict[str, float] = {}
        """Nodes forgotten, by when, for as long as seats wait: heard again (a node
        paused or cut off), their players are back online for their friends."""
        self.peers = Peers(self.node)
        # A table's entry outlives its owner's death until another node takes it over.
        self.masters = Masters(self.bus, MASTERS_LAPSE_SECONDS + 3 * lease_seconds)
        self._forwards: asyncio.Queue[tuple[Client, str, str | None, bool]] = asyncio.Queue()
        """Commands for tables owned elsewhere, in order: (client, table, the command's
        text or None when the client is gone, whether it is this node's ``resume``
        after a change of owner rather than the client's)."""
        """Commands for tables owned elsewhere, in order; a None command: the
        client is gone (its stand-in at the table's owner goes)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # ----- life cycle -------------------------------------------------------------

    async def start(self, stopped_at: float) -> None:
        """Join the cluster: tables come to this node when they are created here,
        or when their owner stops renewing their lease."""
        await self.bus.start()
        log.info("joined the cluster as node %s", self.node)  # others' logs name it so
        self._spawn(self._keep_leases())
        self._spawn(self._forward())
        self._spawn(self._beat())
        self._spawn(self._keep_masters())

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(TimeoutError):  # a stop must end, whatever Redis does
            async with asyncio.timeout(STOP_SECONDS):
                await asyncio.gather(*self._tasks, return_exceptions=True)
        await super().stop()
        await self.bus.stop()
        try:  # the others take this node's tables at once
            await asyncio.to_thread(table_lease.release, self.store, self.node)
        except SQLAlchemyError as error:
            log.error("leases not released (%s): taken over when they expire", error)

    def _lose(self, tables: set[str]) -> None:
        """Tables found taken over (a refused write, a lease not renewed) without
        hearing so (this node was paused, or deaf): their owner is looked up
        again, and this node's clients at them resume there."""
        for table_id in tables & set(self.tables):  # a table's writes may each say so
            self._drop(table_id)
            self.owners.pop(table_id, None)
            self._resume_at(table_id, None)

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _run(self, table: Table, lease: TableLease | None = None) -> None:
        """Run a table with its lease in its task's context: every write it makes is
        fenced. A new table's lease is the first token, or the one this node
        claimed for it (a tournament's table)."""
        lease = lease or self.leases.get(table.id) or TableLease(table.id)
        self.leases[table.id] = lease
        token = current.set(lease)
        try:
            super()._run(table)
        finally:
            current.reset(token)

    async def _keep_leases(self) -> None:
        """Renew this node's leases; drop the tables taken over by another node;
        take over the tables whose owner stopped renewing theirs.

        After this node could not reach the database (a failure, or renewals
        more than half a lease apart), it takes nothing over for a whole lease:
        the other nodes' leases lapsed too if the database was away for all, and
        taking them as soon as it is back would move every live node's tables."""
        every = min(1.0, self.ttl / 5)
        renewed = time.monotonic()
        away, quiet_until = False, 0.0
        while True:
            await asyncio.sleep(every)
            try:
                held = list(self.leases.values())
                lost = await asyncio.to_thread(table_lease.renew, self.store, self.node, held)
                now = time.monotonic()
                if away or now - renewed > self.ttl / 2:
                    quiet_until = now + self.ttl
                renewed, away = now, False
                self._lose(lost)
                if now < quiet_until:
                    continue
                found = await asyncio.to_thread(
                    table_lease.orphans, self.store, self.ttl, TAKEN_PER_ROUND
                )
                found = [orphan for orphan in found if orphan.table not in self.tables]
                if not found:
                    continue
                tables = [orphan.table for orphan in found]
                setups = await asyncio.to_thread(table_setups, self.store, tables=tables)
                for orphan in found:
                    await self._take(orphan, setups.get(orphan.table))
            except SQLAlchemyError as error:
                away = True
                log.error("table leases: the database failed (%s)", str(error).splitlines()[0])

    async def _take(self, orphan: Orphan, setup: TableSetup | None) -> None:
        """Take an orphaned table over: its lease, then the table rebuilt from its
        log as a restarted server rebuilds it (a tournament's ``setup`` gives it its
        boards and seats back); every node's clients at the table then resume here.
        A tournament table's game may have ended while its owner was away: the
        tournament is settled."""
        lease = await asyncio.to_thread(table_lease.take, self.store, self.node, orphan, self.ttl)
        if lease is None:
            return
        row = await asyncio.to_thread(_table_row, self.store, orphan.table)
        stopped_at = orphan.renewed or time.time()
        try:
            game = await asyncio.to_thread(stored_game, self.store, row)
            played = None
            if game is not None:  # a long log is seconds of CPU: not in this process
                played = game, await offload.workers.run(replay, game, refusable=False)
            table = self._rebuild(row, stopped_at, setup, played)
        except offload.Busy:  # the worker died; the lease, not renewed, lapses and
            log.error("table %s: its replay's worker stopped; taken over again", row.id)
            return  # the table is taken over again in a later round
        except Exception:  # one unreadable log must not keep the others closed
            log.exception("table %s cannot be rebuilt from its log; closed", row.id)
            token = current.set(lease)
            try:
                await self._give_up(row.id, row.game_id)
            finally:
                current.reset(token)
            if setup is not None and self.live is not None:  # its position may go on
                self.live.settle_soon(setup.tournament)
            return
        log.info("table %s taken over (token %d)", table.id, lease.token)
        self._run(table, lease)
        self._changed(table)
        self.bus.publish(ALL, {"taken": table.id, "owner": self.node, "token": lease.token})
        if setup is not None and self.live is not None:
            self.live.settle_soon(setup.tournament)

    def _drop(self, table_id: str) -> None:
        """Stop serving a table another node took over (its clients resume there)."""
        task = self.tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
            log.warning("table %s: taken over by another node; no longer served here", table_id)
        self.tables.pop(table_id, None)
        self.leases.pop(table_id, None)
        self.masters.forget(table_id)  # its new owner counts it for its master
        # The stand-ins of other nodes' clients there leave with it: their nodes now
        # tell the new owner, not this node, when those clients go.
        for proxy in [p for p in self.proxies.values() if table_id in self.joined.get(p, ())]:
            self.joined[proxy].discard(table_id)
            if not self.joined[proxy]:
                self._forget(proxy)

    def _forget(self, proxy: RemoteClient) -> None:
        """A stand-in at none of this node's tables any longer: dropped without a
        word to anyone (its client is still connected to its own node)."""
        self.proxies.pop((proxy.node, proxy.remote), None)
        self.joined.pop(proxy, None)

    async def _beat(self) -> None:
        """Tell the others this node lives, who is online here and where they sit;
        forget the nodes gone silent, and the stand-ins of their clients here."""
        overslept = False
        while True:
            online = [client.identity.user_id for client in self.local.values()]
            tables = [_seated_at(t) for t in self.tables.values() if not t.closed]
            self.bus.publish(ALL, self.peers.summary(online, [t for t in tables if t.seated]))
            # A node paused past its beat (a frozen VM) wakes before reading what the
            # others said meanwhile, queued on its link: it judges silence a beat later.
            silent = {} if overslept else self.peers.forget_silent()
            for node, peer in silent.items():
                log.warning("node %s went silent: its clients here are disconnected", node)
                self._let_go(node)
                self.went_silent[node] = time.monotonic()
                self._node_presence(peer.online)
            now, grace = time.monotonic(), self.ctx.grace_seconds
            self.let_go = {n: held for n, held in self.let_go.items() if now - held[0] < grace}
            self.went_silent = {n: t for n, t in self.went_silent.items() if now - t < grace}
            await asyncio.sleep(BEAT)
            overslept = time.monotonic() - now > 2 * BEAT

    def _let_go(self, node: str) -> None:
        """Disconnect the stand-ins of a silent node's clients (their seats start
        their grace period), remembering where each was: a node cut off from
        Redis for a while is silent too, and its clients come back (``_welcome_back``)."""
        held = []
        for key in [key for key in self.proxies if key[0] == node]:
            proxy = self.proxies.pop(key)
            tables = [self.tables[t] for t in self.joined.get(proxy, ()) if t in self.tables]
            held.append((proxy, [t.id for t in tables if proxy in dict(t.audience())]))
            super().disconnected(proxy)
        if held:
            self.let_go[node] = time.monotonic(), held

    # ----- tournaments --------------------------------------------------------------

    async def claim(self, tables: list[str]) -> list[str]:
        """Those of a tournament's unopened tables this node opens: the ones it
        claimed, and those whose lease it takes (never claimed, or whose claimer
        stopped renewing: it died between the tournament's write and the tables')."""
        mine, found = await asyncio.to_thread(
            table_lease.unopened, self.store, self.node, tables, self.ttl
        )
        for held in mine:
            self.leases.setdefault(held.table, held)
        taken = [held.table for held in mine]
        for orphan in found:
            lease = await asyncio.to_thread(
                table_lease.take, self.store, self.node, orphan, self.ttl
            )
            if lease is not None:
                self.leases[orphan.table] = lease
                taken.append(orphan.table)
        return taken

    def claim_new(self, db: Connection, tables: list[str]) -> None:
        """The leases of a position's new tables, in the tournament's own write: the
        node that opens a position owns its tables, and no other opens them while
        it lives."""
        table_lease.claim(db, self.node, tables)

    def share_tournament(self, tournament_id: int, version: int) -> None:
        self.bus.publish(ALL, {"tournament": tournament_id, "version": version, "node": self.node})

    # ----- clients ----------------------------------------------------------------

    async def greet(self, hello: protocol.Hello, ip: str) -> tuple[Client, dict[str, Any]]:
        client, welcome = await super().greet(hello, ip)
        self.local[client.id] = client
        return client, welcome

    def dispatch(self, client: Client, message: Any) -> None:
        table = getattr(message, "table", None)
        if table is None or table in self.tables:
            super().dispatch(client, message)
            return
        self.joined[client].add(table)
        text = message.model_dump_json(exclude_unset=True)
        self._forwards.put_nowait((client, table, text, False))

    def disconnected(self, client: Client) -> None:
        self.resyncing.forget(client.id)
        # Told in turn after the commands still waiting to be forwarded: a ``gone``
        # overtaking the client's last command would leave its stand-in there for good.
        for table in self.joined.get(client, set()) - set(self.tables):
            self._forwards.put_nowait((client, table, None, False))
        self.local.pop(client.id, None)
        super().disconnected(client)

    async def _forward(self) -> None:
        """Send commands for tables owned elsewhere to their owners, in order."""
        while True:
            client, table, text, afresh = await self._forwards.get()
            if text is None:  # the client is gone: its stand-in at the owner goes too
                owner = self.owners.get(table)
                if owner is not None and owner != self.node:  # once per table: the
                    # owner of several finds the stand-in gone at the second
                    self.bus.publish(node_channel(owner), {"gone": client.id, "node": self.node})
                continue
            owner = self.owners.get(table)
            if owner is None:
                try:
                    owner = await asyncio.to_thread(table_lease.owner, self.store, table)
                except SQLAlchemyError:
                    owner = None
                if owner is not None:
                    self.owners[table] = owner
            if owner is None or owner == self.node:  # closed, or being taken over here
                client.send_text(protocol.error(Refusal("no_table", table=table)))
                continue
            about = {
                "user": client.identity.user_id,
                "name": client.identity.name,
                "ip": client.ip,
                "key": client.key,
                "session": client.session,
            }
            message = {"cmd": text, "node": self.node, "id": client.id, "client": about}
            if afresh:
                message["afresh"] = True
            self.bus.publish(node_channel(owner), message)

    # ----- what the other nodes say -------------------------------------------------

    def _heard(self, message: dict[str, Any]) -> None:
        if "to" in message:
            local = self.local.get(message["to"])
            if local is not None and self.resyncing.passes(local.id, message["text"]):
                local.send_text(message["text"])
        elif "cmd" in message:
            self._command(message)
        elif "gone" in message:
            proxy = self.proxies.pop((message["node"], message["gone"]), None)
            if proxy is not None:
                super().disconnected(proxy)
        elif "close" in message:
            local = self.local.get(message["close"])
            if local is not None:
                local.close()
        elif "lobby_update" in message:
            self._tell_lobby({"type": "lobby_update", "table": message["lobby_update"]})
        elif "lobby_remove" in message:
            self._tell_lobby({"type": "lobby_remove", "table": message["lobby_remove"]})
        elif "notify" in message:
            for client in self.local.values():
                if client.identity.user_id == message["notify"]:
                    client.send(message["message"])
        elif "blocked" in message:
            user, other = message["blocked"]
            super().blocked((user, other))
        elif "revoke" in message:
            # a node of the previous version keeps no session (a rolling upgrade)
            super().revoke(message["revoke"], message["user"], message.get("keep"))
        elif "taken" in message:
            # a node of the previous version tells no token (a rolling upgrade)
            self._taken(message["taken"], message["owner"], message.get("token", 0))
        elif "stale" in message:
            self.owners.pop(message["stale"], None)
        elif "tournament" in message:
            if message["node"] != self.node and self.live is not None:
                self.live.changed_elsewhere(message["tournament"], message["version"])
        elif "beat" in message:
            self.peers.heard(message)
            if self.went_silent.pop(message["beat"], None) is not None:
                self._node_presence(set(message["online"]), back=message["beat"])
            if message["beat"] in self.let_go:  # its resync may have come while this node was deaf
                self._welcome_back(message["beat"])
        elif "resync" in message:
            self._welcome_back(message["resync"])
            self._sign_out_ended()  # a sign-out that node sent may be among its losses

    def _command(self, message: dict[str, Any]) -> None:
        """A command from a client of another node for a table of this one."""
        key = (message["node"], message["id"])
        self.peers.seen(message["node"])
        proxy = self.proxies.get(key)
        command = protocol.parse_message(message["cmd"])
        if command.table not in self.tables:  # the sender's idea of the owner is stale
            self.bus.publish(node_channel(key[0]), {"stale": command.table})
            refusal = protocol.error(Refusal("no_table", table=command.table))
            # Answered without a stand-in kept: its node tells this one nothing more.
            (proxy or RemoteClient(self.bus, *key, message["client"])).send_text(refusal)
            return
        if proxy is None:
            proxy = self.proxies[key] = RemoteClient(self.bus, *key, message["client"])
            self.joined[proxy] = set()
        if message.get("afresh") and isinstance(command, protocol.Resume):
            # its node's resume after a change of owner, not the client's own
            table = self.tables[command.table]
            self.joined[proxy].add(command.table)
            table.submit(None, partial(table.heard_again, proxy))
            return
        super().dispatch(proxy, command)

    def _taken(self, table_id: str, owner: str, token: int) -> None:
        """A table changed owner: this node's clients at it resume at the new one.
        A former owner that still serves the table stops now if the new lease's
        token is above its own: tokens only grow, so its lease is gone, whatever
        order the messages come in (served a moment longer, the table took its
        players' moves, and they were lost when it learned so at its next write)."""
        held = self.leases.get(table_id)
        if owner != self.node and held is not None and held.token < token:
            self._drop(table_id)
        self.owners[table_id] = owner
        self._resume_at(table_id, owner)

    def _resume_at(self, table_id: str, owner: str | None) -> None:
        """This node's clients at a table resume at its new ``owner`` (None:
        another node, found when their resume is forwarded), each seated again
        unless another socket of its player took the seat meanwhile: this node
        may have been paused, its sockets long left by their players, who
        resumed elsewhere (``heard_again``; a plain resume gave the seat to the
        dead socket and told the live one ``elsewhere``)."""
        resume = _afresh(table_id)
        for client in list(self.local.values()):
            if table_id not in self.joined.get(client, ()):
                continue
            table = self.tables.get(table_id)
            if owner == self.node and table is not None:
                table.submit(None, partial(table.heard_again, client))
            elif owner == self.node:
                self.dispatch(client, resume)  # gone meanwhile: answered no_table
            else:
                self._forwards.put_nowait((client, table_id, resume.model_dump_json(), True))

    # ----- after Redis lost messages (``resync``) -----------------------------------

    def _messages_lost(self) -> None:
        """What this node's tables sent other nodes' clients may be lost: they
        forget what those hold, so that their next updates give whole views."""
        for table in self.tables.values():
            for client in table.shown:
                if isinstance(client, RemoteClient):
                    table.shown[client] = None

    def _bus_back(self) -> None:
        """Redis hears again: what this node's clients were told from other nodes
        meanwhile may be lost, so their owners send them those tables afresh
        (the patches before are dropped); the lobby, which a restarted Redis
        lost, gets this node's tables again. (What this node sent is made good
        by ``_messages_lost``, at each loss, and by sending other nodes' clients
        this node's tables afresh: an update lost may have been the last before
        a turn of theirs, and their node may have asked while this one was deaf.)"""
        for client in self.local.values():
            self.resyncing.begin(client.id, self.joined.get(client, set()) - set(self.tables))
        self.bus.publish(ALL, {"resync": self.node})
        self._resend(None)
        self._sign_out_ended()
        for table in self.tables.values():
            if not table.closed:
                self._changed(table)

    def _sign_out_ended(self) -> None:
        """A sign-out may be among the messages lost: this node's sockets whose
        session ended meanwhile are closed as its ``revoke`` would have (the
        store says which; a sign-out after this look is heard as usual)."""
        sessions = {c.session for c in self.local.values() if c.session is not None}
        if sessions:
            self._spawn(self._sessions_checked(sessions))

    async def _sessions_checked(self, sessions: set[str]) -> None:
        try:
            ended = await asyncio.to_thread(accounts.sessions_ended, self.store, sessions)
        except SQLAlchemyError as error:
            log.warning("sessions not checked after lost messages (%s)", error)
            return
        for client in list(self.local.values()):
            if client.session in ended:
                signed_out(client)

    def _welcome_back(self, node: str) -> None:
        """``node`` hears Redis again: its clients this node let go while it was
        silent (cut off, or paused: not dead) resume where they were, seated again
        unless another socket of their player took the seat meanwhile
        (``heard_again``), and its other clients here are sent their tables afresh."""
        _, held = self.let_go.pop(node, (0.0, []))
        back: set[RemoteClient] = set()
        for proxy, tables in held:
            key = (proxy.node, proxy.remote)
            if key in self.proxies:  # it has come back by itself
                continue
            self.proxies[key], self.joined[proxy] = proxy, set()
            back.add(proxy)
            for table_id in tables:
                table = self.tables.get(table_id)
                if table is not None and not table.closed:
                    self.joined[proxy].add(table_id)
                    table.submit(None, partial(table.heard_again, proxy))
        self._resend(node, back)

    def _resend(self, node: str | None, answered: Container[RemoteClient] = ()) -> None:
        """Tell each client of ``node`` (None: of every other node) at this node's
        tables where it stands there afresh (``Seating.resend``), in the table's
        turn (its own task, between two commands); those ``answered`` already
        are skipped."""
        for proxy in list(self.proxies.values()):
            if node not in (None, proxy.node) or proxy in answered:
                continue
            for table_id in self.joined.get(proxy, ()):
                table = self.tables.get(table_id)
                if table is not None and not table.closed:
                    table.submit(None, partial(table.resend, proxy))

    def _tell_lobby(self, message: dict[str, Any]) -> None:
        for client in self.lobby:
            client.send(message)

    # ----- shared with every node ---------------------------------------------------

    def notify(self, user: int, message: dict[str, Any]) -> None:
        self.bus.publish(ALL, {"notify": user, "message": message})

    def revoke(self, session: str | None, user: int | None, keep: str | None = None) -> None:
        self.bus.publish(ALL, {"revoke": session, "user": user, "keep": keep})

    def blocked(self, users: tuple[int, int]) -> None:
        self.bus.publish(ALL, {"blocked": list(users)})

    def clients_connected(self) -> int:
        """This node's own sockets past their hello (not the stand-ins of others')."""
        return len(self.local)

    async def _presence_sent(self, user: int, name: str, online: bool | None = None) -> None:
        """A player's first socket on this node opened, or its last one here closed
        (``online`` None): their friends hear of it only if no other node has a
        socket of theirs open. A close waits for every other node's next beat, so
        that of two nodes whose last sockets of a player close close together, each
        hears the other's."""
        if online is None:
            if not self._online(user):
                await asyncio.sleep(PRESENCE_WAIT)
            if user in self.peers.online():  # nothing changed for their friends
                return
        await super()._presence_sent(user, name, online)

    def _node_presence(self, users: set[int], back: str | None = None) -> None:
        """A node went silent: its players, whose sockets no node closed, are
        offline for their friends; or it is heard again (``back``, paused or cut
        off a while): online. Said once, by the first of the nodes left
        (``Peers.first``), of the players no other node has a socket of."""
        if not self.peers.first(besides=back):
            return
        local = {client.identity.user_id for client in self.local.values()}
        for user in users - local - self.peers.online(besides=back):
            self._spawn(self._told_of(user, online=back is not None))

    async def _told_of(self, user: int, online: bool) -> None:
        try:
            name = await asyncio.to_thread(friends.name_of, self.store, user)
        except SQLAlchemyError:
            log.warning("presence of user %s not sent: the store did not answer", user)
            return
        if name is not None:  # offline: only if no socket of theirs opens meanwhile
            await self._presence_sent(user, name, True if online else None)

    def _users_online(self) -> set[int | None]:
        return super()._users_online() | self.peers.online()

    def _offers(self, asker: str, keys: set[str]) -> list[Offer]:
        """This node's tables, then the others' as they last said."""
        found = super()._offers(asker, keys)
        for table in self.peers.tables():
            there = set(table.seated & keys)
            if there and table.opens_to(asker, keys):
                found.append((table.table, private_master(not table.public, table.master), there))
        return found

    def _lobby(self, client: Client, subscribe: bool) -> None:
        if subscribe:
            self.lobby.add(client)
        else:
            self.lobby.discard(client)

        async def answer() -> None:
            try:
                listed = await self.bus.lobby()
            except Exception as error:  # Redis away: this node's tables; the others' come
                # as lobby updates once their owners list them again (``_bus_back``)
                log.warning("redis: no lobby (%s), this node's only", str(error).splitlines()[0])
                listed = []
            # This node's own, as they stand: a restarted Redis lists none of them
            # until this node hears it again (``_bus_back``) and lists them anew.
            tables = {info["id"]: info for info in listed}
            tables |= {table.id: table.info() for table in self._public()}
            client.send({"type": "lobby", "tables": list(tables.values())})

        self._spawn(answer())

    def _changed(self, table: TableBase) -> None:
        self.bus.list_table(table.id, None if table.options.private else table.info())
        if not table.closed and self.masters.kept.get(table.id, "") != table.master:
            self._spawn(self._on_redis(partial(self.masters.moved, table.id, table.master)))

    def _closed(self, table: TableBase) -> None:
        self.tables.pop(table.id, None)
        self.tasks.pop(table.id, None)
        self.leases.pop(table.id, None)
        self.bus.list_table(table.id, None)
        self._spawn(self._on_redis(partial(self.masters.drop, table.id)))

    # ----- tables per master, counted for the cluster (``masters``) -----------------

    def _create(self, client: Client, options: protocol.TableOptions) -> None:
        """A new table once Redis counted it for its master among the tables they
        lead on every node (``TABLES_PER_MASTER`` at most), besides this node's
        own count (which alone decides while Redis does not answer)."""
        refusal = self._creation_refused(client, options)
        if refusal is not None:
            client.send_text(protocol.error(refusal))
            return
        self._spawn(self._create_counted(client, options, new_table_id()))

    async def _create_counted(
        self, client: Client, options: protocol.TableOptions, table_id: str
    ) -> None:
        counted = await self.masters.claim(client.key, table_id, TABLES_PER_MASTER)
        # This node's own count again: its creations meanwhile (Redis away, or emptied)
        refusal = self._creation_refused(client, options)
        if counted is False:
            refusal = Refusal("too_many_tables", limit=TABLES_PER_MASTER)
        if client.closed or client not in self.joined or refusal is not None:
            if counted:
                await self._on_redis(partial(self.masters.drop, table_id))
            if refusal is not None:
                client.send_text(protocol.error(refusal))
            return
        self._open(client, options, table_id)

    async def _keep_masters(self) -> None:
        """Every beat, count this node's open tables for their masters again (a
        table's entry lapses unless its owner keeps it: ``masters``)."""
        while True:
            await asyncio.sleep(BEAT)
            await self._on_redis(partial(self.masters.keep, self._masters_now))

    def _masters_now(self) -> dict[str, str]:
        """This node's open tables and their masters' keys (empty: none yet)."""
        return {t.id: t.master for t in self.tables.values() if not t.closed}

    async def _on_redis(self, work: Callable[[], Awaitable[None]]) -> None:
        """Count tables per master in Redis; when it does not answer, the entries
        of this node's open tables come back at its next beat, and those of its
        closed ones lapse."""
        try:
            async with asyncio.timeout(BEAT):
                await work()
        except Exception as error:
            log.debug("redis: tables per master not counted (%s)", error)


def _afresh(table_id: str) -> protocol.Resume:
    """A ``resume`` that knows nothing held: answered with the whole table."""
    return protocol.Resume(type="resume", table=table_id, last_seq=0, epoch=None)


def _seated_at(table: Table) -> SeatedAt:
    seats = [seat for seat in table.seats if seat is not None]
    return SeatedAt(
        table.id,
        frozenset(s.key for s in seats if not s.abandoned and s.user is not None),
        not table.options.private,
        frozenset({table.master, *table.invited, *(s.key for s in seats)}),
        table.master,
    )


def _table_row(store: Store, table_id: str) -> TableRow:
    with store.session() as db:
        row = db.get(TableRow, table_id)
        assert row is not None, f"table {table_id} is not stored"
        return row
