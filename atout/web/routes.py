"""The web client's endpoints. One deal as a person writes it down in, each seat's score out,
computed by the project's French scoring (the same validation as ``atout score``;
whole score sheets are ``atout.server.sheet_routes``), so no rule is ever
re-implemented in JavaScript. Replays: a finished game's record in, every step's full view out.
Refusals: the catalogue of their messages, the one the terminal and the server use.
Request bodies are bounded before they are read (``atout.server.limits``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from atout.record_format import record_refusal
from atout.refusals import CATALOGUE_PATH
from atout.server.http_refusals import HTTPRefusal
from atout.server.public_jobs import run_public
from atout.sheet import InputError, score_text
from atout.web.replays import replay_steps

router = APIRouter()


@router.get("/api/refusals")
async def refusals() -> FileResponse:
    """Every refusal's English and French message by its code (``atout/refusals.json``):
    the browser shows a refused move or sign-in in the page's language from it."""
    return FileResponse(CATALOGUE_PATH, media_type="application/json")


@router.post("/api/score")
async def score(request: Request) -> dict[str, Any]:
    """One deal's JSON (``atout score``'s input) in; scores and breakdown out.

    Bad input answers 422 ``sheet_invalid`` naming the field, its reason coded (a
    field's fault, an option or a rule of the game broken), as a score sheet's
    deal is refused and as the command words it (``InputError.refusal``).
    """
    body = await request.body()
    try:
        data, result = score_text(body.decode("utf-8", errors="replace"))
    except InputError as error:
        raise HTTPRefusal.of(422, error.refusal()) from None
    return {
        "players": data.players,
        "contract": data.contract,
        "scores": list(result.scores),
        "made": result.made,
        "breakdown": dict(result.breakdown),
    }


@router.post("/api/replay")
async def replay(request: Request) -> Response:
    """A finished game's record (as ``GET /api/games/{id}`` gives it) in; the
    all-seeing view after each action out (see ``atout.web.replays``), computed
    in a worker process so that a long record never holds up the server."""
    record = (await request.body()).decode("utf-8", errors="replace")
    try:
        steps = await run_public(request, replay_steps, record)
    except ValueError as error:  # RecordError is one: coded, for the page's language
        raise HTTPRefusal.of(422, record_refusal(error)) from None
    return Response(steps, media_type="application/json")
