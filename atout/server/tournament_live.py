"""Tournaments played online, as they go: positions opened (by the organiser, or by
themselves once every open table has finished its boards), the results of each
table's game entered as it ends, the tournament marked over after its last
position, and every change pushed to the sockets following it (``tournament``
messages, docs/protocol.md).

What the tournament becomes is stored before anyone is told, and before a new
position's tables are opened: a restarted server opens the tables it finds
missing, enters the games that ended meanwhile, and goes on. The work on a
tournament (replaying games, dealing, ranking) runs in the worker processes
(``atout.server.offload``); the store is read and written in threads; one
tournament's changes are made one at a time (a lock each), and each is written
over the version it was read at.

In a cluster the same holds across nodes: the version-checked write decides which
node opens a position, the tables it adds are claimed for that node in the same
transaction (``Hub.claim_new``), the missing tables of a dead node are claimed by
another (``Hub.claim``), and each change is shared over Redis for every node's
followers and tables (``Hub.share_tournament``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, Final, TypeVar

from sqlalchemy import select, update
from sqlalchemy.exc import SQLAlchemyError

from atout.refusals import Refusal
from atout.server import offload, protocol
from atout.server.clients import Client, encode
from atout.server.http_refusals import HTTPRefusal
from atout.server.hub import Hub
from atout.server.store import Store, TournamentRow, storable
from atout.server.tournament_places import handed_over
from atout.server.tournament_privacy import mark_games
from atout.server.tournament_tables import (
    TableSetup,
    finished_games,
    lineup_keys,
    seat_keys,
    stored_tables,
    table_options,
    table_setups,
)
from atout.tournament import documents
from atout.tournament.boards import TournamentError

log = logging.getLogger(__name__)
Argument = TypeVar("Argument")
Result = TypeVar("Result")
PLAYERS_KEPT: Final = 2000
"""The views computed are kept (the latest first) up to this many players in all:
a view grows with its players (a 60-table tournament's, 240 players, is some
25 MB), and a count of views let a few big tournaments take gigabytes."""
TEXTS_KEPT: Final = 16
"""Encoded ``tournament`` messages kept (the latest versions asked for): a
60-table tournament's is megabytes."""
WRITE_TRIES: Final = 3
RETRY_SECONDS: Final = 2.0
"""Wait before collecting a table's results again when the workers were busy."""


