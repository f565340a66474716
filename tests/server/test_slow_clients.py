"""Clients that read slowly or not at all, on a real server: frames written at
once until the transport backs up, then queued; all of them in order once the
client reads, or the client closed when its queue fills."""

from __future__ import annotations

import asyncio
import base64
import json
import random
import socket
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from atout.server.clients import OUTGOING_CHARACTERS, OUTGOING_LIMIT, Client
from atout.server.protocol import PROTOCOL_VERSION
from tests.server.conftest import Player, Server, create_table

PAD = base64.b64encode(random.Random(0).randbytes(45_000)).decode()
"""60 kB that compress little (these tests' server compresses frames): a few
hundred such frames fill the socket's buffers."""
SMALL_BUFFER = 65536
"""The silent client's receive buffer: the kernel would grow it to many megabytes."""


async def _silent(server: Server) -> tuple[ClientConnection, Client, asyncio.AbstractEventLoop]:
    """A socket that says hello and then reads nothing, its server-side client,
    and the server's event loop (found through a table's task)."""
    host = await Player.connect(server)
    table = await create_table(host)
    hub = server.app.state.hub
    loop = hub.tasks[table].get_loop()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)  # no autotuning
    sock.connect(("127.0.0.1", server.port))
    ws = await connect(server.ws, sock=sock, max_size=None, max_queue=1, close_timeout=1)
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION}))
    name = json.loads(await ws.recv())["name"]
    ws.transport.pause_reading()  # until the test reads
    client = next(c for c in list(hub.joined) if c.identity.name == name)
    return ws, client, loop


async def _on_server(loop: asyncio.AbstractEventLoop, work: Callable[[], Any]) -> Any:
    """``work`` run on the server's loop, between its other steps; its result."""

    async def run() -> Any:
        return work()

    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(run(), loop))


def test_a_client_that_stops_reading_gets_every_frame_in_order_once_it_reads(
    server: Server,
) -> None:
    async def run() -> None:
        ws, client, loop = await _silent(server)
        count = 100  # 6 MB: more than the buffers of the kernel and the transport hold

        def burst() -> int:
            for n in range(count):
                client.send_text(json.dumps({"type": "pong", "n": n, "pad": PAD}))
            return len(client.out)

        waiting = await _on_server(loop, burst)
        assert 0 < waiting < count  # the transport backed up: some were queued
        ws.transport.resume_reading()
        numbers = [json.loads(await ws.recv())["n"] for _ in range(count)]
        assert numbers == list(range(count))
        assert not client.closed
        await ws.close()

    asyncio.run(run())


def test_a_client_that_never_reads_is_closed_when_its_queue_fills(server: Server) -> None:
    async def run() -> None:
        ws, client, loop = await _silent(server)
        text = json.dumps({"type": "pong", "pad": PAD})

        def flood() -> int:
            sent = 0
            while not client.closed and sent < 100 * OUTGOING_LIMIT:
                client.send_text(text)
                sent += 1
            return sent

        sent = await _on_server(loop, flood)
        assert client.closed and sent * len(text) > OUTGOING_CHARACTERS
        ws.transport.resume_reading()
        received = 0
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 20)
                received += 1
        assert received < sent
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000
        hub = server.app.state.hub
        for _ in range(200):  # the server forgets it once its reader sees the close
            if client not in await _on_server(loop, lambda: list(hub.joined)):
                break
            await asyncio.sleep(0.05)
        assert client not in hub.joined

    asyncio.run(run())
