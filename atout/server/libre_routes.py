"""The tournoi libre over HTTP: an organiser creates one (stored in the tournaments'
table, as a duplicate one is), enters each table's sheet per position, and prints
the table plan and the slips; anyone with its number follows it through the
duplicate's routes (``GET /api/tournaments/ID``, the export, the websocket), whose
documents answer for both kinds (:func:`atout.tournament.documents.view`).

The work (drawing the plan, scoring sheets, ranking) runs in the worker processes.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query
from fastapi import Path as FastAPIPath
from fastapi.responses import HTMLResponse

from atout.cards import Language
from atout.server.accounts import Known
from atout.server.http_refusals import HTTPRefusal
from atout.server.store import Store, TournamentRow
from atout.server.tournament_limits import created_here
from atout.server.tournament_live import Live
from atout.tournament import libre_state
from atout.tournament.libre_state import LibreChoices, TableEntry

TournamentId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]
Caller = Callable[[str], Awaitable[Known]]
Mine = Callable[[int, str], Awaitable[TournamentRow]]
Receipt = Callable[[TournamentRow, str], dict[str, Any]]


def libre_routes(
    store: Store,
    live: Live,
    caller: Caller,
    mine: Mine,
    receipt: Receipt,
    room: Callable[[str], Awaitable[None]],
) -> APIRouter:
    """The routes; ``caller``, ``mine``, ``receipt`` and ``room`` are the duplicate
    routes' (who calls, the organiser's tournament, what a change answers, the
    organiser's bound on kept tournaments)."""
    router = APIRouter()

    @router.post("/api/tournaments/libre", dependencies=[Depends(created_here)])
    async def create(
        body: LibreChoices, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        key = (await caller(authorization)).key
        await room(key)
        choices = body.model_dump() | {"seed": secrets.randbits(32)}
        state = await live.work(libre_state.create, choices)
        name = body.name or "Tournoi libre"

        def insert() -> TournamentRow:
            with store.session.begin() as db:
                row = TournamentRow(master=key, name=name, state=state, version=1)
                db.add(row)
            return row

        return receipt(await asyncio.to_thread(insert), key)

    @router.post("/api/tournaments/{tournament_id}/sheets")
    async def enter(
        tournament_id: TournamentId, body: TableEntry, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, Any]:
        """Enter or correct one table's sheet at one position (the organiser only)."""
        row = await mine(tournament_id, authorization)
        if not libre_state.is_libre(row.state):
            raise HTTPRefusal(422, "tournament_not_libre")
        entry = body.model_dump(exclude_none=True)

        async def change(row: TournamentRow) -> dict[str, Any]:
            return {"state": await live.work(libre_state.record, (row.state, entry))}

        return receipt(await live.rewrite(row, change), row.master)

    @router.get("/api/tournaments/{tournament_id}/libre/{what}")
    async def printable(
        tournament_id: TournamentId,
        what: Literal["plan", "slips"],
        lang: Annotated[Language, Query()] = "en",
    ) -> HTMLResponse:
        """The table plan or the score slips as a page to print (no secret: anyone),
        in the page's language (``lang``; English by default)."""
        row = await asyncio.to_thread(live.load, tournament_id)
        if not libre_state.is_libre(row.state):
            raise HTTPRefusal(422, "tournament_not_libre")
        return HTMLResponse(await live.work(libre_state.printout, (row.state, what, lang)))

    return router
