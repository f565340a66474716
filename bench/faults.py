"""The server under faults, measured on real ``atout serve`` processes: prints
figures, asserts nothing.

- views clients were shown that the stored logs do not hold, over SIGKILL cycles
  (must be 0), with the logs that do not replay and the ledger's problems;
- websocket ping p99 and max while another process holds the database's write
  lock, tables playing meanwhile;
- time to refuse a 200 MiB body on ``POST /api/replay`` (declared and actually
  streamed) and the server's RSS growth meanwhile;
- ping and action-to-update p99 of 100 playing tables, then again while a long
  real game's record (about 200 KiB) is replayed by ``POST /api/replay``;
- restart time with 200 open tables: to ``/api/leaderboard`` answering and to
  every table being listed in the lobby.

Run: ``uv run python bench/faults.py [--quick]`` (``--quick``: a small version
of each, a minute or so).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atout.server.protocol import PROTOCOL_VERSION
from tests.server.faults import (
    Bot,
    Serve,
    WriteLock,
    check,
    close_all,
    crash_while_playing,
    lobby,
)
from tests.test_records import random_record

PACED = ("--robot-delay", "0.2", "--trick-pause", "0")
"""Robots at a human-like pace: a table's load is then what people would make."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def ms(values: list[float]) -> str:
    """p50, p99 and max in milliseconds, with the count."""
    if not values:
        return "no samples"
    return (
        f"p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} "
        f"ms, max {max(values) * 1000:.1f} ms ({len(values)} samples)"
    )


@contextmanager
def served(options: tuple[str, ...] = PACED, lease: float = 1.0) -> Iterator[Serve]:
    with tempfile.TemporaryDirectory() as directory:
        serve = Serve(Path(directory) / "data", Path(directory) / "logs", lease_seconds=lease)
        serve.options = options
        serve.start()
        try:
            yield serve
        finally:
            serve.kill()


# ----- clients that time things -----------------------------------------------------------


class Pinger:
    """One connection sending a ping every ``every`` seconds and timing each pong."""

    def __init__(self, serve: Serve, every: float = 0.05) -> None:
        self.serve = serve
        self.every = every
        self.samples: list[tuple[float, float]] = []
        """(when sent, round trip), in ``time.monotonic()`` seconds."""
        self.stopping = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        ws = await connect(self.serve.ws, open_timeout=10, close_timeout=1, max_size=2**22)
        await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "pinger"}))
        await _until(ws, "welcome")
        self.task = asyncio.create_task(self._run(ws))

    async def _run(self, ws: ClientConnection) -> None:
        async with ws:
            while not self.stopping.is_set():
                sent = time.monotonic()
                await ws.send('{"type":"ping"}')
                await _until(ws, "pong")
                self.samples.append((sent, time.monotonic() - sent))
                await asyncio.sleep(max(0.0, sent + self.every - time.monotonic()))

    async def stop(self) -> None:
        self.stopping.set()
        if self.task is not None:
            await self.task

    def between(self, start: float, end: float) -> list[float]:
        return [rtt for sent, rtt in self.samples if start <= sent <= end]


async def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


