"""Fault injection on a real ``atout serve``: shared by the fault tests and
``bench/faults.py``.

A ``Serve`` is one data directory served by successive ``atout serve``
processes that the caller starts, SIGKILLs or stops. A ``Bot`` is a websocket
client that outlives them: it reconnects with its token, resumes its tables,
plays random legal actions and keeps every view it was shown. ``check`` then
holds those views against the store: every stored game must replay, and every
view a client saw must be one its seat had at some point of a stored game, so
a server that told anything it had not stored (or stored something else) is
caught, whatever moment it died at.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

import httpx
from sqlalchemy import select
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from atout.game import SPECTATOR
from atout.registry import game_rules
from atout.server import ledger
from atout.server.protocol import PROTOCOL_VERSION
from atout.server.store import GameRow, Store
from atout.server.tablestore import load_game
from tests.json_patch import apply_patch
from tests.server.conftest import free_port

SERVE: Final = [sys.executable, "-c", "from atout.cli import main; main()", "serve"]
DATABASE: Final = "atout.sqlite3"

# ----- the server process ---------------------------------------------------------


@dataclass
class Serve:
    """A data directory served by one ``atout serve`` process at a time, each
    run's output kept in ``log_dir`` (never in the data directory, which a test
    may fill up)."""

    data_dir: Path
    log_dir: Path
    port: int = field(default_factory=free_port)
    lease_seconds: float = 1.0
    options: tuple[str, ...] = ("--robot-delay", "0", "--trick-pause", "0")
    process: subprocess.Popen[bytes] | None = None
    runs: int = 0
    started_at: float = 0.0
    """``time.monotonic()`` when the current process was launched."""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def database(self) -> Path:
        return self.data_dir / DATABASE

    def command(self) -> list[str]:
        return [
            *SERVE,
            *("--port", str(self.port), "--data-dir", str(self.data_dir)),
            *("--lease-seconds", str(self.lease_seconds), "--robot-cores", "1"),
            *("--throttle-exempt", "127.0.0.1"),  # every test client comes from here
            *("--forwarded-allow-ips", "127.0.0.1"),  # clients pose as several addresses
            *self.options,
        ]

    def launch(self) -> subprocess.Popen[bytes]:
        """Start a process without waiting for it to answer."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self.runs += 1
        self.log_dir.mkdir(parents=True, exist_ok=True)
        with self.log().open("wb") as output:
            self.process = subprocess.Popen(self.command(), stdout=output, stderr=output)
        self.started_at = time.monotonic()
        return self.process

    def log(self, run: int | None = None) -> Path:
        """The output file of a run (the current one by default)."""
        return self.log_dir / f"serve-{self.runs if run is None else run}.log"

    def start(self, timeout: float = 60.0) -> None:
        """Start a process and wait until it answers HTTP (its tables are then
        rebuilt: uvicorn serves only after the app's startup)."""
        process = self.launch()
        deadline = time.monotonic() + timeout
        while True:
            try:
                httpx.get(f"{self.http}/api/leaderboard", timeout=2).raise_for_status()
                return
            except httpx.HTTPError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    process.wait()
                    tail = self.log().read_text(errors="replace")[-3000:]
                    raise AssertionError(f"atout serve did not start:\n{tail}") from None
                time.sleep(0.05)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: nothing is flushed, closed or released."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """SIGTERM, as an operator would (SIGKILL if it does not stop in 30 s)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
                raise AssertionError("atout serve did not stop on SIGTERM") from None

    def attempt(self, port: int | None = None, timeout: float = 60.0) -> tuple[int, str]:
        """Run another process on the same data directory to its exit (one that
        must refuse to start); its exit status and output."""
        command = self.command()
        command[command.index("--port") + 1] = str(port or free_port())
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout + done.stderr

    def tracebacks(self) -> list[str]:
        """The runs whose output holds a Python traceback."""
        logs = (self.log(run) for run in range(1, self.runs + 1))
        return [log.name for log in logs if "Traceback" in log.read_text(errors="replace")]


