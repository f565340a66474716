"""Endpoints for whoever runs the server: health checks for a proxy or a
supervisor, and metrics for Prometheus.

They answer on the event loop (``async``) from what the process already knows,
never from the database: a held lock or a full disk keeps the request threads
busy, and that is when a health check matters most.
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST

from atout.server.metrics import Metrics
from atout.server.writer import Writer


class Readiness:
    """Whether the server should get traffic: started, not stopping, and able to store."""

    def __init__(self, writer: Writer) -> None:
        self.writer = writer
        self.phase: Literal["starting", "serving", "stopping"] = "starting"

    def reason(self) -> str | None:
        """Why the server is not ready, or None when it is."""
        if self.phase == "starting":
            return "starting: tables are being rebuilt"
        if self.phase == "stopping":
            return "stopping"
        if not self.writer.running:
            return "the store's writer has stopped"
        if self.writer.failing:
            return "store writes are failing (database locked, disk full or lease lost)"
        return None


def ops_routes(readiness: Readiness, metrics: Metrics) -> APIRouter:
    router = APIRouter()

    @router.get("/health/live")
    async def live() -> dict[str, str]:
        """The process answers."""
        return {"status": "live"}

    @router.get("/health/ready")
    async def ready() -> JSONResponse:
        """200 when the server serves and stores; 503 with the reason otherwise."""
        reason = readiness.reason()
        if reason is None:
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "unavailable", "reason": reason}, 503)

    @router.get("/metrics")
    async def exposition() -> Response:
        """Prometheus text format; read on the loop, which owns the hub's state."""
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return router
