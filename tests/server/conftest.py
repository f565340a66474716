"""A real server on loopback and websocket clients that talk to it."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from atout.server.app import Settings, create_app
from atout.server.protocol import PROTOCOL_VERSION
from atout.server.throttle import Backoff, Guards, Rate
from tests.json_patch import apply_patch


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """A running server: its base URL and its app (for white-box assertions)."""

    port: int
    app: Any
    data_dir: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def register(self, name: str, password: str = "password123") -> str:
        reply = httpx.post(f"{self.http}/api/register", json={"name": name, "password": password})
        reply.raise_for_status()
        token: str = reply.json()["token"]
        return token

    def get(self, path: str) -> Any:
        reply = httpx.get(f"{self.http}{path}")
        reply.raise_for_status()
        return reply.json()


def unthrottled() -> Guards:
    """Throttles that many test clients on one address never meet (the attack
    tests keep the real ones)."""
    many = 10.0**9
    return Guards(
        login_address=Backoff(free=10**9),
        login_name=Backoff(free=10**9),
        registrations=Rate(many, many),
        guests=Rate(many, many),
        connections=Rate(many, many),
        codes=Backoff(free=10**9),
        invitations=Rate(many, many),
        tournaments=Rate(many, many),
        sockets_per_address=10**9,
    )


def run_server(data_dir: Path, **settings: Any) -> tuple[Server, Callable[[], None]]:
    """Start uvicorn in a thread; returns the server and a function stopping it.
    Proxy headers are trusted from loopback, so that clients may pose as
    other addresses (``Player.connect(ip=...)``)."""
    options = {
        "robot_delay": 0.0,
        "trick_pause": 0.0,
        "grace_seconds": 30.0,
        "messages_per_second": 1000.0,
        "guards": unthrottled(),
        **settings,
    }
    app = create_app(Settings(data_dir=data_dir, **options))
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=16384,
        forwarded_allow_ips="127.0.0.1",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.01)

    def stop() -> None:
        server.should_exit = True
        thread.join(10)
        assert not thread.is_alive(), "the server did not stop"

    return Server(port, app, data_dir), stop


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running, stop = run_server(tmp_path)
    yield running
    stop()


def events_in(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The events a message carries, each ``{seq, kind, data, ...}``: an ``event``
    message is one (the table's own kinds), an ``update`` holds an action's."""
    if message["type"] == "event":
        return [message]
    if message["type"] == "update":
        events: list[dict[str, Any]] = message["events"]
        return events
    return []


def turn_in(message: dict[str, Any]) -> dict[str, Any] | None:
    """The ``turn`` (legal actions, seconds) a snapshot or an update gives a human to move."""
    turn: dict[str, Any] | None = (
        message.get("turn") if message["type"] in ("table", "update") else None
    )
    return turn


