"""Load on the online server: many tables of robot clients over real websockets.

Starts ``atout serve`` in a subprocess on loopback (a fresh data directory),
connects ``tables x 4`` clients (guests at practice French tables), and lets
each client answer its turns with a random legal action, games after games,
for a bounded time. Prints accepted actions per second and the latency from
an action's send to each other player's receipt of its update (p50/p99).

Run: ``uv run python bench/load.py [--tables 200] [--seconds 30] [--think 0.5]``.
With ``--nodes N`` it starts a cluster instead (``scripts/cluster.sh``: PostgreSQL,
Redis, N nodes) and spreads each table's clients over the nodes, so that most
commands travel to the table's owner over Redis and its updates back.
Without think time every client acts at once: the server runs saturated and
the latency is mostly queueing; ``--think`` gives a human-like pace.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from serving import cluster, served
from websockets.asyncio.client import ClientConnection, connect

from atout.server.protocol import PROTOCOL_VERSION

PLAYERS = 4


@dataclass
class TableRun:
    """What the clients of one table share: the pending action being timed."""

    id: str = ""
    sent_at: float = 0.0
    seq_before: int = 0
    waiting: set[int] = field(default_factory=set)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games: int = 0


async def client(
    url: str,
    seat: int,
    run: TableRun,
    ready: asyncio.Barrier,
    stats: Stats,
    stop_at: float,
    think: float,
) -> None:
    rng = random.Random(seat)
    async with connect(url, max_size=2**22, close_timeout=1) as ws:
        hello = {"type": "hello", "v": PROTOCOL_VERSION, "name": f"bench{seat}"}
        await ws.send(json.dumps(hello))
        await recv(ws, "welcome")
        if seat == 0:
            create = {"type": "create", "options": {"players": PLAYERS, "turn_seconds": 60}}
            await ws.send(json.dumps(create))
            run.id = (await recv(ws, "table"))["table"]["id"]
        await ready.wait()
        if seat != 0:
            await ws.send(json.dumps({"type": "sit", "table": run.id, "seat": seat}))
            await recv(ws, "table")
        await ready.wait()
        if seat == 0:
            await ws.send(json.dumps({"type": "start", "table": run.id}))
        seen = 0
        async for text in ws:
            message = json.loads(text)
            now = time.perf_counter()
            seen = message.get("seq", seen)
            if message["type"] == "update":
                if seat in run.waiting and seen > run.seq_before:
                    run.waiting.discard(seat)
                    stats.latencies.append(now - run.sent_at)
            elif message["type"] == "event" and message["kind"] == "table.game_over":
                stats.games += seat == 0
                if time.monotonic() > stop_at:
                    return
                if seat == 0:
                    await ws.send(json.dumps({"type": "start", "table": run.id}))
            if turn := message.get("turn"):
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    now = time.perf_counter()
                run.sent_at, run.seq_before = now, seen
                run.waiting = set(range(PLAYERS)) - {seat}
                action = rng.choice(turn["legal"])
                await ws.send(json.dumps({"type": "act", "table": run.id, "action": action}))
                stats.actions += 1


async def recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message["message"])


async def load(ports: list[int], tables: int, seconds: float, think: float) -> Stats:
    stats = Stats()
    urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
    stop_at = time.monotonic() + seconds
    tasks = []
    for number in range(tables):
        run, ready = TableRun(), asyncio.Barrier(PLAYERS)
        tasks += [
            asyncio.create_task(
                client(urls[(number + seat) % len(urls)], seat, run, ready, stats, stop_at, think)
            )
            for seat in range(PLAYERS)
        ]
    started = time.monotonic()
    done, pending = await asyncio.wait(tasks, timeout=seconds + 60)
    for task in pending:
        task.cancel()
    errors = [t.exception() for t in done if t.exception()]
    if errors:
        print(f"{len(errors)} clients failed, first: {errors[0]!r}")
    stats.actions = int(stats.actions / max(1e-9, time.monotonic() - started))
    return stats


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
    args = parser.parse_args()
    tables, seconds = min(args.tables, 500), min(args.seconds, 300.0)
    options = ["--robot-delay", "0", "--throttle-exempt", "127.0.0.1"]  # clients all come from here
    if args.nodes:
        with cluster(min(args.nodes, 8), *options) as ports:
            stats = asyncio.run(load(ports, tables, seconds, args.think))
    else:
        with served(*options) as (port, _):
            stats = asyncio.run(load([port], tables, seconds, args.think))
    lat = sorted(stats.latencies)
    if not lat:
        print("no action was timed")
        return
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    print(
        f"{tables} tables x {PLAYERS} clients, {args.nodes or 'one embedded'} node(s), "
        f"{seconds:.0f} s, think {args.think} s: "
        f"{stats.games} games, "
        f"{stats.actions} actions/s, latency action -> others' update "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(lat)} samples)"
    )


if __name__ == "__main__":
    main()