class Live:
    """The server's online tournaments: their tables, and who follows them."""

    def __init__(self, store: Store, hub: Hub) -> None:
        self.store, self.hub = store, hub
        hub.live = self
        self.followers: dict[int, set[Client]] = {}
        self.following: dict[Client, int] = {}
        self.told: dict[int, int] = {}
        """The version of each followed tournament its followers here were last sent."""
        self.settling: set[int] = set()
        """Tournaments whose settling is due and has not read the store yet."""
        self.locks: dict[int, asyncio.Lock] = {}
        self.views: dict[tuple[int, int], dict[str, Any]] = {}
        self.texts: dict[tuple[int, int], str] = {}
        """The ``tournament`` message per tournament and version (``message``)."""
        self.background: set[asyncio.Task[None]] = set()

    # ----- the store and the workers ------------------------------------------------

    async def work(self, job: Callable[[Argument], Result], argument: Argument) -> Result:
        """Run ``job`` in a worker process; a refusal or a busy pool as an HTTP refusal."""
        try:
            return await offload.workers.run(job, argument)
        except TournamentError as refused:
            raise HTTPRefusal.of(422, refused) from None
        except offload.Busy as busy:
            raise HTTPRefusal.of(503, busy, {"Retry-After": "1"}) from None

    def load(self, tournament_id: int) -> TournamentRow:
        if not storable(tournament_id):
            raise HTTPRefusal(404, "no_tournament")
        with self.store.session() as db:
            row = db.get(TournamentRow, tournament_id)
        if row is None:
            raise HTTPRefusal(404, "no_tournament")
        return row

    def version(self, tournament_id: int) -> int:
        """The tournament's version, without its state (megabytes for a big one)."""
        if not storable(tournament_id):
            raise HTTPRefusal(404, "no_tournament")
        with self.store.session() as db:
            found = db.scalar(
                select(TournamentRow.version).where(TournamentRow.id == tournament_id)
            )
        if found is None:
            raise HTTPRefusal(404, "no_tournament")
        return found

    def save(self, row: TournamentRow, **values: Any) -> bool:
        """Write over the version ``row`` was read at; False if it changed meanwhile.
        New tables are claimed for this server in the same write (``Hub.claim_new``)."""
        with self.store.session.begin() as db:
            done = db.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.version == row.version)
                .values(version=row.version + 1, **values)
            )
            if done.rowcount:  # type: ignore[attr-defined]
                new = [t for t in values.get("tables", {}) if t not in row.tables]
                self.hub.claim_new(db.connection(), new)
        return bool(done.rowcount)  # type: ignore[attr-defined]

    async def rewrite(
        self,
        row: TournamentRow,
        change: Callable[[TournamentRow], Awaitable[dict[str, Any]]],
        opened: Sequence[str] = (),
    ) -> TournamentRow:
        """Write ``change``'s new column values over the version they were computed
        from, computing them again from the newer one if the tournament changed
        meanwhile; the row after, once its followers are told. The tables of
        ``opened`` (which ``change`` fills when it lists new ones) that the write
        kept are opened before anyone is told of them, so that a player who sits
        at once finds the table there: told first, a player on a loaded machine
        sat before the table opened and was refused."""
        for _ in range(WRITE_TRIES):
            values = await change(row)
            if all(getattr(row, k) == v for k, v in values.items()) or await asyncio.to_thread(
                self.save, row, **values
            ):
                row = await asyncio.to_thread(self.load, row.id)
                try:
                    await self._open(row, [t for t in opened if t in row.tables])
                finally:  # tables not opened now are opened by the watch for them
                    await self.push(row)
                return row
            row = await asyncio.to_thread(self.load, row.id)
        raise HTTPRefusal(409, "tournament_busy")

    async def public(self, row: TournamentRow) -> dict[str, Any]:
        """What anyone may see of the tournament (its view is computed once per version)."""
        cached = self.views.get((row.id, row.version))
        if cached is None:
            cached = await self.work(documents.view, row.state)
            self._keep((row.id, row.version), cached)
        done = set(row.online.get("done", ()))
        online = [
            {
                "table_id": table_id,
                "position": position + 1,
                "table": table + 1,
                "done": table_id in done,
            }
            for table_id, (position, table) in sorted(row.tables.items(), key=lambda i: i[1])
        ]
        entrants = row.online.get("entrants", {})
        places = [
            {"name": held["name"], "user": held["user"]} if (held := entrants.get(str(p))) else None
            for p in range(1, len(cached["names"]) + 1)
        ]
        return {
            "id": row.id,
            "name": row.name,
            "version": row.version,
            "online": online,
            "places": places,
            "robots": row.online.get("robots", []),
            "sessions": row.online.get("sessions", []),
            "handovers": row.online.get("handovers", []),
            "over": bool(row.online.get("over")),
            **cached,
        }

    def _keep(self, key: tuple[int, int], view: dict[str, Any]) -> None:
        """Keep a view computed, forgetting the oldest beyond ``PLAYERS_KEPT``."""
        self.views.pop(key, None)  # another request computed it meanwhile
        self.views[key] = view
        kept = sum(len(view["names"]) for view in self.views.values())
        while kept > PLAYERS_KEPT and len(self.views) > 1:
            kept -= len(self.views.pop(next(iter(self.views)))["names"])

    async def message(self, row: TournamentRow) -> str:
        """The ``tournament`` message of ``row``'s version, encoded once per version
        for everyone: a big tournament's view is megabytes, and encoding it for
        each follower and each ``tournament`` asked for froze the loop for seconds,
        each copy queued for a socket that did not read holding megabytes more."""
        key = (row.id, row.version)
        text = self.texts.get(key)
        if text is None:
            view = await self.public(row)
            text = encode({"type": "tournament", "tournament": row.id, "view": view})
            if len(self.texts) >= TEXTS_KEPT:
                self.texts.pop(next(iter(self.texts)))
            self.texts[key] = text
        return text

    async def public_text(self, row: TournamentRow) -> str:
        """``public`` as JSON text, cut from the encoded ``message``."""
        head = f'{{"type":"tournament","tournament":{row.id},"view":'
        text = await self.message(row)
        assert text.startswith(head), text[:100]
        return text[len(head) : -1]

    # ----- following ------------------------------------------------------------------

    def follow(self, client: Client, tournament_id: int, follow: bool) -> None:
        """Follow one tournament (the view at once, then every change), or stop."""
        self.forget(client)
        if follow:
            self.following[client] = tournament_id
            self.followers.setdefault(tournament_id, set()).add(client)
            self._spawn(self._first_view(client, tournament_id))

    def forget(self, client: Client) -> None:
        followed = self.following.pop(client, None)
        if followed is not None:
            self.followers[followed].discard(client)
            if not self.followers[followed]:
                del self.followers[followed]
                self.told.pop(followed, None)

    async def _first_view(self, client: Client, tournament_id: int) -> None:
        """The message of the version stored, read whole only when not encoded yet."""
        try:
            version = await asyncio.to_thread(self.version, tournament_id)
            text = self.texts.get((tournament_id, version))
            if text is None:
                text = await self.message(await asyncio.to_thread(self.load, tournament_id))
        except (HTTPRefusal, SQLAlchemyError) as refused:
            code = refused.code if isinstance(refused, HTTPRefusal) else "storage_unavailable"
            client.send_text(protocol.error(Refusal(code)))
            if self.following.get(client) == tournament_id:
                self.forget(client)
            return
        client.send_text(text)

    async def push(self, row: TournamentRow) -> None:
        """Send the tournament as it now stands to everyone following it, on this
        server and on the others of a cluster."""
        self.hub.share_tournament(row.id, row.version)
        await self._tell(row)

    async def _tell(self, row: TournamentRow) -> None:
        """Send the tournament to its followers here, unless a newer version was sent."""
        if not self.followers.get(row.id):
            return
        text = await self.message(row)
        if row.version < self.told.get(row.id, 0):
            return
        self.told[row.id] = row.version
        for client in list(self.followers.get(row.id, ())):
            client.send_text(text)

    def changed_elsewhere(self, tournament_id: int, version: int) -> None:
        """Another server of the cluster changed a tournament: its followers here are
        told, and this server's tables of it learn who now holds each place."""
        here = any(
            table.reservation is not None and table.reservation.tournament == tournament_id
            for table in self.hub.tables.values()
        )
        followed = version > self.told.get(tournament_id, 0) and self.followers.get(tournament_id)
        if here or followed:
            self._spawn(self._refresh(tournament_id, here))

    async def _refresh(self, tournament_id: int, reseat: bool) -> None:
        try:
            row = await asyncio.to_thread(self.load, tournament_id)
            await self._tell(row)
            if reseat:
                await self.reseat(row)
        except (HTTPRefusal, SQLAlchemyError) as error:
            log.warning("tournament %s changed elsewhere, not told here (%s)", tournament_id, error)

    # ----- positions and tables --------------------------------------------------------

    def settle_soon(self, tournament_id: int) -> None:
        """A tournament table's game ended (stored), or may have ended unseen: enter
        its results, maybe go on (once for the ends heard before the store is read)."""
        if tournament_id not in self.settling:
            self.settling.add(tournament_id)
            self._spawn(self._settle_later(tournament_id))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _settle_later(self, tournament_id: int) -> None:
        """Settle, trying again while the workers or the store are busy (or the
        tournament changed under each try)."""
        while True:
            try:
                await self.settle(tournament_id)
                return
            except HTTPRefusal as refused:
                if refused.status not in (409, 503):
                    log.error("tournament %s cannot be settled: %s", tournament_id, refused)
                    return
                error: Exception = refused
            except SQLAlchemyError as failed:
                error = failed
            log.warning("tournament %s not settled (%s): trying again", tournament_id, error)
            await asyncio.sleep(RETRY_SECONDS)

    async def settle(self, tournament_id: int) -> None:
        """Enter the results of the tournament's finished games; once every open table
        has finished, open the next position, or mark the tournament over."""
        async with self._lock(tournament_id):
            self.settling.discard(tournament_id)
            row = await asyncio.to_thread(self.load, tournament_id)
            if not row.tables or row.online.get("over"):
                return
            opened: list[str] = []

            async def change(row: TournamentRow) -> dict[str, Any]:
                games = await asyncio.to_thread(finished_games, self.store, row.tables)
                # a game is entered once: an organiser's later correction of its
                # table's result stays
                before = set(row.online.get("done", ()))
                entered = [(p, t, actions) for i, p, t, actions in games if i not in before]
                state = await self.work(documents.collect, (row.state, entered))
                done = sorted(before | {table_id for table_id, *_ in games})
                online = {**row.online, "done": done}
                values: dict[str, Any] = {"state": state, "online": online}
                if set(done) >= set(row.tables):
                    begun = {position for position, _ in row.tables.values()}
                    waiting = [p for p in range(row.state["positions"]) if p not in begun]
                    if waiting:
                        opened[:], values["tables"] = self._new_tables(row, waiting[0])
                        values["online"] = handed_over(online, waiting[0])
                    else:
                        online["over"] = True
                return values

            await self.rewrite(row, change, opened)

    async def open_position(self, row: TournamentRow, position: int) -> TournamentRow:
        """Open a position's tables by the organiser's hand (once per position)."""
        async with self._lock(row.id):
            opened: list[str] = []

            async def change(row: TournamentRow) -> dict[str, Any]:
                if any(p == position for p, _ in row.tables.values()):
                    raise HTTPRefusal(409, "tournament_position_open", position=position + 1)
                opened[:], tables = self._new_tables(row, position)
                return {"tables": tables, "online": handed_over(row.online, position)}

            return await self.rewrite(row, change, opened)

    @staticmethod
    def _new_tables(row: TournamentRow, position: int) -> tuple[list[str], dict[str, Any]]:
        """New table ids for a position, and the tournament's tables with them."""
        count = row.state["tables"]
        ids = [secrets.token_urlsafe(6).replace("-", "x").replace("_", "y") for _ in range(count)]
        tables = dict(row.tables) | {table_id: [position, t] for t, table_id in enumerate(ids)}
        return ids, tables

    async def _open(self, row: TournamentRow, table_ids: list[str]) -> None:
        """Open these stored tables of the tournament on this server (those not
        open here already: the watch for missing tables may have come first)."""
        entrants = row.online.get("entrants", {})
        for position in sorted({row.tables[table_id][0] for table_id in table_ids}):
            tables = await self.work(documents.position_tables, (row.state, position))
            for table_id in table_ids:
                at, number = row.tables[table_id]
                if at != position or table_id in self.hub.tables:
                    continue
                table = tables[number]
                setup = TableSetup(
                    row.id,
                    tuple(table["boards"]),
                    table["rules"],
                    seat_keys(entrants, table["players"]),
                    lineups=lineup_keys(entrants, table["lineups"]),
                )
                rounds = table.get("rounds", len(setup.boards))  # a libre's deals are free
                duplicate = bool(setup.boards)  # not a tournoi libre's: nobody else watches
                options = table_options(len(table["players"]), setup.rules, rounds, not duplicate)
                self.hub.open_table(table_id, options, setup)

    async def stop(self) -> None:
        """Stop the work under way: a restart takes it up again (``start``)."""
        for task in self.background:
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self.locks.setdefault(tournament_id, asyncio.Lock())

    async def reseat(self, row: TournamentRow) -> None:
        """Give the open tables of the tournament who now holds each place: a player
        who comes late sits at once, or takes their seat from its robot at the next deal;
        one whose place went to another gives the seat up (``Table.reserve``)."""
        setups = await asyncio.to_thread(table_setups, self.store, row.id)
        for table_id, setup in setups.items():
            table = self.hub.tables.get(table_id)
            if table is not None and table.reservation is not None:
                table.submit(None, partial(table.reserve, setup.keys, setup.lineups))

    async def start(self, every: float) -> None:
        """After a (re)start: open the tables stored in a tournament but never opened
        that this server may open (``Hub.claim``), then enter the games that ended
        meanwhile, and go on; look again every ``every`` seconds, for the tables of
        a write whose opening failed, or of a node that died in between. First the
        games an older server started at duplicates under way are marked, to stay
        hidden until their tournament's end (``tournament_privacy``)."""
        try:
            marked = await asyncio.to_thread(mark_games, self.store)
            if marked:
                log.info("tournaments: %d games of duplicates under way now hidden", marked)
        except SQLAlchemyError as error:
            log.error("tournaments: games not marked (%s)", str(error).splitlines()[0])
        for tournament_id in await self._open_missing():
            self.settle_soon(tournament_id)
        self._spawn(self._watch(every))

    async def _watch(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self._open_missing()
            except SQLAlchemyError as error:
                log.error("tournaments: the database failed (%s)", str(error).splitlines()[0])

    async def _open_missing(self) -> list[int]:
        """Open the missing tables this server may open; the tournaments under way."""

        def under_way() -> dict[int, list[str]]:
            with self.store.session() as db:
                rows = db.execute(
                    select(TournamentRow.id, TournamentRow.tables, TournamentRow.online)
                ).all()
            return {
                n: list(tables) for n, tables, online in rows if tables and not online.get("over")
            }

        tournaments = await asyncio.to_thread(under_way)
        for tournament_id, tables in tournaments.items():
            stored = await asyncio.to_thread(stored_tables, self.store, tables)
            missing = [t for t in tables if t not in stored and t not in self.hub.tables]
            if not missing:
                continue
            try:
                claimed = await self.hub.claim(missing)
                if claimed:
                    await self._open(await asyncio.to_thread(self.load, tournament_id), claimed)
            except HTTPRefusal:
                log.exception("tournament %s: its tables cannot be opened", tournament_id)
        return list(tournaments)
