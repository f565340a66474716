"""Duplicate tournaments over HTTP: an organiser (account or guest) creates one,
prints its boards and slips, enters each table's results, or opens a position's
tables online (``atout.server.tournament_live``: the next positions then open by
themselves); players (accounts or guests) take their places; anyone with its
number follows the movement, the online tables and the live ranking, and exports
the results.

The work on a tournament (dealing boards, searching a movement, replaying its
results for the ranking) runs in the worker processes (``atout.server.offload``);
the store is read and written in threads. A change is written only over the
version it was computed from, so two at once cannot lose one another.

A change answers a small receipt (:func:`receipt`), not the view: the view of the
new version is pushed to every socket following the tournament, the organiser's
page among them, before the receipt is sent (``Live.rewrite``), encoded once for
all of them; a 60-table tournament's is megabytes, which each answer used to
encode anew and send a second time.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Depends, Header, Query
from fastapi import Path as FastAPIPath
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from sqlalchemy import func, select

from atout.cards import Language
from atout.server import accounts
from atout.server.accounts import Known
from atout.server.clients import encode
from atout.server.http_refusals import HTTPRefusal
from atout.server.libre_routes import libre_routes
from atout.server.members import bearer_token
from atout.server.store import Store, TournamentRow
from atout.server.tournament_arbiter_routes import arbiter_routes
from atout.server.tournament_limits import created_here
from atout.server.tournament_live import Live
from atout.server.tournament_privacy import holders
from atout.text import PlainText, no_controls
from atout.tournament import documents
from atout.tournament.event import Form, MovementKind
from atout.tournament.movement import MAX_TABLES
from atout.tournament.report import csv_text

TournamentId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]
JSON: Final = "application/json"
TOURNAMENTS_PER_MASTER: Final = 100
"""Tournaments one account or guest may keep: each is a stored document."""


class Choices(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: PlainText = Field(min_length=1, max_length=64)
    form: Form = "individual"
    players: Literal[4, 5] = 4
    tables: int | None = Field(default=None, ge=1, le=MAX_TABLES)
    """Tables, five by default (the team match has two: another number is refused)."""
    positions: int | None = Field(default=None, ge=1, le=2 * MAX_TABLES)
    per_position: int | None = Field(default=None, ge=1, le=10)
    names: list[Annotated[str, Field(min_length=1, max_length=32), AfterValidator(no_controls)]] = (
        Field(default_factory=list, max_length=6 * MAX_TABLES)
    )
    movement: MovementKind | None = None
    """None: the form's own (searched for individual, plain for triplettes)."""
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


