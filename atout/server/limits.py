"""What the HTTP endpoints refuse rather than suffer: a request body over its
size limit (413, before it is read whole) or too slow to come (408), a client
gone while its body came, and storage trouble (503, try again, rather than a
server error).

A body used to be read whole before anything looked at its size: a 200 MiB
upload was taken into memory. Now a declared length over the limit is refused
without reading a byte, and a streamed (chunked) body as soon as it passes the
limit; the refusal closes the connection, so the rest is never read. A body
whose next part does not come within ``BODY_SECONDS``, or that is not whole
within ``BODY_TOTAL_SECONDS``, is refused likewise: a client sending a byte a
minute held its connection and its request for good, and one sending a byte
every 20 s held an avatar's 16 MiB.
A client that leaves before its body is whole made Starlette raise
ClientDisconnect in the route, logged as a server error: there is nobody to
answer, and nothing is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from typing import Final, NoReturn

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atout.refusals import Refusal
from atout.server.http_refusals import response

BODY_LIMIT: Final = 1 << 20
"""Bytes a request body may have: credentials or a score sheet's deal take a few hundred."""

REPLAY_BODY_LIMIT: Final = 2 << 20
"""Bytes of a record sent to ``/api/replay``: a long real game (200 deals) takes about 210 KiB."""

BODY_SECONDS: Final = 30.0
"""The longest a request's body may pause between two parts: a phone on a poor
link sends an avatar's photo in well under that (nginx's default is 60 s)."""

BODY_TOTAL_SECONDS: Final = 180.0
"""The longest a request's body may take to come whole: an avatar's 16 MiB at
0.75 Mbit/s, the upload of a poor mobile link."""

AVATAR_BODY_LIMIT: Final = 16 << 20
"""Bytes of an image uploaded as an avatar: a phone's photo as it comes (3 to 12 MB
at 12 megapixels), made small once received (``atout.server.avatars``)."""

AVATAR_PATH: Final = "/api/avatar"
PATH_LIMITS: Final[Mapping[str, int]] = {
    "/api/replay": REPLAY_BODY_LIMIT,
    AVATAR_PATH: AVATAR_BODY_LIMIT,
}

log = logging.getLogger(__name__)


class _Refused(Exception):
    """Ends the application's handling of a request already refused."""


class BodyLimit:
    """ASGI middleware refusing an HTTP request whose body is over its path's
    limit with 413, or pauses longer than ``BODY_SECONDS`` or takes longer than
    ``BODY_TOTAL_SECONDS`` with 408, and ``{"detail", "code", "params"}``.
    Websockets and the lifespan pass untouched, as do requests within their
    limits."""

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
        if scope["path"] == AVATAR_PATH and _json(scope):  # a drawn avatar's few words
            limit = self.default
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            refusal = _too_large(limit, scope)
            await response(refusal, 413, {"Connection": "close"})(scope, receive, send)
            return
        received = 0
        started = refused = whole = False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BODY_TOTAL_SECONDS

        async def refuse(refusal: Refusal, status: int) -> NoReturn:
            nonlocal refused
            if not started:
                await response(refusal, status, {"Connection": "close"})(scope, receive, send)
                refused = True
            raise _Refused

        async def limited_receive() -> Message:
            nonlocal received, whole
            if whole:  # only the client's leaving is still to come
                return await receive()
            try:
                async with asyncio.timeout_at(min(deadline, loop.time() + BODY_SECONDS)):
                    message = await receive()
            except TimeoutError:
                if loop.time() >= deadline:
                    await refuse(Refusal("body_too_slow", seconds=int(BODY_TOTAL_SECONDS)), 408)
                await refuse(Refusal("body_timeout", seconds=int(BODY_SECONDS)), 408)
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                whole = not message.get("more_body", False)
                if received > limit:
                    await refuse(_too_large(limit, scope), 413)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:  # the application's answer to a request already answered
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        # Refused, or (a response under way) left incomplete: the server closes it.
        with contextlib.suppress(_Refused, ClientDisconnect):
            await self.app(scope, limited_receive, guarded_send)


def _json(scope: Scope) -> bool:
    """Whether the request's body is declared to be JSON."""
    for name, value in scope["headers"]:
        if name == b"content-type":
            return bytes(value).lower().startswith(b"application/json")
    return False


def _declared_length(scope: Scope) -> int | None:
    """The request's Content-Length, if it has a valid one (the server checked it)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


def _too_large(limit: int, scope: Scope) -> Refusal:
    """A body over ``limit`` bytes (answered with the connection closed, so that
    the rest is never read). An avatar's image says what is too large, for the
    page to word it so; ``mib`` is the limit for people, in MiB."""
    avatar = scope["path"] == AVATAR_PATH and not _json(scope)
    return Refusal("avatar_too_large" if avatar else "body_too_large", limit=limit, mib=limit >> 20)


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
