"""The organiser's routes as arbiter: adjustments of the ranking, players moved or
replaced online, and the next session of a tournament (docs/protocol.md).

Only the tournament's organiser may call them. Each change is computed in a
worker and written over the version it was computed from (``Live.rewrite``),
then pushed to the followers; a refusal (a code, docs/protocol.md) changes
nothing.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header
from fastapi import Path as FastAPIPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import update

from atout.server.accounts import Known
from atout.server.http_refusals import HTTPRefusal
from atout.server.store import Store, TournamentRow
from atout.server.tournament_live import WRITE_TRIES, Live
from atout.server.tournament_places import reseated
from atout.text import PlainText
from atout.tournament import documents
from atout.tournament.movement import MAX_TABLES

TournamentId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]
Caller = Callable[[str], Awaitable[Known]]
Mine = Callable[[int, str], Awaitable[TournamentRow]]
Receipt = Callable[[TournamentRow, str], dict[str, Any]]
Room = Callable[[str], Awaitable[None]]
Percent = Annotated[float, Field(ge=0, le=100)]


class AdjustmentRequest(BaseModel):
    """One adjustment; the fields its kind reads (atout.tournament.adjustments)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["cancel", "score", "penalty", "correct"]
    reason: PlainText = Field(min_length=1, max_length=200)
    table: int | None = Field(default=None, ge=1, le=MAX_TABLES)
    board: int | None = Field(default=None, ge=1, le=20 * MAX_TABLES)
    position: int | None = Field(default=None, ge=1, le=2 * MAX_TABLES)
    attack_note: Percent | None = None
    defence_note: Percent | None = None
    score: int | None = Field(default=None, ge=-10_000, le=10_000)
    entrant: int | None = Field(default=None, ge=1, le=6 * MAX_TABLES)
    amount: float | None = Field(default=None, gt=0, le=1000)
    deal: dict[str, Any] | None = None
    attacker: int | None = Field(default=None, ge=1, le=6 * MAX_TABLES)