class Place(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    player: int = Field(ge=1, le=5 * MAX_TABLES)


def tournament_routes(store: Store, live: Live) -> APIRouter:
    router = APIRouter()

    async def caller(authorization: str) -> Known:
        """The account or guest a Bearer token opens (401 otherwise)."""
        token = bearer_token(authorization)
        known = await asyncio.to_thread(accounts.identify, store, token) if token else None
        if known is None:
            raise HTTPRefusal(401, "sign_in_first")
        return known

    async def mine(tournament_id: int, authorization: str) -> TournamentRow:
        key = (await caller(authorization)).key
        row = await asyncio.to_thread(live.load, tournament_id)
        if row.master != key:
            raise HTTPRefusal(403, "not_tournament_master")
        return row

    async def room_for_one_more(key: str) -> None:
        """A 429 refusal when ``key`` keeps as many tournaments as it may."""

        def count() -> int:
            with store.session() as db:
                found = db.scalar(select(func.count()).where(TournamentRow.master == key))
            return int(found or 0)

        if await asyncio.to_thread(count) >= TOURNAMENTS_PER_MASTER:
            raise HTTPRefusal(429, "too_many_tournaments", limit=TOURNAMENTS_PER_MASTER)

    @router.post("/api/tournaments", dependencies=[Depends(created_here)])
    async def create(body: Choices, authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        key = (await caller(authorization)).key
        await room_for_one_more(key)
        choices = body.model_dump() | {"seed": secrets.randbits(32)}
        state = await live.work(documents.create, choices)

        def insert() -> TournamentRow:
            with store.session.begin() as db:
                row = TournamentRow(master=key, name=body.name, state=state, version=1)
                db.add(row)
            return row

        return receipt(await asyncio.to_thread(insert), key)

    @router.get("/api/tournaments")
    async def listing(authorization: Annotated[str, Header()] = "") -> list[dict[str, Any]]:
        """The caller's own tournaments, newest first."""
        key = (await caller(authorization)).key

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

    def yours(row: TournamentRow, key: str) -> dict[str, Any]:
        """What only the caller is told: whether they organise it, the place they hold."""
        held = [
            int(player)
            for player, entrant in row.online.get("entrants", {}).items()
            if entrant["key"] == key
        ]
        return {"master": row.master == key, "me": held[0] if held else None}

    def receipt(row: TournamentRow, key: str) -> dict[str, Any]:
        """What a change answers: the tournament, the version the change made (its
        view comes to the followers, or from ``GET``) and the caller's part."""
        return {"id": row.id, "version": row.version, **yours(row, key)}

    @router.get("/api/tournaments/{tournament_id}")
    async def show(
        tournament_id: TournamentId, authorization: Annotated[str, Header()] = ""
    ) -> Response:
        """The view anyone may read, encoded once per version (``Live.message``):
        serialized per request, a big tournament's megabytes held the loop for
        tenths of a second each; only the caller's part is encoded here."""
        row = await asyncio.to_thread(live.load, tournament_id)
        key = (await caller(authorization)).key if authorization else ""
        public = await live.public_text(row)
        return Response(public[:-1] + "," + encode(yours(row, key))[1:], media_type=JSON)

    @router.post("/api/tournaments/{tournament_id}/results")
    async def enter(
        tournament_id: TournamentId, body: Entry, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Enter one table's result (the organiser only). A play that has one is
        refused 409 ``tournament_result_entered``, as a write over a newer version
        is: a correction goes by ``/adjustments`` (``correct``, with its reason),
        so that two organisers, or a page that had not heard of the first result,
        never replace one without a trace. Checked in the worker over the version
        written, so two entries of one play at once cannot both pass."""
        row = await mine(tournament_id, authorization)
        entry = body.model_dump()

        async def change(row: TournamentRow) -> dict[str, Any]:
            try:
                return {"state": await live.work(documents.record, (row.state, entry))}
            except HTTPRefusal as refused:
                if refused.code == "tournament_result_entered":
                    refused.status = 409
                raise

        return receipt(await live.rewrite(row, change), row.master)

    @router.post("/api/tournaments/{tournament_id}/online")
    async def online(
        tournament_id: TournamentId, body: Online, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Open the tables of a position online (the organiser only; once per position)."""
        row = await mine(tournament_id, authorization)
        if body.position > row.state["positions"]:
            raise HTTPRefusal(422, "tournament_positions", most=row.state["positions"])
        return receipt(await live.open_position(row, body.position - 1), row.master)

    @router.post("/api/tournaments/{tournament_id}/places")
    async def take_place(
        tournament_id: TournamentId, body: Place, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Hold a player's place (the caller's account or guest identity): a free one,
        or, before the first position opens, another than one's own."""
        known = await caller(authorization)
        row = await asyncio.to_thread(live.load, tournament_id)

        async def change(row: TournamentRow) -> dict[str, Any]:
            if body.player > len(row.state["names"]):
                raise HTTPRefusal(422, "tournament_no_place", player=body.player)
            entrants = dict(row.online.get("entrants", {}))
            held = entrants.get(str(body.player))
            if body.player in row.online.get("robots", ()):
                raise HTTPRefusal(409, "tournament_place_robot", player=body.player)
            if held is not None and held["key"] != known.key:
                raise HTTPRefusal(409, "tournament_place_taken", player=body.player)
            own = [p for p, entrant in entrants.items() if entrant["key"] == known.key]
            if own and own != [str(body.player)]:
                if row.tables:
                    raise HTTPRefusal(409, "tournament_started")
                del entrants[own[0]]
            identity = known.identity
            entrants[str(body.player)] = {
                "key": known.key,
                "name": identity.name,
                "user": identity.user_id,
            }
            return {"online": {**row.online, "entrants": entrants}}

        row = await live.rewrite(row, change)
        await live.reseat(row)
        return receipt(row, known.key)

    @router.post("/api/tournaments/{tournament_id}/leave")
    async def leave_place(
        tournament_id: TournamentId, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Give one's place up, before the first position opens."""
        known = await caller(authorization)
        row = await asyncio.to_thread(live.load, tournament_id)

        async def change(row: TournamentRow) -> dict[str, Any]:
            entrants = dict(row.online.get("entrants", {}))
            own = [p for p, entrant in entrants.items() if entrant["key"] == known.key]
            if not own:
                raise HTTPRefusal(404, "tournament_no_place_held")
            if row.tables:
                raise HTTPRefusal(409, "tournament_started")
            del entrants[own[0]]
            return {"online": {**row.online, "entrants": entrants}}

        return receipt(await live.rewrite(row, change), known.key)

    @router.get("/api/tournaments/{tournament_id}/print/{what}")
    async def printable(
        tournament_id: TournamentId,
        what: Literal["boards", "slips"],
        authorization: Annotated[str, Header()] = "",
        lang: Annotated[Language, Query()] = "en",
    ) -> HTMLResponse:
        """The boards (with their cards) or the slips as a page to print (the organiser
        only), in the page's language (``lang``; English by default). An organiser who
        holds a place is a player: the boards wait for the tournament's end (403
        ``tournament_boards_player``, ``tournament_privacy``)."""
        row = await mine(tournament_id, authorization)
        if what == "boards" and row.master in holders(row.online) and not row.online.get("over"):
            raise HTTPRefusal(403, "tournament_boards_player")
        return HTMLResponse(await live.work(documents.printout, (row.state, what, lang)))

    @router.get("/api/tournaments/{tournament_id}/export")
    async def export(
        tournament_id: TournamentId,
        what: Annotated[Literal["ranking", "results", "adjustments"], Query()] = "results",
        format: Annotated[Literal["csv", "json"], Query()] = "csv",
    ) -> Any:
        row = await asyncio.to_thread(live.load, tournament_id)
        public = await live.public(row)
        if what not in public:  # a tournoi libre's: the arbiter adjusts duplicates only
            raise HTTPRefusal(422, "tournament_libre_adjustments")
        rows = public[what]
        if format == "json":
            return rows
        columns = [] if rows else await live.work(documents.export_columns, (row.state, what))
        name = f"tournament-{tournament_id}-{what}.csv"
        return PlainTextResponse(
            csv_text(rows, columns),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    router.include_router(libre_routes(store, live, caller, mine, receipt, room_for_one_more))
    router.include_router(arbiter_routes(store, live, caller, mine, receipt, room_for_one_more))
    return router
