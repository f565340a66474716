"""The CPU per action no Python server of this design can go under, on this machine.

An action at a table of four costs the serving process at least: one
websocket frame read (the command) and four written (each player's update),
through the kernel's loopback TCP and the event loop; and it costs the store
at least one row inserted and its share of a commit. This bench measures
those alone, with nothing of the game around them, to set ``bench/load.py``'s
figures against:

- sockets: a server process that does nothing but the event loop's work
  (uvloop, as ``atout serve`` runs): each frame a table's client sends is
  answered by one update-sized frame written to each of the table's four
  sockets, already framed (no parsing, no encoding, no game). Its clients, in
  this process, act at the pace of ``bench/load.py`` (one action per table
  every ``--think`` seconds on average); the server's CPU time per action is
  read from ``/proc``.
- store: SQLite as ``atout serve`` runs it (WAL, ``synchronous=NORMAL``), the
  actions inserted ``--batch`` at a time, one transaction per batch, on the
  driver's own cursor (no SQLAlchemy, no fence).

Run: ``uv run python bench/floor.py [--tables 1000] [--seconds 20] [--think 0.5]
[--batch 4]``. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = 4
UPDATE_BYTES = 460
"""About what a client receives per update (``bench/load.py`` prints it)."""
ACT = b'{"type":"act","table":"0123456789ab","action":"KH","seq":17}'
TICKS = os.sysconf("SC_CLK_TCK")


def _frame(payload: bytes, mask: bool) -> bytes:
    """A websocket text frame (RFC 6455), masked as a client's must be."""
    length = len(payload)
    head = bytes([0x81]) + (
        bytes([length | (0x80 if mask else 0)])
        if length < 126
        else bytes([126 | (0x80 if mask else 0)]) + struct.pack("!H", length)
    )
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


UPDATE = _frame(b"u" * UPDATE_BYTES, mask=False)
COMMAND = _frame(ACT, mask=True)

SERVER = f"""
import asyncio, sys, uvloop
UPDATE = {UPDATE!r}
PLAYERS = {PLAYERS}
tables = []

class Seat(asyncio.Protocol):
    def connection_made(self, transport):
        if not tables or len(tables[-1]) == PLAYERS:
            tables.append([])
        self.table = tables[-1]
        self.table.append(transport)

    def data_received(self, data):
        for transport in self.table:
            transport.write(UPDATE)

async def main():
    server = await asyncio.get_running_loop().create_server(Seat, "127.0.0.1", 0, backlog=4096)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

uvloop.run(main())
"""


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class _Reader(asyncio.Protocol):
    """A client's socket: counts the updates it was sent."""

    def __init__(self) -> None:
        self.received = 0
        self.arrived = asyncio.Event()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.received += len(data)
        self.arrived.set()

    async def updates(self, count: int) -> None:
        while self.received < count * len(UPDATE):
            self.arrived.clear()
            await self.arrived.wait()


async def _sockets(tables: int, seconds: float, think: float) -> tuple[int, float]:
    """Actions made while measuring, and the server's CPU seconds meanwhile."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        loop = asyncio.get_running_loop()
        seats = []
        for _ in range(tables * PLAYERS):
            _, reader = await loop.create_connection(_Reader, "127.0.0.1", port)
            seats.append(reader)
        actions = 0
        measuring = False

        async def table(players: list[_Reader]) -> None:
            nonlocal actions
            done = 0
            while True:
                await asyncio.sleep(random.uniform(0, 2 * think))
                mover = players[done % PLAYERS]
                assert mover.transport is not None
                mover.transport.write(COMMAND)
                done += 1
                for player in players:
                    await player.updates(done)
                actions += measuring

        tasks = [
            asyncio.create_task(table(seats[t * PLAYERS : (t + 1) * PLAYERS]))
            for t in range(tables)
        ]
        await asyncio.sleep(2 * think + 1)  # every table under way
        measuring, cpu = True, _cpu(server.pid)
        await asyncio.sleep(seconds)
        measuring, cpu = False, _cpu(server.pid) - cpu
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return actions, cpu
    finally:
        server.kill()
        server.wait()


def _store(actions: int, batch: int) -> float:
    """Seconds of CPU to store ``actions`` actions, ``batch`` per transaction."""
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite3.connect(Path(folder) / "floor.db", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(
            'CREATE TABLE actions (game_id INTEGER, "index" INTEGER, text TEXT, at REAL,'
            ' PRIMARY KEY (game_id, "index"))'
        )
        row = "(?, ?, ?, ?)"
        insert = (
            f'INSERT INTO actions (game_id, "index", text, at) VALUES {", ".join([row] * batch)}'
        )
        cursor = db.cursor()
        started = time.process_time()
        for start in range(0, actions, batch):
            values = []
            for number in range(start, start + batch):
                values += [number // 78, number % 78, "KH", time.time()]
            cursor.execute("BEGIN")
            cursor.execute(insert, values)
            cursor.execute("COMMIT")
        spent = time.process_time() - started
        db.close()
        return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--batch", type=int, default=4, help="actions per store transaction")
    args = parser.parse_args()
    actions, cpu = asyncio.run(_sockets(args.tables, args.seconds, args.think))
    store = _store(20_000, args.batch)
    print(
        f"{args.tables} tables x {PLAYERS} sockets, think {args.think:g} s: "
        f"{actions / args.seconds:.0f} actions/s; serving CPU per action "
        f"(1 frame in, {PLAYERS} out, nothing else): {cpu / actions * 1e3:.3f} ms; "
        f"store CPU per action ({args.batch} per commit, no fence): "
        f"{store / 20_000 * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    main()