class Seating(BaseModel):
    """The organiser's change of a place online: ``free`` gives it up (for a
    substitute to take), ``robot`` gives it to a robot for good, ``move`` puts its
    player in the free place ``to``; ``from_position``: not at once but when that
    position opens (free and robot)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal["free", "robot", "move"]
    player: int = Field(ge=1, le=5 * MAX_TABLES)
    to: int | None = Field(default=None, ge=1, le=5 * MAX_TABLES)
    from_position: int | None = Field(default=None, ge=1, le=2 * MAX_TABLES)


def arbiter_routes(
    store: Store, live: Live, caller: Caller, mine: Mine, receipt: Receipt, room: Room
) -> APIRouter:
    """The routes; ``caller``, ``mine``, ``receipt`` and ``room`` are the duplicate
    routes' (who calls, the organiser's tournament, what a change answers, the
    organiser's bound on kept tournaments)."""
    router = APIRouter()

    def answer(row: TournamentRow) -> dict[str, Any]:
        return receipt(row, row.master)

    @router.post("/api/tournaments/{tournament_id}/adjustments")
    async def adjust(
        tournament_id: TournamentId,
        body: AdjustmentRequest,
        authorization: Annotated[str, Header()] = "",
    ) -> dict[str, Any]:
        """Make an adjustment (the organiser only)."""
        row = await mine(tournament_id, authorization)
        known = await caller(authorization)
        request = _stored_form(body, known)

        async def change(row: TournamentRow) -> dict[str, Any]:
            return {"state": await live.work(documents.adjust, (row.state, request))}

        return answer(await live.rewrite(row, change))

    @router.post("/api/tournaments/{tournament_id}/adjustments/{number}/revoke")
    async def revoke(
        tournament_id: TournamentId,
        number: Annotated[int, FastAPIPath(ge=1, le=10_000)],
        authorization: Annotated[str, Header()] = "",
    ) -> dict[str, Any]:
        """Undo an adjustment (the organiser only)."""
        row = await mine(tournament_id, authorization)

        async def change(row: TournamentRow) -> dict[str, Any]:
            return {"state": await live.work(documents.revoke, (row.state, number))}

        return answer(await live.rewrite(row, change))

    @router.post("/api/tournaments/{tournament_id}/seating")
    async def seating(
        tournament_id: TournamentId, body: Seating, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Move or replace a player online (the organiser only): the open tables
        follow at once (the seat given up goes to a robot until its player comes)."""
        row = await mine(tournament_id, authorization)

        async def change(row: TournamentRow) -> dict[str, Any]:
            begun = {position for position, _ in row.tables.values()}
            change = (body.action, body.player, body.to, body.from_position)
            counts = (len(row.state["names"]), row.state["positions"])
            return {"online": reseated(row.online, counts, begun, change)}

        row = await live.rewrite(row, change)
        await live.reseat(row)
        return answer(row)

    @router.post("/api/tournaments/{tournament_id}/next-session")
    async def next_session(
        tournament_id: TournamentId, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """The next session (the organiser only): a new tournament with the same
        entrants and movement, new boards, the same players holding their places.
        A session has one next: asked again (a double click, two tabs), the one
        made is the answer."""
        row = await mine(tournament_id, authorization)
        for _ in range(WRITE_TRIES):
            if "next" in row.online:
                return answer(await asyncio.to_thread(live.load, row.online["next"]))
            await room(row.master)
            state = await live.work(documents.next_session, (row.state, secrets.randbits(32)))
            try:
                return answer(await asyncio.to_thread(insert, row, state))
            except _Changed:
                row = await asyncio.to_thread(live.load, tournament_id)
        raise HTTPRefusal(409, "tournament_busy")

    def insert(row: TournamentRow, state: dict[str, Any]) -> TournamentRow:
        """The next session stored, and named on ``row`` in the same write over the
        version it was read at (``_Changed``, nothing written, if it changed since)."""
        sessions = [*row.online.get("sessions", [row.id])]
        online = {"entrants": row.online.get("entrants", {}), "sessions": sessions}
        online |= {"robots": row.online.get("robots", [])}
        with store.session.begin() as db:
            new = TournamentRow(master=row.master, name=row.name, state=state, version=1)
            db.add(new)
            db.flush()
            new.online = {**online, "sessions": [*sessions, new.id]}
            marked = db.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.version == row.version)
                .values(version=row.version + 1, online={**row.online, "next": new.id})
            )
            if not marked.rowcount:  # type: ignore[attr-defined]
                raise _Changed
        return new

    @router.get("/api/tournaments/{tournament_id}/sessions")
    async def sessions(tournament_id: TournamentId) -> dict[str, Any]:
        """The ranking over the sessions this one belongs to (each up to this one)."""
        row = await asyncio.to_thread(live.load, tournament_id)
        chain = [n for n in row.online.get("sessions", [row.id]) if n <= row.id]
        rows = [await asyncio.to_thread(live.load, n) for n in chain]
        ranking = await live.work(documents.series, [r.state for r in rows])
        return {"sessions": chain, "ranking": ranking}

    return router


class _Changed(Exception):
    """The tournament changed since it was read: the write is undone."""


def _stored_form(body: AdjustmentRequest, known: Known) -> dict[str, Any]:
    """The request in the stored form of an adjustment (numbers as exact decimals)."""
    request: dict[str, Any] = {
        "kind": body.kind,
        "reason": body.reason,
        "by": known.key,
        "by_name": known.identity.name,
    }
    if body.kind != "penalty" and body.table is not None and body.board is not None:
        request |= {"table": body.table, "board": body.board}
        if body.position is not None:
            request["position"] = body.position
    for name in ("attack_note", "defence_note", "amount"):
        value = getattr(body, name)
        if value is not None:
            request[name] = str(Fraction(str(value)))
    for name in ("score", "deal", "attacker"):
        if getattr(body, name) is not None:
            request[name] = getattr(body, name)
    if body.kind == "penalty":
        if body.entrant is not None:
            request["entrant"] = body.entrant
        if body.board is not None:
            request["board"] = body.board
    return request
