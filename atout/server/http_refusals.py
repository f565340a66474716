"""HTTP refusals: a status with the code and parameters of :mod:`atout.refusals`.

The answer's JSON keeps FastAPI's ``detail`` (the English message, which
clients already show) and adds ``code`` and ``params``, from which the browser
shows the refusal in the reader's language.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, Final

from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Match, Mount

from atout.refusals import Param, Refusal
from atout.refusals_fields import carrying, field_path, field_reason

METHODS: Final = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
"""The methods an ``Allow`` header may name."""


class HTTPRefusal(Refusal):
    """A refused request: its status, code, parameters and extra headers."""

    def __init__(
        self, status: int, code: str, /, headers: Mapping[str, str] | None = None, **params: Param
    ) -> None:
        super().__init__(code, **params)
        self.status = status
        self.headers = dict(headers or {})

    @classmethod
    def of(
        cls, status: int, refusal: Refusal, headers: Mapping[str, str] | None = None
    ) -> HTTPRefusal:
        """``refusal`` (an account's, a name's...) answered with ``status``."""
        made = cls(status, refusal.code, headers)
        made.params = refusal.params
        return made


class _Escaped(JSONResponse):
    """JSON in ASCII: a refusal may repeat what it refuses, and a lone surrogate
    (``"\\ud800"``, valid JSON) cannot be encoded as UTF-8, but escaped it can."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


def response(
    refusal: Refusal, status: int, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The answer refusing a request: ``detail``, ``code`` and ``params``."""
    content = {"detail": str(refusal), "code": refusal.code, "params": refusal.params}
    return _Escaped(content, status, headers=dict(headers or {}))


async def refused(_: Request, error: Exception) -> JSONResponse:
    """The application's handler of HTTPRefusal."""
    assert isinstance(error, HTTPRefusal)
    return response(error, error.status, error.headers)


async def invalid_request(_: Request, error: Exception) -> JSONResponse:
    """A request of the wrong shape (FastAPI's validation), coded as every refusal:
    ``invalid_request`` with the first field at fault and why, never the input.
    Why comes coded too (``rule``, a ``field_*`` code and its parameters:
    :func:`atout.refusals_fields.field_reason`), for a client to word in its
    reader's language; ``reason`` says it in English."""
    assert isinstance(error, RequestValidationError)
    first = error.errors()[0]
    if first["type"] == "json_invalid":  # not JSON at all: as ``unreadable_body`` says it
        return response(Refusal("invalid_request", field="body", reason="unreadable JSON"), 422)
    why = field_reason(first)
    told = Refusal("invalid_request", field=field_path(first), reason=str(why))
    return response(carrying(told, why), 422)


async def unreadable_body(request: Request, error: Exception) -> Response:
    """FastAPI answers a body its JSON reader gives up on (nested too deeply, an
    integer of thousands of digits, bytes that are not UTF-8) with an uncoded 400:
    refused here as any body that is not JSON. An address that names nothing, or
    a method it does not take, is coded too; other HTTP errors pass as they are."""
    assert isinstance(error, HTTPException)
    if isinstance(error.__cause__, ValueError | RecursionError):
        return response(Refusal("invalid_request", field="body", reason="unreadable JSON"), 422)
    if error.status_code == 404:
        return response(Refusal("not_found"), 404, error.headers)
    if error.status_code == 405:
        return response(Refusal("method_not_allowed"), 405, _allow(request, error.headers))
    return await http_exception_handler(request, error)


def _allow(request: Request, headers: Mapping[str, str] | None) -> dict[str, str]:
    """``headers`` with ``Allow`` naming every method the address takes: Starlette
    names only those of the first route whose path matches, so a sheet's address
    (GET, PUT, DELETE) said ``GET`` alone. The web client's files (a mount) say
    their own."""
    routes = [r for r in request.app.router.routes if not isinstance(r, Mount)]
    taken = [
        method
        for method in METHODS
        if any(r.matches({**request.scope, "method": method})[0] is Match.FULL for r in routes)
    ]
    return dict(headers or {}) | ({"Allow": ", ".join(taken)} if taken else {})


def throttled(wait: float, code: str) -> None:
    """Refuse with 429 ``code`` (``too_many_...``, ``{seconds}``, and
    ``Retry-After``) while a throttle says to wait."""
    if wait > 0:
        seconds = math.ceil(wait)
        raise HTTPRefusal(429, code, headers={"Retry-After": str(seconds)}, seconds=seconds)
