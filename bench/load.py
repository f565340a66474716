"""Load on the online server: many tables of robot clients over real websockets.

Starts ``atout serve`` in a subprocess on loopback (a fresh data directory),
connects ``tables x 4`` clients (guests at practice French tables), and lets
each client answer its turns with a random legal action, games after games,
for a bounded time. Prints accepted actions per second, the latency from an
action's send to each other player's receipt of its update (p50/p99), the
bytes a client receives per update, and the CPU time the server used per
action: its serving process's own (read from ``/proc``, so Linux only) and
that of the processes it started (robot workers, helpers).

Run: ``uv run python bench/load.py [--tables 200] [--seconds 30] [--think 0.5]``.
With ``--nodes N`` it starts a cluster instead (``scripts/cluster.sh``: PostgreSQL,
Redis, N nodes) and spreads each table's clients over the nodes, so that most
commands travel to the table's owner over Redis and its updates back; the
server's CPU is then that of the whole cluster (nodes, PostgreSQL, Redis).
Without think time every client acts at once: the server runs saturated and
the latency is mostly queueing; ``--think`` gives a human-like pace. Tables
start one after the other over ``--ramp`` seconds (by default one every 20 ms),
as players arrive at a site: a thousand deals dealt in the same second keep
their turns in step for a long while, every table's bids then every table's
first tricks at once (``--ramp 0`` measures that). Measuring begins
``--settle`` seconds after the last table started and lasts long enough for
games to end and new ones to start (their writes weigh on the store); with
``--timeline`` the latency is also printed second by second. The clients run
in this one process, on the same machine: its own CPU time is printed too, as
it competes with the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from atout.server.protocol import PROTOCOL_VERSION
from bench.serving import cluster, served

PLAYERS = 4
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class TableRun:
    """What the clients of one table share: the pending action being timed."""

    id: str = ""
    sent_at: float = 0.0
    seq_before: int = 0
    waiting: set[int] = field(default_factory=set)
    delay: float = 0.0
    """Seconds from the benchmark's start to this table's first connection."""


@dataclass
class Stats:
    """Counted from the moment every table has started (``measuring``)."""

    tables: int
    started: int = 0
    measuring: asyncio.Event = field(default_factory=asyncio.Event)
    latencies: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    """When each latency was taken (``time.perf_counter``)."""
    actions: int = 0
    games: int = 0
    updates: int = 0
    update_bytes: int = 0
    lags: list[float] = field(default_factory=list)
    """How late the clients' own event loop woke a 10 ms timer: the latency
    counts that too, as the clients share the machine with the server."""

    def table_started(self) -> None:
        self.started += 1
        if self.started == self.tables:
            self.measuring.set()


async def client(
    url: str,
    seat: int,
    run: TableRun,
    ready: asyncio.Barrier,
    stats: Stats,
    think: float,
) -> None:
    rng = random.Random(seat)
    await asyncio.sleep(run.delay)
    async with connect(url, max_size=2**22, close_timeout=1) as ws:
        hello = {"type": "hello", "v": PROTOCOL_VERSION, "name": f"bench{seat}"}
        await ws.send(orjson.dumps(hello).decode())
        await recv(ws, "welcome")
        if seat == 0:
            create = {"type": "create", "options": {"players": PLAYERS, "turn_seconds": 60}}
            await ws.send(orjson.dumps(create).decode())
            run.id = (await recv(ws, "table"))["table"]["id"]
        await ready.wait()
        if seat != 0:
            await ws.send(orjson.dumps({"type": "sit", "table": run.id, "seat": seat}).decode())
            await recv(ws, "table")
        await ready.wait()
        if seat == 0:
            await ws.send(orjson.dumps({"type": "start", "table": run.id}).decode())
            stats.table_started()
        seen = 0
        async for text in ws:
            message = orjson.loads(text)
            now = time.perf_counter()
            seen = message.get("seq", seen)
            measuring = stats.measuring.is_set()
            if message["type"] == "update":
                if measuring:
                    stats.updates += 1
                    stats.update_bytes += len(text)
                if seat in run.waiting and seen > run.seq_before:
                    run.waiting.discard(seat)
                    if measuring:
                        stats.latencies.append(now - run.sent_at)
                        stats.times.append(now)
            elif message["type"] == "event" and message["kind"] == "table.game_over":
                stats.games += seat == 0 and measuring
                if seat == 0:
                    await ws.send(orjson.dumps({"type": "start", "table": run.id}).decode())
            if turn := message.get("turn"):
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    now = time.perf_counter()
                run.sent_at, run.seq_before = now, seen
                run.waiting = set(range(PLAYERS)) - {seat}
                action = rng.choice(turn["legal"])
                act = {"type": "act", "table": run.id, "action": action}
                await ws.send(orjson.dumps(act).decode())
                stats.actions += stats.measuring.is_set()


async def watch_lag(stats: Stats) -> None:
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.lags.append(time.perf_counter() - asked - 0.01)


async def recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = orjson.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message["message"])


def cpu_seconds(pid: int) -> tuple[float, float, float]:
    """CPU seconds (user + system) used so far by process ``pid``, the system
    part of them (the kernel's work for its sockets: on loopback, the clients'
    receiving too), and those of its descendants still running, read from ``/proc``."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    system = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICKS
        if int(entry.name) == pid:
            system = int(fields[12]) / TICKS
    descendants: set[int] = set()
    found = {pid}
    while found:
        found = {p for p, parent in parents.items() if parent in found} - descendants
        descendants |= found
    return times.get(pid, 0.0), system, sum(times[p] for p in descendants)


