"""Duplicate tournaments over HTTP: an organiser (account or guest) creates one,
prints its boards and slips, enters each table's results, or opens a position's
tables online (server tables dealing the boards at the imposed Garde, robots in
the seats nobody takes), whose games' results come in as they end; anyone with
its number follows the movement, the online tables and the live ranking, and
exports the results.

The work on a tournament (dealing boards, searching a movement, replaying its
results for the ranking) runs in the worker processes (``atout.server.offload``);
the store is read and written in threads. A result is written only over the
version it was computed from, so two entries at once cannot lose one another.
The public view is computed once per version and kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Final, Literal, TypeVar

from fastapi import APIRouter, Header, Query
from fastapi import Path as FastAPIPath
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select, update

from atout.server import accounts, offload
from atout.server.http_refusals import HTTPRefusal
from atout.server.hub import Hub
from atout.server.store import Store, TournamentRow
from atout.server.tournament_tables import finished_count, finished_games, table_options
from atout.tournament import documents
from atout.tournament.boards import TournamentError
from atout.tournament.event import Form, MovementKind
from atout.tournament.movement import MAX_TABLES
from atout.tournament.report import csv_text

Argument = TypeVar("Argument")
Result = TypeVar("Result")
TournamentId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]
VIEWS_KEPT: Final = 256
WRITE_TRIES: Final = 3
TOURNAMENTS_PER_MASTER: Final = 100
"""Tournaments one account or guest may keep: each is a stored document."""


class Choices(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=64)
    form: Form = "individual"
    players: Literal[4, 5] = 4
    tables: int = Field(ge=1, le=MAX_TABLES)
    """Tables (the team match: not read, it has two)."""
    positions: int | None = Field(default=None, ge=1, le=2 * MAX_TABLES)
    per_position: int | None = Field(default=None, ge=1, le=10)
    names: list[Annotated[str, Field(min_length=1, max_length=32)]] = Field(
        default_factory=list, max_length=6 * MAX_TABLES
    )
    movement: MovementKind = "plain"
    team_sizes: list[Annotated[int, Field(ge=1, le=10)]] = Field(default_factory=list, max_length=2)


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    table: int = Field(ge=1, le=MAX_TABLES)
    board: int = Field(ge=1, le=20 * MAX_TABLES)
    position: int | None = Field(default=None, ge=1, le=2 * MAX_TABLES)
    attacker: int | None = Field(default=None, ge=1, le=6 * MAX_TABLES)
    deal: dict[str, Any]


class Online(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    position: int = Field(ge=1, le=MAX_TABLES)


def tournament_routes(store: Store, hub: Hub) -> APIRouter:
    router = APIRouter()
    views: dict[tuple[int, int], dict[str, Any]] = {}
    entered: dict[int, int] = {}
    """Finished online games whose results each tournament holds, as last counted."""

    async def caller(authorization: str) -> str:
        """The key of the account or guest a Bearer token opens (401 otherwise)."""
        token = authorization.removeprefix("Bearer ")
        known = await asyncio.to_thread(accounts.identify, store, token) if token else None
        if known is None:
            raise HTTPRefusal(401, "sign_in_first")
        return known.key

    async def work(job: Callable[[Argument], Result], argument: Argument) -> Result:
        try:
            return await offload.workers.run(job, argument)
        except TournamentError as refused:
            raise HTTPRefusal.of(422, refused) from None
        except offload.Busy as busy:
            raise HTTPRefusal.of(503, busy, {"Retry-After": "1"}) from None

    def load(tournament_id: int) -> TournamentRow:
        with store.session() as db:
            row = db.get(TournamentRow, tournament_id)
        if row is None:
            raise HTTPRefusal(404, "no_tournament")
        return row

    async def mine(tournament_id: int, authorization: str) -> TournamentRow:
        key = await caller(authorization)
        row = await asyncio.to_thread(load, tournament_id)
        if row.master != key:
            raise HTTPRefusal(403, "not_tournament_master")
        return row

    async def public(row: TournamentRow) -> dict[str, Any]:
        cached = views.get((row.id, row.version))
        if cached is None:
            cached = await work(documents.view, row.state)
            if len(views) >= VIEWS_KEPT:
                views.pop(next(iter(views)))
            views[row.id, row.version] = cached
        online = [
            {"table_id": table_id, "position": position + 1, "table": table + 1}
            for table_id, (position, table) in sorted(row.tables.items(), key=lambda i: i[1])
        ]
        return {"id": row.id, "name": row.name, "version": row.version, "online": online, **cached}

    def save(
        row: TournamentRow, state: dict[str, Any], tables: dict[str, Any] | None = None
    ) -> bool:
        """Write over the version ``row`` was read at; False if it changed meanwhile."""
        values: dict[str, Any] = {"state": state, "version": row.version + 1}
        if tables is not None:
            values["tables"] = tables
        with store.session.begin() as db:
            done = db.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.version == row.version)
                .values(**values)
            )
        return bool(done.rowcount)  # type: ignore[attr-defined]

    async def rewrite(
        row: TournamentRow, change: Callable[[TournamentRow], Awaitable[dict[str, Any]]]
    ) -> TournamentRow:
        """Write ``change``'s new state over the version it was computed from, computing
        it again from the newer one if the tournament changed meanwhile; the row after."""
        for _ in range(WRITE_TRIES):
            state = await change(row)
            if state == row.state or await asyncio.to_thread(save, row, state):
                return await asyncio.to_thread(load, row.id)
            row = await asyncio.to_thread(load, row.id)
        raise HTTPRefusal(409, "tournament_busy")

    async def with_finished_games(row: TournamentRow) -> TournamentRow:
        """The row with the results of its online tables' games entered, once more of
        them have finished than were entered: the ranking moves as games end."""
        if not row.tables:
            return row
        finished = await asyncio.to_thread(finished_count, store, row.tables)
        if entered.get(row.id) == finished:
            return row

        async def collect(row: TournamentRow) -> dict[str, Any]:
            games = await asyncio.to_thread(finished_games, store, row.tables)
            return await work(documents.collect, (row.state, games))

        row = await rewrite(row, collect)
        if len(entered) >= VIEWS_KEPT:
            entered.pop(next(iter(entered)))
        entered[row.id] = finished
        return row

    @router.post("/api/tournaments")
    async def create(body: Choices, authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        key = await caller(authorization)

        def count() -> int:
            with store.session() as db:
                found = db.scalar(select(func.count()).where(TournamentRow.master == key))
            return int(found or 0)

        if await asyncio.to_thread(count) >= TOURNAMENTS_PER_MASTER:
            raise HTTPRefusal(429, "too_many_tournaments", limit=TOURNAMENTS_PER_MASTER)
        choices = body.model_dump() | {"seed": secrets.randbits(32)}
        state = await work(documents.create, choices)

        def insert() -> TournamentRow:
            with store.session.begin() as db:
                row = TournamentRow(master=key, name=body.name, state=state, version=1)
                db.add(row)
            return row

        row = await asyncio.to_thread(insert)
        return await public(row) | {"master": True}

    @router.get("/api/tournaments")
    async def listing(authorization: Annotated[str, Header()] = "") -> list[dict[str, Any]]:
        """The caller's own tournaments, newest first."""
        key = await caller(authorization)

        def rows() -> list[dict[str, Any]]:
            with store.session() as db:
                found = db.execute(
                    select(TournamentRow.id, TournamentRow.name, TournamentRow.created)
                    .where(TournamentRow.master == key)
                    .order_by(TournamentRow.id.desc())
                    .limit(100)
                ).all()
            return [{"id": i, "name": n, "created": c} for i, n, c in found]

        return await asyncio.to_thread(rows)

    @router.get("/api/tournaments/{tournament_id}")
    async def show(
        tournament_id: TournamentId, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        row = await asyncio.to_thread(load, tournament_id)
        master = False
        if authorization:
            master = row.master == await caller(authorization)
        with contextlib.suppress(HTTPRefusal):  # busy now: the next look will enter them
            row = await with_finished_games(row)
        return await public(row) | {"master": master}

    @router.post("/api/tournaments/{tournament_id}/results")
    async def enter(
        tournament_id: TournamentId, body: Entry, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Enter or correct one table's result (the organiser only)."""
        row = await mine(tournament_id, authorization)
        entry = body.model_dump()
        row = await rewrite(row, lambda row: work(documents.record, (row.state, entry)))
        return await public(row) | {"master": True}

    @router.post("/api/tournaments/{tournament_id}/online")
    async def online(
        tournament_id: TournamentId, body: Online, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Open the tables of a position online (the organiser only; once per position)."""
        row = await mine(tournament_id, authorization)
        position = body.position - 1
        if position >= row.state["positions"]:
            raise HTTPRefusal(422, "tournament_positions", most=row.state["positions"])
        if any(p == position for p, _ in row.tables.values()):
            raise HTTPRefusal(409, "tournament_position_open", position=body.position)
        tables = dict(row.tables)
        for table, boards in await work(documents.position_boards, (row.state, position)):
            options = table_options(row.state["players"], len(boards))
            tables[hub.open_table(options, boards)] = [position, table]
        if not await asyncio.to_thread(save, row, row.state, tables):
            raise HTTPRefusal(409, "tournament_busy")
        row = await asyncio.to_thread(load, tournament_id)
        return await public(row) | {"master": True}

    @router.get("/api/tournaments/{tournament_id}/print/{what}")
    async def printable(
        tournament_id: TournamentId,
        what: Literal["boards", "slips"],
        authorization: Annotated[str, Header()] = "",
    ) -> HTMLResponse:
        """The boards (with their cards) or the slips as a page to print (the organiser only)."""
        row = await mine(tournament_id, authorization)
        return HTMLResponse(await work(documents.printout, (row.state, what)))

    @router.get("/api/tournaments/{tournament_id}/export")
    async def export(
        tournament_id: TournamentId,
        what: Annotated[Literal["ranking", "results"], Query()] = "results",
        format: Annotated[Literal["csv", "json"], Query()] = "csv",
    ) -> Any:
        row = await asyncio.to_thread(load, tournament_id)
        rows = (await public(row))[what]
        if format == "json":
            return rows
        name = f"tournament-{tournament_id}-{what}.csv"
        return PlainTextResponse(
            csv_text(rows),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    return router
