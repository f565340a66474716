"""A TCP relay in front of a service that can vanish as a host does when it dies
or its network drops every packet: its connections neither answer nor close.

A killed process closes its sockets and a paused one answers later; a vanished
host does neither, and a client learns of it only by waiting. When the host
comes back (rebooted, or replaced at the same address), the connections made
before are still dead to it: only new ones are answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from dataclasses import dataclass, field


@dataclass(eq=False)
class _Link:
    writers: list[asyncio.StreamWriter] = field(default_factory=list)
    dead: bool = False
    """Nothing passes any more, either way; nothing closes."""


class Relay:
    """Forwards loopback connections on ``port`` to ``target``, in its own thread."""

    def __init__(self, target: int) -> None:
        self.target = target
        self._vanished = False
        self._links: list[_Link] = []
        self._loop = asyncio.new_event_loop()
        listening = socket.create_server(("127.0.0.1", 0))
        self.port: int = listening.getsockname()[1]
        self._listening = listening
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self._thread.start()
        started = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, sock=self._listening), self._loop
        )
        started.result(10)

    def vanish(self) -> None:
        """Every connection, and any made until ``come_back``, goes silent for good."""
        self._loop.call_soon_threadsafe(self._vanish)

    def come_back(self) -> None:
        """New connections are answered again (those made before stay dead)."""
        self._loop.call_soon_threadsafe(setattr, self, "_vanished", False)

    def stop(self) -> None:
        async def close_all() -> None:
            for link in self._links:
                for writer in link.writers:
                    writer.close()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close_all(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _vanish(self) -> None:
        self._vanished = True
        for link in self._links:
            link.dead = True

    async def _serve(
        self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter
    ) -> None:
        link = _Link(dead=self._vanished)
        self._links.append(link)
        link.writers.append(client_out)
        if link.dead:
            return  # accepted by the kernel, answered by nobody
        try:
            server_in, server_out = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            client_out.close()
            return
        link.writers.append(server_out)
        await asyncio.gather(
            self._pipe(link, client_in, server_out),
            self._pipe(link, server_in, client_out),
            return_exceptions=True,
        )

    @staticmethod
    async def _pipe(link: _Link, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        while data := await source.read(65536):
            if not link.dead:
                sink.write(data)
                await sink.drain()
        if not link.dead:
            sink.close()