@dataclass
class Measured:
    """The stats and the CPU seconds the server and the clients used while measuring."""

    stats: Stats
    seconds: float
    server_cpu: float
    server_system: float
    """The kernel's part of ``server_cpu``."""
    children_cpu: float
    clients_cpu: float


@dataclass(frozen=True)
class Pace:
    """How many tables, how they start, how fast they play, how long it is measured."""

    tables: int
    seconds: float
    think: float
    ramp: float
    settle: float


async def load(ports: list[int], pid: int, pace: Pace) -> Measured:
    tables, ramp = pace.tables, pace.ramp
    stats = Stats(tables)
    urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
    tasks = []
    for number in range(tables):
        run, ready = TableRun(delay=ramp * number / tables), asyncio.Barrier(PLAYERS)
        tasks += [
            asyncio.create_task(
                client(urls[(number + seat) % len(urls)], seat, run, ready, stats, pace.think)
            )
            for seat in range(PLAYERS)
        ]
    setup = asyncio.ensure_future(stats.measuring.wait())
    await asyncio.wait([setup, *tasks], timeout=120 + ramp, return_when=asyncio.FIRST_COMPLETED)
    if not setup.done():
        raise SystemExit(
            f"only {stats.started} of {tables} tables started within {120 + ramp:g} s"
            f"{await ended(tasks)}"
        )
    # The clients must not pause: a collection walking their 4,000 sockets' objects
    # took up to half a second, which every update then in flight counted as the
    # server's latency. What they hold now lives to the end; what they make while
    # measuring is freed as it goes (reference counts), or at the end. This last
    # collection comes before the settling time, so that the updates it held up
    # are read before measuring begins: just before it, they made the p99 of the
    # first second 200-500 ms, and that of the whole run (1,000 tables: 105 ms,
    # where every other second's was under 30 ms).
    gc.collect()
    gc.freeze()
    gc.disable()
    await asyncio.sleep(pace.settle)
    stats.latencies.clear()
    stats.times.clear()
    lagging = asyncio.create_task(watch_lag(stats))
    stats.actions = stats.games = stats.updates = stats.update_bytes = 0
    server_before, system_before, children_before = cpu_seconds(pid)
    clients_before = time.process_time()
    started = time.monotonic()
    await asyncio.sleep(pace.seconds)
    server_after, system_after, children_after = cpu_seconds(pid)
    clients_after = time.process_time()
    elapsed = time.monotonic() - started
    lagging.cancel()
    stats.measuring.clear()
    gc.enable()
    if failed := await ended(tasks):
        print(failed.removeprefix("; "))
    return Measured(
        stats,
        elapsed,
        server_after - server_before,
        system_after - system_before,
        children_after - children_before,
        clients_after - clients_before,
    )


