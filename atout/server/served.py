"""The application as uvicorn serves it: the game's websockets reach their
handler directly, everything else goes through FastAPI's stack.

A connection to ``/ws`` lasts as long as the player stays, and the HTTP
middleware stack (error pages, exception handlers, gzip, body limits,
routing, FastAPI's exit stack) has nothing to do for it: through that stack
every connection held about twenty suspended coroutines and their closures
for its whole life, which the garbage collector's full passes walked at every
table's expense, and every message it sent went through two more wrappers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Final

from fastapi import FastAPI
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from atout.refusals import Refusal
from atout.server.http_refusals import response

SOCKET_PATH: Final = "/ws"


class Served(FastAPI):
    """FastAPI, but for websockets: the game's (``SOCKET_PATH``) is handed to
    ``socket`` as it comes, and one asked at another address is refused 404
    ``not_found`` before the upgrade, as an HTTP address that names nothing
    (the router's refusal was an empty 403)."""

    socket: Callable[[WebSocket], Awaitable[None]] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            ws = WebSocket(scope, receive, send)
            if scope["path"] == SOCKET_PATH and self.socket:
                await self.socket(ws)
            else:
                await ws.send_denial_response(response(Refusal("not_found"), 404))
            return
        await super().__call__(scope, receive, send)
