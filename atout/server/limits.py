"""What the HTTP endpoints refuse rather than suffer: a request body over its
size limit (413, before it is read whole), and storage trouble (503, try again,
rather than a server error).

A body used to be read whole before anything looked at its size: a 200 MiB
upload was taken into memory. Now a declared length over the limit is refused
without reading a byte, and a streamed (chunked) body as soon as it passes the
limit; the refusal closes the connection, so the rest is never read.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Final

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atout.refusals import Refusal
from atout.server.http_refusals import response

BODY_LIMIT: Final = 1 << 20
"""Bytes a request body may have: credentials or a score sheet's deal take a few hundred."""

REPLAY_BODY_LIMIT: Final = 2 << 20
"""Bytes of a record sent to ``/api/replay``: a long real game (200 deals) takes about 210 KiB."""

AVATAR_BODY_LIMIT: Final = 16 << 20
"""Bytes of an image uploaded as an avatar: a phone's photo as it comes (3 to 12 MB
at 12 megapixels), made small once received (``atout.server.avatars``)."""

AVATAR_PATH: Final = "/api/avatar"
PATH_LIMITS: Final[Mapping[str, int]] = {
    "/api/replay": REPLAY_BODY_LIMIT,
    AVATAR_PATH: AVATAR_BODY_LIMIT,
}

log = logging.getLogger(__name__)


class _TooLarge(Exception):
    """Ends the application's handling of a request already refused."""


class BodyLimit:
    """ASGI middleware refusing an HTTP request whose body is over its path's
    limit with 413 and ``{"detail", "code", "params"}``. Websockets and the lifespan pass
    untouched, as do requests within their limit."""

    def __init__(
        self, app: ASGIApp, default: int = BODY_LIMIT, paths: Mapping[str, int] = PATH_LIMITS
    ) -> None:
        self.app = app
        self.default = default
        self.paths = paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope["path"], self.default)
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            await _refuse(limit, scope, receive, send)
            return
        received = 0
        started = refused = False

        async def limited_receive() -> Message:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    if not started:
                        await _refuse(limit, scope, receive, send)
                        refused = True
                    raise _TooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:  # the application's answer to a request already answered
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        # Refused, or (a response under way) left incomplete: the server closes it.
        with contextlib.suppress(_TooLarge):
            await self.app(scope, limited_receive, guarded_send)


def _declared_length(scope: Scope) -> int | None:
    """The request's Content-Length, if it has a valid one (the server checked it)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


async def _refuse(limit: int, scope: Scope, receive: Receive, send: Send) -> None:
    """Answer 413 and close the connection, so that the rest of the body is never read.
    An avatar's image says what is too large, for the page to word it so."""
    if scope["path"] == AVATAR_PATH:
        refusal = Refusal("avatar_too_large", limit=limit)
    else:
        refusal = Refusal("body_too_large", limit=limit)
    await response(refusal, 413, {"Connection": "close"})(scope, receive, send)


async def storage_unavailable(_: Request, error: Exception) -> JSONResponse:
    """A database error of the moment (SQLAlchemy's OperationalError: database
    locked, disk full) answered 503, for the client to try again: not a 500."""
    log.warning("storage unavailable: %s", error)
    return response(Refusal("storage_unavailable"), 503, {"Retry-After": "1"})


async def unstorable(_: Request, error: Exception) -> JSONResponse:
    """A value the database cannot hold or look for (SQLAlchemy's DataError: a NUL in
    PostgreSQL text, typed in a name or a path) is the request's fault: 422, not 500."""
    log.info("value refused by the database: %s", error)
    return response(Refusal("unstorable_input"), 422)