def register(serve: Serve, name: str, password: str = "password123") -> str:
    """A new account's session token."""
    reply = httpx.post(f"{serve.http}/api/register", json={"name": name, "password": password})
    reply.raise_for_status()
    token: str = reply.json()["token"]
    return token


def chips(serve: Serve, name: str) -> int:
    reply = httpx.get(f"{serve.http}/api/profile/{name}")
    reply.raise_for_status()
    count: int = reply.json()["chips"]
    return count


HOLD_LOCK: Final = """
import pathlib, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
pathlib.Path(sys.argv[3]).touch()  # before the lock goes: anything seen earlier was during it
db.execute("COMMIT")
"""


@dataclass
class WriteLock:
    """Another process holding SQLite's write lock on a database for a while."""

    process: subprocess.Popen[str]
    releasing: Path
    """Created just before the lock is released."""

    @classmethod
    def hold(cls, database: Path, seconds: float, releasing: Path) -> WriteLock:
        """Take the lock (waiting for it), return once it is held."""
        command = [sys.executable, "-c", HOLD_LOCK, str(database), str(seconds), str(releasing)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip() == "locked", f"the lock holder said {line!r}"
        return cls(process, releasing)

    @property
    def held(self) -> bool:
        return not self.releasing.exists()

    def wait(self, timeout: float = 120.0) -> None:
        assert self.process.wait(timeout) == 0, "the lock holder failed"


def fill(path: Path) -> int:
    """Write zeros to ``path`` until its file system is full; the bytes written."""
    written = 0
    block = bytes(1 << 16)
    with path.open("wb", buffering=0) as filler:
        with contextlib.suppress(OSError):
            while True:
                written += _write_some(filler, block)
        for size in (4096, 512, 1):  # the last pages too
            with contextlib.suppress(OSError):
                while True:
                    written += _write_some(filler, block[:size])
    return written


def _write_some(file: IO[bytes], data: bytes) -> int:
    count = file.write(data)
    if not count:
        raise OSError("nothing written")
    return count


# ----- clients ----------------------------------------------------------------------


def canonical(view: Any) -> str:
    """One text per view, whatever the order of its keys or its tuples."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str) -> bytes:
    """What a client keeps of a view: thousands of them fit in little memory."""
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


@dataclass(frozen=True, slots=True)
class Seen:
    """One view a client was shown: at which table, as which viewer."""

    table: str
    viewer: int
    """Its seat, or SPECTATOR."""
    view: bytes
    """The ``digest`` of its canonical text."""


@dataclass
class Membership:
    """What a client knows of a table it sits at or watches."""

    seat: int | None
    seq: int = 0
    epoch: str | None = None
    playing: bool = False
    master: bool = False
    view: Any = None
    """The view last given, which the next update patches."""


class BotFailed(AssertionError):
    """A bot was refused something it must be granted (its token after a restart...)."""


class Bot:
    """A websocket client that survives server restarts.

    It reconnects with its token until ``close``, resumes every table it is at,
    answers its turns with a random legal action (the first ``budget`` of
    them, all when None), starts the next game at tables it leads
    (``starts``) and keeps a digest of every view it was shown (snapshots and
    updates), with every event.
    """

    def __init__(
        self,
        serve: Serve,
        *,
        name: str = "bot",
        token: str | None = None,
        ip: str | None = None,
        seed: int = 0,
        think: float = 0.0,
    ) -> None:
        self.serve = serve
        self.guest_name = name
        self.token = token
        self.headers = {"X-Forwarded-For": ip} if ip else {}
        self.rng = random.Random(seed)
        self.think = think
        """Most seconds it waits before acting (uniformly drawn)."""
        self.budget: int | None = None
        self.declined = 0
        """Turns it was given and left unanswered (its budget spent)."""
        self.starts = False
        self.name = ""
        self.tables: dict[str, Membership] = {}
        self.views: list[Seen] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        """Every event with its table, in the order received."""
        self.errors: list[str] = []
        self.connections = 0
        self.failure: str | None = None
        self.up = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._waiters: list[tuple[Callable[[dict[str, Any]], bool], asyncio.Future[Any]]] = []
        self._closing = False

    # ----- life cycle -----------------------------------------------------------------

    async def start(self, timeout: float = 30.0) -> Bot:
        self._task = asyncio.create_task(self._run(), name=f"bot-{self.guest_name}")
        await self.wait_up(timeout)
        return self

    async def wait_up(self, timeout: float = 60.0) -> None:
        async with asyncio.timeout(timeout):
            while not self.up.is_set():
                if self.failure:
                    raise BotFailed(self.failure)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(0.2):
                        await self.up.wait()

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while not self._closing:
            try:
                async with connect(
                    self.serve.ws,
                    additional_headers=self.headers,
                    max_size=2**24,
                    open_timeout=5,
                    close_timeout=1,
                ) as ws:
                    if await self._greet(ws):
                        async for text in ws:
                            await self._receive(ws, json.loads(text))
            except (OSError, WebSocketException, TimeoutError):
                pass  # the server is down, or going: try again
            finally:
                self._ws = None
                self.up.clear()
            if self.failure:
                return
            if not self._closing:
                await asyncio.sleep(0.05)

    async def _greet(self, ws: ClientConnection) -> bool:
        """Say hello, then resume every table; False to try again later."""
        hello: dict[str, Any] = {"type": "hello", "v": PROTOCOL_VERSION}
        hello |= {"token": self.token} if self.token else {"name": self.guest_name}
        await ws.send(json.dumps(hello))
        while True:
            answer = json.loads(await ws.recv())
            if answer["type"] in ("welcome", "error"):
                break
        if answer["type"] == "error":
            if "try again" not in answer["message"]:
                self.failure = f"{self.name or self.guest_name}: hello refused: {answer}"
            return False
        self.name = answer["name"]
        self.token = self.token or answer.get("guest_token")
        self.connections += 1
        self._ws = ws
        for table, member in self.tables.items():
            await self._send(
                ws,
                {"type": "resume", "table": table, "last_seq": member.seq, "epoch": member.epoch},
            )
        self.up.set()
        return True

    # ----- what it receives -----------------------------------------------------------

    async def _receive(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "table":
            await self._snapshot(ws, message)
        elif kind == "update" and message["table"] in self.tables:
            member = self.tables[message["table"]]
            member.seq = message["seq"]
            for event in message["events"]:
                self.events.append((message["table"], event))
            if "diff" in message:
                message["view"] = apply_patch(member.view, message["diff"])
            self._keep(message["table"], member, message["view"])
            await self._act(ws, message)
        elif kind == "event" and message["table"] in self.tables:
            await self._event(ws, message)
        elif kind == "table_info" and message["table"]["id"] in self.tables:
            self._info(self.tables[message["table"]["id"]], message["table"])
        elif kind == "error":
            self.errors.append(message["message"])
        for waiter in [w for w in self._waiters if w[0](message)]:
            self._waiters.remove(waiter)
            if not waiter[1].done():
                waiter[1].set_result(message)

    async def _snapshot(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        table = message["table"]["id"]
        member = self.tables.setdefault(table, Membership(message["seat"]))
        member.seat, member.seq, member.epoch = message["seat"], message["seq"], message["epoch"]
        self._info(member, message["table"])
        self._keep(table, member, message["view"])
        if not member.playing:
            await self._start_next(ws, table, member)
        await self._act(ws, message)

    async def _event(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        table = message["table"]
        member = self.tables[table]
        member.seq = message["seq"]
        self.events.append((table, message))
        if message["kind"] == "table.game_started":
            member.playing = True
        elif message["kind"] in ("table.game_over", "table.game_cancelled"):
            member.playing = False
            await self._start_next(ws, table, member)
        elif message["kind"] == "table.master":
            member.master = message["data"]["name"] == self.name

    def _info(self, member: Membership, info: dict[str, Any]) -> None:
        member.playing, member.master = info["playing"], info["master"] == self.name

    def _keep(self, table: str, member: Membership, view: Any) -> None:
        member.view = view
        if view is not None:
            viewer = SPECTATOR if member.seat is None else member.seat
            self.views.append(Seen(table, viewer, digest(canonical(view))))

    async def _act(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        turn = message.get("turn")
        if turn is None:
            return
        if self.budget is not None:
            if self.budget <= 0:
                self.declined += 1
                return
            self.budget -= 1
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, self.think))
        action = self.rng.choice(turn["legal"])
        table = message["table"] if message["type"] == "update" else message["table"]["id"]
        await self._send(ws, {"type": "act", "table": table, "action": action})

    async def _start_next(self, ws: ClientConnection, table: str, member: Membership) -> None:
        if self.starts and member.master and member.seat is not None:
            await self._send(ws, {"type": "start", "table": table})

    async def _send(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        await ws.send(json.dumps(message))

    # ----- asking -------------------------------------------------------------------

    async def request(
        self,
        message: dict[str, Any],
        answer: Callable[[dict[str, Any]], bool],
        timeout: float = 30.0,
    ) -> dict[str, Any]:
        """Send ``message`` once connected; the first message then received
        that passes ``answer``, or an error (not one about another table)."""
        await self.wait_up(timeout)
        assert self._ws is not None
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

        def refusal(reply: dict[str, Any]) -> bool:
            return reply["type"] == "error" and reply.get("table") in (None, message.get("table"))

        self._waiters.append((lambda m: answer(m) or refusal(m), future))
        await self._send(self._ws, message)
        async with asyncio.timeout(timeout):
            reply = await future
        return reply

    async def expect(
        self, answer: Callable[[dict[str, Any]], bool], timeout: float = 60.0
    ) -> dict[str, Any]:
        """The next message passing ``answer``."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters.append((answer, future))
        async with asyncio.timeout(timeout):
            return await future

    async def create(self, **options: Any) -> str:
        known = set(self.tables)
        reply = await self.request(
            {"type": "create", "options": options},
            lambda m: m["type"] == "table" and m["table"]["id"] not in known,
        )
        assert reply["type"] == "table", reply
        table: str = reply["table"]["id"]
        return table

    async def sit(self, table: str) -> None:
        reply = await self.request({"type": "sit", "table": table}, _snapshot_of(table))
        assert reply["type"] == "table", reply

    async def spectate(self, table: str) -> None:
        reply = await self.request({"type": "spectate", "table": table}, _snapshot_of(table))
        assert reply["type"] == "table", reply

    async def start_game(self, table: str) -> int:
        """Start a game at a table it leads; the game's number."""
        reply = await self.request(
            {"type": "start", "table": table},
            lambda m: m.get("kind") == "table.game_started" and m["table"] == table,
        )
        assert reply["type"] == "event", reply
        game: int = reply["data"]["game"]
        return game

    async def ping(self, timeout: float = 30.0) -> None:
        await self.request({"type": "ping"}, _is("pong"), timeout)

    def kinds(self, table: str | None = None) -> list[str]:
        """The kinds of the events received, in order (of one table, or all)."""
        return [e["kind"] for t, e in self.events if table is None or t == table]

    def storage(self) -> list[bool]:
        """The ``table.storage`` reports received, in order."""
        return [e["data"]["ok"] for _, e in self.events if e["kind"] == "table.storage"]


def _is(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda message: bool(message["type"] == kind)


def _snapshot_of(table: str) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == "table" and message["table"]["id"] == table


async def lobby(serve: Serve) -> list[dict[str, Any]]:
    """The open public tables, asked on a connection of its own."""
    async with connect(serve.ws, open_timeout=10, close_timeout=1, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "lobby"}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "welcome":
                await ws.send(json.dumps({"type": "lobby", "subscribe": False}))
            elif message["type"] == "lobby":
                tables: list[dict[str, Any]] = message["tables"]
                return tables
            elif message["type"] == "error":
                raise AssertionError(f"lobby refused: {message}")


async def open_table(
    serve: Serve,
    rng: random.Random,
    humans: int,
    *,
    spectators: int = 0,
    accounts: Iterable[tuple[str, str]] = (),
    think: float = 0.0,
    budget: int | None = None,
    **options: Any,
) -> tuple[str, list[Bot]]:
    """A table of ``humans`` playing bots (guests, or the given (name, token)
    accounts, each at its own IP address; each playing ``budget`` actions),
    robots in the other seats, and spectators; its first game started by its
    master, ``bots[0]``."""
    accounts = list(accounts)
    bots = [
        Bot(
            serve,
            name=f"p{rng.randrange(10**4)}",
            token=accounts[i][1] if i < len(accounts) else None,
            ip=f"10.{rng.randrange(256)}.{rng.randrange(256)}.{i + 1}" if accounts else None,
            seed=rng.randrange(2**32),
            think=think,
        )
        for i in range(humans + spectators)
    ]
    for bot in bots:
        bot.budget = budget
        await bot.start()
    table = await bots[0].create(**options)
    for bot in bots[1:humans]:
        await bot.sit(table)
    for bot in bots[humans:]:
        await bot.spectate(table)
    await bots[0].start_game(table)
    return table, bots


async def wind_down(serve: Serve, bots: Iterable[Bot], timeout: float = 120.0) -> None:
    """Start no new game, and wait until every game in progress has ended: no
    table playing for a second, as a start a bot sent on the last game's end
    may still be on its way when the lobby is first read (the game it started
    was then left playing)."""
    for bot in bots:
        bot.starts = False
    deadline = time.monotonic() + timeout
    quiet_since: float | None = None
    while True:
        playing = [t["id"] for t in await lobby(serve) if t["playing"]]
        now = time.monotonic()
        if playing:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= 1.0:
            return
        failed = [bot.failure for bot in bots if bot.failure]
        assert not failed, failed
        assert now < deadline, f"tables still playing: {playing}"
        await asyncio.sleep(0.2)


# ----- the mixed tables killed over and over -------------------------------------------


async def mixed_tables(serve: Serve, rng: random.Random, think: float = 0.02) -> list[Bot]:
    """French tables of 3, 4 and 5 and an Africain one, of guests with robots
    in the empty seats and a spectator, and a competitive French table of
    registered players betting chips; every game started."""
    names = [f"rival{rng.randrange(10**6)}x{i}" for i in range(3)]
    accounts = [(name, register(serve, name)) for name in names]
    layouts: list[tuple[int, int, dict[str, Any]]] = [
        (3, 0, {"game": "french", "players": 3}),
        (2, 1, {"game": "french", "players": 4, "robot_level": "random"}),
        (3, 0, {"game": "french", "players": 5, "rounds": 2, "robot_level": "random"}),
        (3, 0, {"game": "africain", "players": 4}),
    ]
    bots: list[Bot] = []
    for humans, spectators, options in layouts:
        _, seated = await open_table(
            serve, rng, humans, spectators=spectators, think=think, turn_seconds=120, **options
        )
        bots += seated
        seated[0].starts = True
    _, seated = await open_table(
        serve,
        rng,
        3,
        accounts=accounts,
        think=think,
        game="french",
        players=4,
        competitive=True,
        bet=10,
        turn_seconds=120,
    )
    seated[0].starts = True
    return bots + seated


async def crash_while_playing(serve: Serve, cycles: int, rng: random.Random) -> list[Bot]:
    """The mixed tables played through ``cycles`` SIGKILLs at random moments
    (the server restarted each time, the bots coming back by themselves), then
    to the end of their games; their bots, closed."""
    bots = await mixed_tables(serve, rng)
    for _ in range(cycles):
        await asyncio.sleep(rng.uniform(0.1, 1.2))
        await asyncio.to_thread(serve.kill)
        await asyncio.to_thread(serve.start)
        failed = [bot.failure for bot in bots if bot.failure]
        assert not failed, failed
    await wind_down(serve, bots)
    await close_all(bots)
    return bots


async def close_all(bots: Iterable[Bot]) -> None:
    await asyncio.gather(*(bot.close() for bot in bots))


# ----- the checker --------------------------------------------------------------------


@dataclass
class Check:
    """What the store and the clients' views say once the server has stopped."""

    games: dict[int, str]
    """Each stored game's status."""
    views: int
    strays: dict[tuple[str, int], int]
    """Per (table, viewer): the views shown that no stored game ever showed that viewer."""
    unreplayable: dict[int, str]
    """Games whose stored log does not replay, and why."""
    wrong_results: list[str]
    """Finished games whose stored result is not their log's."""
    audit: list[str]

    def problems(self) -> list[str]:
        """Everything wrong, each said in a line; empty when all is well."""
        return [
            *(
                f"table {table}, viewer {viewer}: {count} views no stored game shows"
                for (table, viewer), count in self.strays.items()
            ),
            *(f"game {g} does not replay: {why}" for g, why in self.unreplayable.items()),
            *self.wrong_results,
            *(f"ledger: {problem}" for problem in self.audit),
        ]


def check(data_dir: Path, bots: Iterable[Bot], tables: Collection[str] | None = None) -> Check:
    """Replay every stored game (of ``tables`` only, if given) and match every
    view the bots were shown there; audit the ledger. Run it once the server
    has stopped, or read-only while it runs."""
    received: dict[tuple[str, int], dict[bytes, int]] = {}
    for bot in bots:
        for seen in bot.views:
            if tables is None or seen.table in tables:
                counts = received.setdefault((seen.table, seen.viewer), {})
                counts[seen.view] = counts.get(seen.view, 0) + 1
    viewers: dict[str, set[int]] = {}
    for table, viewer in received:
        viewers.setdefault(table, set()).add(viewer)
    store = Store.in_dir(data_dir)
    try:
        with store.session() as db:
            rows = db.execute(select(GameRow).order_by(GameRow.id)).scalars().all()
            audit = ledger.audit(db)
        shown: dict[tuple[str, int], set[bytes]] = {}
        unreplayable: dict[int, str] = {}
        wrong: list[str] = []
        games: dict[int, str] = {}
        for row in rows:
            if tables is not None and row.table_id not in tables:
                continue
            games[row.id] = row.status
            try:
                result = _replay(store, row, viewers.get(row.table_id, set()), shown)
            except Unreplayable as error:
                unreplayable[row.id] = str(error)
                continue
            if row.status == "over" and _plain(row.result) != _plain(result):
                wrong.append(f"game {row.id}: stored result {row.result}, replayed {result}")
    finally:
        store.close()
    strays = {}
    for (table, viewer), counts in received.items():
        known = shown.get((table, viewer), set())
        stray = sum(count for view, count in counts.items() if view not in known)
        if stray:
            strays[table, viewer] = stray
    views = sum(sum(counts.values()) for counts in received.values())
    return Check(games, views, strays, unreplayable, wrong, audit)


class Unreplayable(Exception):
    """A stored game whose log the engine refuses; the message says where."""


def _replay(
    store: Store, row: GameRow, viewers: set[int], shown: dict[tuple[str, int], set[bytes]]
) -> dict[str, Any] | None:
    """Replay a stored game, noting each viewer's view after every action; its
    result (None while unfinished)."""
    rules = game_rules(row.game)
    try:
        state = rules.new(row.players, row.variant or "", dict(row.engine_options))
    except Exception as error:
        raise Unreplayable(f"cannot be set up: {error}") from error
    sets = {viewer: shown.setdefault((row.table_id, viewer), set()) for viewer in viewers}

    def note() -> None:
        for viewer, views in sets.items():
            views.add(digest(canonical(_plain(state.view(viewer)))))

    note()
    for index, text in enumerate(load_game(store, row.id).actions):
        try:
            state.apply(rules.parse_action(text))
        except Exception as error:
            raise Unreplayable(f"action {index} {text!r}: {error}") from error
        note()
    return dict(state.result()) if state.is_over else None


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, keys text)."""
    return json.loads(json.dumps(value))