class TimedBot(Bot):
    """A bot noting how long each of its actions takes to come back as an update."""

    def __init__(self, serve: Serve, **kwargs: Any) -> None:
        super().__init__(serve, **kwargs)
        self.latencies: list[tuple[float, float]] = []
        self._acted: dict[str, float] = {}

    async def _send(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            self._acted[message["table"]] = time.monotonic()
        await super()._send(ws, message)

    async def _receive(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        if message["type"] == "update" and message["table"] in self._acted:
            sent = self._acted.pop(message["table"])
            self.latencies.append((sent, time.monotonic() - sent))
        await super()._receive(ws, message)


async def playing_tables(
    serve: Serve, count: int, think: float, make: Callable[..., Bot] = Bot
) -> list[Bot]:
    """``count`` French tables of one bot and three robots, playing game after game."""
    rng = random.Random(count)
    bots = []
    for start in range(0, count, 20):
        opened = await asyncio.gather(
            *(_one_table(serve, rng, think, make) for _ in range(start, min(count, start + 20)))
        )
        bots += opened
    return bots


async def _one_table(
    serve: Serve, rng: random.Random, think: float, make: Callable[..., Bot]
) -> Bot:
    bot = make(serve, name=f"b{rng.randrange(10**4)}", seed=rng.randrange(2**32), think=think)
    await bot.start()
    table = await bot.create(players=4, robot_level="random", turn_seconds=600)
    await bot.start_game(table)
    bot.starts = True
    return bot


# ----- the figures --------------------------------------------------------------------------


def sigkill_cycles(cycles: int) -> None:
    rng = random.Random(cycles)
    with served(options=("--robot-delay", "0", "--trick-pause", "0")) as serve:
        began = time.monotonic()
        bots = asyncio.run(crash_while_playing(serve, cycles, rng))
        took = time.monotonic() - began
        serve.stop()
        result = check(serve.data_dir, bots)
    print(
        f"SIGKILL x {cycles} ({took:.0f} s, 5 tables): "
        f"{sum(result.strays.values())} views not in the stored log, "
        f"of {result.views} views; {len(result.games)} games, "
        f"{len(result.unreplayable)} not replaying; ledger problems: {len(result.audit)}"
    )
    for problem in result.problems()[:5]:
        print(f"  {problem}")


def pings_under_lock(seconds: float, tables: int) -> None:
    with served() as serve:

        async def measure() -> tuple[list[float], list[float], list[bool]]:
            bots = await playing_tables(serve, tables, think=0.3)
            pinger = Pinger(serve)
            await pinger.start()
            await asyncio.sleep(3)
            with tempfile.TemporaryDirectory() as directory:
                releasing = Path(directory) / "releasing"
                locked = time.monotonic()
                lock = await asyncio.to_thread(WriteLock.hold, serve.database, seconds, releasing)
                await asyncio.to_thread(lock.wait, seconds + 60)
                released = time.monotonic()
            await asyncio.sleep(3)
            await pinger.stop()
            during = pinger.between(locked, released)
            before = pinger.between(0, locked)
            stalled = [bool(bot.storage()) for bot in bots]
            await close_all(bots)
            return during, before, stalled

        during, before, stalled = asyncio.run(measure())
    print(
        f"ping during a {seconds:.0f} s external write lock ({tables} tables playing, "
        f"{sum(stalled)} of them told their storage failed): {ms(during)}; before it: {ms(before)}"
    )


def big_body(size: int) -> None:
    with served() as serve:
        before = _rss(serve.pid)
        peak = [before]
        done = threading.Event()

        def watch() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], _rss(serve.pid))
                time.sleep(0.01)

        watcher = threading.Thread(target=watch)
        watcher.start()
        status, took, sent = asyncio.run(_post_streamed(serve.port, "/api/replay", size))
        done.set()
        watcher.join()
        after = _rss(serve.pid)
    print(
        f"POST /api/replay of {size >> 20} MiB (Content-Length declared, body streamed): "
        f"answered {status} after {took * 1000:.1f} ms, {sent / 2**20:.1f} MiB sent by then; "
        f"server RSS {before / 2**20:.0f} MiB before, peak +{(peak[0] - before) / 2**20:.1f} "
        f"MiB, after +{(after - before) / 2**20:.1f} MiB"
    )


async def _post_streamed(port: int, path: str, size: int) -> tuple[str, float, int]:
    """Stream ``size`` bytes to ``path``; the status line, how long it took to
    come, and how many bytes had been sent by then."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    writer.write(f"{head}Content-Length: {size}\r\n\r\n".encode())
    sent = 0
    began = time.monotonic()

    async def stream() -> None:
        nonlocal sent
        chunk = b" " * (1 << 20)
        try:
            while sent < size:
                part = chunk[: size - sent]
                writer.write(part)
                await writer.drain()
                sent += len(part)
        except OSError:
            pass  # refused: the server closed the connection

    streaming = asyncio.create_task(stream())
    status = (await reader.readline()).decode().strip()
    took, sent_then = time.monotonic() - began, sent
    streaming.cancel()
    await asyncio.gather(streaming, return_exceptions=True)
    writer.close()
    return status or "no answer (connection closed)", took, sent_then


def _rss(pid: int) -> int:
    """Resident memory of a process, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def long_record(size: int = 200 << 10) -> str:
    """A finished French game of random play whose record, as ``GET
    /api/games/{id}`` gives it, takes at least ``size`` bytes."""
    deals = 200
    while len(text := json.dumps(random_record("french", 4, deals, deals=deals).to_dict())) < size:
        deals += 10
    return text