@dataclass
class Player:
    """A websocket client keeping every message it received."""

    ws: ClientConnection
    name: str = ""
    user: int | None = None
    """The account's id the welcome gave (None: a guest)."""
    token: str | None = None
    inbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    log: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    """When each message of ``log`` arrived (``time.monotonic``)."""
    reader: asyncio.Task[None] | None = None
    views: dict[str, Any] = field(default_factory=dict)
    """Per table, the view last given: an update's ``diff`` patches it, and the
    view it gives is added to the update as ``view`` for the tests to read."""

    @classmethod
    async def connect(
        cls,
        server: Server,
        token: str | None = None,
        name: str | None = None,
        ip: str | None = None,
    ) -> Player:
        headers = {"X-Forwarded-For": ip} if ip else {}
        ws = await connect(server.ws, additional_headers=headers, max_size=2**22, close_timeout=1)
        player = cls(ws)
        player.reader = asyncio.create_task(player._read())
        hello: dict[str, Any] = {"type": "hello", "v": PROTOCOL_VERSION}
        if token:
            hello["token"] = token
        if name:
            hello["name"] = name
        await player.send(hello)
        welcome = await player.expect(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        player.name, player.user = welcome["name"], welcome["user"]
        player.token = token or welcome.get("guest_token")
        return player

    async def _read(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            self._hold_view(message)
            self.log.append(message)
            self.times.append(time.monotonic())
            await self.inbox.put(message)

    def _hold_view(self, message: dict[str, Any]) -> None:
        if message["type"] == "table":
            self.views[message["table"]["id"]] = message["view"]
        elif message["type"] == "update":
            if "diff" in message:
                message["view"] = apply_patch(self.views[message["table"]], message["diff"])
            self.views[message["table"]] = message["view"]

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def expect(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 20
    ) -> dict[str, Any]:
        """The next message passing ``test`` (earlier ones are skipped but logged)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.inbox.get()
                if test(message):
                    return message

    async def event(self, kind: str, timeout: float = 20) -> dict[str, Any]:
        """The next event of ``kind``, alone or in an update (whose other events
        are then skipped: wait for one event per update)."""
        message = await self.expect(lambda m: any(e["kind"] == kind for e in events_in(m)), timeout)
        return next(e for e in events_in(message) if e["kind"] == kind)

    async def turn(self, timeout: float = 20) -> dict[str, Any]:
        """The next turn given to this player (in a snapshot or an update)."""
        message = await self.expect(lambda m: turn_in(m) is not None, timeout)
        turn = turn_in(message)
        assert turn is not None
        return turn

    def events(self) -> list[dict[str, Any]]:
        """Every event received so far, in order."""
        return [e for m in self.log for e in events_in(m)]

    async def close(self) -> None:
        await self.ws.close()
        if self.reader:
            await asyncio.gather(self.reader, return_exceptions=True)


async def create_table(player: Player, **options: Any) -> str:
    await player.send({"type": "create", "options": options})
    snapshot = await player.expect(lambda m: m["type"] in ("table", "error"))
    assert snapshot["type"] == "table", snapshot
    table: str = snapshot["table"]["id"]
    return table


def invite_code(master: Player) -> str:
    """The invitation code of the table ``master`` last created, from its snapshot
    (a friend's presence may have come after it)."""
    snapshot = next(m for m in reversed(master.log) if m["type"] == "table")
    code: str = snapshot["table"]["invite_code"]
    return code


async def seat_at_new_table(people: list[Player], **options: Any) -> str:
    """The first player creates a table with ``options``, the others sit at it."""
    table = await create_table(people[0], **options)
    for player in people[1:]:
        await player.send({"type": "sit", "table": table})
        await player.expect(lambda m: m["type"] == "table")
    return table


async def play_until_over(
    players: list[Player], table: str, seed: int = 0, *, first_end: bool = False
) -> dict[str, Any]:
    """Each player answers its turns with a random legal action until the game
    ends. With ``first_end``, once one player heard the end the others stop
    waiting for theirs: a player a node let go, whose seat a robot played
    meanwhile, may be seated again after the end, given the table over
    instead of told it."""
    rng = random.Random(seed)
    done = asyncio.Event()
    over: dict[str, Any] = {}

    def turn_or_end(m: dict[str, Any]) -> bool:
        return turn_in(m) is not None or (
            m["type"] == "event" and m["kind"] in ("table.game_over", "table.game_cancelled")
        )

    async def play(player: Player) -> None:
        waited = 0
        while not done.is_set():
            try:
                message = await player.expect(turn_or_end, timeout=1 if first_end else 60)
            except TimeoutError:
                waited += 1
                if not first_end or waited == 60:
                    raise
                continue
            waited = 0
            turn = turn_in(message)
            if turn is None:
                over.update(message)
                done.set()
                return
            await player.send({"type": "act", "table": table, "action": rng.choice(turn["legal"])})

    await asyncio.gather(*(play(p) for p in players))
    return over


def events_of(player: Player, kind: str) -> list[dict[str, Any]]:
    """Every event of ``kind`` the player received."""
    return [e for e in player.events() if e["kind"] == kind]
