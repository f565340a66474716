"""The strong robot's reviews of finished games, run in background worker processes.

A review costs seconds to minutes of CPU (``bench/analysis.py``), so the page asks
for it (``POST /api/analysis``: a record, as ``GET /api/games/{id}`` gives it or as
a player uploads it, and a seat) and is answered at once with the key to ask for
the result by (``GET /api/analysis/{key}``) while a worker computes it. The
workers are niced processes of their own (``atout.server.offload``), so reviews
never hold up replays or the tables; a bounded number of reviews may wait, and one
more is refused (503), and a client address has one review under way at a
time (429: one address once took every place for minutes). Results are stored
by the digest of the record, seat and budget: asking again for the same review
costs nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any, Final

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from atout.analysis.review import DEFAULT_DEALS, Unreviewable, review_record
from atout.record_files import read_log
from atout.record_format import record_refusal
from atout.records import Record, RecordError
from atout.server.http_refusals import HTTPRefusal
from atout.server.offload import PUBLIC_JOBS_PER_HOLDER, Busy, Workers
from atout.server.store import AnalysisRow, Store, storable

log = logging.getLogger(__name__)
SEED: Final = 0
"""The seed every review samples from: one record, seat and budget, one review."""
workers = Workers(processes=1, waiting=3)
"""This process's workers for reviews (apart from the replays')."""


class Asked(BaseModel):
    """A review asked for: the record, the seat, and the stored game it is, if any."""

    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any] | str
    """A log record as an object, or any record form's text (docs/records.md)."""
    seat: int = Field(ge=0, le=4)
    game_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    """Kept as given, unchecked; one no game can have (``storable``) is kept as none."""


def failure(error: ValueError) -> dict[str, Any]:
    """Why a review failed, as stored and sent: its refusal's ``code`` and ``params``,
    for the page to word in its language, and ``error`` its English message (all a
    row stored before the codes holds, which the page then shows as it is)."""
    why = error.why if isinstance(error, Unreviewable) else record_refusal(error)
    return {"error": str(why), "code": why.code, "params": why.params}


def digest(record: Record, seat: int, deals: int) -> str:
    """The key of a review: the record's game (not its free ``meta``), seat and budget."""
    game = {**record.to_dict(), "meta": {}}
    text = json.dumps([game, seat, deals, SEED], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


running: dict[str, asyncio.Task[None]] = {}
"""The reviews under way, by key."""
asked_from: dict[str, str] = {}
"""The client address each review under way was asked from, by key (not for an
address the server trusts, ``Guards.exempt``)."""


async def stop() -> None:
    """Stop the reviews under way (asked again, they start over) and their workers."""
    for task in list(running.values()):
        task.cancel()
    await workers.stop(kill=True)


def analysis_routes(store: Store, deals: int = DEFAULT_DEALS) -> APIRouter:
    """The review endpoints (``deals`` sampled deals per decision), storing their
    results in ``store``."""
    router = APIRouter()

    def load(key: str) -> dict[str, Any] | None:
        with store.session() as db:
            row = db.get(AnalysisRow, key)
            if row is None:
                return None
            return {"key": key, "seat": row.seat, "status": row.status, "analysis": row.result}

    def save(key: str, game_id: int | None, seat: int, status: str, result: Any) -> None:
        with store.session() as db:
            row = db.get(AnalysisRow, key)
            if row is None:
                row = AnalysisRow(key=key, game_id=game_id, seat=seat)
                db.add(row)
            row.status, row.result = status, result
            db.commit()

    def forget(key: str) -> None:
        with store.session() as db:
            row = db.get(AnalysisRow, key)
            if row is not None:
                db.delete(row)
                db.commit()

    async def review(key: str, record: Record, seat: int) -> None:
        try:
            try:
                result = await workers.run(review_record, (record.to_json(), seat, deals, SEED))
                await asyncio.to_thread(save, key, None, seat, "done", result)
            except (RecordError, ValueError) as error:
                await asyncio.to_thread(save, key, None, seat, "failed", failure(error))
            except Busy:  # the worker died: the review may be asked for again
                await asyncio.to_thread(forget, key)
        except Exception:
            log.exception("review %s failed", key)
        finally:
            running.pop(key, None)
            asked_from.pop(key, None)

    @router.post("/api/analysis", status_code=202)
    async def ask(asked: Asked, request: Request) -> dict[str, Any]:
        """Start the review of a finished game for one seat, or give the stored one."""
        try:
            if isinstance(asked.record, str):  # read and checked on the engine: a worker's job
                record = await workers.run(read_log, asked.record)
            else:
                record = Record.from_dict(asked.record)
        except Busy:
            raise HTTPRefusal(503, "server_busy", {"Retry-After": "10"}) from None
        except ValueError as error:  # RecordError, or text that is not a record
            raise HTTPRefusal(422, "bad_record", reason=str(error)[:200]) from None
        if asked.seat >= record.players:
            raise HTTPRefusal(422, "analysis_seat", seat=asked.seat, players=record.players)
        key = digest(record, asked.seat, deals)
        known = await asyncio.to_thread(load, key)
        if known is not None and (known["status"] != "running" or key in running):
            return known
        holder = request.app.state.hub.guards.holder(request)
        if holder is not None and list(asked_from.values()).count(holder) >= PUBLIC_JOBS_PER_HOLDER:
            raise HTTPRefusal(429, "analyses_at_once", {"Retry-After": "10"})
        if len(running) >= workers.processes + workers.waiting:
            raise HTTPRefusal(503, "server_busy", {"Retry-After": "10"})
        game_id = asked.game_id if asked.game_id is not None and storable(asked.game_id) else None
        if holder is not None:
            asked_from[key] = holder
        await asyncio.to_thread(save, key, game_id, asked.seat, "running", None)
        running[key] = asyncio.create_task(review(key, record, asked.seat))
        return {"key": key, "seat": asked.seat, "status": "running", "analysis": None}

    @router.get("/api/analysis/{key}")
    def result(key: str = Path(pattern=r"^[0-9a-f]{64}$")) -> dict[str, Any]:
        """A review's state: running, done (with the review) or failed (with why)."""
        found = load(key)
        if found is None:
            raise HTTPRefusal(404, "no_analysis")
        return found

    return router