def replay_under_load(tables: int, posts: int, quiet: float) -> None:
    record = long_record()
    with served() as serve:

        async def measure() -> tuple[list[float], list[float], list[float], list[float], str]:
            bots = await playing_tables(serve, tables, think=0.5, make=TimedBot)
            pinger = Pinger(serve)
            await pinger.start()
            calm = time.monotonic()
            await asyncio.sleep(quiet)
            busy = time.monotonic()
            answers = [await asyncio.to_thread(_post, serve, record) for _ in range(posts)]
            end = time.monotonic()
            await pinger.stop()
            await close_all(bots)
            acts = [t for bot in bots if isinstance(bot, TimedBot) for t in bot.latencies]

            def window(samples: list[tuple[float, float]], a: float, b: float) -> list[float]:
                return [took for at, took in samples if a <= at <= b]

            said = ", ".join(f"{status} in {took:.2f} s" for status, took in answers)
            return (
                pinger.between(calm, busy),
                pinger.between(busy, end),
                window(acts, calm, busy),
                window(acts, busy, end),
                said,
            )

        ping_calm, ping_busy, act_calm, act_busy, said = asyncio.run(measure())
    size = len(record.encode()) >> 10
    print(f"{tables} playing tables, {quiet:.0f} s without replays: ping {ms(ping_calm)}")
    print(f"  action -> update {ms(act_calm)}")
    print(f"  while a {size} KiB record is replayed {posts} times ({said}): ping {ms(ping_busy)}")
    print(f"  action -> update {ms(act_busy)}")


def _post(serve: Serve, record: str) -> tuple[int, float]:
    began = time.monotonic()
    reply = httpx.post(f"{serve.http}/api/replay", content=record, timeout=300)
    return reply.status_code, time.monotonic() - began


def restart_with_tables(count: int) -> None:
    with served(lease=1.0) as serve:
        empty = time.monotonic() - serve.started_at  # the first start, on an empty database

        async def open_tables() -> None:
            masters = count // 5  # a player leads at most 5 tables
            bots = [Bot(serve, name=f"m{i}", seed=i) for i in range(masters)]
            for bot in bots:
                bot.budget = 0  # every game waits for its human
            await asyncio.gather(*(bot.start() for bot in bots))
            await asyncio.gather(*(_lead_five(bot) for bot in bots))
            listed = [t for t in await lobby(serve) if t["playing"]]
            assert len(listed) == masters * 5, f"{len(listed)} tables playing"
            await asyncio.to_thread(serve.kill)
            await close_all(bots)

        asyncio.run(open_tables())
        time.sleep(serve.lease_seconds + 0.5)  # the dead server's lease has expired
        serve.launch()
        answering = listing = None
        while listing is None:
            try:
                httpx.get(f"{serve.http}/api/leaderboard", timeout=5).raise_for_status()
            except httpx.HTTPError:
                assert serve.process is not None and serve.process.poll() is None, "died"
                time.sleep(0.01)
                continue
            answering = answering or time.monotonic() - serve.started_at
            tables = asyncio.run(lobby(serve))
            if len([t for t in tables if t["playing"]]) >= count // 5 * 5:
                listing = time.monotonic() - serve.started_at
    print(
        f"restart with {count // 5 * 5} open tables (games in progress) after SIGKILL: "
        f"/api/leaderboard answers {answering:.2f} s after the process started, every table "
        f"is in the lobby at {listing:.2f} s (an empty server answered at {empty:.2f} s)"
    )


async def _lead_five(bot: Bot) -> None:
    for _ in range(5):
        table = await bot.create(players=3, robot_level="random", turn_seconds=600)
        await bot.start_game(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small version of each")
    quick = parser.parse_args().quick
    sigkill_cycles(3 if quick else 20)
    pings_under_lock(5 if quick else 35, 5 if quick else 20)
    big_body((20 if quick else 200) << 20)
    replay_under_load(10 if quick else 100, 1 if quick else 3, 3 if quick else 10)
    restart_with_tables(20 if quick else 200)


if __name__ == "__main__":
    main()
