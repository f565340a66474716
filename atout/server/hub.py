"""The hub routes each client's messages: lobby and table creation itself,
everything about a table to that table's queue. It also rebuilds every open
table from the store when the server starts."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

from atout.game import GameRules
from atout.server import protocol, tablestore
from atout.server.accounts import Identity, identify
from atout.server.clients import Client
from atout.server.store import Store
from atout.server.table import Context, Table

log = logging.getLogger(__name__)
GUESTS_KEPT: Final = 100_000
TABLES_PER_MASTER: Final = 5


class Hub:
    """All tables of one server process and the clients talking to them."""

    def __init__(
        self,
        store: Store,
        rules: Callable[[str], GameRules],
        grace_seconds: float = 180.0,
        robot_delay: float = 0.0,
        trick_pause: float = 0.0,
    ) -> None:
        self.store = store
        self.ctx = Context(
            store, rules, grace_seconds, robot_delay, trick_pause, self._changed, self._closed
        )
        self.tables: dict[str, Table] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.lobby: set[Client] = set()
        self.joined: dict[Client, set[str]] = {}
        self._guests: OrderedDict[str, Identity] = OrderedDict()

    # ----- life cycle -------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild and run every table left open by the previous run."""
        for row in tablestore.open_tables(self.store):
            try:
                table = Table.restore(self.ctx, row)
            except Exception:  # one unreadable log must not keep the others closed
                log.exception("table %s cannot be rebuilt from its log; left closed", row.id)
                continue
            self._run(table)

    async def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.ctx.pool.shutdown(wait=False, cancel_futures=True)

    def _run(self, table: Table) -> None:
        self.tables[table.id] = table
        self.tasks[table.id] = asyncio.create_task(table.run(), name=f"table-{table.id}")

    # ----- connections ------------------------------------------------------------

    def greet(self, hello: protocol.Hello, ip: str) -> tuple[Client, dict[str, Any]]:
        """The client of a ``hello``: a session token's user, a returning guest, or a new guest."""
        if hello.v != protocol.PROTOCOL_VERSION:
            raise protocol.ProtocolError(f"protocol version {protocol.PROTOCOL_VERSION} only")
        welcome: dict[str, Any] = {"type": "welcome", "v": protocol.PROTOCOL_VERSION}
        identity = identify(self.store, hello.token) if hello.token else None
        if identity is not None:
            key = f"u:{identity.user_id}"
        else:
            guest_token = hello.token or secrets.token_urlsafe(24)
            key = "g:" + hashlib.sha256(guest_token.encode()).hexdigest()[:32]
            identity = self._guests.get(key)
            if identity is None:
                if hello.token:
                    raise protocol.ProtocolError("unknown or expired session token")
                name = f"guest_{hello.name or 'player'}_{secrets.token_hex(2)}"
                identity = Identity(None, name)
                self._guests[key] = identity
                while len(self._guests) > GUESTS_KEPT:  # the oldest guests are forgotten
                    self._guests.popitem(last=False)
            welcome["guest_token"] = guest_token
        welcome |= {"name": identity.name, "guest": identity.guest}
        client = Client(identity, ip, key)
        self.joined[client] = set()
        return client, welcome

    def dispatch(self, client: Client, message: Any) -> None:
        """Act on one validated message."""
        if isinstance(message, protocol.Hello):
            client.send({"type": "error", "message": "hello was already said"})
        elif isinstance(message, protocol.Ping):
            client.send({"type": "pong"})
        elif isinstance(message, protocol.Lobby):
            self._lobby(client, message.subscribe)
        elif isinstance(message, protocol.Create):
            self._create(client, message.options)
        else:
            table = self.tables.get(message.table)
            if table is None or table.closed:
                client.send({"type": "error", "message": f"no table {message.table!r}"})
                return
            self.joined[client].add(table.id)
            table.submit(client, message)

    def disconnected(self, client: Client) -> None:
        """The client's socket closed: tell every table it touched."""
        self.lobby.discard(client)
        for table_id in self.joined.pop(client, set()):
            table = self.tables.get(table_id)
            if table is not None and not table.closed:
                table.submit(None, lambda t=table: t.disconnected(client))

    # ----- lobby ------------------------------------------------------------------

    def _lobby(self, client: Client, subscribe: bool) -> None:
        if subscribe:
            self.lobby.add(client)
        else:
            self.lobby.discard(client)
        listed = [t.info() for t in self.tables.values() if not t.options.private and not t.closed]
        client.send({"type": "lobby", "tables": listed})

    def _create(self, client: Client, options: protocol.TableOptions) -> None:
        if client.identity.guest and options.competitive:
            client.send({"type": "error", "message": "guests play at practice tables only"})
            return
        mastered = [t for t in self.tables.values() if t.master == client.identity.name]
        if len(mastered) >= TABLES_PER_MASTER:
            client.send({"type": "error", "message": "you already lead enough open tables"})
            return
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        table = Table(self.ctx, table_id, options, client.identity.name, secrets.token_urlsafe(9))
        tablestore.create_table(
            self.store, table_id, options.model_dump(), client.identity.name, table.invite_code
        )
        self._run(table)
        self.joined[client].add(table_id)
        table.submit(client, protocol.Sit(type="sit", table=table_id))

    def _changed(self, table: Table) -> None:
        if table.options.private or not self.lobby:
            return
        message = {"type": "lobby_update", "table": table.info()}
        for client in self.lobby:
            client.send(message)

    def _closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self.tasks.pop(table.id, None)
        for client in self.lobby:
            client.send({"type": "lobby_remove", "table": table.id})
