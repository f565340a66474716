"""Hellos raced against the end of their session (a logout, a password change),
on one server or on two nodes of a cluster: whatever the order, no socket
welcomed with a token outlives its session's end."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from atout.server.protocol import PROTOCOL_VERSION
from tests.server.conftest import Server

OUTLIVES_SECONDS = 5.0
"""How long a welcomed socket is given to be closed once its session ended."""


@dataclass
class Hello:
    """A socket whose hello carried a token: welcomed or refused, and what it heard."""

    token: str
    ws: ClientConnection
    first: dict[str, Any]
    heard: list[dict[str, Any]] = field(default_factory=list)

    @property
    def welcomed(self) -> bool:
        return bool(self.first["type"] == "welcome")


async def hello(server: Server, token: str, delay: float) -> Hello:
    """A socket opened ``delay`` seconds from now, its hello sent with ``token``."""
    await asyncio.sleep(delay)
    ws = await connect(server.ws, max_size=2**22, close_timeout=1)
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "token": token}))
    return Hello(token, ws, json.loads(await ws.recv()))


async def outlived(socket: Hello) -> str | None:
    """What a welcomed socket did after its session ended, if it outlived it (None:
    it was told ``signed_out`` and closed): still open after ``OUTLIVES_SECONDS``,
    it is asked to create a table, which a socket of an ended session must never do."""
    try:
        async with asyncio.timeout(OUTLIVES_SECONDS):
            async for text in socket.ws:
                socket.heard.append(json.loads(text))
    except TimeoutError:
        options = {"type": "create", "options": {"players": 3}}
        await socket.ws.send(json.dumps(options))
        try:
            async with asyncio.timeout(OUTLIVES_SECONDS):
                async for text in socket.ws:
                    message = json.loads(text)
                    if message["type"] in ("table", "error"):
                        return f"open {OUTLIVES_SECONDS:g} s after its session ended: {message}"
        except TimeoutError:
            pass
        return f"open {OUTLIVES_SECONDS:g} s after its session ended"
    told = [m.get("code") for m in socket.heard if m["type"] == "error"]
    if told != ["signed_out"] or socket.ws.close_code != 1000:
        return f"closed ({socket.ws.close_code}) after {told} instead of signed_out"
    return None


async def race(
    sockets_at: Server,
    tokens: list[str],
    end: Callable[[], Awaitable[Any]],
    spread: float,
) -> tuple[list[Hello], list[str]]:
    """Hellos with each of ``tokens`` at ``sockets_at`` and ``end`` (the sessions'
    end, at any server), each started at a random moment within ``spread``
    seconds: the sockets, and what every welcomed socket whose token ended did
    wrong (``outlived``). A refused hello must say ``unknown_session``."""

    async def ending() -> None:
        await asyncio.sleep(random.uniform(0, spread))
        await end()

    hellos = [hello(sockets_at, token, random.uniform(0, spread)) for token in tokens]
    sockets, _ = await asyncio.gather(asyncio.gather(*hellos), ending())
    for socket in sockets:
        if not socket.welcomed:
            assert socket.first.get("code") == "unknown_session", socket.first
    outcomes = await asyncio.gather(*(outlived(s) for s in sockets if s.welcomed))
    wrong = [why for why in outcomes if why is not None]
    await asyncio.gather(*(s.ws.close() for s in sockets))
    return sockets, wrong


async def logouts(
    sockets_at: Server, logout_at: Server, tokens: list[str], spread: float = 0.02
) -> tuple[list[Hello], list[str]]:
    """A hello with each token raced against that token's own logout at ``logout_at``."""
    pairs = list(tokens)
    random.shuffle(pairs)

    async def end() -> None:
        async with httpx.AsyncClient(timeout=30) as http:

            async def logout(token: str) -> None:
                await asyncio.sleep(random.uniform(0, spread))
                headers = {"Authorization": f"Bearer {token}"}
                reply = await http.post(f"{logout_at.http}/api/logout", headers=headers)
                assert reply.status_code == 200, reply.text

            await asyncio.gather(*(logout(token) for token in pairs))

    return await race(sockets_at, tokens, end, spread)


async def password_change(
    sockets_at: Server,
    change_at: Server,
    tokens: list[str],
    password: str,
    new_password: str,
    spread: float,
) -> tuple[list[Hello], list[str], str]:
    """Hellos with every token of an account raced against a change of its
    password (at ``change_at``, with the first token), which ends them all: the
    sockets, what went wrong, and the new session's token."""
    fresh: list[str] = []

    async def end() -> None:
        body = {"password": password, "new_password": new_password}
        headers = {"Authorization": f"Bearer {tokens[0]}"}
        async with httpx.AsyncClient(timeout=60) as http:
            reply = await http.post(f"{change_at.http}/api/password", json=body, headers=headers)
        assert reply.status_code == 200, reply.text
        fresh.append(reply.json()["token"])

    sockets, wrong = await race(sockets_at, tokens, end, spread)
    return sockets, wrong, fresh[0]