async def ended(tasks: list[asyncio.Task[None]]) -> str:
    """Stop the clients; what failed among them ("; N clients failed...", or ""),
    each failure read, so that none is printed again at exit."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    errors = [t.exception() for t in tasks if not t.cancelled() and t.exception()]
    return f"; {len(errors)} clients failed, first: {errors[0]!r}" if errors else ""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def timeline(stats: Stats) -> None:
    """The latency second by second: bursts, and what set the p99."""
    seconds: dict[int, list[float]] = {}
    start = min(stats.times, default=0.0)
    for at, latency in zip(stats.times, stats.latencies, strict=True):
        seconds.setdefault(int(at - start), []).append(latency)
    for second, latencies in sorted(seconds.items()):
        print(
            f"{second:4d} s: {len(latencies):5d} updates, p50 "
            f"{statistics.median(latencies) * 1000:6.1f} ms, p99 "
            f"{percentile(latencies, 0.99) * 1000:6.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a client waits before acting"
    )
    parser.add_argument(
        "--nodes", type=int, default=0, help="nodes of a cluster (0: one embedded server)"
    )
    parser.add_argument(
        "--ramp", type=float, help="seconds over which the tables start (default: tables / 50)"
    )
    parser.add_argument(
        "--settle", type=float, default=10.0, help="seconds from the last start to measuring"
    )
    parser.add_argument("--timeline", action="store_true", help="print the latency per second")
    args = parser.parse_args()
    tables = min(args.tables, 2000)
    ramp = tables / 50 if args.ramp is None else max(0.0, args.ramp)
    pace = Pace(tables, min(args.seconds, 300.0), args.think, ramp, max(0.0, args.settle))
    options = ["--robot-delay", "0", "--throttle-exempt", "127.0.0.1"]  # clients all come from here
    if args.nodes:
        with cluster(min(args.nodes, 8), *options) as (ports, pid):
            measured = asyncio.run(load(ports, pid, pace))
    else:
        with served(*options) as (port, pid):
            measured = asyncio.run(load([port], pid, pace))
    stats = measured.stats
    lat = sorted(stats.latencies)
    if not lat or not stats.actions:
        print("no action was timed")
        return
    p50 = statistics.median(lat) * 1000
    p99 = percentile(lat, 0.99) * 1000
    per_action = 1000 / stats.actions
    print(
        f"{tables} tables x {PLAYERS} clients, {args.nodes or 'one embedded'} node(s), "
        f"{measured.seconds:.0f} s, think {args.think} s, ramp {ramp:g} s: "
        f"{stats.games} games, {stats.actions / measured.seconds:.0f} actions/s, "
        f"latency action -> others' update p50 {p50:.1f} ms, p99 {p99:.1f} ms "
        f"({len(lat)} samples); {stats.update_bytes / max(1, stats.updates):.0f} bytes "
        f"per update; CPU per action: server {measured.server_cpu * per_action:.3f} ms "
        f"({measured.server_system * per_action:.3f} ms of it in the kernel) "
        f"(+ {measured.children_cpu * per_action:.3f} ms in its child processes), "
        f"clients {measured.clients_cpu * per_action:.3f} ms; the clients' loop woke "
        f"late by p99 {percentile(stats.lags, 0.99) * 1000:.1f} ms, "
        f"max {max(stats.lags, default=0) * 1000:.1f} ms"
    )
    if args.timeline:
        timeline(stats)


if __name__ == "__main__":
    main()
